import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import rootPackage from '../../../package.json' with { type: 'json' };
import {
  freshDatabase,
  json,
  signUp,
  startTestServer,
  type TestServer,
  targets,
  testServerFor,
} from './harness.ts';

describe.each(targets)('platform on $name', ({ name, available }) => {
  const server = testServerFor(name, available);

  it.skipIf(!available)(
    'GET /api/health reports the version and the kind of database',
    async () => {
      const response = await server.app.request('/api/health');
      expect(response.status).toBe(200);
      expect(await json(response)).toEqual({
        status: 'ok',
        version: rootPackage.version,
        database: name,
        databaseCheckedAt: expect.any(String),
        realtime: 'ok',
      });
    },
  );

  it.skipIf(!available)('answers an unknown API route with the one error shape', async () => {
    const response = await server.app.request('/api/no-such-thing');
    expect(response.status).toBe(404);
    expect(await json(response)).toEqual({
      error: { code: 'not_found', message: 'No API route GET /api/no-such-thing.' },
    });
  });

  it.skipIf(!available)(
    'refuses the event stream without a session, in the error shape',
    async () => {
      const response = await server.app.request('/api/events');
      expect(response.status).toBe(401);
      expect(await json(response)).toEqual({
        error: { code: 'unauthorized', message: 'Sign in to continue.' },
      });
    },
  );

  it.skipIf(!available)('treats an invalid bearer token as signed out', async () => {
    const response = await server.app.request('/api/events', {
      headers: { Authorization: 'Bearer not-a-token' },
    });
    expect(response.status).toBe(401);
  });

  it.skipIf(!available)('refuses a body over the limit with 413', async () => {
    const user = await signUp(server);
    const response = await server.app.request('/api/sync', {
      method: 'POST',
      headers: { Cookie: user.cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        type: 'bookmarks',
        operations: [{ id: 'x'.repeat(300_000), payload: {} }],
      }),
    });
    expect(response.status).toBe(413);
    expect((await json(response)).error.code).toBe('payload_too_large');
  });

  it.skipIf(!available)('signs in with a bearer token as the native shell does', async () => {
    const user = await signUp(server);
    const signIn = await server.app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: 'correct horse battery' }),
    });
    const token = signIn.headers.get('set-auth-token');
    expect(token).toBeTruthy();
    const session = await server.app.request('/api/auth/get-session', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect((await json(session)).user.email).toBe(user.email);
  });

  it.skipIf(!available)('serves story audio with byte ranges and a year of caching', async () => {
    const whole = await server.app.request('/audio/1/de-amala.mp3?v=abc');
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('audio/mpeg');
    expect(whole.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const size = Number(whole.headers.get('content-length'));
    expect(size).toBeGreaterThan(10_000);

    const part = await server.app.request('/audio/1/de-amala.mp3', {
      headers: { Range: 'bytes=100-199' },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${size}`);
    expect((await part.arrayBuffer()).byteLength).toBe(100);

    const missing = await server.app.request('/audio/999/de-amala.mp3');
    expect(missing.status).toBe(404);
    expect((await json(missing)).error.code).toBe('not_found');
  });
});
