import type { Page } from '@playwright/test';
import { expect, SCREENSHOT_DIR, signUpThroughApi, test, useTheme } from './fixtures';

/** The browser's local day, shifted by whole days. */
const browserDay = (page: Page, offsetDays = 0) =>
  page.evaluate((offset) => {
    const date = new Date(Date.now() + offset * 86_400_000);
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(date);
  }, offsetDays);

for (const theme of ['light', 'dark'] as const) {
  test(`progress and streak in the ${theme} theme: the server's streak, the badge message, refresh`, async ({
    page,
    axe,
    context,
  }, testInfo) => {
    await useTheme(page, theme);
    await signUpThroughApi(page, 'Streak');
    await page.goto('/');
    const today = await browserDay(page);
    const recorded = await page.request.post('/api/stats/streak', {
      data: { activityDate: today },
    });
    expect(recorded.ok()).toBe(true);

    await page.goto('/profile');
    const progress = page.getByRole('region', { name: 'Your progress' });
    await expect(
      progress.getByTestId('progress-tile').filter({ hasText: 'Current streak' }),
    ).toContainText('1');
    const badge = page.getByTestId('streak-badge');
    await expect(badge).toHaveAccessibleName('Current streak: 1 day');
    await badge.click();
    const message = page.getByText('Your best streak is today: 1 day in a row!');
    await expect(message).toBeVisible();
    // The message goes after two seconds.
    await expect(message).toBeHidden({ timeout: 4_000 });

    await axe(page);
    await page.screenshot({
      path: `${SCREENSHOT_DIR}/${testInfo.project.name}-${theme}-profile-progress.png`,
      fullPage: true,
    });

    await progress.getByRole('button', { name: 'Refresh' }).click();
    await expect(progress.getByText('All profile data refreshed!')).toBeVisible();
    await context.setOffline(true);
    await progress.getByRole('button', { name: 'Refresh' }).click();
    await expect(progress.getByText('Could not refresh right now. Try again later.')).toBeVisible();
    await context.setOffline(false);
  });
}

test('a past best streak is told with its long date in the interface language', async ({
  page,
}) => {
  await signUpThroughApi(page, 'Datum');
  await page.goto('/');
  const twoDaysAgo = await browserDay(page, -2);
  await page.request.post('/api/stats/streak', { data: { activityDate: twoDaysAgo } });
  await page.goto('/profile');
  // Once the server's stats are in, the best streak is known.
  await expect(page.getByTestId('progress-tile').filter({ hasText: 'Best streak' })).toContainText(
    '1',
  );
  const badge = page.getByTestId('streak-badge');
  // The streak lapsed; the best stays, with its day.
  await expect(badge).toHaveAccessibleName('Current streak: 0 days');
  const long = await page.evaluate(
    (day) =>
      new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
        new Date(`${day}T00:00:00Z`),
      ),
    twoDaysAgo,
  );
  await badge.click();
  await expect(page.getByText(`Best streak: 1 day, reached on ${long}`)).toBeVisible();

  await page.locator('footer select').selectOption('kr');
  // The Korean texts load on first use: a click before they are in tells the English message.
  await expect(page.getByTestId('streak-badge')).toHaveAccessibleName('현재 연속 학습: 0일');
  const korean = await page.evaluate(
    (day) =>
      new Intl.DateTimeFormat('ko-KR', { dateStyle: 'long', timeZone: 'UTC' }).format(
        new Date(`${day}T00:00:00Z`),
      ),
    twoDaysAgo,
  );
  await page.getByTestId('streak-badge').click();
  await expect(page.getByText(`최고 연속 학습: 1일, ${korean} 달성`)).toBeVisible();
});

test.describe('a first visit', () => {
  test.use({ firstVisit: true });

  test('takes the app tour once, ending with the sign-up link', async ({ page, axe }, testInfo) => {
    await page.goto('/');
    // The level question comes first; the tour follows once it is out of the way.
    await expect(page.getByTestId('level-prompt')).toBeVisible();
    await page.getByRole('button', { name: 'Not now' }).click();
    const tour = page.getByRole('dialog', { name: 'Welcome to Lesefuchs!' });
    await expect(tour).toBeVisible();
    // Checked once its fade-in has finished (contrast is measured with the opacity).
    await expect(tour).toHaveCSS('opacity', '1');
    await axe(page);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/${testInfo.project.name}-light-tour.png` });
    for (const title of ['Stories', 'Study', 'Vocabulary', 'Bookmarks', 'You are ready']) {
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByRole('dialog', { name: title })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: /Create a free account/ })).toBeVisible();
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.reload();
    await page.waitForTimeout(1_500);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

test('the five tours start from the user menu', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'the user menu is part of the wide header');
  await signUpThroughApi(page, 'Tour');
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Account menu' }).click();
  for (const name of ['App tour', 'Story viewer tour', 'Flashcards tour', 'Vocabulary tour']) {
    await expect(page.getByRole('menuitem', { name })).toBeVisible();
  }
  await page.getByRole('menuitem', { name: 'Quiz tour' }).click();
  await expect(page).toHaveURL(/\/study\/quiz$/);
  await expect(page.getByRole('dialog', { name: 'Game modes' })).toBeVisible();
  await page.getByRole('button', { name: /^Next/ }).click();
  await expect(page.getByRole('dialog', { name: 'Start' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'App tour' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('dialog', { name: 'Welcome to Lesefuchs!' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
