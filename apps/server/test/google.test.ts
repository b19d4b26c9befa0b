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
});
