import { isNativeShell } from './native';

// The server the app talks to, and how it proves who the learner is. On the web: the page's own
// origin, with the session cookie. Inside the native shell the pages come from the app bundle,
// so requests go to the server the shell was built for (`VITE_SERVER_URL`, set by
// `npm run native:sync` from `LESEFUCHS_SERVER_URL`), with the signed bearer token sign-in
// hands out (`set-auth-token`) instead of a cookie: the server grants the shell's origins CORS
// without credentials (APP_ORIGINS).

/** The server's origin, or '' for the page's own. */
export const SERVER_ORIGIN: string = (import.meta.env.VITE_SERVER_URL ?? '').replace(/\/+$/, '');

/** A path of the server (`/api/…`, `/audio/…`) as the app requests it. */
export function serverUrl(path: string): string {
  return path.startsWith('/') ? `${SERVER_ORIGIN}${path}` : path;
}

const TOKEN_KEY = 'lesefuchs.session.token';

/** Whether requests carry the bearer token rather than the cookie: inside the native shell. */
export function usesBearerToken(): boolean {
  return isNativeShell();
}

/** The shell's session token, when signed in. */
export function bearerToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

/** Keeps the token sign-in handed out, or forgets it (sign-out, a session the server ended). */
export function keepBearerToken(token: string | null): void {
  try {
    if (token) localStorage.setItem(TOKEN_KEY, token);
    else localStorage.removeItem(TOKEN_KEY);
  } catch {
    // Storage blocked: the shell signs in again next time.
  }
}

/** What a request to the server carries to say who sends it: headers and credentials mode. */
export function credentialsOfRequest(): {
  headers: Record<string, string>;
  credentials: RequestCredentials;
} {
  if (!usesBearerToken()) return { headers: {}, credentials: 'same-origin' };
  const token = bearerToken();
  return { headers: token ? { Authorization: `Bearer ${token}` } : {}, credentials: 'omit' };
}
