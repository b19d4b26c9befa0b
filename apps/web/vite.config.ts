import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { ChunkingContext } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { preactAliases } from './preact-aliases';
import { routePreloads } from './route-preloads';
import { ROUTE_SCREENS } from './src/app/route-table';

/**
 * Brotli and gzip copies of every text file of the build (max quality: it happens once), which
 * the server sends to a browser that accepts them; files under 1 KB stay as they are.
 */
function precompress(): Plugin {
  const compressible = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
  let outDir = 'dist';
  return {
    name: 'lesefuchs-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const files = readdirSync(outDir, { recursive: true, encoding: 'utf8' });
      for (const file of files) {
        const full = path.join(outDir, file);
        if (!compressible.test(file) || statSync(full).size < 1024) continue;
        const body = readFileSync(full);
        writeFileSync(
          `${full}.br`,
          brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${full}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

const LUCIDE_INDEX = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/;

/** lucide-react's index as a map of export name → icon module, read once per build. */
let lucideFiles: Map<string, string> | null = null;

function lucideFilesOf(barrelId: string): Map<string, string> {
  if (lucideFiles) return lucideFiles;
  lucideFiles = new Map();
  for (const line of readFileSync(barrelId, 'utf8').matchAll(
    /export\s*\{([^}]*)\}\s*from\s*'(\.\/icons\/[^']+)'/g,
  )) {
    for (const exported of (line[1] ?? '').split(',')) {
      const name = exported.trim().split(/\s+as\s+/)[1];
      if (name && line[2]) lucideFiles.set(name, path.resolve(path.dirname(barrelId), line[2]));
    }
  }
  return lucideFiles;
}

/**
 * The icon modules a source file imports from lucide-react's index, by the index's own export
 * lines (`export { default as ArrowLeft, … } from './icons/arrow-left.mjs'`).
 */
function lucideIconsOf(moduleId: string, barrelId: string): string[] {
  const source = readFileSync(moduleId, 'utf8');
  const names = [...source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'lucide-react'/g)].flatMap(
    (found) => (found[1] ?? '').split(',').map((name) => name.trim().split(/\s+as\s+/)[0] ?? ''),
  );
  const files = lucideFilesOf(barrelId);
  return names.flatMap((name) => files.get(name) ?? []);
}

const src = (file: string) => path.resolve(import.meta.dirname, 'src', file);
const screen = (file: string) => src(path.join('features', file));

/**
 * The modules the given screens import, directly or not (statically). Of lucide-react's index
 * only the icons the files name: the index imports every icon the app uses anywhere, which would
 * all have ridden along.
 */
function closureOf(screens: string[], context: ChunkingContext, also: string[] = []) {
  const modules = new Set<string>();
  const visit = (moduleId: string) => {
    if (modules.has(moduleId)) return;
    modules.add(moduleId);
    for (const next of context.getModuleInfo(moduleId)?.importedIds ?? []) {
      if (LUCIDE_INDEX.test(next)) {
        for (const icon of lucideIconsOf(moduleId, next)) visit(icon);
      } else visit(next);
    }
  };
  for (const moduleId of [...screens, ...also]) visit(moduleId);
  return modules;
}

/** The community's icons: see `homeChunk`. */
function communityIcons(context: ChunkingContext): string[] {
  const community = screen('community');
  return readdirSync(community).flatMap((file) => {
    const moduleId = path.join(community, file);
    const barrel = context
      .getModuleInfo(moduleId)
      ?.importedIds.find((next) => LUCIDE_INDEX.test(next));
    return barrel ? lucideIconsOf(moduleId, barrel) : [];
  });
}

let homeModules: Set<string> | null = null;
/**
 * 'home' for the modules the home screen imports, directly or not (chunk naming), and the
 * community's icons: its group leaves its dependencies to the others, and an icon only a
 * community screen uses would land in that screen's chunk, which imports the community's chunk
 * that imports it back (a cycle).
 */
function homeChunk(id: string, context: ChunkingContext) {
  homeModules ??= closureOf([screen('home/HomeScreen.tsx')], context, communityIcons(context));
  return homeModules.has(id) ? 'home' : null;
}

/**
 * The modules that two or more of the app's lazily loaded modules (screens, dialogs, background
 * work) import, directly or not, once per build: what the bundler would put in a shared chunk.
 */
let sharedModules: Set<string> | null = null;
function sharedByLazyModules(context: ChunkingContext): Set<string> {
  if (sharedModules) return sharedModules;
  const lazy = new Set<string>();
  const seen = new Set<string>();
  const visit = (moduleId: string) => {
    if (seen.has(moduleId)) return;
    seen.add(moduleId);
    const info = context.getModuleInfo(moduleId);
    for (const next of info?.dynamicallyImportedIds ?? []) lazy.add(next);
    for (const next of [...(info?.importedIds ?? []), ...(info?.dynamicallyImportedIds ?? [])])
      visit(next);
  };
  visit(src('main.tsx'));
  const counts = new Map<string, number>();
  for (const entry of lazy)
    for (const moduleId of closureOf([entry], context))
      counts.set(moduleId, (counts.get(moduleId) ?? 0) + 1);
  sharedModules = new Set([...counts].filter(([, count]) => count >= 2).map(([id]) => id));
  return sharedModules;
}

/** The forms' fields: a group of their own (below), which a screen's group must not take. */
const FORM_FIELDS = /[\\/]src[\\/]components[\\/]Form\.tsx$/;

/**
 * A chunk for what the given screens share with any other screen, beyond the groups above it:
 * one script instead of the several that the groups of screens sharing each part make.
 * Lighthouse's phone model, like a phone on HTTP/1.1, opens at most six connections to a
 * server, and a page's style, session check, data and manifest with eight scripts went in two
 * rounds, each a round trip and a slow start more. What one screen alone imports stays with
 * it, so no page carries another's screen.
 */
function screensChunk(name: string, screens: string[]) {
  let modules: Set<string> | null = null;
  return (id: string, context: ChunkingContext) => {
    if (!modules) {
      const shared = sharedByLazyModules(context);
      modules = new Set(
        [...closureOf(screens.map(screen), context)].filter(
          (moduleId) => shared.has(moduleId) && !FORM_FIELDS.test(moduleId),
        ),
      );
    }
    return modules.has(id) ? name : null;
  };
}

/**
 * The server the native shell's build talks to (`npm run native:sync`, mode `native`): its
 * `PUBLIC_URL`, from LESEFUCHS_SERVER_URL. The web's build talks to its own origin.
 */
function serverOrigin(mode: string): string {
  if (mode !== 'native') return '';
  const url = new URL(process.env.LESEFUCHS_SERVER_URL ?? 'http://localhost:3000');
  return url.origin;
}

/**
 * React Router's production build for a production bundle: its package names only the
 * development build, whose route warnings (checked on every render of the routes) and their
 * texts would ship to every learner. Tests and the dev server keep the warnings.
 */
function reactRouterBuild(mode: string): Record<string, string> {
  if (mode !== 'production') return {};
  const root = path.dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
  return { 'react-router': path.join(root, 'dist/production/index.mjs') };
}

export default defineConfig(({ mode }) => ({
  define: { 'import.meta.env.VITE_SERVER_URL': JSON.stringify(serverOrigin(mode)) },
  resolve: { alias: { ...preactAliases, ...reactRouterBuild(mode) } },
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: false,
      filename: 'sw.js',
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
      manifest: {
        name: 'Lesefuchs',
        short_name: 'Lesefuchs',
        description: 'Learn German by reading graded stories.',
        lang: 'en',
        start_url: '/',
        display: 'standalone',
        background_color: '#fffaf3',
        theme_color: '#c2410c',
        icons: [
          { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: '/icons/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
        // (The richer install dialog of Chrome shows these; made from the E2E screenshots.)
        screenshots: [
          {
            src: '/screenshots/home-phone.png',
            sizes: '390x844',
            type: 'image/png',
            form_factor: 'narrow',
            label: 'Home: stories, audios, flashcards and the quiz',
          },
          {
            src: '/screenshots/home-desktop.png',
            sizes: '1400x900',
            type: 'image/png',
            form_factor: 'wide',
            label: 'Home on a desktop',
          },
        ],
        id: '/',
        scope: '/',
        categories: ['education'],
      },
      workbox: {
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        globPatterns: ['**/*.{js,css,html,svg,woff2}'],
      },
    }),
    routePreloads(),
    precompress(),
  ],
  server: {
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    target: 'es2022',
    rolldownOptions: {
      experimental: { lazyBarrel: true },
      output: {
        codeSplitting: {
          // The home page in two scripts: everything the first render of any page needs (the app),
          // and everything the home screen needs beyond it. Any other page adds what two or more
          // screens share and its own screen.
          groups: [
            // (zod is reachable from modules the first render imports for other exports; the
            // schemas that need it load with the screens that use them)
            {
              name: 'app',
              tags: ['$initial'],
              test: (id) => !/[\\/]zod[\\/]/.test(id),
              priority: 2,
            },
            { name: homeChunk, priority: 1 },
            // The story list and a story: the app, home, reading and the screen (3-4 scripts).
            {
              name: screensChunk('reading', [
                'stories/StoryListScreen.tsx',
                'stories/StoryScreen.tsx',
              ]),
              priority: 0.9,
            },
            // The flashcards: the same and study, what they share beyond reading.
            {
              name: screensChunk('study', ['flashcards/FlashcardsScreen.tsx']),
              priority: 0.85,
            },
            // What the ends of a story, a flashcard session and a quiz share (the streak moment,
            // the next story, key hints): small, so the shared group below would merge it into
            // the flashcards' scheduler and its schemas, which a story page never needs.
            {
              name: 'activity-end',
              test: /[\\/](use-streak-moment|StreakMoment|NextStoryLink|next-story|keyboard-in-use)\.tsx?$/,
              priority: 0.5,
            },
            // Capacitor's runtime and plugins: the native shell's alone (the web never loads them),
            // which merging small groups would otherwise join to the sign-in screens' code.
            { name: 'capacitor', test: /[\\/]@capacitor[\\/]/, priority: 0.45 },
            // The community's code and texts, shared by its screens, the vocabulary's share
            // dialog and the settings: a group of its own, or merging small groups put it into
            // chunks the story pages need.
            {
              name: 'community',
              test: /[\\/]features[\\/]community[\\/]/,
              priority: 0.4,
              includeDependenciesRecursively: false,
              entriesAware: true,
              entriesAwareMergeThreshold: 8 * 1024,
            },
            // better-auth's client and what the account's screens share (sign-in, sign-up, the
            // password reset, the e-mail confirmation, the profile): one chunk they load, which
            // no other page needs. Left to the shared group, it joined the menus' and the
            // preferences' code and a sign-up page took ten scripts.
            {
              name: 'account',
              test: /[\\/](better-auth|@better-auth|@better-fetch|better-call|nanostores|defu)[\\/]|[\\/]src[\\/](lib[\\/]auth-client|texts[\\/]auth|locales[\\/]en[\\/]auth|features[\\/]auth[\\/](messages|GoogleSignIn|PasswordStrength|email-request-limits)|validation[\\/](password|email-requests))\.(tsx?|json)$/,
              priority: 0.42,
              includeDependenciesRecursively: false,
            },
            // The English texts two or more screens share that none of the groups above took
            // (`texts/<group>.ts`): one small chunk. Left to the shared group, each joined a
            // chunk of code of other screens (the quiz's texts the preferences' fields), which
            // every page needing the texts then loaded.
            {
              name: 'texts',
              test: /[\\/]src[\\/](texts[\\/]\w+\.ts|locales[\\/]en[\\/]\w+\.json)$/,
              minShareCount: 2,
              priority: 0.38,
            },
            // The forms' fields and messages, shared by the sign-in screens, the profile and the
            // preferences: a chunk of their own. Merged into a small group, they joined the
            // preferences panel, whose fields import them, and the two chunks imported each other.
            {
              name: 'forms',
              test: /[\\/]src[\\/]components[\\/]Form\.tsx$/,
              priority: 0.35,
              includeDependenciesRecursively: false,
            },
            {
              name: 'shared',
              minShareCount: 2,
              entriesAware: true,
              entriesAwareMergeThreshold: 32 * 1024,
            },
          ],
        },
      },
    },
  },
}));
