import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** A route's files beyond those index.html names, as the web build writes them. */
interface RoutePreload {
  path: string;
  scripts: string[];
  styles: string[];
}

/** The file the web build writes beside index.html (apps/web/route-preloads.ts). */
const ROUTE_PRELOADS_FILE = 'route-preloads.json';

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** A route pattern (`/stories/:id`, `*`) as a test of a request path. */
function matcher(pattern: string): (requestPath: string) => boolean {
  if (pattern === '*') return () => true;
  const source = pattern
    .split('/')
    .map((segment) =>
      segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  const expression = new RegExp(`^${source}/?$`);
  return (requestPath) => expression.test(requestPath);
}

/** Static paths first, then paths with parameters, then the catch-all, as the client router ranks them. */
const rank = (pattern: string) => (pattern === '*' ? 2 : pattern.includes(':') ? 1 : 0);

/**
 * The app's page for a request path: index.html naming, besides the app's own code, the files of
 * the screen that path shows (modulepreload), so the browser fetches them at once instead of
 * after the app's code has run. Without the build's route list, index.html as it is.
 */
export function routePages(distDir: string, indexHtml: string): (requestPath: string) => string {
  const file = path.join(distDir, ROUTE_PRELOADS_FILE);
  if (!existsSync(file)) return () => indexHtml;
  const routes = (JSON.parse(readFileSync(file, 'utf8')) as RoutePreload[])
    .map((route, order) => ({ ...route, order }))
    .sort((a, b) => rank(a.path) - rank(b.path) || a.order - b.order)
    .map((route) => {
      const links = [
        ...route.styles.map(
          (href) => `<link rel="stylesheet" crossorigin href="${escapeAttribute(href)}">`,
        ),
        ...route.scripts.map(
          (href) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(href)}">`,
        ),
      ];
      const page = indexHtml.replace('</head>', `\n    ${links.join('\n    ')}\n  </head>`);
      return { matches: matcher(route.path), page };
    });
  return (requestPath) => routes.find((route) => route.matches(requestPath))?.page ?? indexHtml;
}
