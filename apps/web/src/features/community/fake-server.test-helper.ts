import { vi } from 'vitest';

// A stand-in for the server in the community's component tests: each test names its answers by
// method and path; every request is kept, so a test can assert what was sent.

export interface SentRequest {
  method: string;
  path: string;
  body: unknown;
}

export type Answer =
  | { status?: number; body?: unknown }
  | (() => { status?: number; body?: unknown });

export function fakeServer(answers: Record<string, Answer>) {
  const requests: SentRequest[] = [];
  const hold = new Map<string, Promise<void>>();
  const fetch = vi.fn(async (path: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    requests.push({ method, path, body });
    const key = `${method} ${path}`;
    await hold.get(key);
    const found = answers[key] ?? answers[`${method} ${path.split('?')[0]}`];
    const answer = typeof found === 'function' ? found() : found;
    if (!answer) {
      return new Response(JSON.stringify({ error: { code: 'not_found', message: 'Not found' } }), {
        status: 404,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    const status = answer.status ?? 200;
    return new Response(
      status === 204 || answer.body === undefined ? null : JSON.stringify(answer.body),
      { status, headers: { 'Content-Type': 'application/json' } },
    );
  });
  vi.stubGlobal('fetch', fetch);
  return {
    requests,
    answers,
    /** Holds the answers to a request until the returned function is called. */
    holdUntil(key: string): () => void {
      let release = () => undefined as void;
      hold.set(
        key,
        new Promise<void>((resolve) => {
          release = () => {
            hold.delete(key);
            resolve();
          };
        }),
      );
      return () => release();
    },
  };
}

/** jsdom has no modal dialogs. */
export function stubDialogs(): void {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
}
