import { config } from 'zod/v4/core';

// Evaluated first of core (see index.ts), before any schema parses. In a browser page or
// worker zod must never evaluate code: the app's Content-Security-Policy has no 'unsafe-eval',
// and zod's object compiler probes `new Function` on its first parse, which the browser reports
// as a violation. Without the compiler parsing is a little slower; the server keeps it.
const inBrowser =
  typeof (globalThis as { document?: unknown }).document !== 'undefined' ||
  typeof (globalThis as { importScripts?: unknown }).importScripts === 'function';
if (inBrowser) config({ jitless: true });
