import { SAVED_WORD_QUEUE } from '@lesefuchs/core';
import type { Page } from '@playwright/test';
import {
  expect,
  SCREENSHOT_DIR,
  saveFromStory,
  serverWords,
  signUpThroughApi,
  test,
  useTheme,
} from './fixtures';

/**
 * How long a save may take to reach the server: the queue sends a word that comes in just
 * after a flush at its next interval, so the wait must outlast that interval.
 */
const DELIVERY = { timeout: SAVED_WORD_QUEUE.intervalMs + 10_000 };

test('saves three words from a story, one tapped in an inflected form, and finds them in my list', async ({
  page,
  axe,
}, testInfo) => {
  await signUpThroughApi(page, 'Wort');
  await page.goto('/stories/1?mode=normal');
  await saveFromStory(page, 'Zug');
  await saveFromStory(page, 'Bahnhof');
  await saveFromStory(page, 'wohnt');
  await expect
    .poll(() => serverWords(page), DELIVERY)
    .toEqual(['der Bahnhof', 'der Zug', 'wohnen']);

  for (const theme of ['light', 'dark'] as const) {
    await useTheme(page, theme);
    await page.goto('/vocabulary?deck=saved');
    await expect(page.getByRole('heading', { level: 1, name: 'My list' })).toBeVisible();
    const list = page.getByTestId('vocabulary-list');
    await expect(list.getByText('Zug', { exact: true })).toBeVisible();
    // The article is there, in its gender's colour class.
    await expect(list.locator('.article-masculine').first()).toHaveText(/der/);
    await axe(page);
    await page.screenshot({
      path: `${SCREENSHOT_DIR}/${testInfo.project.name}-${theme}-vocabulary-my-list.png`,
      fullPage: true,
    });
    await page.evaluate(() => localStorage.removeItem('lesefuchs.theme'));
  }
  // The deck parameter was applied and taken out of the address.
  await expect(page).toHaveURL(/\/vocabulary$/);
});

test('a removed word does not come back, and the server forgets it', async ({ page }) => {
  await signUpThroughApi(page, 'Weg');
  await page.goto('/stories/1?mode=normal');
  await saveFromStory(page, 'Zug');
  await saveFromStory(page, 'Koffer');
  await expect.poll(() => serverWords(page), DELIVERY).toHaveLength(2);
  await page.goto('/vocabulary?deck=saved');
  const list = page.getByTestId('vocabulary-list');
  await expect(list.getByText('Koffer', { exact: true })).toBeVisible();
  await list.getByRole('button', { name: /Remove “der Koffer”/ }).click();
  await expect(list.getByText('Koffer', { exact: true })).toHaveCount(0);
  // Another tab's change makes this one reload the server's list: the word stays away.
  await page.request.post('/api/saved-words', { data: { action: 'save', word: 'Bahnhof' } });
  await expect(list.getByText('Bahnhof', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(list.getByText('Koffer', { exact: true })).toHaveCount(0);
  await expect.poll(() => serverWords(page), DELIVERY).toEqual(['der Bahnhof', 'der Zug']);
  await page.goto('/vocabulary?deck=saved');
  await expect(list.getByText('Zug', { exact: true })).toBeVisible();
  await expect(list.getByText('Koffer', { exact: true })).toHaveCount(0);
});

test('offline saves arrive once the browser is back online', async ({ page, context }) => {
  await signUpThroughApi(page, 'Funkloch');
  await page.goto('/stories/1?mode=normal');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await context.setOffline(true);
  await saveFromStory(page, 'Reise');
  await saveFromStory(page, 'Straße');
  expect(await serverWords(page)).toEqual([]);
  await context.setOffline(false);
  await expect.poll(() => serverWords(page), DELIVERY).toEqual(['die Reise', 'die Straße']);
});

test('a page closed right after a save still delivers it', async ({ page, context }) => {
  await signUpThroughApi(page, 'Eilig');
  await page.goto('/stories/1?mode=normal');
  await page
    .getByTestId('story-word')
    .filter({ hasText: /^Fahrkarte$/ })
    .first()
    .click();
  await page.getByRole('button', { name: 'Save word' }).click();
  await page.close({ runBeforeUnload: true });
  const other = await context.newPage();
  await expect.poll(() => serverWords(other), DELIVERY).toEqual(['die Fahrkarte']);
});

test('a guest’s saved words come along when they sign up', async ({ page }) => {
  await page.goto('/stories/1?mode=normal');
  await saveFromStory(page, 'Zug');
  await saveFromStory(page, 'Adresse');
  await signUpThroughApi(page, 'Neuling');
  await page.reload();
  await expect.poll(() => serverWords(page), DELIVERY).toEqual(['der Zug', 'die Adresse']);
});

test('searches the word list by an English and a Korean meaning, bulk-adds five words, and switches decks by URL', async ({
  page,
  context,
  axe,
}, testInfo) => {
  // A long journey (two searches, a filter, a bulk add, two decks in a new tab) over the whole
  // word list of 5,000 entries: about 45 s alone on a 2-core machine, more beside other workers.
  test.setTimeout(120_000);
  await signUpThroughApi(page, 'Suche');
  await page.goto('/vocabulary?deck=database');
  await expect(page.getByRole('heading', { level: 1, name: 'Vocabulary' })).toBeVisible();
  await expect(page).toHaveURL(/\/vocabulary$/);
  const list = page.getByTestId('vocabulary-list');
  await expect(list.getByTestId('vocabulary-entry').first()).toBeVisible({ timeout: 20_000 });

  const search = page.getByRole('searchbox', { name: 'Search words' });
  await search.fill('train station');
  await expect(list.getByTestId('vocabulary-entry').first()).toContainText('Bahnhof');
  await page.getByLabel('Translation').selectOption('kr');
  await search.fill('기차');
  await expect(list.getByTestId('vocabulary-entry').first()).toContainText('Zug');
  await axe(page);
  await page.screenshot({
    path: `${SCREENSHOT_DIR}/${testInfo.project.name}-light-vocabulary-search.png`,
    fullPage: true,
  });

  // The search settles after a pause; each step waits for the count to change.
  const count = page.getByText(/^Showing \d+ of \d+ words$/);
  const searched = await count.textContent();
  await search.fill('');
  await expect(count).not.toHaveText(searched ?? '');
  const all = await count.textContent();
  await page.getByRole('button', { name: /^A1/ }).click();
  await expect(count).not.toHaveText(all ?? '');
  await expect(list.getByRole('checkbox', { checked: true })).toHaveCount(0);
  // Tick the first five by name, so a row that moves while the list settles is not missed.
  const names = (
    await list
      .getByRole('checkbox')
      .evaluateAll((boxes) => boxes.slice(0, 5).map((box) => box.getAttribute('aria-label') ?? ''))
  ).filter(Boolean);
  expect(names).toHaveLength(5);
  for (const name of names) await list.getByRole('checkbox', { name, exact: true }).check();
  await expect(list.getByRole('checkbox', { checked: true })).toHaveCount(5);
  await page.getByRole('button', { name: 'Add to my list' }).click();
  await expect.poll(() => serverWords(page), DELIVERY).toHaveLength(5);

  // This tab chose a deck by hand, so a bare ?deck= does not override it (spec 2 §2)…
  await page.goto('/vocabulary?deck=saved');
  await expect(page.getByRole('heading', { level: 1, name: 'Vocabulary' })).toBeVisible();
  await expect(page).toHaveURL(/\/vocabulary$/);
  // …but a new tab without a manual choice opens the deck the address names.
  const fresh = await context.newPage();
  await fresh.goto('/vocabulary?deck=saved');
  await expect(fresh.getByRole('heading', { level: 1, name: 'My list' })).toBeVisible();
  await expect(fresh.getByTestId('vocabulary-list').getByTestId('vocabulary-entry')).toHaveCount(5);
  await fresh.goto('/vocabulary?deck=level-B1%2BB2');
  await expect(fresh.getByRole('heading', { level: 1, name: 'Vocabulary' })).toBeVisible();
  await expect(fresh.getByRole('button', { name: /^B1/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(fresh.getByRole('button', { name: /^B2/ })).toHaveAttribute('aria-pressed', 'true');
});

test('a word typed directly is added when the word list has it, and refused when not', async ({
  page,
}) => {
  await signUpThroughApi(page, 'Tipper');
  await page.goto('/vocabulary?deck=saved');
  const field = page.getByLabel('Add a German word to my list');
  await expect(page.getByRole('button', { name: 'Add', exact: true })).toBeEnabled({
    timeout: 20_000,
  });
  await field.fill('Fahrkarte');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(
    page.getByTestId('vocabulary-list').getByText('Fahrkarte', { exact: true }),
  ).toBeVisible();
  await field.fill('Quatschwort');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('“Quatschwort” is not in the word list yet.');
  await field.fill('spam123');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(/^Invalid word: /);
  await expect.poll(() => serverWords(page), DELIVERY).toEqual(['die Fahrkarte']);
});
