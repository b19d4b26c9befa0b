// The content issue's budget: the whole corpus imports in under 5 s on this machine (PGlite).
// Measures a first import into an empty database and a restart with unchanged content.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { importContent } from '../apps/server/src/content/importer.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';

const BUDGET_MS = 5_000;
const RUNS = 3;

export async function run(): Promise<string[]> {
  const lines: string[] = [];
  const first: number[] = [];
  const again: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const dir = mkdtempSync(path.join(tmpdir(), 'lesefuchs-bench-'));
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'pglite') });
    try {
      const fresh = await importContent(database.db);
      first.push(fresh.ms);
      if (i === 0) {
        lines.push(
          `corpus: ${fresh.stories.inserted} stories, ${fresh.vocabulary.inserted} vocabulary entries, ${fresh.forms} forms`,
        );
      }
      const unchanged = await importContent(database.db);
      again.push(unchanged.ms);
    } finally {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const median = (values: number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  lines.push(
    `first import (empty PGlite): median ${median(first)} ms of ${first.join(', ')} — budget ${BUDGET_MS} ms`,
  );
  lines.push(`restart with unchanged content: median ${median(again)} ms of ${again.join(', ')}`);
  if (median(first) > BUDGET_MS) lines.push('OVER BUDGET');
  return lines;
}
