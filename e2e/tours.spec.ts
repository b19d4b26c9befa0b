import type { Page } from '@playwright/test';
import { expect, SCREENSHOT_DIR, signUpThroughApi, test } from './fixtures';

// Every guided tour (issue #18) runs to its last step on its own page, started from the
// profile's list of tours, which phones reach too (their compact header has no user menu).

/** Each tour: where it runs and its steps' titles (a step whose element is not shown is left out). */
const TOURS = [
  {
    name: 'App tour',
    path: /\/$/,
    titles: [
      'Welcome to Lesefuchs!',
      'Stories',
      'Study',
      'Vocabulary',
      'Bookmarks',
      'You are ready',
    ],
  },
  {
    name: 'Story viewer tour',
    path: /\/stories\/1$/,
    titles: ['The story', 'Tap a word', 'Translation', 'Reading modes'],
  },
  // A learner with cards to study: the deck, the form to get more, the card, its grades and the
  // counts.
  {
    name: 'Flashcards tour',
    path: /\/study\/flashcards$/,
    titles: ['Decks', 'Get cards', 'Your card', 'How well did you know it?', 'Progress'],
  },
  { name: 'Vocabulary tour', path: /\/vocabulary$/, titles: ['Search', 'Decks', 'Words'] },
  { name: 'Quiz tour', path: /\/study\/quiz$/, titles: ['Game modes', 'Start'] },
];

/** Goes through the open tour with Next, then Done; the titles it showed. */
async function runThrough(page: Page): Promise<string[]> {
  const titles: string[] = [];
  const popover = page.locator('.driver-popover');
  for (;;) {
    await expect(popover).toBeVisible();
    const title = (await popover.locator('.driver-popover-title').textContent()) ?? '';
    if (titles.at(-1) === title) {
      // Still the last step's popover while the next one opens.
      await expect(popover.locator('.driver-popover-title')).not.toHaveText(title);
      continue;
    }
    titles.push(title);
    const done = popover.getByRole('button', { name: 'Done' });
    if (await done.isVisible()) {
      await done.click();
      await expect(popover).toHaveCount(0);
      return titles;
    }
    await popover.getByRole('button', { name: /^Next/ }).click();
  }
}

test('every tour runs to its last step on its page, started from the profile', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await signUpThroughApi(page, 'Guide');
  // Cards to study, as "Get Cards" with level A1 gets them.
  const session = await page.request.post('/api/flashcards/session', {
    data: { deck: 'level-a1', newCount: 5, reviewCount: 0 },
  });
  expect(session.ok()).toBe(true);
  for (const tour of TOURS) {
    await page.goto('/profile');
    await page.getByTestId('profile-tours').getByRole('button', { name: tour.name }).click();
    await expect(page).toHaveURL(tour.path);
    expect(await runThrough(page), tour.name).toEqual(tour.titles);
  }
  // The flashcards tour's first step with a card, for a look at both widths.
  await page.goto('/profile');
  await page.getByTestId('profile-tours').getByRole('button', { name: 'Flashcards tour' }).click();
  await expect(page.locator('.driver-popover')).toBeVisible();
  // (Once its fade-in has finished.)
  await expect(page.locator('.driver-popover')).toHaveCSS('opacity', '1');
  await page.screenshot({
    path: `${SCREENSHOT_DIR}/${testInfo.project.name}-light-flashcards-tour.png`,
  });
});
