import { keepBearerToken, serverUrl } from '../../lib/server';

// Google sign-in inside the native shell (spec 1 §4: PKCE on the native app). Google refuses
// sign-in in an app's web view, so the shell opens the system browser at the server, which
// runs the web's Google flow there and sends the browser back to the app by its scheme with a
// one-time code (`lesefuchs://auth/callback?code=…`, or `?error=…`). The code is worth a
// session only together with the verifier this device kept (RFC 7636, S256); the server's half
// is apps/server/src/routes/native-sign-in.ts.

/** The verifier of the sign-in under way. Kept on the device: the system may end the app while
 * the browser is in front, and the link then starts it anew. */
export const VERIFIER_KEY = 'lesefuchs.native.pkce';

/** How long a started sign-in waits for its return. */
const VERIFIER_TTL_MS = 15 * 60_000;

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** A fresh verifier (32 random bytes, 43 characters) and its S256 challenge. */
export async function createPkcePair(): Promise<{ verifier: string; challenge: string }> {
  const verifier = base64url(crypto.getRandomValues(new Uint8Array(32)));
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return { verifier, challenge: base64url(new Uint8Array(digest)) };
}

/** Opens an address in the system browser (Capacitor's Browser plugin; a test hands in its own). */
export type OpenInBrowser = (url: string) => Promise<void>;

const openWithPlugin: OpenInBrowser = async (url) => {
  const { Browser } = await import('@capacitor/browser');
  await Browser.open({ url });
};

/** Starts Google sign-in in the system browser; the app link finishes it (`finishNativeSignIn`). */
export async function startNativeGoogleSignIn(open: OpenInBrowser = openWithPlugin): Promise<void> {
  const { verifier, challenge } = await createPkcePair();
  localStorage.setItem(VERIFIER_KEY, JSON.stringify({ verifier, at: Date.now() }));
  await open(
    serverUrl(`/api/native/google?code_challenge=${challenge}&code_challenge_method=S256`),
  );
}

/**
 * Why a return did not sign in, as the login screen names it: the learner cancelled at Google,
 * the code was no good any more (too late, used, or not this device's), or anything else.
 */
export type NativeSignInFailure = 'cancelled' | 'expired' | 'failed';

/** The verifier kept for this sign-in, once: a second return finds none. */
function takeVerifier(): string | null {
  try {
    const kept = JSON.parse(localStorage.getItem(VERIFIER_KEY) ?? 'null') as {
      verifier?: unknown;
      at?: unknown;
    } | null;
    localStorage.removeItem(VERIFIER_KEY);
    if (typeof kept?.verifier !== 'string' || typeof kept.at !== 'number') return null;
    return Date.now() - kept.at <= VERIFIER_TTL_MS ? kept.verifier : null;
  } catch {
    return null;
  }
}

/**
 * Finishes a sign-in from the app link's query (`code` or `error`): exchanges the code and this
 * device's verifier for the session's bearer token and keeps it. Null when signed in.
 */
export async function finishNativeSignIn(
  query: URLSearchParams,
  fetchImpl: typeof fetch = fetch,
): Promise<NativeSignInFailure | null> {
  const verifier = takeVerifier();
  const error = query.get('error');
  if (error) return error === 'access_denied' ? 'cancelled' : 'failed';
  const code = query.get('code');
  if (!code) return 'failed';
  if (!verifier) return 'expired';
  try {
    const response = await fetchImpl(serverUrl('/api/native/token'), {
      method: 'POST',
      credentials: 'omit',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ code, codeVerifier: verifier }),
    });
    if (response.status === 400) return 'expired';
    if (!response.ok) return 'failed';
    const { token } = (await response.json()) as { token?: unknown };
    if (typeof token !== 'string' || !token) return 'failed';
    keepBearerToken(token);
    return null;
  } catch {
    return 'failed';
  }
}

/** Closes the system browser where the app can (iOS; Android's closes as the app opens). */
export async function closeSystemBrowser(): Promise<void> {
  try {
    const { Browser } = await import('@capacitor/browser');
    await Browser.close();
  } catch {
    // No browser open, or a platform that closes it by itself.
  }
}
