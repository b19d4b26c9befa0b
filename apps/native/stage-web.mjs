// The web app's build for the shell (apps/web/dist-native, made by `npm run native:sync` with
// the server's address in it) as the native projects carry it: without what only a web server
// uses (source maps, the .br and .gz copies, the route list the server reads, the screenshots of
// the web's install dialog), into www/, which `cap sync` copies into android/ and ios/.
import { cpSync, existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.resolve(here, '../web/dist-native');
const www = path.resolve(here, 'www');
const SERVER_ONLY = /(\.map|\.br|\.gz|[\\/]route-preloads\.json|[\\/]screenshots)$/;

if (!existsSync(path.join(dist, 'index.html'))) {
  console.error('No native web build: run `npm run native:sync`.');
  process.exit(1);
}
rmSync(www, { recursive: true, force: true });
cpSync(dist, www, { recursive: true, filter: (source) => !SERVER_ONLY.test(source) });
console.log(`staged the web build in ${path.relative(process.cwd(), www) || '.'}`);
