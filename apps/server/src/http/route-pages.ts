import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { escapeHtml } from './html.ts';

/** A route's files beyond those index.html names, as the web build writes them. */
interface RoutePreload {
  path: string;
  scripts: string[];
  styles: string[];
  /** The API request of the screen's first render, e.g. `/api/stories/:id`. */
  data?: string;
}

/** The file the web build writes beside index.html (apps/web/route-preloads.ts). */
const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/** A route's parameters (`:id` in `/stories/:id`) are positive integers, as every id of the API. */
const ID = /^[1-9][0-9]{0,9}$/;

/**
 * A route pattern (`/stories/:id`, `*`) as a reading of a request path: its parameters when the
 * path matches, else null.
 */
function matcher(pattern: string): (requestPath: string) => Record<string, string> | null {
  if (pattern === '*') return () => ({});
  const names: string[] = [];
  const source = pattern
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(segment.slice(1));
      return '([^/]+)';
    })
    .join('/');
  const expression = new RegExp(`^${source}/?$`);
  return (requestPath) => {
    const found = expression.exec(requestPath);
    if (!found) return null;
    return Object.fromEntries(names.map((name, index) => [name, found[index + 1] ?? '']));
  };
}

/** The data URL with the path's parameters, or null when one is not an id. */
function dataUrl(template: string, params: Record<string, string>): string | null {
  let valid = true;
  const url = template.replace(/:(\w+)/g, (_whole, name: string) => {
    const value = params[name] ?? '';
    if (!ID.test(value)) valid = false;
    return value;
  });
  return valid ? url : null;
}

/**
 * The session check every page makes first (better-auth's client, with credentials), fetched
 * with the page's files instead of after the app's code has run: a screen that waits for it
 * (the flashcards, the header's account) is drawn a round trip sooner.
 */
const SESSION_PRELOAD =
  '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/auth/get-session">';

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
          (href) => `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}">`,
        ),
        ...route.scripts.map(
          (href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`,
        ),
      ];
      return { match: matcher(route.path), data: route.data, links: [...links, SESSION_PRELOAD] };
    });
  const page = (links: string[]) =>
    indexHtml.replace('</head>', `\n    ${links.join('\n    ')}\n  </head>`);
  const pages = new Map(routes.map((route) => [route, page(route.links)]));
  return (requestPath) => {
    for (const route of routes) {
      const params = route.match(requestPath);
      if (!params) continue;
      // The screen's first request, fetched alongside its code (same mode and credentials as
      // the app's fetch, so the browser hands the app this response).
      const url = route.data ? dataUrl(route.data, params) : null;
      if (!url) return pages.get(route) ?? indexHtml;
      return page([
        ...route.links,
        `<link rel="preload" as="fetch" crossorigin href="${escapeHtml(url)}">`,
      ]);
    }
    return indexHtml;
  };
}
