import type { Page } from '@playwright/test';
import { expect, SCREENSHOT_DIR, showTheme, signUpThroughApi, test } from './fixtures';

// One streak for every activity (issue 19 part 5): a guest's streak comes along at sign-up, and
// a flashcard review counts for the header's streak, on the day it was made. The profile's
// activity area and the flashcards' study streak are shown in both themes.

const badge = (page: Page) => page.getByTestId('streak-badge');

/** The server's streak of the signed-in user, in the browser's time zone. */
async function serverStreak(page: Page): Promise<number> {
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const response = await page.request.get(`/api/stats/streak?timeZone=${zone}`);
  return ((await response.json()) as { streak: { currentStreak: number } }).streak.currentStreak;
}

/** The first link of the newest e-mail to an address, from the dev mailbox, as a path. */
async function mailedLink(page: Page, to: string): Promise<string> {
  const response = await page.request.get(`/api/dev/mailbox?to=${encodeURIComponent(to)}`);
  const { messages } = (await response.json()) as { messages: { links: string[] }[] };
  const link = new URL(messages[0]?.links[0] as string);
  return `${link.pathname}${link.search}`;
}

test('a guest reads a story, signs up, and keeps the streak of 1 in the header', async ({
  page,
  axe,
}, testInfo) => {
  await page.goto('/stories/4?mode=normal');
  await expect(page.getByRole('heading', { level: 1, name: 'Blitz und Donner' })).toBeVisible();
  await expect(badge(page)).toHaveAccessibleName('Current streak: 0 days');
  await page.getByTestId('story-end').scrollIntoViewIfNeeded();
  await expect(page.getByText('You have read this story.')).toBeVisible();
  await expect(badge(page)).toHaveAccessibleName('Current streak: 1 day');

  const stamp = `${Date.now()}`.slice(-6);
  const email = `streak-${testInfo.project.name}-${stamp}@example.com`;
  await page.goto('/signup');
  await page.getByLabel('Nickname').fill(`Gast${stamp}${testInfo.project.name.slice(0, 1)}`);
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel(/^Password\*?$/).fill('Lesen macht Spass!');
  await page.getByLabel(/^Confirm Password\*?$/).fill('Lesen macht Spass!');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // Waiting for the confirmation, the visitor is still the guest, with the guest's streak.
  await expect(badge(page)).toHaveAccessibleName('Current streak: 1 day');

  // The mailed link confirms and signs in: the streak stays 1, now the account's.
  await page.goto(await mailedLink(page, email));
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Log in' })).toHaveCount(0);
  await expect.poll(() => serverStreak(page), { timeout: 15_000 }).toBe(1);
  await expect(badge(page)).toHaveAccessibleName('Current streak: 1 day');

  // A reload (the device's copy read again, the server's taken) keeps it, and so does the profile.
  await page.goto('/profile');
  await expect(badge(page)).toHaveAccessibleName('Current streak: 1 day');
  const progress = page.getByRole('region', { name: 'Your progress' });
  const tile = (label: string) => progress.getByTestId('progress-tile').filter({ hasText: label });
  await expect(tile('Stories read')).toContainText('1');
  await expect(tile('Current streak')).toContainText('1');
  await expect(progress.getByTestId('last-activity')).toBeVisible();
  await expect(progress.getByText(/No activity yet/)).toHaveCount(0);
  await axe(page);
  await progress.screenshot({
    path: `${SCREENSHOT_DIR}/${testInfo.project.name}-light-streak-after-signup.png`,
  });
});

test('a flashcard review counts for the header streak, on the day it was made', async ({
  page,
  axe,
}, testInfo) => {
  await signUpThroughApi(page, 'Kartei');
  await page.goto('/');
  await expect(badge(page)).toHaveAccessibleName('Current streak: 0 days');
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);

  // Yesterday's review, as a device that was offline would send it: made a day ago.
  const session = await page.request.post('/api/flashcards/session', {
    data: { deck: 'level-a1', newCount: 2, reviewCount: 0, timeZone: zone },
  });
  expect(session.ok()).toBe(true);
  const { new: fresh } = (await session.json()) as { new: { id: number }[] };
  expect(fresh.length).toBeGreaterThan(0);
  const review = await page.request.post('/api/flashcards/reviews', {
    data: {
      cardId: fresh[0]?.id,
      rating: 'good',
      reviewId: `yesterday-${Date.now()}`,
      reviewedAt: Date.now() - 86_400_000,
      timeZone: zone,
    },
  });
  expect(((await review.json()) as { outcome: string }).outcome).toBe('applied');
  expect(await serverStreak(page)).toBe(1);
  await page.reload();
  await expect(badge(page)).toHaveAccessibleName('Current streak: 1 day', { timeout: 15_000 });

  // Today's first review, in the study screen: the header rises at once, the server agrees.
  await page.goto('/study/flashcards');
  await page.getByRole('button', { name: 'A1', exact: true }).click();
  await page.getByLabel('New cards', { exact: true }).fill('1');
  await page.getByLabel('Review cards', { exact: true }).fill('0');
  await page.getByRole('button', { name: 'Get Cards' }).click();
  const card = page.locator('article[data-card-id]');
  await expect(card).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Show answer' }).click();
  await expect(card).toHaveAttribute('data-revealed', 'true');
  const good = page
    .getByRole('group', { name: 'Rate your answer' })
    .getByRole('button', { name: /^Good\b/ });
  await good.scrollIntoViewIfNeeded();
  await good.click();
  await expect(badge(page)).toHaveAccessibleName('Current streak: 2 days');
  await expect.poll(() => serverStreak(page), { timeout: 15_000 }).toBe(2);

  // The profile tells the same streak; the flashcards' own streak is named the study streak.
  for (const theme of ['light', 'dark'] as const) {
    await page.goto('/profile');
    await showTheme(page, theme);
    const progress = page.getByRole('region', { name: 'Your progress' });
    await expect(
      progress.getByTestId('progress-tile').filter({ hasText: 'Current streak' }),
    ).toContainText('2');
    await expect(progress.getByText(/^Every day you read, listen/)).toBeVisible();
    await expect(badge(page)).toHaveAccessibleName('Current streak: 2 days');
    await axe(page);
    await page.screenshot({
      path: `${SCREENSHOT_DIR}/${testInfo.project.name}-${theme}-streak-profile.png`,
      fullPage: true,
    });
    await progress.screenshot({
      path: `${SCREENSHOT_DIR}/${testInfo.project.name}-${theme}-streak-progress.png`,
    });
    await page
      .locator('header')
      .first()
      .screenshot({
        path: `${SCREENSHOT_DIR}/${testInfo.project.name}-${theme}-streak-header.png`,
      });

    await page.goto('/flashcard-overview');
    const study = page.getByRole('region', { name: 'Study streak' });
    await expect(study.getByText('Current study streak')).toBeVisible();
    await expect(study.getByText(/^Days with at least one card review\./)).toBeVisible();
    await study.scrollIntoViewIfNeeded();
    await study.screenshot({
      path: `${SCREENSHOT_DIR}/${testInfo.project.name}-${theme}-study-streak.png`,
    });
  }
});
