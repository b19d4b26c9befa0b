import { SAVED_WORD_QUEUE } from '@lesefuchs/core';
import type { Page } from '@playwright/test';
import {
  expect,
  SCREENSHOT_DIR,
  saveFromStory,
  serverWords,
  showTheme,
  signUpThroughApi,
  test,
} from './fixtures';

// From saved words to practice (issue #19): three words saved in a story become cards in one
// tap on the flashcard screen; each card shows the sentence the word was met in, the word
// marked, with a button that plays that sentence of the story's audio; the session ends on
// its summary, with the streak moment of the day's first activity and the next story at the
// learner's level.

const DELIVERY = { timeout: SAVED_WORD_QUEUE.intervalMs + 10_000 };
const card = (page: Page) => page.locator('article[data-card-id]');

async function shoot(page: Page, project: string, name: string, ready: string, reveal = false) {
  for (const theme of ['light', 'dark'] as const) {
    await showTheme(page, theme);
    if (reveal) await card(page).click();
    await expect(page.getByTestId(ready)).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('Loading your cards…')).toHaveCount(0);
    await page.screenshot({
      path: `${SCREENSHOT_DIR}/${project}-${theme}-${name}.png`,
      fullPage: true,
    });
  }
  // Back to the system's theme through a reload, as a learner's choice of "auto" would be:
  // only removing the stored theme would leave the page on the last one shown, and the app's
  // theme sync (started after load) would make either the account's theme, as it happened to run.
  await showTheme(page, 'auto');
  if (reveal) await card(page).click();
  await expect(page.getByTestId(ready)).toBeVisible({ timeout: 15_000 });
}

test('three words saved in a story become cards in one tap, shown in their story sentence, and the session ends on its summary', async ({
  page,
  axe,
}, testInfo) => {
  test.setTimeout(120_000);
  await signUpThroughApi(page, 'Satz');
  await page.goto('/level');
  await page.getByRole('button', { name: /^A1 · Beginner/ }).click();
  await expect(page).toHaveURL(/\/stories/);
  await page.goto('/stories/1?mode=normal');
  await saveFromStory(page, 'Zug');
  await page.keyboard.press('Escape');
  await saveFromStory(page, 'Bahnhof');
  await page.keyboard.press('Escape');
  await saveFromStory(page, 'wohnt');
  await page.keyboard.press('Escape');
  await expect
    .poll(() => serverWords(page), DELIVERY)
    .toEqual(['der Bahnhof', 'der Zug', 'wohnen']);

  // The flashcard screen opens on the saved words and offers to make them into cards.
  await page.goto('/study/flashcards');
  const offer = page.getByTestId('saved-words-offer');
  await expect(
    offer.getByRole('heading', { name: 'You have 3 saved words that are not cards yet' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Saved words', pressed: true })).toBeVisible();
  await axe(page);
  await shoot(page, testInfo.project.name, 'flashcards-saved-words-offer', 'saved-words-offer');

  // One tap: the cards are made and the first one is on screen.
  const tappedAt = Date.now();
  await offer.getByRole('button', { name: 'Make cards and study' }).click();
  await expect(card(page)).toBeVisible({ timeout: 20_000 });
  await expect(offer).toBeHidden();
  await expect(page.getByText('0 of 3 seen')).toBeVisible();

  const marked: string[] = [];
  for (let i = 0; i < 3; i++) {
    const id = await card(page).getAttribute('data-card-id');
    await card(page).click();
    const sentence = page.getByTestId('story-sentence-card');
    await expect(sentence).toBeVisible();
    await expect(sentence).toContainText('from “Der Zug nach Hamburg”');
    marked.push((await sentence.locator('mark').first().textContent()) ?? '');
    const play = sentence.getByRole('button', { name: 'Play this sentence from the story' });
    await expect(play).toBeVisible();
    if (i === 0) {
      await axe(page);
      await shoot(
        page,
        testInfo.project.name,
        'flashcards-story-sentence',
        'story-sentence-card',
        true,
      );
      // The clip plays that sentence and stops by itself at its end.
      const clip = page.getByTestId('sentence-clip');
      await clip.click();
      await expect(clip).toHaveAttribute('data-playing', 'true', { timeout: 15_000 });
      await expect(clip).toHaveAttribute('data-playing', 'false', { timeout: 15_000 });
      await expect(page.getByTestId('audio-error')).toHaveCount(0);
    }
    await page.keyboard.press('2');
    if (i < 2) await expect(card(page)).not.toHaveAttribute('data-card-id', id ?? '');
  }
  // Each card marked its own word where it stands in the sentence (wohnen as "wohnt").
  expect(marked.sort()).toEqual(['Bahnhof', 'Zug', 'wohnt']);

  // The end is a summary, not "No cards to study right now".
  const summary = page.getByTestId('session-summary');
  await expect(summary).toBeVisible();
  await expect(page.getByText('No cards to study right now')).toHaveCount(0);
  await expect(summary.locator('[data-summary="studied"]')).toHaveText('3');
  await expect(summary.locator('[data-summary="right"]')).toHaveText('3');
  await expect(summary.locator('[data-summary="wrong"]')).toHaveText('0');
  // The time tile: seconds (and minutes) the session took, no more than the test has seen pass.
  const time = (await summary.locator('[data-summary="time"]').textContent()) ?? '';
  const parts = time.match(/^(?:(\d+) min)? ?(?:(\d+) sec)?$/);
  expect(parts, `a duration in “${time}”`).not.toBeNull();
  const seconds = Number(parts?.[1] ?? 0) * 60 + Number(parts?.[2] ?? 0);
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(seconds).toBeLessThanOrEqual(Math.ceil((Date.now() - tappedAt) / 1000));
  await expect(summary.locator('[data-summary="next"]')).toHaveText(
    /Your next card is due in (9|10) minutes\./,
  );
  // The counters would read as work left over; the summary says when the cards come back.
  await expect(page.getByText('3 of 3 seen')).toHaveCount(0);
  // Saving words is not an activity of the day: the session was the first, the streak grew.
  await expect(summary.getByTestId('streak-moment')).toHaveText('Day 1 of your streak');
  // No story read yet: the next one is the first unread story at A1.
  await expect(summary.getByTestId('next-story')).toContainText('Next at A1:');
  // The moment lasts until a reload: both themes through the system's scheme.
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveClass(scheme === 'dark' ? /dark/ : /^(?!.*dark)/);
    await page.screenshot({
      path: `${SCREENSHOT_DIR}/${testInfo.project.name}-${scheme}-flashcards-session-streak.png`,
      fullPage: true,
      animations: 'disabled',
    });
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(summary.getByRole('link', { name: 'Back to stories' })).toBeVisible();
  await expect(page.getByTestId('saved-words-offer')).toHaveCount(0);
  await axe(page);
  await shoot(page, testInfo.project.name, 'flashcards-session-summary', 'session-summary');
});
