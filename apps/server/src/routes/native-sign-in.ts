import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { type Context, Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import type { Auth } from '../auth/auth.ts';
import { headersWithClient } from '../http/client-address.ts';
import { ApiError, notFound } from '../http/errors.ts';
import { escapeHtml } from '../http/html.ts';
import { parseJsonBody } from '../http/validate.ts';

// Google sign-in for the native shell (spec 1 §4: "PKCE on the native app"; issue #23). Google
// refuses sign-in inside an app's web view, so the shell opens the system browser:
//
//   1. GET  /api/native/google?code_challenge=…   (system browser) → Google, as the web's sign-in
//   2. Google → better-auth's callback → GET /api/native/google/return?challenge=…
//      The system browser now holds a session. It is handed over to the app: a one-time code,
//      bound to the challenge, goes back by the app's scheme (lesefuchs://auth/callback?code=…),
//      and the browser's cookie is cleared.
//   3. POST /api/native/token { code, codeVerifier }  (the app) → the signed bearer token, only
//      for the holder of the verifier whose SHA-256 is the challenge (RFC 7636, S256).
//
// A failure at any step returns to the app as lesefuchs://auth/callback?error=<code>.

/** Where the app takes the result (capacitor.config.ts, AndroidManifest.xml, Info.plist). */
export const APP_CALLBACK = 'lesefuchs://auth/callback';
/** How long a code waits for its exchange: the app is opened by the same link at once. */
export const NATIVE_CODE_TTL_MS = 2 * 60_000;

/** The cookie by which the system browser's return proves it started the sign-in. */
const FLOW_COOKIE = 'lesefuchs.native_flow';
/** How long a sign-in at Google may take. */
const FLOW_TTL_S = 10 * 60;

/** 32 bytes in base64url, 43 characters: an S256 challenge (a SHA-256 digest), and a code. */
const BASE64URL_32 = /^[A-Za-z0-9_-]{43}$/;
/** RFC 7636 §4.1: 43–128 unreserved characters. */
const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;
/** An error code from better-auth or the provider, passed on only when it looks like one. */
const ERROR_CODE = /^[a-z_]{1,64}$/;

const IDENTIFIER_PREFIX = 'native-sign-in:';
const identifierOf = (code: string) =>
  `${IDENTIFIER_PREFIX}${createHash('sha256').update(code).digest('hex')}`;

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

const tokenBody = z.strictObject({
  code: z.string().regex(BASE64URL_32, 'Not a sign-in code.'),
  codeVerifier: z.string().regex(VERIFIER, 'Not a PKCE code verifier (RFC 7636).'),
});

/** What a code stands for, kept in better-auth's verification table (shared by every instance). */
const heldSchema = z.object({ challenge: z.string(), token: z.string() });

const parsedJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

/**
 * The system browser's last page: it opens the app at once, and offers a button for the
 * browsers that ask before leaving for an app. Nothing from it may be cached or sent on.
 */
function backToApp(c: Context, target: string): Response {
  const href = escapeHtml(target);
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
  return c.html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
      `<meta name="viewport" content="width=device-width, initial-scale=1">` +
      `<meta http-equiv="refresh" content="0;url=${href}"><title>Lesefuchs</title></head>` +
      `<body><p><a href="${href}">Back to Lesefuchs</a></p></body></html>`,
  );
}

const backWithError = (c: Context, code: string) =>
  backToApp(c, `${APP_CALLBACK}?error=${ERROR_CODE.test(code) ? code : 'sign_in_failed'}`);

export interface NativeSignInDeps {
  auth: Auth;
  publicUrl: string;
  /** Whether Google sign-in is configured. */
  google: boolean;
  /** The client's address as the server trusts it (TRUST_PROXY), for better-auth's limiter. */
  clientOf(c: Context): string | null;
}

export function nativeSignInRoutes(deps: NativeSignInDeps) {
  const { auth } = deps;
  /** The cookie naming the sign-in this browser started (its challenge, which is public). */
  const flow = { path: '/api/native', secure: deps.publicUrl.startsWith('https:') };
  const invalidGrant = () =>
    new ApiError(400, 'invalid_grant', 'This sign-in code is not valid any more. Sign in again.');

  return new Hono()
    .get('/google', async (c) => {
      if (!deps.google) throw notFound('Google sign-in is not configured on this server.');
      const challenge = c.req.query('code_challenge') ?? '';
      const method = c.req.query('code_challenge_method') ?? 'S256';
      if (!BASE64URL_32.test(challenge) || method !== 'S256')
        throw new ApiError(
          400,
          'validation_failed',
          'code_challenge must be an S256 PKCE challenge (43 base64url characters).',
        );
      const back = `/api/native/google/return?challenge=${challenge}`;
      // The web's own sign-in, started on the browser's behalf: its state cookie goes to the
      // browser with the redirect to Google.
      const started = await auth.handler(
        new Request(new URL('/api/auth/sign-in/social', deps.publicUrl), {
          method: 'POST',
          headers: headersWithClient(
            new Headers({ 'Content-Type': 'application/json' }),
            deps.clientOf(c),
          ),
          body: JSON.stringify({ provider: 'google', callbackURL: back, errorCallbackURL: back }),
        }),
      );
      const { url } = (await started.json().catch(() => ({}))) as { url?: unknown };
      if (!started.ok || typeof url !== 'string') return backWithError(c, 'sign_in_failed');
      for (const cookie of started.headers.getSetCookie())
        c.header('Set-Cookie', cookie, { append: true });
      // This browser started this sign-in: the return hands over a session only with it.
      setCookie(c, FLOW_COOKIE, challenge, {
        ...flow,
        maxAge: FLOW_TTL_S,
        httpOnly: true,
        sameSite: 'Lax',
      });
      c.header('Cache-Control', 'no-store');
      return c.redirect(url);
    })
    .get('/google/return', async (c) => {
      const challenge = c.req.query('challenge') ?? '';
      if (!BASE64URL_32.test(challenge)) return backWithError(c, 'invalid_request');
      // Only a sign-in this browser started here hands a session over: a link straight to
      // this address would otherwise give a session the browser already held (a learner
      // signed in on the web) to whatever app answers the scheme.
      if (getCookie(c, FLOW_COOKIE) !== challenge) return backWithError(c, 'invalid_request');
      deleteCookie(c, FLOW_COOKIE, flow);
      const error = c.req.query('error');
      if (error) return backWithError(c, error);
      const session = await auth.api.getSession({ headers: c.req.raw.headers });
      if (!session) return backWithError(c, 'no_session');
      const code = randomBytes(32).toString('base64url');
      const context = await auth.$context;
      await context.internalAdapter.createVerificationValue({
        identifier: identifierOf(code),
        value: JSON.stringify({ challenge, token: session.session.token }),
        expiresAt: new Date(Date.now() + NATIVE_CODE_TTL_MS),
      });
      // The session now belongs to the app: the browser keeps no copy of it.
      const { name, attributes } = context.authCookies.sessionToken;
      deleteCookie(c, name, { path: attributes.path ?? '/', secure: attributes.secure === true });
      return backToApp(c, `${APP_CALLBACK}?code=${code}`);
    })
    .post('/token', async (c) => {
      const { code, codeVerifier } = await parseJsonBody(c, tokenBody);
      const context = await auth.$context;
      const identifier = identifierOf(code);
      const stored = await context.internalAdapter.findVerificationValue(identifier);
      if (!stored) throw invalidGrant();
      // One attempt per code, right or wrong: a verifier cannot be guessed at.
      await context.internalAdapter.deleteVerificationByIdentifier(identifier);
      const held = heldSchema.safeParse(parsedJson(stored.value));
      if (!held.success || new Date(stored.expiresAt).getTime() < Date.now()) throw invalidGrant();
      const expected = Buffer.from(held.data.challenge);
      const given = Buffer.from(s256(codeVerifier));
      if (expected.length !== given.length || !timingSafeEqual(expected, given))
        throw invalidGrant();
      const session = await context.internalAdapter.findSession(held.data.token);
      if (!session || new Date(session.session.expiresAt).getTime() < Date.now())
        throw invalidGrant();
      // The token as e-mail sign-in hands it out (`set-auth-token`): the session cookie's value,
      // the session token signed as better-call signs cookies (HMAC-SHA-256, base64).
      const signature = createHmac('sha256', context.secret)
        .update(held.data.token)
        .digest('base64');
      const token = encodeURIComponent(`${held.data.token}.${signature}`);
      c.header('Cache-Control', 'no-store');
      c.header('set-auth-token', token);
      return c.json({ token });
    });
}
