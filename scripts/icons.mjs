// Renders the app's PNG icons from its own artwork (apps/web/public/favicon.svg) with Debian's
// Chromium: 192 and 512 px ("any"), 512 px maskable (the fox inside the safe zone on the app's
// colour) and the 180 px apple-touch-icon; and every icon and splash image of the native
// projects (apps/native/android, apps/native/ios) at the size the project gives it. Run after
// changing the artwork; the PNGs are committed.
//   node scripts/icons.mjs
import { readdirSync, readFileSync } from 'node:fs';
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

/** Width and height of a PNG, from its header. */
function pngSize(file) {
  const header = readFileSync(file).subarray(16, 24);
  return { width: header.readUInt32BE(0), height: header.readUInt32BE(4) };
}

const nativeRoot = path.join(root, 'apps/native');
const pngsUnder = (dir) =>
  readdirSync(path.join(nativeRoot, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.png'))
    .map((file) => path.join(nativeRoot, dir, file));

/**
 * How each native image shows the fox: `fox` is its share of the shorter side. Android's
 * adaptive foreground keeps it inside the 66/108 safe zone; launcher icons and iOS's (which
 * may not be transparent) sit on the app's colour; splash screens show a small fox centred.
 */
function nativeLook(file) {
  const name = path.basename(file);
  if (name === 'ic_launcher_foreground.png') return { fox: 0.5, background: 'transparent' };
  if (name === 'ic_launcher_round.png') return { fox: 0.66, background: BACKGROUND, round: true };
  if (name === 'ic_launcher.png') return { fox: 0.72, background: BACKGROUND };
  if (name.startsWith('AppIcon')) return { fox: 0.76, background: BACKGROUND };
  if (name.startsWith('splash')) return { fox: 0.22, background: BACKGROUND };
  return null;
}
const NATIVE = [
  ...pngsUnder('android/app/src/main/res'),
  ...pngsUnder('ios/App/App/Assets.xcassets'),
].flatMap((file) => {
  const look = nativeLook(file);
  return look ? [{ file, ...pngSize(file), ...look }] : [];
});

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});

/** The fox, `inner` px square, centred on a `width` × `height` image. */
async function render({ width, height, inner, background, round = false, file }) {
  const page = await browser.newPage({ viewport: { width, height } });
  const shape = round ? 'border-radius:50%;' : '';
  await page.setContent(
    `<html><body style="margin:0;background:transparent"><div style="${shape}background:${background};display:grid;place-items:center;width:${width}px;height:${height}px">` +
      svg.replace('<svg ', `<svg width="${inner}" height="${inner}" `) +
      '</div></body></html>',
  );
  await page.screenshot({ path: file, omitBackground: background === 'transparent' || round });
  await page.close();
}

try {
  for (const icon of ICONS) {
    const inner = Math.round(icon.size * (1 - 2 * icon.padding));
    await render({
      width: icon.size,
      height: icon.size,
      inner,
      background: icon.background,
      file: path.join(out, icon.file),
    });
  }
  for (const image of NATIVE) {
    const inner = Math.round(Math.min(image.width, image.height) * image.fox);
    await render({ ...image, inner });
  }
} finally {
  await browser.close();
}
console.log(
  `wrote ${ICONS.length} icons to ${path.relative(root, out)} and ${NATIVE.length} images of the native projects`,
);
