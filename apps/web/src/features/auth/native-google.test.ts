import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bearerToken, keepBearerToken } from '../../lib/server';
import {
  createPkcePair,
  finishNativeSignIn,
  startNativeGoogleSignIn,
  VERIFIER_KEY,
} from './native-google';

// The shell's half of Google sign-in by PKCE. The system browser (Capacitor's Browser plugin)
// and the server's token endpoint are faked at the edge; the server's half is tested against a
// mock OpenID provider (apps/server/test/google.test.ts).

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/** Starts a sign-in and returns the challenge the browser was sent with. */
async function start() {
  const open = vi.fn(async (_url: string) => undefined);
  await startNativeGoogleSignIn(open);
  const url = new URL(open.mock.calls[0]?.[0] ?? '', 'http://localhost');
  return { url, challenge: url.searchParams.get('code_challenge') ?? '' };
}

const tokenEndpoint = (status: number, body: unknown) =>
  vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
    Response.json(body, { status }),
  ) as unknown as typeof fetch & ReturnType<typeof vi.fn>;

afterEach(() => {
  localStorage.clear();
  keepBearerToken(null);
});

describe('native Google sign-in (PKCE)', () => {
  it('makes a 43-character verifier and its S256 challenge, new each time', async () => {
    const first = await createPkcePair();
    const second = await createPkcePair();
    expect(first.verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.challenge).toBe(s256(first.verifier));
    expect(second.verifier).not.toBe(first.verifier);
  });

  it('opens the server’s sign-in in the system browser with the challenge only', async () => {
    const { url, challenge } = await start();
    expect(url.pathname).toBe('/api/native/google');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    const kept = JSON.parse(localStorage.getItem(VERIFIER_KEY) ?? '{}');
    expect(s256(kept.verifier)).toBe(challenge);
    expect(url.href).not.toContain(kept.verifier);
  });

  it('exchanges the returned code with the kept verifier and keeps the token', async () => {
    const { challenge } = await start();
    const fetchImpl = tokenEndpoint(200, { token: 'signed.token' });
    const failure = await finishNativeSignIn(new URLSearchParams('code=abc'), fetchImpl);
    expect(failure).toBeNull();
    expect(bearerToken()).toBe('signed.token');
    const [input, init] = fetchImpl.mock.calls[0] ?? [];
    expect(String(input)).toMatch(/\/api\/native\/token$/);
    const sent = JSON.parse(String(init?.body));
    expect(sent.code).toBe('abc');
    expect(s256(sent.codeVerifier)).toBe(challenge);
    expect(init?.credentials).toBe('omit');
    // The verifier is used once: a second return with the same link finds none.
    expect(await finishNativeSignIn(new URLSearchParams('code=abc'), fetchImpl)).toBe('expired');
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('names what went wrong: cancelled at Google, a refused code, no answer', async () => {
    await start();
    expect(await finishNativeSignIn(new URLSearchParams('error=access_denied'))).toBe('cancelled');
    await start();
    expect(await finishNativeSignIn(new URLSearchParams('error=no_session'))).toBe('failed');
    await start();
    expect(
      await finishNativeSignIn(
        new URLSearchParams('code=abc'),
        tokenEndpoint(400, { error: { code: 'invalid_grant' } }),
      ),
    ).toBe('expired');
    await start();
    const offline = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    expect(await finishNativeSignIn(new URLSearchParams('code=abc'), offline)).toBe('failed');
    // A link that this device did not start is not exchanged.
    const fetchImpl = tokenEndpoint(200, { token: 'x' });
    expect(await finishNativeSignIn(new URLSearchParams('code=abc'), fetchImpl)).toBe('expired');
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(bearerToken()).toBeNull();
  });

  it('does not take a verifier left from a sign-in started long ago', async () => {
    await start();
    const kept = JSON.parse(localStorage.getItem(VERIFIER_KEY) ?? '{}');
    localStorage.setItem(VERIFIER_KEY, JSON.stringify({ ...kept, at: Date.now() - 60 * 60_000 }));
    const fetchImpl = tokenEndpoint(200, { token: 'x' });
    expect(await finishNativeSignIn(new URLSearchParams('code=abc'), fetchImpl)).toBe('expired');
    expect(fetchImpl).not.toHaveBeenCalled();
  });
});
