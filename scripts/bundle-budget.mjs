// The first-load budget of issue #16, on the production build (run after `npm run build`):
//   - the JavaScript needed to render `/` is at most 120 KB gzip, in at most 3 requests;
//   - every route's page names all the scripts its first render imports (modulepreload), so none
//     waits for another to arrive before it is requested (no chain deeper than the page's own);
//   - no two chunks import each other, directly or not: the community's chunk group leaves its
//     dependencies to the others (vite.config.ts), and a cycle would make the order in which
//     modules run depend on which chunk a page asks for first.
//   - the pages learners open most after `/` (the story list, a story, the flashcards) stay
//     within their own budgets of bytes and scripts (docs/decisions.md, "Few scripts per page").
// Sizes are gzip -9 of the built files: deterministic, so this is a fair test.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * First-load JavaScript per page, KB gzip and scripts with the app's own: `/` (issue #16's
 * budget; its files are listed), then the other pages Lighthouse measures.
 */
const PAGE_BUDGETS = {
  '/': { kb: 120, requests: 3 },
  '/stories': { kb: 122, requests: 4 },
  '/stories/:id': { kb: 132, requests: 4 },
  '/study/flashcards': { kb: 150, requests: 6 },
};

const dist = path.resolve(process.argv[2] ?? 'apps/web/dist');
if (!existsSync(path.join(dist, 'route-preloads.json'))) {
  console.error(`No web build in ${dist}: run \`npm run build\` first.`);
  process.exit(1);
}
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const routes = JSON.parse(readFileSync(path.join(dist, 'route-preloads.json'), 'utf8'));

const attribute = (tag, name) => new RegExp(`${name}="([^"]+)"`).exec(tag)?.[1];
const shell = [
  ...[...html.matchAll(/<script type="module"[^>]*>/g)].map((m) => attribute(m[0], 'src')),
  ...[...html.matchAll(/<link rel="modulepreload"[^>]*>/g)].map((m) => attribute(m[0], 'href')),
].filter(Boolean);

const source = (file) => readFileSync(path.join(dist, file), 'utf8');
const importsOf = new Map();
/** The files a script imports statically (dynamic imports load later, on demand), read once. */
function staticImports(file) {
  const known = importsOf.get(file);
  if (known) return known;
  const code = source(file);
  const found = new Set();
  for (const m of code.matchAll(
    /(?:^|[;}\s])import\s*(?:[\w$*{}\s,]+from\s*)?["'](\.\/[^"']+)["']/g,
  )) {
    found.add(path.posix.join(path.posix.dirname(file), m[1]));
  }
  importsOf.set(file, found);
  return found;
}
function closure(files) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const next of staticImports(file)) visit(next);
  };
  for (const file of files) visit(file);
  return seen;
}
const kb = (files) =>
  [...files].reduce((sum, file) => sum + gzipSync(source(file), { level: 9 }).length, 0) / 1024;

const problems = [];
for (const route of routes) {
  const named = new Set([...shell, ...route.scripts]);
  const needed = closure(named);
  const late = [...needed].filter((file) => !named.has(file));
  if (late.length > 0)
    problems.push(`${route.path}: ${late.join(', ')} imported but not named in the page`);
  const budget = PAGE_BUDGETS[route.path];
  if (budget) {
    const size = kb(needed);
    console.log(
      `first-load JavaScript of ${route.path}: ${size.toFixed(1)} KB gzip in ${needed.size} request(s) (budget ${budget.kb} KB, ${budget.requests} requests)`,
    );
    if (route.path === '/')
      for (const file of needed) console.log(`  ${file}  ${kb([file]).toFixed(1)} KB`);
    if (size > budget.kb)
      problems.push(
        `${route.path} needs ${size.toFixed(1)} KB gzip of JavaScript, over ${budget.kb} KB`,
      );
    if (needed.size > budget.requests)
      problems.push(`${route.path} needs ${needed.size} scripts, over ${budget.requests}`);
  }
}
const chunks = readdirSync(path.join(dist, 'assets'))
  .filter((file) => file.endsWith('.js'))
  .map((file) => `/assets/${file}`);
const visiting = new Set();
const done = new Set();
function findCycle(file, trail) {
  if (done.has(file)) return;
  if (visiting.has(file)) {
    const cycle = [...trail.slice(trail.indexOf(file)), file].map((name) => path.basename(name));
    problems.push(`chunks import each other: ${cycle.join(' → ')}`);
    return;
  }
  visiting.add(file);
  for (const next of staticImports(file)) findCycle(next, [...trail, file]);
  visiting.delete(file);
  done.add(file);
}
for (const chunk of chunks) findCycle(chunk, []);

if (!routes.some((route) => route.path === '/'))
  problems.push('route-preloads.json has no entry for /');
if (problems.length > 0) {
  for (const problem of problems) console.error(`✖ ${problem}`);
  process.exit(1);
}
console.log(
  `every route's page names the scripts its first render imports (${routes.length} routes)`,
);
