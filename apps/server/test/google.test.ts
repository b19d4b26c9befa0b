import { createHash, randomBytes } from 'node:crypto';
import { nicknameError, nicknameTaken } from '@lesefuchs/core';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freshDatabase,
  json,
  pathOf,
  startTestServer,
  type TestServer,
  targets,
} from './harness.ts';

// The whole Google sign-in round trip against a local OpenID Connect provider standing in for
// Google: discovery, the authorization redirect with state, PKCE and nonce, the code exchange,
// the signed ID token checked against the provider's keys, the user info, and the session.

interface Person {
  sub: string;
  email: string;
  name: string;
}

const target = targets[0];

describe.skipIf(!target?.available)('Google sign-in against a mock OpenID provider', () => {
  const provider = new OAuth2Server();
  let person: Person = { sub: 'g-1', email: 'ada@example.com', name: 'Ada Lovelace' };
  let server: TestServer;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    await provider.issuer.keys.generate('RS256');
    await provider.start(0, '127.0.0.1');
    provider.service.on('beforeTokenSigning', (token) => {
      Object.assign(token.payload, {
        sub: person.sub,
        email: person.email,
        email_verified: true,
        name: person.name,
      });
    });
    provider.service.on('beforeUserinfo', (response) => {
      response.body = {
        sub: person.sub,
        email: person.email,
        email_verified: true,
        name: person.name,
      };
    });
    const database = await freshDatabase(target?.name ?? 'pglite');
    drop = database.drop;
    server = await startTestServer(database.config, {
      GOOGLE_CLIENT_ID: 'lesefuchs-test-client',
      GOOGLE_CLIENT_SECRET: 'lesefuchs-test-secret',
      GOOGLE_ISSUER_URL: provider.issuer.url ?? '',
    });
  });

  afterAll(async () => {
    await server?.close();
    await drop?.();
    await provider.stop();
  });

  /** Runs the browser's part of the flow and returns the session cookie and where it landed. */
  async function signInWithGoogle() {
    const start = await server.app.request('/api/auth/sign-in/social', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ provider: 'google', callbackURL: '/', errorCallbackURL: '/login' }),
    });
    expect(start.status).toBe(200);
    const { url } = await json(start);
    const authorize = new URL(url);
    expect(authorize.origin).toBe(new URL(provider.issuer.url ?? '').origin);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    const stateCookies = start.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0])
      .join('; ');

    // The provider signs the person in and sends the browser back with a code.
    const granted = await fetch(url, { redirect: 'manual' });
    expect(granted.status).toBe(302);
    const back = granted.headers.get('location') ?? '';
    expect(pathOf(back)).toMatch(/^\/api\/auth\/callback\/google\?/);

    const callback = await server.app.request(pathOf(back), {
      headers: { Cookie: stateCookies },
    });
    expect(callback.status).toBe(302);
    const session = callback.headers
      .getSetCookie()
      .find((cookie) => cookie.includes('session_token='));
    return { landed: callback.headers.get('location'), cookie: session?.split(';')[0] ?? '' };
  }

  const sessionOf = async (cookie: string) =>
    json(await server.app.request('/api/auth/get-session', { headers: { Cookie: cookie } }));

  it('signs a new Google user in with a valid nickname made from the display name', async () => {
    const { landed, cookie } = await signInWithGoogle();
    expect(landed).toMatch(/\/$/);
    expect(cookie).toMatch(/session_token=/);
    const session = await sessionOf(cookie);
    expect(session.user).toMatchObject({ email: 'ada@example.com', name: 'Ada-Lovelace' });
    expect(session.user.emailVerified).toBe(true);

    // The profile works like any other.
    const profile = await server.app.request('/api/profile', { headers: { Cookie: cookie } });
    expect((await json(profile)).profile.nickname).toBe('Ada-Lovelace');
  });

  it('signs the same Google account into the same user again', async () => {
    const first = await sessionOf((await signInWithGoogle()).cookie);
    const again = await sessionOf((await signInWithGoogle()).cookie);
    expect(again.user.id).toBe(first.user.id);
  });

  it('gives a second person with the same display name a nickname of their own', async () => {
    person = { sub: 'g-2', email: 'ada.two@example.com', name: 'Ada Lovelace' };
    const session = await sessionOf((await signInWithGoogle()).cookie);
    expect(session.user.email).toBe('ada.two@example.com');
    // Valid, and not taken by the spec's rule (not the same, not containing or contained in
    // the first person's "Ada-Lovelace"): here made of the address.
    expect(nicknameError(session.user.name)).toBeNull();
    expect(nicknameTaken(session.user.name, ['Ada-Lovelace'])).toBe(false);
    expect(session.user.name).toBe('ada-two');
  });

  it('sends the browser to the error page when the provider refuses', async () => {
    provider.service.once('beforeAuthorizeRedirect', ({ url }) => {
      url.searchParams.delete('code');
      url.searchParams.set('error', 'access_denied');
    });
    const start = await server.app.request('/api/auth/sign-in/social', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ provider: 'google', callbackURL: '/', errorCallbackURL: '/login' }),
    });
    const { url } = await json(start);
    const cookies = start.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0])
      .join('; ');
    const refused = await fetch(url, { redirect: 'manual' });
    const back = refused.headers.get('location') ?? '';
    const callback = await server.app.request(pathOf(back), { headers: { Cookie: cookies } });
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toMatch(/\/login\?error=/);
  });
  describe('in the native shell: the system browser, PKCE and the app link', () => {
    const verifier = () => randomBytes(48).toString('base64url');
    const challengeOf = (value: string) => createHash('sha256').update(value).digest('base64url');
    const cookiesOf = (response: Response) =>
      response.headers
        .getSetCookie()
        .map((cookie) => cookie.split(';')[0])
        .join('; ');
    /** The path of a redirect, which better-auth writes as given (here: a path). */
    const pathOfLocation = (response: Response) => {
      const url = new URL(response.headers.get('location') ?? '', 'http://localhost');
      return `${url.pathname}${url.search}`;
    };
    /** The app link the system browser's last page opens. */
    const appLinkOf = async (response: Response) => {
      const html = await response.text();
      const link = /href="(lesefuchs:\/\/auth\/callback[^"]*)"/.exec(html)?.[1];
      expect(link, html).toBeTruthy();
      return new URL((link ?? '').replace(/&amp;/g, '&'));
    };

    /** The system browser's part: from the app's address to the page that opens the app. */
    async function browserFlow(challenge: string) {
      const start = await server.app.request(`/api/native/google?code_challenge=${challenge}`);
      expect(start.status).toBe(302);
      const google = start.headers.get('location') ?? '';
      expect(new URL(google).origin).toBe(new URL(provider.issuer.url ?? '').origin);
      const granted = await fetch(google, { redirect: 'manual' });
      const callback = await server.app.request(pathOf(granted.headers.get('location') ?? ''), {
        headers: { Cookie: cookiesOf(start) },
      });
      expect(callback.status).toBe(302);
      const back = pathOfLocation(callback);
      expect(back).toBe(`/api/native/google/return?challenge=${challenge}`);
      const page = await server.app.request(back, {
        headers: { Cookie: `${cookiesOf(start)}; ${cookiesOf(callback)}` },
      });
      expect(page.status).toBe(200);
      expect(page.headers.get('cache-control')).toBe('no-store');
      return page;
    }

    const exchange = (body: unknown) =>
      server.app.request('/api/native/token', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });

    it('hands the session to the app for the code and its verifier, once', async () => {
      person = { sub: 'g-native', email: 'native@example.com', name: 'Nat Ive' };
      const secret = verifier();
      const page = await browserFlow(challengeOf(secret));
      // The browser keeps no copy of the session it handed over.
      const cleared = page.headers.getSetCookie().find((c) => c.includes('session_token='));
      expect(cleared).toMatch(/session_token=;.*Max-Age=0/);
      const link = await appLinkOf(page);
      const code = link.searchParams.get('code') ?? '';
      expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);

      const answer = await exchange({ code, codeVerifier: secret });
      expect(answer.status).toBe(200);
      const { token } = await json(answer);
      expect(answer.headers.get('set-auth-token')).toBe(token);
      const session = await json(
        await server.app.request('/api/auth/get-session', {
          headers: { Authorization: `Bearer ${token}` },
        }),
      );
      expect(session.user.email).toBe('native@example.com');
      const profile = await server.app.request('/api/profile', {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(profile.status).toBe(200);

      // A code is good once.
      const again = await exchange({ code, codeVerifier: secret });
      expect(again.status).toBe(400);
      expect((await json(again)).error.code).toBe('invalid_grant');
    });

    it('hands over no session the browser held before (a link straight to the return)', async () => {
      // A learner signed in on the web in this browser, sent a crafted link by someone whose
      // app answers the scheme: no sign-in was started here, so no code leaves.
      const { cookie } = await signInWithGoogle();
      const challenge = challengeOf(verifier());
      const page = await server.app.request(`/api/native/google/return?challenge=${challenge}`, {
        headers: { Cookie: cookie },
      });
      const link = await appLinkOf(page);
      expect(link.searchParams.get('error')).toBe('invalid_request');
      expect(link.searchParams.has('code')).toBe(false);
      // A flow cookie for another challenge does not do either.
      const other = await server.app.request(`/api/native/google/return?challenge=${challenge}`, {
        headers: { Cookie: `${cookie}; lesefuchs.native_flow=${challengeOf(verifier())}` },
      });
      expect((await appLinkOf(other)).searchParams.get('error')).toBe('invalid_request');
    });

    it('refuses a code without its verifier, and the code is gone after one try', async () => {
      const secret = verifier();
      const code =
        (await appLinkOf(await browserFlow(challengeOf(secret)))).searchParams.get('code') ?? '';
      const wrong = await exchange({ code, codeVerifier: verifier() });
      expect(wrong.status).toBe(400);
      expect((await json(wrong)).error.code).toBe('invalid_grant');
      const right = await exchange({ code, codeVerifier: secret });
      expect(right.status).toBe(400);
    });

    it('answers bad input with a 400, and an unknown code as invalid', async () => {
      const badStart = await server.app.request('/api/native/google?code_challenge=short');
      expect(badStart.status).toBe(400);
      const plain = await server.app.request(
        `/api/native/google?code_challenge=${challengeOf(verifier())}&code_challenge_method=plain`,
      );
      expect(plain.status).toBe(400);
      for (const body of [
        {},
        { code: 'x', codeVerifier: verifier() },
        { code: randomBytes(32).toString('base64url'), codeVerifier: 'short' },
        { code: randomBytes(32).toString('base64url'), codeVerifier: `${verifier()}\u0000` },
      ]) {
        const answer = await exchange(body);
        expect(answer.status, JSON.stringify(body)).toBe(400);
      }
      const unknown = await exchange({
        code: randomBytes(32).toString('base64url'),
        codeVerifier: verifier(),
      });
      expect((await json(unknown)).error.code).toBe('invalid_grant');
      // A return without a challenge, or without a session, goes back to the app as an error.
      const noChallenge = await appLinkOf(
        await server.app.request('/api/native/google/return?challenge=x'),
      );
      expect(noChallenge.searchParams.get('error')).toBe('invalid_request');
      const lost = challengeOf(verifier());
      const noSession = await appLinkOf(
        await server.app.request(`/api/native/google/return?challenge=${lost}`, {
          headers: { Cookie: `lesefuchs.native_flow=${lost}` },
        }),
      );
      expect(noSession.searchParams.get('error')).toBe('no_session');
    });

    it('sends the provider’s refusal back to the app as an error', async () => {
      provider.service.once('beforeAuthorizeRedirect', ({ url }) => {
        url.searchParams.delete('code');
        url.searchParams.set('error', 'access_denied');
      });
      const challenge = challengeOf(verifier());
      const start = await server.app.request(`/api/native/google?code_challenge=${challenge}`);
      const refused = await fetch(start.headers.get('location') ?? '', { redirect: 'manual' });
      const callback = await server.app.request(pathOf(refused.headers.get('location') ?? ''), {
        headers: { Cookie: cookiesOf(start) },
      });
      const page = await server.app.request(pathOfLocation(callback), {
        headers: { Cookie: cookiesOf(start) },
      });
      const link = await appLinkOf(page);
      expect(link.searchParams.get('error')).toBe('access_denied');
      expect(link.searchParams.has('code')).toBe(false);
    });
  });
});
