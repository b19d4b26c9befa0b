// `npm test`: every tier in order, stopping at the first failure.
//   1. lint and format (Biome)   2. types (tsc)   3. unit (vitest: core, content, web)
//   4. server integration (vitest: PGlite, and PostgreSQL when one answers)
//   5. end to end (Playwright in Debian's Chromium against the production build)
//   6. first-load budget of the build step 5 made (scripts/bundle-budget.mjs)
//   7. the native shell: the web app built for it, staged and synced into the Android and iOS
//      projects (`cap sync`; no SDK is needed for it, and none is here to build an app)
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';

// Vitest leaves one core free by default; on a two-core machine that is one worker. Each
// test file has its own databases and servers, so two run side by side.
const workers = ['--maxWorkers', String(Math.max(2, availableParallelism() - 1))];

const steps = [
  ['lint', 'npx', ['biome', 'ci', '.']],
  ['types', 'npm', ['run', 'typecheck']],
  ['unit', 'npx', ['vitest', 'run', '--project', 'unit', '--project', 'web', ...workers]],
  ['integration', 'npx', ['vitest', 'run', '--project', 'integration', ...workers]],
  ['e2e', 'node', ['scripts/e2e.mjs']],
  ['budget', 'node', ['scripts/bundle-budget.mjs']],
  ['native', 'npm', ['run', 'native:sync']],
];

const only = process.argv.slice(2);
const started = Date.now();
for (const [name, command, args] of steps) {
  if (only.length > 0 && !only.includes(name)) continue;
  console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`);
  const stepStart = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit' });
  const seconds = ((Date.now() - stepStart) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed after ${seconds} s`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${name} passed in ${seconds} s`);
}
console.log(`\nAll tiers passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
