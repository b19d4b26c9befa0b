import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { PASSWORD, signUp, testServerFor } from './harness.ts';

// The native shell's pages come from its bundle (APP_ORIGINS, by default Capacitor's
// capacitor://localhost and https://localhost): they call the API across origins with the
// signed bearer token sign-in hands out. Any other origin gets no CORS answer and its writes
// are refused.
const APP = 'capacitor://localhost';
const FOREIGN = 'https://evil.example';

describe('the native shell across origins', () => {
  const server = testServerFor('pglite', true);
  /** A new learner signing in with e-mail and password from a page of `origin`. */
  const signInFrom = async (origin: string, name: string) => {
    const user = await signUp(server, name);
    return server.app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { Origin: origin, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: PASSWORD }),
    });
  };

  it("answers the shell's preflight, and no other origin's", async () => {
    const preflight = (origin: string) =>
      server.app.request('/api/profile', {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'PATCH',
          'Access-Control-Request-Headers': 'authorization, content-type',
        },
      });
    const app = await preflight(APP);
    expect(app.status).toBe(204);
    expect(app.headers.get('access-control-allow-origin')).toBe(APP);
    expect(app.headers.get('access-control-allow-headers')).toBe('Authorization,Content-Type');
    expect(app.headers.get('access-control-allow-methods')).toContain('PATCH');
    expect(app.headers.get('access-control-allow-credentials')).toBeNull();
    const android = await preflight('https://localhost');
    expect(android.headers.get('access-control-allow-origin')).toBe('https://localhost');
    const foreign = await preflight(FOREIGN);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('signs in from the shell, hands the token over, and serves the shell with it', async () => {
    const signIn = await signInFrom(APP, 'Schale');
    expect(signIn.status, await signIn.clone().text()).toBe(200);
    expect(signIn.headers.get('access-control-allow-origin')).toBe(APP);
    expect(signIn.headers.get('access-control-expose-headers')).toContain('set-auth-token');
    const token = signIn.headers.get('set-auth-token') ?? '';
    expect(token).toContain('.');

    const profile = await server.app.request('/api/profile', {
      headers: { Origin: APP, Authorization: `Bearer ${token}` },
    });
    expect(profile.status).toBe(200);
    expect(profile.headers.get('access-control-allow-origin')).toBe(APP);
    expect(profile.headers.get('vary')).toContain('Origin');

    const saved = await server.app.request('/api/profile', {
      method: 'PATCH',
      headers: {
        Origin: APP,
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ userLevel: 'B1' }),
    });
    expect(saved.status).toBe(200);
  });

  it('serves no app-link files unless they are configured (app-links.test.ts)', async () => {
    for (const file of ['assetlinks.json', 'apple-app-site-association']) {
      expect((await server.app.request(`/.well-known/${file}`)).status).toBe(404);
    }
  });

  it("refuses another origin's writes and gives its reads no CORS answer", async () => {
    const signIn = await signInFrom(FOREIGN, 'Fremd');
    expect(signIn.status).toBe(403);
    expect(signIn.headers.get('set-auth-token')).toBeNull();
    const stories = await server.app.request('/api/stories', { headers: { Origin: FOREIGN } });
    expect(stories.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('APP_ORIGINS', () => {
  // The configuration writes its session secret into the data directory: a temporary one.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lesefuchs-app-origins-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const config = (value?: string) =>
    loadConfig({ DATA_DIR: dataDir, APP_ORIGINS: value, PORT: '3000' });

  it("defaults to Capacitor's two origins, which are trusted beside the app's own", () => {
    expect(config().appOrigins).toEqual(['capacitor://localhost', 'https://localhost']);
    expect(config().trustedOrigins).toEqual([
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'capacitor://localhost',
      'https://localhost',
    ]);
  });

  it('takes a list or off, and refuses what is not an origin', () => {
    expect(config('capacitor://localhost, https://app.example:8443').appOrigins).toEqual([
      'capacitor://localhost',
      'https://app.example:8443',
    ]);
    expect(config('off').appOrigins).toEqual([]);
    for (const bad of ['https://app.example/path', 'localhost', '*', 'https://a.example,nope']) {
      expect(() => config(bad), bad).toThrow(/APP_ORIGINS/);
    }
  });
});

describe("the shell's audio and avatars", () => {
  const server = testServerFor('pglite', true);

  it('may be loaded from the shell: CORS for its origins, and a cross-origin resource policy', async () => {
    const audio = await server.app.request('/audio/1/de-amala.json', { headers: { Origin: APP } });
    expect(audio.status).toBe(200);
    expect(audio.headers.get('access-control-allow-origin')).toBe(APP);
    expect(audio.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const foreign = await server.app.request('/audio/1/de-amala.json', {
      headers: { Origin: FOREIGN },
    });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    // The app's own API keeps its same-origin policy.
    const api = await server.app.request('/api/stories', { headers: { Origin: APP } });
    expect(api.headers.get('cross-origin-resource-policy')).toBe('same-origin');
  });
});
