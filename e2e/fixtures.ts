import { execFileSync } from 'node:child_process';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { nicknameError } from '@lesefuchs/core';
import { test as base, expect, type Locator, type Page } from '@playwright/test';

export { expect };

/** Where the screenshots a person looks at go: one per page, width and theme. */
export const SCREENSHOT_DIR = 'e2e/.output/screenshots';

export const test = base.extend<{ axe: (page: Page) => Promise<void>; firstVisit: boolean }>({
  /**
   * A first visit is asked the learner's level and then sees the app tour start by itself; other
   * tests start as returning visitors.
   */
  firstVisit: [false, { option: true }],
  page: async ({ page, firstVisit }, use) => {
    if (!firstVisit) {
      await page.addInitScript(() => {
        if (!localStorage.getItem('lesefuchs.tours.completed')) {
          localStorage.setItem('lesefuchs.tours.completed', '["app"]');
        }
        if (!localStorage.getItem('lesefuchs.level.asked')) {
          localStorage.setItem('lesefuchs.level.asked', 'in a test');
        }
      });
    }
    await use(page);
  },
  axe: async ({}, use) => {
    await use(async (page: Page) => {
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      const summary = results.violations.map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        nodes: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5),
      }));
      expect(summary, `accessibility violations on ${page.url()}`).toEqual([]);
    });
  },
});

/** Starts the page in a theme the way the app stores it; a choice made later in the test stays. */
export async function useTheme(page: Page, theme: 'light' | 'dark') {
  await page.addInitScript((mode) => {
    if (!localStorage.getItem('lesefuchs.theme')) localStorage.setItem('lesefuchs.theme', mode);
  }, theme);
}

/** The page again in a theme, stored the way the app stores the learner's choice. */
export async function showTheme(page: Page, theme: 'light' | 'dark' | 'auto') {
  await page.evaluate((mode) => localStorage.setItem('lesefuchs.theme', mode), theme);
  await page.reload();
  const dark =
    theme === 'auto'
      ? await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)
      : theme === 'dark';
  await expect(page.locator('html')).toHaveClass(dark ? /dark/ : /^(?!.*dark)/);
}

let counter = 0;
/**
 * A unique nickname the rules accept: its digits could spell a restricted word through the
 * look-alike digits ("7357" reads "test"), so it waits a millisecond for other digits then.
 */
function allowedNickname(name: string): string {
  for (;;) {
    const nickname = `${name}${String(Date.now()).slice(-6)}${worker}${String(counter).padStart(2, '0')}`;
    if (nicknameError(nickname) === null) return nickname;
    const until = Date.now() + 1;
    while (Date.now() < until);
  }
}

/** Playwright's worker index, so that two workers never make the same address or nickname. */
const worker = process.env.TEST_PARALLEL_INDEX ?? '0';

/**
 * Signs a new user up through the API and confirms the address with the link from the dev
 * mailbox; the browser context then carries the session cookie the confirmation sets.
 */
export async function signUpThroughApi(
  page: Page,
  name = 'Mara',
  extra: { nativeLanguage?: string } = {},
) {
  counter += 1;
  const email = `e2e-${Date.now()}-${worker}-${counter}@example.com`;
  const nickname = allowedNickname(name);
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: {
      email,
      password: 'correct horse battery',
      name: nickname,
      ...extra,
    },
  });
  expect(response.status()).toBe(200);
  const mailbox = await page.request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`);
  const { messages } = (await mailbox.json()) as { messages: { links: string[] }[] };
  const link = messages[0]?.links[0];
  expect(link, 'confirmation link in the dev mailbox').toBeTruthy();
  const confirmed = await page.request.get(
    new URL(link as string).pathname + new URL(link as string).search,
  );
  expect(confirmed.ok()).toBe(true);
  return { email, name, nickname };
}

/** Waits until the app's service worker is active (an offline reload needs it). */
export async function serviceWorkerActive(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(async () =>
          Boolean((await navigator.serviceWorker.getRegistration())?.active),
        ),
      { timeout: 20_000 },
    )
    .toBe(true);
}

/** Opens the story list's filters where a phone folds them behind their button. */
export async function openStoryFilters(page: Page) {
  const toggle = page.getByTestId('story-filters-toggle');
  const filters = page.getByTestId('story-filters');
  // Right after a reload the list can be drawn again as the session check answers, which
  // closes the filters a tap had just opened; the learner taps again, and so does the test.
  await expect(async () => {
    if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) !== 'true') {
      await toggle.click();
    }
    await expect(filters).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

/** The saved words on the server, as words. */
export async function serverWords(page: Page): Promise<string[]> {
  const response = await page.request.get('/api/saved-words');
  const { words } = (await response.json()) as { words: { word: string }[] };
  return words.map((word) => word.word).sort();
}

/** Taps a word of the story text and saves what it means. */
export async function saveFromStory(page: Page, text: string) {
  await page
    .getByTestId('story-word')
    .filter({ hasText: new RegExp(`^${text}$`) })
    .first()
    .click();
  await page.getByRole('button', { name: 'Save word' }).click();
  await expect(page.getByRole('button', { name: 'Saved' }).first()).toBeVisible();
}

/** The operator's command, against the server of this run (its data directory). */
export function admin(...args: string[]): string {
  return execFileSync('npm', ['run', '--silent', 'admin', '--', ...args], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR ?? './data-e2e', DATABASE_URL: '' },
    encoding: 'utf8',
  });
}

/** The flashcard shown on the flashcards page. */
export const flashcard = (page: Page) => page.locator('article[data-card-id]');

/** Makes flashcards from level A1 on the flashcards page and waits for the first. */
export async function getCardsFromA1(page: Page, newCards: number) {
  await page.goto('/study/flashcards');
  await page.getByRole('button', { name: 'A1', exact: true }).click();
  await page.getByLabel('New cards', { exact: true }).fill(String(newCards));
  await page.getByLabel('Review cards', { exact: true }).fill('0');
  await page.getByRole('button', { name: 'Get Cards' }).click();
  await expect(flashcard(page)).toBeVisible({ timeout: 20_000 });
}

/** A finger swipe on the card, through Chromium's touch input (the phone project has touch). */
export async function swipe(page: Page, target: Locator, dx: number, dy: number) {
  const box = await target.boundingBox();
  if (!box) throw new Error('the card has no box');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  for (let step = 1; step <= 6; step++) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x: x + (dx * step) / 6, y: y + (dy * step) / 6 }],
    });
    await page.waitForTimeout(25);
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}
