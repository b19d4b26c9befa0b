import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { AVATAR_MESSAGES, AVATARS, NICKNAME_MESSAGES, PASSWORD_REFUSALS } from '@lesefuchs/core';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { createAuth } from '../src/auth/auth.ts';
import { SESSION_CACHE_TTL_MS } from '../src/auth/session.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { protectDataDir } from '../src/db/data-dir-mode.ts';
import { sessions, signInFailures, users } from '../src/db/schema/index.ts';
import type { Mailer } from '../src/mail/mailer.ts';
import {
  allowedNickname,
  devMailbox,
  freshDatabase,
  json,
  LOOPBACK_CLIENT,
  mailedLink,
  PASSWORD,
  pathOf,
  sessionCookie,
  signUp,
  startTestServer,
  type TestServer,
  targets,
  testServerFor,
} from './harness.ts';
import { exited, startServerProcess } from './server-process.ts';

const unique = () => Math.random().toString(36).slice(2, 8);

/** A JSON POST to a better-auth endpoint, signed in when a session cookie is given. */
const authPost = (server: Pick<TestServer, 'app'>, path: string, body: unknown, cookie?: string) =>
  server.app.request(`/api/auth${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
  });

describe.each(targets)('nicknames on every path on $name', ({ name, available }) => {
  const server = testServerFor(name, available);
  const updateName = (cookie: string, nickname: unknown) =>
    server.app.request('/api/auth/update-user', {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: nickname }),
    });
  const signUpAs = (nickname: string) =>
    server.app.request('/api/auth/sign-up/email', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        email: `n-${unique()}@example.com`,
        password: PASSWORD,
        name: nickname,
      }),
    });

  it.skipIf(!available)(
    'update-user keeps the rules of spec 1 §5, with the spec texts',
    async () => {
      const user = await signUp(server, 'Rename');
      const other = await signUp(server, 'Holder');
      const cases: [unknown, string][] = [
        ['', NICKNAME_MESSAGES.required],
        ['admin', NICKNAME_MESSAGES.restricted],
        ['fuckface', NICKNAME_MESSAGES.restricted],
        ['<img onerror=x>', NICKNAME_MESSAGES.characters],
        ['x'.repeat(100_000), NICKNAME_MESSAGES.tooLong],
        [other.nickname.toUpperCase(), NICKNAME_MESSAGES.taken],
        [`${other.nickname}x`, NICKNAME_MESSAGES.taken],
        [42, NICKNAME_MESSAGES.required],
      ];
      for (const [nickname, message] of cases) {
        const response = await updateName(user.cookie, nickname);
        expect(response.status, String(nickname).slice(0, 40)).toBe(400);
        expect((await json(response)).message).toBe(message);
      }
      const nul = await updateName(user.cookie, 'Lena\u0000x');
      expect(nul.status).toBe(400);
      const [stored] = await server.database.db
        .select({ name: users.name })
        .from(users)
        .where(eq(users.id, user.id));
      expect(stored?.name).toBe(user.nickname);
      // A valid, free nickname is taken, trimmed; the learner's own name again is no clash.
      const fresh = allowedNickname(() => `Neu${unique()}`);
      expect((await updateName(user.cookie, `  ${fresh} `)).status).toBe(200);
      expect((await updateName(user.cookie, fresh.toUpperCase())).status).toBe(200);
    },
  );

  it.skipIf(!available)('an empty or one-letter stored name blocks no sign-up', async () => {
    // Left by an older version that let update-user write any name.
    await server.database.db.insert(users).values([
      { id: `legacy-empty-${unique()}`, name: '', email: `e-${unique()}@example.com` },
      { id: `legacy-e-${unique()}`, name: 'e', email: `e-${unique()}@example.com` },
    ]);
    const response = await signUpAs(allowedNickname(() => `Gretel${unique()}`));
    expect(response.status).toBe(200);
  });

  it.skipIf(!available)(
    'ten parallel sign-ups with one nickname: one wins, nine are told it is taken',
    async () => {
      const nickname = allowedNickname(() => `Race${unique()}`);
      const responses = await Promise.all(Array.from({ length: 10 }, () => signUpAs(nickname)));
      const statuses = responses.map((response) => response.status).sort();
      expect(statuses).toEqual([200, 400, 400, 400, 400, 400, 400, 400, 400, 400]);
      for (const response of responses.filter((r) => r.status === 400)) {
        expect(await json(response)).toMatchObject({
          code: 'NICKNAME_TAKEN',
          message: NICKNAME_MESSAGES.taken,
        });
      }
      const holders = await server.database.db
        .select({ name: users.name })
        .from(users)
        .where(sql`lower(${users.name}) like ${`${nickname.toLowerCase()}%`}`);
      expect(holders).toEqual([{ name: nickname }]);
    },
  );
});

describe('new passwords on every path that sets one', () => {
  const server = testServerFor('pglite', true);
  const post = (path: string, body: unknown, cookie?: string) =>
    authPost(server, path, body, cookie);
  const signUpWith = (password: string) =>
    post('/sign-up/email', {
      email: `p-${unique()}@example.com`,
      password,
      name: allowedNickname(() => `Pass${unique()}`),
    });
  const refusal = async (response: Response) => {
    const body = await json(response);
    return { status: response.status, code: body.code, message: body.message };
  };
  // What the form refuses (three kinds of character missing), and what it lets through but
  // everybody uses, in any case.
  const weak = 'abcdefghij';
  const common = ['password1', 'Password1', 'iloveyou1'];

  it('sign-up refuses a weak or common one with the spec text, and takes a good one', async () => {
    expect(await refusal(await signUpWith(weak))).toEqual({
      status: 400,
      code: 'PASSWORD_TOO_WEAK',
      message: `${PASSWORD_REFUSALS.PASSWORD_TOO_WEAK} Password must have: an uppercase letter, a number, a symbol.`,
    });
    for (const password of common) {
      expect(await refusal(await signUpWith(password))).toEqual({
        status: 400,
        code: 'PASSWORD_TOO_COMMON',
        message: PASSWORD_REFUSALS.PASSWORD_TOO_COMMON,
      });
    }
    // Too short stays better-auth's own answer; a passphrase nobody uses is fine.
    expect((await refusal(await signUpWith('Ab1!'))).code).toBe('PASSWORD_TOO_SHORT');
    expect((await signUpWith('Lesefuchs liest gern')).status).toBe(200);
  });

  it('a password change and a reset keep the same rules', async () => {
    const user = await signUp(server, 'Changer');
    for (const [password, code] of [
      [weak, 'PASSWORD_TOO_WEAK'],
      ['Password1', 'PASSWORD_TOO_COMMON'],
    ] as const) {
      const changed = await post(
        '/change-password',
        { currentPassword: PASSWORD, newPassword: password },
        user.cookie,
      );
      expect((await refusal(changed)).code).toBe(code);
    }

    expect(
      (await post('/request-password-reset', { email: user.email, redirectTo: '/reset-password' }))
        .status,
    ).toBe(200);
    const token = new URL(await mailedLink(server, user.email)).pathname.split('/').at(-1);
    const reset = await post('/reset-password', { newPassword: 'password1', token });
    expect((await refusal(reset)).code).toBe('PASSWORD_TOO_COMMON');
    // The old password still signs in: nothing was changed by the refusals.
    expect((await post('/sign-in/email', { email: user.email, password: PASSWORD })).status).toBe(
      200,
    );
    expect(
      (await post('/reset-password', { newPassword: 'Ein neues Passwort', token })).status,
    ).toBe(200);
  });
});

describe('the picture of a user', () => {
  const server = testServerFor('pglite', true);

  it('is one of our avatars, a Google picture or none, on update-user too', async () => {
    const user = await signUp(server, 'Pictured');
    const update = (image: unknown) => authPost(server, '/update-user', { image }, user.cookie);
    for (const image of [
      'https://evil.example/pixel.png',
      'javascript:alert(1)',
      'http://lh3.googleusercontent.com/a/photo',
      `/avatars/${'x'.repeat(5_000)}.svg`,
      42,
    ]) {
      const refused = await update(image);
      expect(refused.status, String(image)).toBe(400);
      expect((await json(refused)).message).toBe(AVATAR_MESSAGES.invalidUrl);
    }
    for (const image of [AVATARS[0]?.url, 'https://lh3.googleusercontent.com/a/photo', null]) {
      expect((await update(image)).status, String(image)).toBe(200);
    }
    const [stored] = await server.database.db
      .select({ image: users.image })
      .from(users)
      .where(eq(users.id, user.id));
    expect(stored?.image).toBeNull();
  });
});

describe('sessions', () => {
  const server = testServerFor('pglite', true);
  const post = (path: string, body: unknown, cookie?: string) =>
    authPost(server, path, body, cookie);
  const signIn = async (email: string, password = PASSWORD) =>
    sessionCookie(await post('/sign-in/email', { email, password }));
  const works = async (cookie: string) =>
    (await server.app.request('/api/bookmarks', { headers: { Cookie: cookie } })).status === 200;

  it('get a new token at each sign-in and end on sign-out, a password reset and account removal', async () => {
    const user = await signUp(server, 'Sessions');
    // The password is checked exactly as typed.
    expect(await signIn(user.email, PASSWORD.toUpperCase())).toBe('');
    const first = await signIn(user.email);
    const second = await signIn(user.email);
    expect(new Set([user.cookie, first, second]).size).toBe(3);
    expect(await works(first)).toBe(true);

    // Sign-out ends that session on the server, not just the cookie in the browser.
    expect((await post('/sign-out', {}, first)).status).toBe(200);
    expect(await works(first)).toBe(false);
    expect(await works(second)).toBe(true);

    // A password reset ends every session of the account.
    await post('/request-password-reset', { email: user.email, redirectTo: '/reset-password' });
    const token = new URL(await mailedLink(server, user.email)).pathname.split('/').at(-1);
    expect(
      (await post('/reset-password', { newPassword: 'Ein neues Passwort', token })).status,
    ).toBe(200);
    expect(await works(second)).toBe(false);
    expect(await works(user.cookie)).toBe(false);
    // The reset link works once.
    const again = await post('/reset-password', { newPassword: 'Noch ein Passwort', token });
    expect((await json(again)).code).toBe('INVALID_TOKEN');

    // Removing the account ends the sessions it still had.
    const third = await signIn(user.email, 'Ein neues Passwort');
    const fourth = await signIn(user.email, 'Ein neues Passwort');
    expect((await post('/delete-user', { password: 'Ein neues Passwort' }, third)).status).toBe(
      200,
    );
    expect(await works(fourth)).toBe(false);
  });

  it('are looked up once for a run of requests, and a session removed elsewhere ends within seconds', async () => {
    const user = await signUp(server, 'Cached');
    expect(await works(user.cookie)).toBe(true);
    // Removed behind this instance's back (as another instance's sign-out would): this instance
    // still has it from the look-up above, for at most SESSION_CACHE_TTL_MS.
    await server.database.db.delete(sessions).where(eq(sessions.userId, user.id));
    expect(await works(user.cookie)).toBe(true);
    const lookedUpAt = Date.now();
    await expect
      .poll(() => works(user.cookie), { timeout: SESSION_CACHE_TTL_MS + 5_000, interval: 500 })
      .toBe(false);
    expect(Date.now() - lookedUpAt).toBeLessThanOrEqual(SESSION_CACHE_TTL_MS + 1_000);
  });
});

describe('links in e-mails', () => {
  const server = testServerFor('pglite', true);
  const post = (path: string, body: unknown, cookie?: string) =>
    authPost(server, path, body, cookie);

  it('never lead to another site, whatever the request asks for', async () => {
    const user = await signUp(server, 'Linked');
    const foreign = [
      'https://evil.example/take',
      '//evil.example/take',
      '/\\evil.example/take',
      'javascript:alert(1)',
      'http://localhost:3001/',
    ];
    for (const target of foreign) {
      // A reset link that would hand its token to another site: refused before any e-mail.
      const reset = await post('/request-password-reset', {
        email: user.email,
        redirectTo: target,
      });
      expect(reset.status, target).toBe(403);
      expect((await json(reset)).code).toBe('INVALID_REDIRECT_URL');
      const confirm = await post('/send-verification-email', {
        email: user.email,
        callbackURL: target,
      });
      expect(confirm.status, target).toBe(403);
      const landing = await server.app.request(
        `/api/auth/reset-password/some-token?callbackURL=${encodeURIComponent(target)}`,
      );
      expect(landing.status, target).toBe(403);
    }
    expect((await devMailbox(server, user.email).then(json)).messages).toHaveLength(1);

    // The app's own pages are fine, as a path or as its full address.
    expect(
      (await post('/request-password-reset', { email: user.email, redirectTo: '/reset-password' }))
        .status,
    ).toBe(200);
    const link = await mailedLink(server, user.email);
    const landing = await server.app.request(pathOf(link));
    expect(landing.headers.get('location')).toMatch(
      /^http:\/\/localhost:3000\/reset-password\?token=/,
    );
  });
});

describe.each(targets)('sign-in attempts on $name', ({ name, available }) => {
  const server = testServerFor(name, available);
  const signIn = (email: string, password: string, forwardedFor?: string) =>
    server.app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {}),
      },
      body: JSON.stringify({ email, password }),
    });

  it.skipIf(!available)(
    'waits after five wrong passwords whatever X-Forwarded-For says, then lets the learner in',
    async () => {
      const user = await signUp(server, 'Guarded');
      for (let attempt = 1; attempt <= 5; attempt++) {
        const wrong = await signIn(user.email, `wrong-${attempt}`, `198.51.100.${attempt}`);
        expect(wrong.status, `attempt ${attempt}`).toBe(401);
      }
      // The right password during the wait is refused too: guessing learns nothing.
      const locked = await signIn(user.email, PASSWORD, '198.51.100.77');
      expect(locked.status).toBe(429);
      const body = await json(locked);
      expect(body.code).toBe('TOO_MANY_SIGN_IN_ATTEMPTS');
      expect(body.message).toMatch(
        /^Too many failed sign-ins for this account\. Please wait \d+ seconds and try again\.$/,
      );
      expect(body.retryAfterSeconds).toBeGreaterThan(0);
      expect(body.retryAfterSeconds).toBeLessThanOrEqual(30);
      // The address in another case is the same account.
      expect((await signIn(user.email.toUpperCase(), PASSWORD)).status).toBe(429);

      // The wait ends by itself (here: moved into the past), no e-mail needed.
      await server.database.db
        .update(signInFailures)
        .set({ lockedUntil: new Date(Date.now() - 1000) })
        .where(eq(signInFailures.email, user.email.toLowerCase()));
      expect((await signIn(user.email, PASSWORD)).status).toBe(200);
      const left = await server.database.db
        .select()
        .from(signInFailures)
        .where(eq(signInFailures.email, user.email.toLowerCase()));
      expect(left).toEqual([]);
    },
  );

  it.skipIf(!available)(
    'counts an unknown address the same way, so the answer tells nothing',
    async () => {
      const email = `nobody-${unique()}@example.com`;
      for (let attempt = 0; attempt < 5; attempt++) {
        expect((await signIn(email, 'whatever-123')).status).toBe(401);
      }
      expect((await signIn(email, 'whatever-123')).status).toBe(429);
    },
  );
});

describe('the dev mailbox', () => {
  const mailbox = (
    server: Awaited<ReturnType<typeof startTestServer>>,
    init: RequestInit,
    env?: unknown,
  ) => server.app.request('/api/dev/mailbox', init, env);

  it('answers only a loopback client without forwarding headers while PUBLIC_URL is local', async () => {
    const database = await freshDatabase('pglite');
    const server = await startTestServer(database.config);
    try {
      expect((await devMailbox(server)).status).toBe(200);
      // No socket (no way to know who asks), another machine, or a proxy on this one.
      expect((await mailbox(server, {})).status).toBe(404);
      const remote = { incoming: { socket: { remoteAddress: '203.0.113.5' } } };
      expect((await mailbox(server, {}, remote)).status).toBe(404);
      for (const header of ['X-Forwarded-For', 'Forwarded', 'X-Real-IP']) {
        const proxied = await mailbox(
          server,
          { headers: { [header]: '203.0.113.5' } },
          LOOPBACK_CLIENT,
        );
        expect(proxied.status, header).toBe(404);
      }
      const mapped = { incoming: { socket: { remoteAddress: '::ffff:127.0.0.1' } } };
      expect((await mailbox(server, {}, mapped)).status).toBe(200);
    } finally {
      await server.close();
      await database.drop();
    }
  });

  it('is not served when the public address is not this machine', async () => {
    const database = await freshDatabase('pglite');
    const server = await startTestServer(database.config, {
      PUBLIC_URL: 'https://lesefuchs.example',
    });
    try {
      expect((await devMailbox(server)).status).toBe(404);
    } finally {
      await server.close();
      await database.drop();
    }
  });
});

describe('bearer tokens', () => {
  const server = testServerFor('pglite', true);

  it('are accepted signed, as sign-in hands them out, and refused bare', async () => {
    const user = await signUp(server, 'Native');
    const signIn = await server.app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: PASSWORD }),
    });
    const signed = signIn.headers.get('set-auth-token') ?? '';
    const bare = signed.split('.')[0] ?? '';
    expect(bare.length).toBeGreaterThan(10);
    expect(signed).not.toBe(bare);
    const profile = (token: string) =>
      server.app.request('/api/profile', { headers: { Authorization: `Bearer ${token}` } });
    expect((await profile(signed)).status).toBe(200);
    expect((await profile(bare)).status).toBe(401);
  });
});

describe('better-auth logs', () => {
  it('go to the JSON logger only; a failure goes on to the app, nothing to the console', async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const printed = (['log', 'info', 'warn', 'error', 'debug'] as const).map((method) =>
      vi.spyOn(console, method).mockImplementation(() => undefined),
    );
    const database = await freshDatabase('pglite');
    const handle = await openDatabase(database.config);
    const config = loadConfig({
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'lesefuchs-log-')),
      AUTH_SECRET: 'test-secret-that-is-long-enough-0123456789',
    });
    const mailer = { kind: 'dev-mailbox', send: async () => undefined } as unknown as Mailer;
    const signIn = (auth: ReturnType<typeof createAuth>) =>
      auth.handler(
        new Request(`${config.publicUrl}/api/auth/sign-in/email`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email: 'nobody@example.com', password: 'Wrong password 1' }),
        }),
      );
    try {
      const logger = pino({ level: 'debug' }, sink);
      const auth = createAuth(config, handle.db, mailer, logger);
      // Refusals are answers to the request, not faults of the server: at most a warning.
      expect((await signIn(auth)).status).toBe(401);
      expect(lines.every((line) => Number(line.level) <= 40)).toBe(true);
      const weak = await auth.handler(
        new Request(`${config.publicUrl}/api/auth/sign-up/email`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            email: 'weak@example.com',
            password: 'abcdefghij',
            name: 'Weakling',
          }),
        }),
      );
      expect(weak.status).toBe(400);

      // A failure (here: no database at all) goes on to the app's error handler, which logs it.
      await expect(signIn(createAuth(config, {} as never, mailer, logger))).rejects.toThrow(
        TypeError,
      );
      // Nothing went around the logger to the console, as better-auth's own logger would.
      for (const spy of printed) expect(spy).not.toHaveBeenCalled();
    } finally {
      for (const spy of printed) spy.mockRestore();
      await handle.close();
      rmSync(config.dataDir, { recursive: true, force: true });
      await database.drop();
    }
  });
});

describe('the data directory', () => {
  /** Files and folders below `dir` that anyone but the owner may read. */
  const openToOthers = (dir: string): string[] =>
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .map((entry) => path.join(entry.parentPath, entry.name))
      .concat(dir)
      .filter((file) => (statSync(file).mode & 0o077) !== 0);

  it('is narrowed to its owner, also when an older version left it open', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lesefuchs-mode-'));
    try {
      mkdirSync(path.join(dir, 'pglite', 'base'), { recursive: true });
      writeFileSync(path.join(dir, 'pglite', 'base', 'wal'), 'session token');
      chmodSync(path.join(dir, 'pglite', 'base', 'wal'), 0o666);
      chmodSync(path.join(dir, 'pglite'), 0o777);
      protectDataDir(dir);
      expect(openToOthers(dir)).toEqual([]);
      expect(statSync(path.join(dir, 'pglite', 'base', 'wal')).mode & 0o777).toBe(0o600);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('holds nothing others can read while and after the server runs on it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lesefuchs-mode-'));
    const { child, url } = await startServerProcess(dir);
    try {
      expect((await fetch(`${url}/api/health`)).status).toBe(200);
      // While it runs, PGlite may add files: no folder lets anyone else reach them.
      const folders = readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => path.join(entry.parentPath, entry.name));
      for (const folder of [dir, ...folders]) expect(statSync(folder).mode & 0o777).toBe(0o700);
      expect(openToOthers(dir)).toEqual([]);
    } finally {
      child.kill('SIGTERM');
      await exited(child);
    }
    expect(openToOthers(dir)).toEqual([]);
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);
});
