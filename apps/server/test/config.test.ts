import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { acquireDataDirLock, DataDirLockedError } from '../src/db/data-dir-lock.ts';

const made: string[] = [];
/** A fresh folder for one test's data directory, removed after the file's tests. */
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'lesefuchs-config-'));
  made.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('defaults to PGlite in ./data/pglite on port 3000 and generates a lasting secret', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dataDir, 'auth-secret'), 'utf8').trim()).toBe(config.authSecret);
    expect(loadConfig({ DATA_DIR: dataDir }).authSecret).toBe(config.authSecret);
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      DATABASE_URL: 'postgres://u:p@db:5432/lesefuchs',
    });
    expect(config.database).toEqual({
      kind: 'postgres',
      url: 'postgres://u:p@db:5432/lesefuchs',
      preparedStatements: true,
    });
    // Behind a pooler in transaction mode that cannot keep prepared statements.
    const pooled = loadConfig({
      DATA_DIR: tempDir(),
      DATABASE_URL: 'postgres://u:p@pooler:6432/lesefuchs',
      DATABASE_PREPARED_STATEMENTS: 'off',
    });
    expect(pooled.database).toMatchObject({ preparedStatements: false });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL: must start with postgres:// or postgresql://'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL: must start with smtp:// or smtps://'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ DATABASE_PREPARED_STATEMENTS: 'maybe' }, 'DATABASE_PREPARED_STATEMENTS'],
    [{ AUTH_SECRET: 'short' }, 'AUTH_SECRET: must be at least 32 characters'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
  ])('names the bad variable in %o', (env, expected) => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: tempDir(), ...env })).toThrow(expected);
  });

  it('requires AUTH_SECRET in production and both Google keys together', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: tempDir() })).toThrow(
      'AUTH_SECRET: required when NODE_ENV=production',
    );
    expect(() => loadConfig({ DATA_DIR: tempDir(), GOOGLE_CLIENT_ID: 'id' })).toThrow(
      'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together',
    );
  });
});

describe('data directory lock', () => {
  it('refuses a second holder with a message naming the directory and the holder', () => {
    const dir = tempDir();
    const release = acquireDataDirLock(dir);
    writeFileSync(path.join(dir, 'lesefuchs.lock'), `${process.ppid}\n`);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(
      `The data directory ${dir} is in use by another Lesefuchs process (pid ${process.ppid})`,
    );
    release();
    expect(() => acquireDataDirLock(dir)()).not.toThrow();
  });

  it('takes over a lock left by a process that no longer runs', () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'lesefuchs.lock'), '999999999\n');
    const release = acquireDataDirLock(dir);
    expect(readFileSync(path.join(dir, 'lesefuchs.lock'), 'utf8').trim()).toBe(String(process.pid));
    release();
  });
});

describe('the load limits (http/load-shedding.ts)', () => {
  it('default by database and follow the variables', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).load).toEqual({
      concurrency: 8,
      queue: 128,
      maxWaitMs: 5_000,
    });
    expect(
      loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: 'postgres://u:p@db:5432/l' }).load,
    ).toEqual({ concurrency: 32, queue: 512, maxWaitMs: 5_000 });
    expect(
      loadConfig({
        DATA_DIR: tempDir(),
        API_CONCURRENCY: '3',
        API_QUEUE: '0',
        API_QUEUE_TIMEOUT_MS: '500',
      }).load,
    ).toEqual({ concurrency: 3, queue: 0, maxWaitMs: 500 });
    expect(() => loadConfig({ DATA_DIR: tempDir(), API_CONCURRENCY: '0' })).toThrow(
      /API_CONCURRENCY/,
    );
  });
});
