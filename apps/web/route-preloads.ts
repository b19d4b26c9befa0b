import path from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { ROUTE_SCREENS } from './src/app/route-table';

/** What the server adds to the page of a route: its files beyond those index.html names. */
export interface RoutePreload {
  path: string;
  scripts: string[];
  styles: string[];
  /** The API request of the screen's first render, with the route's parameters. */
  data?: string;
}

export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

const chunksOf = (bundle: OutputBundle) =>
  Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');

/** A chunk and every chunk it imports statically, as file names. */
function withStaticImports(bundle: OutputBundle, start: OutputChunk): Set<string> {
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    const chunk = bundle[fileName];
    if (chunk?.type === 'chunk') for (const next of chunk.imports) visit(next);
  };
  visit(start.fileName);
  return seen;
}

/**
 * Writes route-preloads.json: for each route of the route table, the script and style files its
 * screen needs that index.html does not already load. The server names them in the page it sends
 * for that path, so the screen's code arrives with the app's instead of after it.
 */
export function routePreloads(): Plugin {
  let srcDir = 'src';
  return {
    name: 'lesefuchs-route-preloads',
    apply: 'build',
    configResolved(config) {
      srcDir = path.resolve(config.root, 'src');
    },
    generateBundle(_options, bundle) {
      const chunks = chunksOf(bundle);
      const entry = chunks.find((chunk) => chunk.isEntry && chunk.name === 'index');
      if (!entry) this.error('no entry chunk to compare the routes with');
      const loaded = withStaticImports(bundle, entry);
      const preloads: RoutePreload[] = ROUTE_SCREENS.map((route) => {
        const id = path.join(srcDir, route.module);
        const chunk =
          chunks.find((candidate) => candidate.facadeModuleId === id) ??
          chunks.find((candidate) => candidate.moduleIds.includes(id));
        if (!chunk) this.error(`no chunk for the screen of ${route.path} (${route.module})`);
        const files = [...withStaticImports(bundle, chunk)].filter((file) => !loaded.has(file));
        const styles = new Set<string>();
        for (const file of files) {
          const css = (bundle[file] as OutputChunk | undefined)?.viteMetadata?.importedCss;
          for (const style of css ?? []) styles.add(style);
        }
        return {
          ...(route.data ? { data: route.data } : {}),
          path: route.path,
          scripts: files.map((file) => `/${file}`),
          styles: [...styles].map((file) => `/${file}`),
        };
      });
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOADS_FILE,
        source: `${JSON.stringify(preloads, null, 2)}\n`,
      });
    },
  };
}
