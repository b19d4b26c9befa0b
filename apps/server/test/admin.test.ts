import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCli } from '../src/admin/cli.ts';
import { HANDOFF_FILE, readHandoff } from '../src/admin/handoff-file.ts';
import { openDatabase } from '../src/db/client.ts';
import { memberships, sharedCollections, users } from '../src/db/schema/index.ts';
import type { RealtimeEvent } from '../src/realtime/hub.ts';
import { freshDatabase, pathOf, sessionCookie, startTestServer, targets } from './harness.ts';
import { exited, startServerProcess } from './server-process.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const DAY_MS = 86_400_000;
const GRANTED = /^granted premium to (\S+) until (\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)\n$/;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end and collects its output. */
function run(command: string, args: string[], env: Record<string, string>, cwd = repoRoot) {
  return new Promise<Run>((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** `npm run admin -- …` as an operator types it, from the repository root. */
const npmAdmin = (args: string[], env: Record<string, string>) =>
  run('npm', ['run', '--silent', 'admin', '--', ...args], env);
/**
 * The same command run in this process, as `src/admin.ts` runs it (printing each part with a
 * line end): a process of its own costs seconds and `npmAdmin` already proves that path.
 */
async function admin(args: string[], env: Record<string, string>): Promise<Run> {
  const result = await runAdminCli(args, { ...process.env, ...env });
  return {
    code: result.exitCode,
    stdout: result.out ? `${result.out}\n` : '',
    stderr: result.err ? `${result.err}\n` : '',
  };
}

/** Signs a user up on a running server and confirms the address: returns the session cookie. */
async function signUpOver(url: string, email: string, name = 'Operator0001'): Promise<string> {
  const signedUp = await fetch(`${url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct horse battery', name }),
  });
  expect(signedUp.status).toBe(200);
  const mailbox = await fetch(`${url}/api/dev/mailbox?to=${encodeURIComponent(email)}`);
  const { messages } = (await mailbox.json()) as { messages: { links: string[] }[] };
  const link = messages[0]?.links[0];
  if (!link) throw new Error(`no confirmation e-mail to ${email}`);
  const confirmed = await fetch(`${url}${pathOf(link)}`, { redirect: 'manual' });
  const cookie = sessionCookie(confirmed);
  if (!cookie) throw new Error(`confirmation gave no session: ${confirmed.status}`);
  return cookie;
}

/** Reads Server-Sent Events until one named `name` arrives; resolves false after the timeout. */
async function sawEvent(response: Response, name: string, timeoutMs = 10_000) {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const deadline = Date.now() + timeoutMs;
  let buffer = '';
  try {
    while (Date.now() < deadline) {
      const chunk = await Promise.race([
        reader.read(),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), deadline - Date.now())),
      ]);
      if (!chunk || chunk.done) return false;
      buffer += decoder.decode(chunk.value, { stream: true });
      if (new RegExp(`^event: ${name}$`, 'm').test(buffer)) return true;
    }
    return false;
  } finally {
    await reader.cancel();
  }
}

describe('npm run admin -- premium, while a server runs on the embedded database', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lesefuchs-admin-'));
  const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
  const email = 'operator-live@example.com';
  let server: { child: ChildProcess; url: string };
  let cookie: string;
  const membership = async () =>
    (await fetch(`${server.url}/api/membership`, { headers: { Cookie: cookie } })).json();

  beforeAll(async () => {
    server = await startServerProcess(dataDir);
    cookie = await signUpOver(server.url, email);
  }, 120_000);
  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await exited(server.child);
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the server offers its hand-off in a file only its user can read, on a loopback port of its own', async () => {
    const file = path.join(dataDir, HANDOFF_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const handoff = readHandoff(dataDir);
    expect(handoff?.pid).toBe(server.child.pid);
    expect(handoff?.token.length).toBeGreaterThanOrEqual(32);
    expect(String(handoff?.port)).not.toBe(new URL(server.url).port);

    const admin = `http://127.0.0.1:${handoff?.port}/premium`;
    const body = JSON.stringify({ action: 'revoke', email });
    const noToken = await fetch(admin, { method: 'POST', body });
    expect(noToken.status).toBe(401);
    const wrongToken = await fetch(admin, {
      method: 'POST',
      body,
      headers: { Authorization: 'Bearer not-the-token' },
    });
    expect(wrongToken.status).toBe(401);
    const proxied = await fetch(admin, {
      method: 'POST',
      body,
      headers: { Authorization: `Bearer ${handoff?.token}`, 'X-Forwarded-For': '203.0.113.9' },
    });
    expect(proxied.status).toBe(403);
    // Nothing of the admin routes is on the public port.
    const publicPort = await fetch(`${server.url}/api/admin/premium`, {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'application/json' },
    });
    expect(publicPort.status).toBe(404);
    expect(await membership()).toMatchObject({ subscription_status: 'none' });
  });

  it('grants premium through the running server, which tells the open app', async () => {
    const events = await fetch(`${server.url}/api/events`, { headers: { Cookie: cookie } });
    const told = sawEvent(events, 'membership');
    const before = Date.now();
    const granted = await npmAdmin(['premium', email, '--days', '30'], env);
    expect(granted.code, granted.stderr).toBe(0);
    const [, who, until] = GRANTED.exec(granted.stdout) ?? [];
    expect(who).toBe(email);
    const expiresAt = new Date(until ?? '').getTime();
    expect(expiresAt).toBeGreaterThanOrEqual(before + 30 * DAY_MS);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS);
    expect(await membership()).toEqual({
      is_premium: true,
      subscription_status: 'active',
      premium_expires_at: until,
    });
    expect(await told).toBe(true);

    const extended = await admin(['premium', email.toUpperCase(), '--days', '5'], env);
    expect(extended.code, extended.stderr).toBe(0);
    expect(extended.stdout).toBe(
      `granted premium to ${email} until ${new Date(expiresAt + 5 * DAY_MS).toISOString()}\n`,
    );
  }, 60_000);

  it('says clearly when no user has the address, exiting non-zero', async () => {
    const unknown = await admin(['premium', 'nobody@example.com', '--days', '30'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr).toBe(
      `error: No user has the e-mail address nobody@example.com in the database of the running server (pid ${server.child.pid}).\n`,
    );
  }, 60_000);

  it('revokes premium through the running server', async () => {
    const revoked = await npmAdmin(['premium', email, '--revoke'], env);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(revoked.stdout).toBe(`revoked premium of ${email}\n`);
    expect(await membership()).toEqual({
      is_premium: false,
      subscription_status: 'none',
      premium_expires_at: null,
    });
  }, 60_000);

  it('once the server stops, the hand-off is gone and the command opens the database itself', async () => {
    server.child.kill('SIGTERM');
    expect(await exited(server.child)).toBe(0);
    expect(existsSync(path.join(dataDir, HANDOFF_FILE))).toBe(false);

    const granted = await admin(['premium', email, '--days', '3'], env);
    expect(granted.code, granted.stderr).toBe(0);
    expect(granted.stdout).toMatch(GRANTED);
    // The command let go of the data directory: the server starts on it again and agrees.
    server = await startServerProcess(dataDir);
    const again = await fetch(`${server.url}/api/membership`, { headers: { Cookie: cookie } });
    expect(await again.json()).toMatchObject({
      is_premium: true,
      subscription_status: 'active',
      premium_expires_at: GRANTED.exec(granted.stdout)?.[2],
    });
  }, 120_000);
});

describe('npm run admin -- collections, while a server runs on the embedded database', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lesefuchs-admin-collections-'));
  const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
  let server: { child: ChildProcess; url: string };
  let creator: string;
  let reader: string;
  let id: string;
  const api = (cookie: string, method: string, route: string, body?: unknown) =>
    fetch(`${server.url}/api/community${route}`, {
      method,
      headers: { Cookie: cookie, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  beforeAll(async () => {
    server = await startServerProcess(dataDir);
    creator = await signUpOver(server.url, 'creator@example.com', 'Sammelnde0001');
    reader = await signUpOver(server.url, 'reader@example.com', 'Lesende0002');
    const words = (await (await fetch(`${server.url}/api/vocabulary?limit=3`)).json()) as {
      entries: { id: number }[];
    };
    const vocabularyIds = words.entries.map((word) => word.id);
    const made = await api(creator, 'POST', '/collections', {
      name: 'Erste Wörter',
      kind: 'word_list',
      visibility: 'public',
      vocabularyIds,
    });
    expect(made.status, await made.clone().text()).toBe(201);
    id = ((await made.json()) as { id: string }).id;
    expect(
      (await api(reader, 'POST', `/collections/${id}/report`, { reason: 'spam' })).status,
    ).toBe(202);
  }, 120_000);
  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await exited(server.child);
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('lists the reported, hides and shows a collection through the running server', async () => {
    const reported = await npmAdmin(['collections', 'reported'], env);
    expect(reported.code, reported.stderr).toBe(0);
    expect(reported.stdout).toBe(`${id}  1 report  shown  Erste Wörter\n`);

    const hidden = await admin(['collections', 'hide', id], env);
    expect(hidden.code, hidden.stderr).toBe(0);
    expect(hidden.stdout).toBe(`hid collection ${id}  1 report  hidden  Erste Wörter\n`);
    expect((await api(reader, 'GET', `/collections/${id}`)).status).toBe(404);
    expect((await api('', 'GET', `/collections/${id}`)).status).toBe(404);
    const listed = (await (await api(reader, 'GET', '/collections')).json()) as {
      items: unknown[];
    };
    expect(listed.items).toEqual([]);
    expect(await (await api(creator, 'GET', `/collections/${id}`)).json()).toMatchObject({
      hidden: true,
      mine: true,
    });
    expect((await admin(['collections', 'reported'], env)).stdout).toBe(
      `${id}  1 report  hidden  Erste Wörter\n`,
    );

    const shown = await admin(['collections', 'unhide', id], env);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toBe(`unhid collection ${id}  1 report  shown  Erste Wörter\n`);
    expect((await api(reader, 'GET', `/collections/${id}`)).status).toBe(200);

    const unknown = await admin(['collections', 'hide', 'AAAAAAAAAAAA'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe(
      `error: No collection has the id AAAAAAAAAAAA in the database of the running server (pid ${server.child.pid}).\n`,
    );
  }, 60_000);
});

describe.each(targets)(
  'npm run admin -- premium on the database itself ($name)',
  ({ name, available }) => {
    let database: Awaited<ReturnType<typeof freshDatabase>>;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lesefuchs-admin-direct-'));
    const email = `direct-${name}@example.com`;
    let userId: string;
    const env = () =>
      database.config.kind === 'postgres'
        ? { DATA_DIR: dataDir, DATABASE_URL: database.config.url }
        : { DATA_DIR: dataDir, DATABASE_URL: '' };
    const stored = async () => {
      const handle = await openDatabase(database.config);
      try {
        const [row] = await handle.db
          .select()
          .from(memberships)
          .where(eq(memberships.userId, userId));
        return row;
      } finally {
        await handle.close();
      }
    };

    beforeAll(async () => {
      if (!available) return;
      database = await freshDatabase(name);
      if (database.config.kind === 'pglite') {
        database.config = { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') };
      }
      const handle = await openDatabase(database.config);
      try {
        userId = `user-${name}-direct`;
        await handle.db.insert(users).values({ id: userId, name: `Direct${name}`, email });
      } finally {
        await handle.close();
      }
    }, 60_000);
    afterAll(async () => {
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it.skipIf(!available)(
      'grants and revokes, and releases the data directory',
      async () => {
        const granted = await admin(['premium', email, '--days', '10'], env());
        expect(granted.code, granted.stderr).toBe(0);
        const until = GRANTED.exec(granted.stdout)?.[2];
        expect(until).toBeDefined();
        expect((await stored())?.premiumExpiresAt?.toISOString()).toBe(until);
        expect(existsSync(path.join(dataDir, 'lesefuchs.lock'))).toBe(false);

        const revoked = await admin(['premium', email, '--revoke'], env());
        expect(revoked.code, revoked.stderr).toBe(0);
        expect(revoked.stdout).toBe(`revoked premium of ${email}\n`);
        expect(await stored()).toMatchObject({ status: 'none', premiumExpiresAt: null });

        const unknown = await admin(['premium', 'nobody@example.com', '--revoke'], env());
        expect(unknown.code).toBe(1);
        expect(unknown.stderr).toMatch(
          /^error: No user has the e-mail address nobody@example\.com in /,
        );

        const handle = await openDatabase(database.config);
        try {
          await handle.db.insert(sharedCollections).values({
            id: 'DirectList01',
            creatorId: userId,
            name: 'Direkt',
            type: 'word_list',
            content: [],
            isPublic: true,
            level: 'A1',
            wordCount: 0,
          });
        } finally {
          await handle.close();
        }
        const hidden = await admin(['collections', 'hide', 'DirectList01'], env());
        expect(hidden.code, hidden.stderr).toBe(0);
        expect(hidden.stdout).toBe('hid collection DirectList01  0 reports  hidden  Direkt\n');
        expect((await admin(['collections', 'reported'], env())).stdout).toBe(
          'no reported collections\n',
        );
      },
      60_000,
    );

    // Only PostgreSQL has a second server on one database (PGlite is one process's own).
    if (name === 'postgres') {
      it.skipIf(!available)(
        'on PostgreSQL, a server on the same database hears of the change',
        async () => {
          const server = await startTestServer(database.config);
          const events: RealtimeEvent[] = [];
          const stop = server.hub.subscribe(userId, (event) => events.push(event));
          try {
            const granted = await admin(['premium', email, '--days', '1'], env());
            expect(granted.code, granted.stderr).toBe(0);
            const deadline = Date.now() + 5_000;
            while (events.length === 0 && Date.now() < deadline) {
              await new Promise((resolve) => setTimeout(resolve, 20));
            }
            expect(events).toEqual([{ type: 'membership' }]);
          } finally {
            stop();
            await server.close();
          }
        },
        60_000,
      );
    }
  },
);

describe('npm run admin: arguments', () => {
  const config = { DATA_DIR: path.join(tmpdir(), 'lesefuchs-admin-never-opened') };

  it('prints the usage for --help, exiting 0', async () => {
    const help = await runAdminCli(['--help'], config);
    expect(help.exitCode).toBe(0);
    expect(help.out).toMatch(/^Usage: npm run admin -- <command>/);
    expect(help.out).toContain('premium <email> --days <N>');
    expect(help.out).toContain('premium <email> --revoke');
    expect(help.out).toContain('collections hide <id>');
    expect(help.out).toContain('collections unhide <id>');
    expect(help.out).toContain('collections reported');
  });

  it('refuses wrong arguments with a message and the usage, exiting 64', async () => {
    const cases: [string[], string][] = [
      [[], 'Name a command.'],
      [['grant', 'a@b.c'], 'Unknown command "grant".'],
      [['premium'], 'premium: name the user’s e-mail address.'],
      [['premium', 'a@b.c'], 'premium: give either --days <N> or --revoke.'],
      [
        ['premium', 'a@b.c', '--days', '3', '--revoke'],
        'premium: give either --days <N> or --revoke.',
      ],
      [['premium', 'a@b.c', '--days', 'ten'], 'premium: --days must be a whole number, got "ten".'],
      [
        ['premium', 'a@b.c', '--days', '0'],
        'premium: --days must be a whole number from 1 to 3650.',
      ],
      [
        ['premium', 'a@b.c', '--days', '3651'],
        'premium: --days must be a whole number from 1 to 3650.',
      ],
      [['premium', 'someone', '--revoke'], 'premium: "someone" must be an e-mail address.'],
      [['premium', 'a@b.c', 'd@e.f', '--revoke'], 'premium: unexpected "d@e.f".'],
      [['collections'], 'collections: say hide, unhide or reported.'],
      [['collections', 'hide'], 'collections hide: name the collection’s id.'],
      [
        ['collections', 'hide', 'nope'],
        'collections hide: "nope" is not a collection id (12 letters and digits).',
      ],
      [
        ['collections', 'delete', 'AAAAAAAAAAAA'],
        'collections: unknown action "delete" (hide, unhide or reported).',
      ],
      [['collections', 'reported', 'all'], 'collections: unexpected "all".'],
      [
        ['collections', 'hide', 'AAAAAAAAAAAA', '--days', '3'],
        'collections: --days and --revoke are options of premium.',
      ],
    ];
    for (const [argv, message] of cases) {
      const result = await runAdminCli(argv, config);
      expect(result.exitCode, argv.join(' ')).toBe(64);
      expect(result.err?.split('\n')[0]).toBe(`error: ${message}`);
      expect(result.err).toContain('Usage: npm run admin');
    }
    const unknownOption = await runAdminCli(['premium', 'a@b.c', '--weeks', '2'], config);
    expect(unknownOption.exitCode).toBe(64);
    expect(existsSync(config.DATA_DIR)).toBe(false);
  });

  it('stops on an invalid configuration as the server does, exiting 78', async () => {
    const result = await runAdminCli(['premium', 'a@b.c', '--revoke'], {
      ...config,
      DATABASE_URL: 'mysql://nope',
    });
    expect(result.exitCode).toBe(78);
    expect(result.err).toContain('DATABASE_URL: must start with postgres:// or postgresql://');
  });
});
