// Bundles the server (with @lesefuchs/core inlined from source) into dist/index.js, and the
// operator's command (`npm run admin` runs it from source) into dist/admin.js, and the embedded
// database's thread into dist/db/pglite-worker.js.
// Packages from node_modules stay external and are loaded at run time.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

await build({
  entryPoints: ['src/index.ts', 'src/admin.ts', 'src/db/pglite-worker.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: Object.keys(pkg.dependencies ?? {}),
  logLevel: 'warning',
});
