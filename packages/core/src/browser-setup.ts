// Evaluated first of core (see index.ts) and first of the web app's entry, before any schema
// parses. In a browser page or worker zod must never evaluate code: the app's
// Content-Security-Policy has no 'unsafe-eval', and zod's object compiler probes `new Function`
// on its first parse, which the browser reports as a violation. Without the compiler parsing is
// a little slower; the server keeps it.
//
// zod keeps its settings on `globalThis.__zod_globalConfig`, which it creates only when missing
// (zod/v4/core/core.js), so the setting is written there rather than through zod's `config()`:
// it is in place before zod loads, and a page that parses nothing does not load zod for it.
const inBrowser =
  typeof (globalThis as { document?: unknown }).document !== 'undefined' ||
  typeof (globalThis as { importScripts?: unknown }).importScripts === 'function';
const zodSettings = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
if (inBrowser) (zodSettings.__zod_globalConfig ??= {}).jitless = true;
