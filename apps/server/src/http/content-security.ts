import { createHash } from 'node:crypto';
import type { secureHeaders } from 'hono/secure-headers';

type PolicyOptions = NonNullable<Parameters<typeof secureHeaders>[0]>['contentSecurityPolicy'];

/** The inline `<script>` elements of an HTML page (those without `src`), as the browser hashes them. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = '', body = ''] = match;
    if (/\bsrc\s*=/i.test(attributes) || body.length === 0) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/**
 * The Content-Security-Policy of every response. Scripts: only the app's own files, plus the
 * inline theme script of index.html by its hash (it must run before the first paint, so it
 * cannot wait for a file); no 'unsafe-inline', no eval. Styles: the app's own CSS files only
 * (React and the UI libraries set styles through the CSSOM, which CSP does not govern).
 * Images: the app's, data/blob URLs, and Google profile pictures. Audio: the app's files and
 * the device cache's blob URLs. Nothing may frame the app, and no plugin runs.
 */
export function contentSecurityPolicy(options: {
  /** The built index.html, whose inline scripts are allowed by hash; null when not served. */
  indexHtml: string | null;
  /** Whether the public address is https: then plain-http subresources are upgraded. */
  https: boolean;
}): PolicyOptions {
  const self = "'self'";
  return {
    defaultSrc: [self],
    scriptSrc: [self, ...(options.indexHtml ? inlineScriptHashes(options.indexHtml) : [])],
    styleSrc: [self],
    imgSrc: [self, 'data:', 'blob:', 'https://*.googleusercontent.com'],
    mediaSrc: [self, 'blob:'],
    fontSrc: [self, 'data:'],
    connectSrc: [self],
    workerSrc: [self],
    manifestSrc: [self],
    objectSrc: ["'none'"],
    baseUri: [self],
    formAction: [self],
    frameAncestors: ["'none'"],
    ...(options.https ? { upgradeInsecureRequests: [] } : {}),
  };
}
