import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { expect, SCREENSHOT_DIR, serviceWorkerActive, showTheme, test } from './fixtures';

// The installable app (issue #18): Chromium finds nothing missing for installation (manifest,
// PNG and maskable icons, service worker), and the app's own install offer comes on a second
// visit, installs through the browser's dialog and never comes back once answered.

test.use({ serviceWorkers: 'allow' });

/**
 * The browser's install offer, as Chromium sends it when the app can be installed. A stand-in
 * at the edge: headless Chromium decides by itself whether and when it sends the real one.
 */
const OFFER = `(() => {
  const offer = new Event('beforeinstallprompt', { cancelable: true });
  offer.prompt = async () => { window.__installPrompted = true; };
  offer.userChoice = Promise.resolve({ outcome: 'accepted' });
  window.dispatchEvent(offer);
})()`;

/** Once the code behind every page (and the install offer with it) is in and has rendered. */
async function backgroundLoaded(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .some((entry) => entry.name.includes('/BackgroundSync-')),
      ),
    )
    .toBe(true);
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );
}

test('Chromium finds the app installable: manifest, icons and service worker', async ({
  page,
}, testInfo) => {
  // Installability is judged only outside incognito, which every test context is: this one
  // asks a browser with a profile of its own.
  const profile = mkdtempSync(path.join(tmpdir(), 'lesefuchs-install-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...testInfo.project.use.launchOptions,
    baseURL: testInfo.project.use.baseURL,
  });
  try {
    const own = context.pages()[0] ?? (await context.newPage());
    await own.goto('/');
    await serviceWorkerActive(own);
    const cdp = await context.newCDPSession(own);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }

  const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as {
    icons: { src: string; purpose: string; sizes: string }[];
  };
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(
    expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
  );
  for (const src of [...manifest.icons.map((icon) => icon.src), '/icons/apple-touch-icon.png']) {
    const icon = await page.request.get(src);
    expect(icon.ok(), src).toBe(true);
  }
});

test('the install offer comes on a second visit, installs, and does not come back', async ({
  page,
}, testInfo) => {
  const prompt = page.getByTestId('install-prompt');
  // A first visit: the browser may offer, the app does not yet.
  await page.goto('/');
  await serviceWorkerActive(page);
  await backgroundLoaded(page);
  await page.evaluate(OFFER);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(done)));
  await expect(prompt).toHaveCount(0);

  // The second visit (a new tab session) offers it once the page is idle.
  const second = await page.context().newPage();
  await second.goto('/');
  await serviceWorkerActive(second);
  await second.evaluate(OFFER);
  const offer = second.getByTestId('install-prompt');
  await expect(offer).toBeVisible();
  for (const theme of ['light', 'dark'] as const) {
    if (theme === 'dark') {
      await showTheme(second, theme);
      await second.evaluate(OFFER);
      await expect(offer).toBeVisible();
    }
    await second.screenshot({
      path: `${SCREENSHOT_DIR}/${testInfo.project.name}-${theme}-install-offer.png`,
    });
  }
  await offer.getByRole('button', { name: 'Install', exact: true }).click();
  await expect
    .poll(() =>
      second.evaluate(() => (window as { __installPrompted?: boolean }).__installPrompted),
    )
    .toBe(true);
  await expect(offer).toHaveCount(0);

  // Answered: never again, whatever the browser offers.
  await second.reload();
  await serviceWorkerActive(second);
  await backgroundLoaded(second);
  await second.evaluate(OFFER);
  await second.evaluate(() => new Promise((done) => requestAnimationFrame(done)));
  await expect(offer).toHaveCount(0);
});
