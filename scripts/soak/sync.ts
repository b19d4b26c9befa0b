// The long form of the sync fault-injection test: the same seeded runs (response dropped
// before or after commit, duplicate and reordered delivery, operations the database refuses,
// the session expiring), many more of them, on one database tier.
import {
  emptyFigures,
  FAULT_KINDS,
  faultRun,
  prepareFaultTarget,
} from '../../apps/server/test/sync-faults/fault-run.ts';
import { freshDatabase, startTestServer, targets } from '../../apps/server/test/test-server.ts';

/** How many problems are printed in full; the rest are counted. */
const SHOWN_PROBLEMS = 20;

export async function syncSoak(options: {
  runs: number;
  seed: number;
  db: 'pglite' | 'postgres';
}): Promise<boolean> {
  if (!targets.find((target) => target.name === options.db)?.available) {
    console.error(`sync soak: no PostgreSQL answers; run it with --db pglite or start one.`);
    return false;
  }
  const database = await freshDatabase(options.db);
  const server = await startTestServer(database.config);
  const figures = emptyFigures();
  const problems: string[] = [];
  const started = Date.now();
  const last = options.seed + options.runs - 1;
  console.log(`sync soak: ${options.runs} runs on ${options.db}, seeds ${options.seed}–${last}`);
  try {
    const target = await prepareFaultTarget(server);
    for (let seed = options.seed; seed <= last; seed++) {
      problems.push(...(await faultRun(target, seed, figures)));
      if (figures.runs % 500 === 0 || seed === last) {
        const seconds = Math.round((Date.now() - started) / 1000);
        console.log(
          `  ${figures.runs}/${options.runs} runs, ${figures.acknowledged} acknowledged, ${figures.lost} lost, ${figures.doubled} doubled (${seconds} s)`,
        );
      }
    }
  } finally {
    await server.close();
    await database.drop();
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  console.log(`
runs                      ${figures.runs}
operations                ${figures.operations} in ${figures.requests} requests
acknowledged              ${figures.acknowledged}
lost                      ${figures.lost}
applied twice or more     ${figures.doubled}
rejected, as they must    ${figures.rejectedAsExpected} (bad data)
rejected, though valid    ${figures.rejectedUnexpectedly}
faults                    ${FAULT_KINDS.map((kind) => `${kind} ${figures.faults[kind]}`).join(', ')}
time                      ${seconds} s`);
  for (const problem of problems.slice(0, SHOWN_PROBLEMS)) console.log(`  ! ${problem}`);
  if (problems.length > SHOWN_PROBLEMS)
    console.log(`  … and ${problems.length - SHOWN_PROBLEMS} more problems`);
  console.log(problems.length === 0 ? '\nsync soak: every rule held' : '\nsync soak: FAILED');
  return problems.length === 0;
}
