import type { BrowserContext, Page, Route } from '@playwright/test';
import { expect, SCREENSHOT_DIR, serviceWorkerActive, signUpThroughApi, test } from './fixtures';

// Reading offline (issue #18): a story opened or saved for offline reads after an offline
// reload, with its word look-ups and its audio; the learner stays signed in; a story the device
// does not hold says so; and back online everything recovers without a click.

// The offline reload needs the service worker, which the other suites block.
test.use({ serviceWorkers: 'allow' });

const player = (page: Page) => page.getByRole('region', { name: 'Story audio' });

/** Offline for the page and for the service worker's own fetches (which escape the emulation). */
async function goOffline(context: BrowserContext) {
  const cutOff = (route: Route) => route.abort('internetdisconnected');
  await context.setOffline(true);
  await context.route('**/api/**', cutOff);
  await context.route('**/audio/**', cutOff);
  return async () => {
    await context.unroute('**/api/**', cutOff);
    await context.unroute('**/audio/**', cutOff);
    await context.setOffline(false);
  };
}

/** The ids of the stories the device keeps (the app's IndexedDB store). */
function storedStoryIds(page: Page): Promise<number[]> {
  return page.evaluate(
    () =>
      new Promise<number[]>((resolve) => {
        const open = indexedDB.open('lesefuchs-stories');
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('stories')) return resolve([]);
          const keys = db.transaction('stories').objectStore('stories').getAllKeys();
          keys.onsuccess = () =>
            resolve(
              keys.result
                .map(String)
                .filter((key) => key.startsWith('meta:'))
                .map((key) => Number(key.slice(5))),
            );
          keys.onerror = () => resolve([]);
        };
      }),
  );
}

test('a saved story reads offline after a reload, with word look-ups and audio; an unsaved one says so and opens when back online', async ({
  page,
  context,
}, testInfo) => {
  await signUpThroughApi(page, 'Offline');

  // Story 1 is only opened; story 2 is saved for offline with its audio.
  await page.goto('/stories/1');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => storedStoryIds(page)).toContain(1);
  await page.goto('/stories/2');
  const title = await page.getByRole('heading', { level: 1 }).textContent();
  await page.getByTestId('save-offline').click();
  await expect(page.getByTestId('story-saved-offline')).toContainText('Saved for offline');
  await serviceWorkerActive(page);
  await page.goto('/stories/offline');
  await expect(page.getByTestId('offline-story')).toHaveCount(2);

  const overview = await context.newPage();
  const online = await goOffline(context);
  try {
    await page.goto('/stories/2');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title ?? '');
    // Signed in as before: the header has the user's menu, not "Log in".
    await expect(page.getByRole('link', { name: 'Log in' })).toHaveCount(0);

    // A word's meaning comes from the stored story.
    await page.getByTestId('story-word').nth(2).click();
    await expect(page.getByTestId('word-card')).toBeVisible();
    await page.keyboard.press('Escape');

    // The audio plays from the device.
    await player(page).getByRole('button', { name: 'Listen to the story' }).click();
    await expect(player(page).getByRole('button', { name: 'Pause the audio' })).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByTestId('audio-error')).toHaveCount(0);
    await player(page).getByRole('button', { name: 'Pause the audio' }).click();

    // The opened story reads too.
    await page.goto('/stories/1');
    await expect(page.getByTestId('story-word').first()).toBeVisible();

    // The list of what is saved, offline.
    await page.goto('/stories/offline');
    await expect(page.getByTestId('offline-story')).toHaveCount(2);
    await expect(page.getByTestId('offline-screen-offline')).toBeVisible();
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((mode) => localStorage.setItem('lesefuchs.theme', mode), theme);
      await page.reload();
      await expect(page.getByTestId('offline-story')).toHaveCount(2);
      await page.screenshot({
        path: `${SCREENSHOT_DIR}/${testInfo.project.name}-${theme}-offline-saved.png`,
        fullPage: true,
      });
    }

    // The study hub counts from the device instead of waiting forever.
    await page.goto('/study');
    await expect(page.getByText('Counting your cards…')).toHaveCount(0, { timeout: 10_000 });

    // The profile needs the network and says so.
    await page.goto('/profile');
    await expect(page.getByTestId('profile-offline')).toBeVisible();

    // The flashcard overview (a second tab) says what it needs, on each of its panels.
    await overview.goto('/flashcard-overview');
    await expect(overview.getByTestId('load-error-offline').first()).toBeVisible();

    // A story the device does not hold says it needs the network.
    await page.goto('/stories/5');
    await expect(page.getByTestId('story-offline')).toBeVisible();
    await page.screenshot({
      path: `${SCREENSHOT_DIR}/${testInfo.project.name}-dark-story-offline.png`,
    });
  } finally {
    await online();
  }
  // Back online, it opens by itself.
  await expect(page.getByTestId('story-word').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('story-offline')).toHaveCount(0);
  await expect(overview.getByTestId('load-error-offline')).toHaveCount(0, { timeout: 15_000 });
  await expect(overview.getByRole('alert')).toHaveCount(0);
  await expect(overview.getByRole('heading', { name: /^\d+ cards?$/ })).toBeVisible();
});
