import type { ApiErrorBody, ApiErrorCode } from '@lesefuchs/core/api-error';
import { credentialsOfRequest, serverUrl } from './server';

/** Requests time out after 8 s unless a call says otherwise (spec 1 §9). */
export const DEFAULT_TIMEOUT_MS = 8_000;

/** An API call that failed: the server's error shape, or a network failure or time-out. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode | 'network' | 'timeout',
    message: string,
    /** The error body's `details` (e.g. a validation failure's issues), when it has any. */
    readonly details?: unknown,
  ) {
    super(message);
  }
  /** Worth retrying later: the network, a time-out or the server, not the request itself. */
  get transient(): boolean {
    return this.status === 0 || this.status >= 500 || this.status === 429;
  }
}

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  timeoutMs?: number;
  signal?: AbortSignal;
}

type SessionCheck = () => Promise<unknown>;
let recheckSession: SessionCheck = async () => undefined;

/** Set by the auth layer: re-reads the session once before a 401 is retried. */
export function setSessionCheck(check: SessionCheck): void {
  recheckSession = check;
}

/** JSON over fetch with the time-out, the one error shape and one retry after a 401. */
export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const response = await send(path, options);
  if (response.status === 401) {
    await recheckSession().catch(() => undefined);
    return parse<T>(await send(path, options));
  }
  return parse<T>(response);
}

async function send(path: string, options: ApiOptions): Promise<Response> {
  const timeout = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  try {
    const who = credentialsOfRequest();
    return await fetch(serverUrl(path), {
      method: options.method ?? 'GET',
      headers:
        options.body === undefined
          ? who.headers
          : { ...who.headers, 'Content-Type': 'application/json' },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: who.credentials,
      signal,
    });
  } catch (error) {
    if (timeout.aborted)
      throw new ApiRequestError(0, 'timeout', 'The server took too long to answer.');
    if (options.signal?.aborted) throw error;
    throw new ApiRequestError(0, 'network', 'The server could not be reached.');
  }
}

async function parse<T>(response: Response): Promise<T> {
  if (response.ok) {
    // 204, or a 202 that only says "accepted", has no body to read.
    const text = response.status === 204 ? '' : await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }
  let body: Partial<ApiErrorBody> | null = null;
  try {
    body = await response.json();
  } catch {
    // not JSON: keep the status alone
  }
  throw new ApiRequestError(
    response.status,
    body?.error?.code ?? (response.status >= 500 ? 'internal_error' : 'bad_request'),
    body?.error?.message ?? response.statusText,
    body?.error?.details,
  );
}
