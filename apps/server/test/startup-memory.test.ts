import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/client.ts';
import { idleCollector, QUIET_MS } from '../src/runtime/collect-garbage.ts';
import { MALLOC_SETTING, mallocSettingHint } from '../src/runtime/malloc-setting.ts';

/** The words in the probe table, in order. */
async function words(database: DatabaseHandle): Promise<string[]> {
  const result = (await database.db.execute(
    sql`select word from restart_probe order by word`,
  )) as unknown as { rows: { word: string }[] };
  return result.rows.map((row) => row.word);
}

describe('the embedded database opened again in a fresh thread (after an import)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lesefuchs-pglite-restart-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps what was written, answers queries and still delivers notifications', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    try {
      await database.db.execute(sql`create table restart_probe (word text not null)`);
      await database.db.execute(sql`insert into restart_probe (word) values ('Fuchs')`);
      const heard: string[] = [];
      await database.listen('restart_probe', {
        onNotification: (payload) => heard.push(payload),
      });

      await database.releaseStartupMemory();

      expect(await words(database)).toEqual(['Fuchs']);
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into restart_probe (word) values ('Dachs')`);
      });
      await database.db.execute(sql`select pg_notify('restart_probe', 'after')`);
      await expect.poll(() => heard).toEqual(['after']);
    } finally {
      await database.close();
    }
    // Closed cleanly: the directory opens again with both rows.
    const again = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    try {
      expect(await words(again)).toEqual(['Dachs', 'Fuchs']);
    } finally {
      await again.close();
    }
  });
});

describe('the allocator setting hint in the start log', () => {
  it('names the setting on Linux when neither form of it is given', () => {
    if (process.platform !== 'linux') {
      expect(mallocSettingHint({})).toBeNull();
      return;
    }
    expect(mallocSettingHint({})).toContain('MALLOC_MMAP_THRESHOLD_=1048576');
    expect(mallocSettingHint({ ...MALLOC_SETTING })).toBeNull();
    expect(mallocSettingHint({ GLIBC_TUNABLES: 'glibc.malloc.mmap_threshold=1048576' })).toBeNull();
  });
});

describe('the collection when the server falls quiet', () => {
  afterEach(() => vi.useRealTimers());

  it('collects once, 10 s after the last request, and again only after new requests', () => {
    vi.useFakeTimers();
    const collect = vi.fn();
    const idle = idleCollector(collect, QUIET_MS);
    idle.touch();
    vi.advanceTimersByTime(5_000);
    idle.touch(); // a request 5 s in: quiet is counted from it
    vi.advanceTimersByTime(9_000);
    expect(collect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(collect).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(collect).toHaveBeenCalledTimes(1);
    idle.touch();
    vi.advanceTimersByTime(QUIET_MS);
    expect(collect).toHaveBeenCalledTimes(2);
    idle.touch();
    idle.stop();
    vi.advanceTimersByTime(QUIET_MS);
    expect(collect).toHaveBeenCalledTimes(2);
  });
});
