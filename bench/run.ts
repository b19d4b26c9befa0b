// Runs every benchmark in bench/ (or those named) and prints its figures. Benchmarks measure;
// they do not fail the test suite, since timings on a shared machine vary.
//   npm run bench [-- content-import]
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const files = readdirSync(here)
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => only.length === 0 || only.includes(file.replace('.bench.ts', '')));

for (const file of files) {
  const bench = (await import(path.join(here, file))) as { run(): Promise<string[]> };
  console.log(`\n${file.replace('.bench.ts', '')}`);
  for (const line of await bench.run()) console.log(`  ${line}`);
}
