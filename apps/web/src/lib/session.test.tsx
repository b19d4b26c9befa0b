import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSessionStore, REMEMBERED_USER_KEY, useAuthOf } from './session';

// The server's session endpoint is the edge here: each test says what it answers, in order.
type Answer = { status: number; body?: unknown } | 'unreachable';

const USER = { id: 'u1', name: 'Mia', email: 'mia@example.org' };
const SIGNED_IN: Answer = { status: 200, body: { session: { id: 's1' }, user: USER } };
const NO_SESSION: Answer = { status: 200, body: null };

let answers: Array<{ answer: Answer; gate?: Promise<void> }> = [];
const requests: string[] = [];

function answerWith(...list: Answer[]) {
  answers.push(...list.map((answer) => ({ answer })));
}

async function fakeFetch(input: string | URL): Promise<Response> {
  requests.push(String(input));
  const next = answers.shift();
  if (!next) throw new Error(`no answer left for ${String(input)}`);
  await next.gate;
  if (next.answer === 'unreachable') throw new TypeError('Failed to fetch');
  return new Response(JSON.stringify(next.answer.body ?? null), {
    status: next.answer.status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** A page's session, fresh for each test, and the hook every screen reads it with. */
function newPage() {
  const store = createSessionStore();
  return { store, ...renderHook(() => useAuthOf(store)) };
}

describe('the session every screen reads', () => {
  beforeEach(() => {
    answers = [];
    requests.length = 0;
    localStorage.clear();
    vi.stubGlobal('fetch', vi.fn(fakeFetch));
  });
  afterEach(() => {
    // Each test's page leaves: its store stops listening to the storage and the window.
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks the server once the first screen reads it, and keeps the user on the device', async () => {
    answerWith(SIGNED_IN);
    const { result } = newPage();
    expect(result.current.status).toBe('checking');
    await waitFor(() => expect(result.current.status).toBe('signed-in'));
    expect(result.current.user?.id).toBe('u1');
    expect(requests).toEqual(['/api/auth/get-session']);
    expect(JSON.parse(localStorage.getItem(REMEMBERED_USER_KEY) ?? 'null')).toEqual(USER);
  });

  it('keeps the remembered user while the server cannot be reached, and drops it on a verdict', async () => {
    answerWith('unreachable', NO_SESSION);
    localStorage.setItem(REMEMBERED_USER_KEY, JSON.stringify(USER));
    const { result } = newPage();
    await waitFor(() => expect(result.current.offline).toBe(true));
    expect(result.current.status).toBe('signed-in');
    expect(result.current.user?.id).toBe('u1');
    await act(() => result.current.refetch());
    expect(result.current.status).toBe('signed-out');
    expect(localStorage.getItem(REMEMBERED_USER_KEY)).toBeNull();
  });

  it('counts a 401 as no session and a server error as no verdict', async () => {
    answerWith(SIGNED_IN, { status: 500 }, { status: 401 });
    const { result } = newPage();
    await waitFor(() => expect(result.current.status).toBe('signed-in'));
    await act(() => result.current.refetch());
    expect(result.current.status).toBe('signed-in');
    await act(() => result.current.refetch());
    expect(result.current.status).toBe('signed-out');
  });

  it('keeps the same object when the server answers the same session again', async () => {
    answerWith(SIGNED_IN, SIGNED_IN);
    const { result } = newPage();
    await waitFor(() => expect(result.current.status).toBe('signed-in'));
    const first = result.current.user;
    await act(() => result.current.refetch());
    expect(requests).toHaveLength(2);
    expect(result.current.user).toBe(first);
  });

  it("asks again when another tab's client says the session changed", async () => {
    answerWith(SIGNED_IN, NO_SESSION);
    const { result } = newPage();
    await waitFor(() => expect(result.current.status).toBe('signed-in'));
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'better-auth.message' }));
    });
    await waitFor(() => expect(result.current.status).toBe('signed-out'));
    expect(requests).toHaveLength(2);
  });

  it('after a sign-in here, is checking until the answer and ignores a check that started before', async () => {
    let release = () => {};
    answers.push({ answer: NO_SESSION });
    answers.push({ answer: NO_SESSION, gate: new Promise<void>((done) => (release = done)) });
    answerWith(SIGNED_IN);
    const { result, store } = newPage();
    await waitFor(() => expect(result.current.status).toBe('signed-out'));
    // A check from before the sign-in is under way (it will say "no session")…
    const before = store.refresh();
    let after: Promise<void> = Promise.resolve();
    act(() => {
      after = store.changed();
    });
    expect(result.current.status).toBe('checking');
    // The other tabs are told, in better-auth's message their checks listen for.
    expect(JSON.parse(localStorage.getItem('better-auth.message') ?? '{}')).toMatchObject({
      event: 'session',
    });
    await act(() => after);
    expect(result.current.status).toBe('signed-in');
    // …and its late answer does not undo the sign-in.
    release();
    await act(() => before);
    expect(result.current.status).toBe('signed-in');
  });
});
