// Long fault runs that prove the data path holds, too slow for the test suite:
//   npm run soak -- sync  [--runs 10000] [--seed 1] [--db pglite|postgres]
//   npm run soak -- kill9 [--cycles 1000] [--seed 1]
// Each prints its progress and figures and exits 1 when a rule was broken.
import { parseArgs } from 'node:util';
import { kill9Soak } from './kill9.ts';
import { syncSoak } from './sync.ts';

const USAGE = `Usage:
  npm run soak -- sync  [--runs N] [--seed S] [--db pglite|postgres]
  npm run soak -- kill9 [--cycles N] [--seed S]`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: 'string', default: '10000' },
    cycles: { type: 'string', default: '1000' },
    seed: { type: 'string', default: '1' },
    db: { type: 'string', default: 'pglite' },
  },
});

/** A whole number of at least 1 from an option, or the usage and exit 2. */
function count(name: string, text: string | undefined): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 1) {
    console.error(`--${name} must be a whole number of at least 1, not "${text}".\n${USAGE}`);
    process.exit(2);
  }
  return value;
}

const [soak] = positionals;
const seed = count('seed', values.seed);
let ok: boolean;
if (soak === 'sync') {
  if (values.db !== 'pglite' && values.db !== 'postgres') {
    console.error(`--db must be pglite or postgres.\n${USAGE}`);
    process.exit(2);
  }
  ok = await syncSoak({ runs: count('runs', values.runs), seed, db: values.db });
} else if (soak === 'kill9') {
  ok = await kill9Soak({ cycles: count('cycles', values.cycles), seed });
} else {
  console.error(USAGE);
  process.exit(2);
}
process.exit(ok ? 0 : 1);
