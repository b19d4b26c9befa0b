// Bundles the server (with @lesefuchs/core inlined from source) into dist/index.js, and the
// operator's command (`npm run admin` runs it from source) into dist/admin.js, and the embedded
// database's thread into dist/db/pglite-worker.js.
// The packages it uses are bundled too: loading them as hundreds of separate ES modules took
// about 400 ms of every start (resolving and reading each file), half of a restart's time. Left
// out: PGlite, which finds its WebAssembly and data files beside its own modules, and pg's
// optional native binding. CommonJS packages inside an ES module bundle get a `require`.
// Beside the worker goes an empty database (dist/db/empty-database.tar.gz), made here once with
// PostgreSQL's initdb: a first start loads it instead of running initdb, whose second WebAssembly
// instance peaked at ~700 MB.
import { writeFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { build } from 'esbuild';

await build({
  entryPoints: ['src/index.ts', 'src/admin.ts', 'src/db/pglite-worker.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: ['@electric-sql/pglite', 'pg-native'],
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});

const empty = await PGlite.create();
const dump = await empty.dumpDataDir('gzip');
await writeFile('dist/db/empty-database.tar.gz', Buffer.from(await dump.arrayBuffer()));
await empty.close();
