import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { users } from '../src/db/schema/index.ts';
import { exited, startServerProcess } from './server-process.ts';

async function signUp(url: string, email: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        email,
        password: 'correct horse battery',
        name: `Durable${email.replace(/\D/g, '').padStart(5, '0')}`,
      }),
    });
    return response.status === 200;
  } catch {
    return false; // refused once the server stopped accepting: never acknowledged
  }
}

describe('graceful shutdown on PGlite', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lesefuchs-shutdown-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('SIGTERM during writes loses no acknowledged write, exits 0 and frees the data directory', async () => {
    const first = await startServerProcess(dataDir);
    const acknowledged: string[] = [];
    let stop = false;
    let counter = 0;
    const writer = async () => {
      while (!stop) {
        counter += 1;
        const email = `durable${counter}@example.com`;
        if (await signUp(first.url, email)) acknowledged.push(email);
        else if (stop) break;
      }
    };
    const writers = [writer(), writer(), writer()];
    while (acknowledged.length < 6) await new Promise((resolve) => setTimeout(resolve, 50));
    first.child.kill('SIGTERM');
    const killedAt = Date.now();
    const exitCode = await exited(first.child);
    expect(Date.now() - killedAt, 'shutdown waited out the grace period').toBeLessThan(9_000);
    stop = true;
    await Promise.all(writers);
    expect(exitCode).toBe(0);

    // Every acknowledged write is on disk: read the directory directly.
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    try {
      const rows = await database.db.select({ email: users.email }).from(users);
      const stored = new Set(rows.map((row) => row.email));
      expect(acknowledged.filter((email) => !stored.has(email))).toEqual([]);
    } finally {
      await database.close();
    }

    // The lock was released: the server starts again on the same directory.
    const second = await startServerProcess(dataDir);
    const health = await fetch(`${second.url}/api/health`);
    expect(await health.json()).toMatchObject({ status: 'ok', database: 'pglite' });

    // An idle keep-alive socket is kept 65 s (a client never sends on one being closed), and
    // still does not hold up the shutdown.
    const agent = new http.Agent({ keepAlive: true });
    const keepAlive = await new Promise<string | undefined>((resolve, reject) => {
      http
        .get(`${second.url}/api/health`, { agent }, (response) => {
          response.resume();
          response.on('end', () => resolve(response.headers['keep-alive']?.toString()));
        })
        .on('error', reject);
    });
    expect(keepAlive).toBe('timeout=65');
    second.child.kill('SIGTERM');
    const secondKilledAt = Date.now();
    expect(await exited(second.child)).toBe(0);
    expect(Date.now() - secondKilledAt, 'an idle socket held up the shutdown').toBeLessThan(5_000);
    agent.destroy();
  }, 120_000);
});
