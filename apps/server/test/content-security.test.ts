import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, inlineScriptHashes } from '../src/http/content-security.ts';
import { webAppOnly } from './harness.ts';

const THEME_SCRIPT = "document.documentElement.classList.add('dark');";
const INDEX = `<!doctype html><html><head><script>${THEME_SCRIPT}</script></head>
<body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>`;

describe('the Content-Security-Policy', () => {
  it('allows the inline scripts of index.html by their hash, and no other inline script', () => {
    const hash = createHash('sha256').update(THEME_SCRIPT).digest('base64');
    expect(inlineScriptHashes(INDEX)).toEqual([`'sha256-${hash}'`]);
    const policy = contentSecurityPolicy({ indexHtml: INDEX, https: false });
    expect(policy?.scriptSrc).toEqual(["'self'", `'sha256-${hash}'`]);
    expect(policy?.scriptSrc).not.toContain("'unsafe-inline'");
    expect(policy?.upgradeInsecureRequests).toBeUndefined();
    expect(
      contentSecurityPolicy({ indexHtml: null, https: true })?.upgradeInsecureRequests,
    ).toEqual([]);
  });

  it('is sent with the app and the API', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'lesefuchs-dist-'));
    writeFileSync(path.join(dist, 'index.html'), INDEX);
    const app = webAppOnly(dist);
    try {
      for (const url of ['/', '/stories/1', '/api/nothing-here']) {
        const policy = (await app.request(url)).headers.get('content-security-policy') ?? '';
        expect(policy, url).toContain("default-src 'self'");
        expect(policy, url).toContain("frame-ancestors 'none'");
        expect(policy, url).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
      }
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
