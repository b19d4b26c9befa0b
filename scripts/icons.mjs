// Renders the app's PNG icons from its own artwork (apps/web/public/favicon.svg) with Debian's
// Chromium: 192 and 512 px ("any"), 512 px maskable (the fox inside the safe zone on the app's
// colour) and the 180 px apple-touch-icon. Run after changing the artwork; the PNGs are committed.
//   node scripts/icons.mjs
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..');
const svg = readFileSync(path.join(root, 'apps/web/public/favicon.svg'), 'utf8');
const out = path.join(root, 'apps/web/public/icons');
const BACKGROUND = '#fffaf3';

const ICONS = [
  { file: 'icon-192.png', size: 192, padding: 0.06, background: 'transparent' },
  { file: 'icon-512.png', size: 512, padding: 0.06, background: 'transparent' },
  // Maskable: everything that matters within the central 80 % circle.
  { file: 'icon-maskable-512.png', size: 512, padding: 0.2, background: BACKGROUND },
  { file: 'apple-touch-icon.png', size: 180, padding: 0.12, background: BACKGROUND },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    const inner = Math.round(icon.size * (1 - 2 * icon.padding));
    await page.setContent(
      `<html><body style="margin:0;background:${icon.background};display:grid;place-items:center;width:${icon.size}px;height:${icon.size}px">` +
        svg.replace('<svg ', `<svg width="${inner}" height="${inner}" `) +
        '</body></html>',
    );
    await page.screenshot({
      path: path.join(out, icon.file),
      omitBackground: icon.background === 'transparent',
    });
    await page.close();
  }
} finally {
  await browser.close();
}
console.log(`wrote ${ICONS.length} icons to ${path.relative(root, out)}`);
