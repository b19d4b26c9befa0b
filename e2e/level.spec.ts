import type { Page } from '@playwright/test';
import { expect, SCREENSHOT_DIR, showTheme, signUpThroughApi, test } from './fixtures';

// The learner's level at the start (issue #19): a first visit is asked, a level sets where the
// story list starts, and on a phone the first story card is in view without scrolling.

test.use({ firstVisit: true });

/** Every story card shown is at `level`, and the first one is on the screen as it opens. */
async function expectListAt(page: Page, level: string) {
  const cards = page.getByTestId('story-card');
  await expect(cards.first()).toBeInViewport();
  await expect(page.getByTestId('story-filters-toggle')).toContainText('1');
  // The levels of all the cards shown, once the list has settled on them.
  const levels = cards.getByText(/^(A1|A2|B1|B2|C1|C2)$/);
  await expect
    .poll(async () => {
      const shown = await levels.allTextContents();
      return shown.length > 0 && shown.every((shownLevel) => shownLevel === level);
    })
    .toBe(true);
}

test('a first visit is asked the level; A1 opens the story list at A1 with the first story in view', async ({
  page,
  axe,
}, testInfo) => {
  await page.goto('/');
  const prompt = page.getByTestId('level-prompt');
  await expect(prompt).toBeVisible();
  for (const theme of ['light', 'dark'] as const) {
    await showTheme(page, theme);
    await expect(prompt).toBeVisible();
    await prompt.scrollIntoViewIfNeeded();
    await axe(page);
    await page.screenshot({
      path: `${SCREENSHOT_DIR}/${testInfo.project.name}-${theme}-level-prompt.png`,
    });
  }
  await prompt.getByRole('button', { name: /^A1 · Beginner/ }).click();
  await expect(page).toHaveURL(/\/stories(\?|$)/);
  // Scrolled to the top as a new page opens (the list's filters fold on a phone).
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectListAt(page, 'A1');
  await page.screenshot({
    path: `${SCREENSHOT_DIR}/${testInfo.project.name}-dark-stories-at-level.png`,
  });
  // The light theme: a reload, which keeps the level.
  await showTheme(page, 'light');
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectListAt(page, 'A1');
  await page.screenshot({
    path: `${SCREENSHOT_DIR}/${testInfo.project.name}-light-stories-at-level.png`,
  });

  // The filters open from their button on a phone; the level chosen is pressed there.
  const levelChip = page.getByRole('button', { name: 'A1', exact: true });
  if (testInfo.project.name === 'phone') {
    await expect(levelChip).toBeHidden();
    await page.getByTestId('story-filters-toggle').click();
  }
  await expect(levelChip).toHaveAttribute('aria-pressed', 'true');

  // Asked once: home no longer asks, and the newest story it shows is at A1.
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Latest story' })).toBeVisible();
  await expect(page.getByTestId('level-prompt')).toHaveCount(0);
  await expect(page.getByTestId('latest-story')).toContainText('A1');
  await expect(page.getByTestId('latest-story')).not.toContainText(/\b(A2|B1|B2|C1|C2)\b/);

  // Signing up keeps the level: the new account's list starts at A1 too.
  await signUpThroughApi(page, 'Stufe');
  await page.goto('/stories');
  await expectListAt(page, 'A1');
  await expect(page.getByTestId('level-prompt')).toHaveCount(0);
});

test('"Help me choose": the words a learner knows point to a level, which the list starts with', async ({
  page,
  axe,
}, testInfo) => {
  await page.goto('/');
  await page.getByTestId('level-prompt').getByRole('link', { name: 'Help me choose' }).click();
  await expect(page).toHaveURL(/\/level\?check=1$/);
  const words = page.getByTestId('check-word');
  await expect(words).toHaveCount(40);
  await axe(page);
  await page.screenshot({
    path: `${SCREENSHOT_DIR}/${testInfo.project.name}-light-level-check.png`,
    fullPage: true,
  });
  await showTheme(page, 'dark');
  // Every A1 and A2 word of the check, and nothing else.
  for (const word of [
    'sagen',
    'regnen',
    'gelb',
    'leider',
    'das Meer',
    'die Zeit',
    'abbiegen',
    'tief',
    'übermorgen',
    'weil',
    'das Erdgeschoss',
    'der Wecker',
  ]) {
    await words.getByText(word, { exact: true }).click();
  }
  await expect(words.and(page.locator('[aria-pressed="true"]'))).toHaveCount(12);
  await expect(page.getByText('12 words marked')).toBeVisible();
  await page.getByRole('button', { name: 'See my level' }).click();
  const result = page.getByTestId('check-result');
  await expect(result).toContainText('Your level: A2 · Elementary');
  await expect(result).toBeFocused();
  await axe(page);
  await page.screenshot({
    path: `${SCREENSHOT_DIR}/${testInfo.project.name}-dark-level-check.png`,
    fullPage: true,
  });
  await result.getByRole('button', { name: 'Read A2 stories' }).click();
  await expect(page).toHaveURL(/\/stories(\?|$)/);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectListAt(page, 'A2');
});
