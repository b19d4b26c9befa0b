import type { BrowserContext, Page, Route } from '@playwright/test';
import {
  admin,
  expect,
  SCREENSHOT_DIR,
  serviceWorkerActive,
  showTheme,
  signUpThroughApi,
  test,
} from './fixtures';

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

/** The keys of one of the app's IndexedDB stores, or none when it does not exist yet. */
function storeKeys(page: Page, database: string, table: string): Promise<string[]> {
  return page.evaluate(
    ([name, storeName]) =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open(name);
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(storeName)) return resolve([]);
          const keys = db.transaction(storeName).objectStore(storeName).getAllKeys();
          keys.onsuccess = () => resolve(keys.result.map(String));
          keys.onerror = () => resolve([]);
        };
      }),
    [database, table] as const,
  );
}

/** The ids of the stories the device keeps (the app's IndexedDB store). */
async function storedStoryIds(page: Page): Promise<number[]> {
  return (await storeKeys(page, 'lesefuchs-stories', 'stories'))
    .filter((key) => key.startsWith('meta:'))
    .map((key) => Number(key.slice(5)));
}

/** The audio files the device keeps, as `<story>-de-<voice>`. */
async function storedAudio(page: Page): Promise<string[]> {
  return (await storeKeys(page, 'lesefuchs-audio', 'files'))
    .filter((key) => key.startsWith('meta:'))
    .map((key) => key.slice(5));
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
  // It says what it takes before saving: the text and the audio in the learner's voice.
  await expect(page.getByTestId('save-offline')).toHaveText(
    /^Save for offline · [\d.]+ (kB|KB|MB)$/,
  );
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

test('a story only opened plays its audio offline after a reload, in the voice the learner chose', async ({
  page,
  context,
}) => {
  const { email } = await signUpThroughApi(page, 'Opened');
  expect(admin('premium', email, '--days', '30')).toMatch(`granted premium to ${email}`);
  const chosen = await page.request.patch('/api/profile/preferences', {
    data: { audioVoice: 'Florian' },
  });
  expect(chosen.ok()).toBe(true);

  // Opened, never played and never saved: its text and the chosen voice's file come to the
  // device once the page is idle, and only that voice's.
  await page.goto('/stories/3');
  const title = await page.getByRole('heading', { level: 1 }).textContent();
  await expect.poll(() => storedStoryIds(page)).toContain(3);
  await expect.poll(() => storedAudio(page), { timeout: 20_000 }).toContain('3-de-florian');
  expect(await storedAudio(page)).not.toContain('3-de-amala');
  await serviceWorkerActive(page);

  const online = await goOffline(context);
  try {
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title ?? '');
    await expect(page.getByTestId('story-word').first()).toBeVisible();
    await expect(
      player(page).getByRole('button', { name: 'Florian', exact: true }),
    ).toHaveAttribute('aria-pressed', 'true');
    await player(page).getByRole('button', { name: 'Listen to the story' }).click();
    await expect(player(page).getByRole('button', { name: 'Pause the audio' })).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByTestId('audio-error')).toHaveCount(0);
  } finally {
    await online();
  }
});

test('save for offline shows its size first and its bytes while saving; remove all asks first', async ({
  page,
}, testInfo) => {
  await page.goto('/stories/4');
  const save = page.getByTestId('save-offline');
  await expect(save).toHaveText(/^Save for offline · [\d.]+ (kB|KB|MB)$/);

  // The audio is held back until the progress has been seen.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/audio/4/de-amala.mp3*', async (route) => {
    await held;
    await route.continue();
  });
  await save.click();
  await expect(page.getByTestId('save-progress')).toContainText(
    /Saving for offline… [\d.]+ (kB|KB|MB) of [\d.]+ (kB|KB|MB)/,
  );
  await expect(page.getByTestId('save-progress').getByRole('progressbar')).toBeVisible();
  await page.screenshot({
    path: `${SCREENSHOT_DIR}/${testInfo.project.name}-light-story-saving.png`,
  });
  release();
  await expect(page.getByTestId('story-saved-offline')).toContainText('Saved for offline');
  expect(await storedAudio(page)).toContain('4-de-amala');

  // Each level that is not all saved says what is left to download.
  await page.goto('/stories/offline');
  await expect(page.getByTestId('offline-level-size').first()).toHaveText(
    /^[\d.]+ (kB|KB|MB) to download$/,
  );
  await expect(page.getByTestId('offline-story')).toHaveCount(1);

  const removeAll = page.getByRole('button', { name: 'Remove all' });
  const dialog = page.getByRole('dialog', { name: 'Remove everything from this device?' });
  for (const theme of ['light', 'dark'] as const) {
    await showTheme(page, theme);
    await removeAll.click();
    await expect(dialog).toBeVisible();
    await page.screenshot({
      path: `${SCREENSHOT_DIR}/${testInfo.project.name}-${theme}-offline-remove-all.png`,
    });
    // Cancelled, nothing goes.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('offline-story')).toHaveCount(1);
  }
  await removeAll.click();
  await dialog.getByRole('button', { name: 'Remove all' }).click();
  await expect(page.getByTestId('offline-empty')).toBeVisible();
  await expect.poll(() => storedAudio(page)).toEqual([]);
});

test('the study hub counts the cards on the device while offline', async ({ page, context }) => {
  await signUpThroughApi(page, 'Counts');
  await page.goto('/study/flashcards');
  await page.getByRole('button', { name: 'A1', exact: true }).click();
  await page.getByLabel('New cards', { exact: true }).fill('5');
  await page.getByLabel('Review cards', { exact: true }).fill('0');
  await page.getByRole('button', { name: 'Get Cards' }).click();
  await expect(page.locator('article[data-card-id]')).toBeVisible({ timeout: 20_000 });
  await serviceWorkerActive(page);

  const counts = page.getByTestId('study-flashcard-counts');
  const online = await goOffline(context);
  try {
    await page.goto('/study');
    await expect(page.getByTestId('study-counts-note')).toHaveText(
      'Offline: counted from the cards on this device.',
    );
    await expect(counts.getByRole('definition')).toHaveText(['0', '5']);
  } finally {
    await online();
  }
  // Back online, the server's counts replace the device's by themselves.
  await expect(page.getByTestId('study-counts-note')).toHaveCount(0, { timeout: 15_000 });
  await expect(counts.getByRole('definition')).toHaveText(['0', '5']);
});
