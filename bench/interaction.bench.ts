// Interaction latency on Lighthouse's mobile CPU throttle (4× slower), issue #16: from a word's
// tap to its card painted, from a flashcard's grade to the next card painted, and on the word
// list (200 words shown) a save and a cleared search, each as the browser's own Event Timing
// (input delay + handlers + rendering until the next paint, what INP reports). Goal: under
// 100 ms. Also how long the story list takes to draw its last card (the list renders in steps).
// Debian's Chromium on the production build:
//   npm run build && npm run bench -- interaction
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import {
  CHROMIUM,
  CHROMIUM_ARGS,
  missingPrerequisite,
  openFlashcards,
  signUp,
  startProductionServer,
} from './production-server.ts';

const GOAL_MS = 100;
/** Lighthouse's mobile preset slows the CPU four times. */
const CPU_SLOWDOWN = 4;
const TAPS = 20;
const GRADES = 15;

// Every interaction's longest event (Event Timing entries of 16 ms or more; shorter ones count
// as 16). A string: tsx would wrap a function's inner names in a helper the page lacks.
const OBSERVE = `window.__events = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) if (entry.interactionId) window.__events.push(entry.duration);
}).observe({ type: 'event', durationThreshold: 16, buffered: true });`;
const TAKE = `new Promise((resolve) => requestAnimationFrame(() => setTimeout(() => {
  const longest = Math.max(16, ...window.__events);
  window.__events = [];
  resolve(longest);
}, 100)))`;

const summary = (label: string, times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const over = at(0.95) > GOAL_MS ? ' — OVER GOAL' : '';
  return `${label.padEnd(28)} ${String(times.length).padStart(3)} × p50 ${at(0.5).toFixed(0).padStart(4)} ms, p95 ${at(0.95).toFixed(0).padStart(4)} ms, max ${at(1).toFixed(0).padStart(4)} ms${over}`;
};

async function throttled(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
}

async function wordTaps(page: Page): Promise<number[]> {
  await page.goto('/stories/1?mode=normal');
  const words = page.getByTestId('story-word');
  await words.first().waitFor({ timeout: 20_000 });
  await page.evaluate(OBSERVE);
  await throttled(page);
  const card = page.getByTestId('word-card');
  const times: number[] = [];
  for (let i = 0; i < TAPS; i++) {
    // Every third word of the first paragraphs, each a new card.
    await words.nth(3 + i * 3).tap();
    await card.waitFor({ timeout: 10_000 });
    times.push((await page.evaluate(TAKE)) as number);
  }
  return times;
}

async function grades(page: Page): Promise<number[]> {
  const card = await openFlashcards(page, 30);
  await page.evaluate(OBSERVE);
  await throttled(page);
  const times: number[] = [];
  for (let i = 0; i < GRADES; i++) {
    const before = await card.getAttribute('data-card-id');
    await page.keyboard.press('Space');
    await page.locator('article[data-revealed="true"]').waitFor();
    await page.evaluate(TAKE);
    await page.keyboard.press('3');
    await page
      .locator(`article[data-card-id="${before}"]`)
      .waitFor({ state: 'detached', timeout: 10_000 });
    times.push((await page.evaluate(TAKE)) as number);
    if (!(await card.count())) break;
  }
  return times;
}

const SAVES = 10;
const SEARCHES = 5;

/** The word list (200 words shown): a word saved, and a search typed and cleared. */
async function wordList(page: Page): Promise<{ saves: number[]; clears: number[] }> {
  await page.goto('/vocabulary?deck=database');
  const entries = page.getByTestId('vocabulary-entry');
  await entries.nth(SAVES).waitFor({ timeout: 30_000 });
  await page.getByText(/^Showing 200 of/).waitFor();
  await page.evaluate(OBSERVE);
  await throttled(page);
  const saves: number[] = [];
  for (let i = 0; i < SAVES; i++) {
    const entry = entries.nth(i);
    await entry.getByRole('button', { name: 'Save word' }).tap();
    await entry.getByRole('button', { name: /^Saved\. Remove / }).waitFor({ timeout: 10_000 });
    saves.push((await page.evaluate(TAKE)) as number);
  }
  const search = page.getByRole('searchbox');
  const clears: number[] = [];
  for (let i = 0; i < SEARCHES; i++) {
    await search.fill('Haus');
    await page
      .getByText(/^Showing \d+ of \d+ words$/)
      .filter({ hasNotText: 'of 7' })
      .waitFor();
    await page.evaluate(TAKE);
    // Escape clears a search box: the whole list comes back.
    await search.press('Escape');
    await page.getByText(/^Showing 200 of/).waitFor({ timeout: 10_000 });
    clears.push((await page.evaluate(TAKE)) as number);
  }
  return { saves, clears };
}

/** From the address to the last of the story list's cards drawn, on the same throttle. */
async function storyListComplete(page: Page): Promise<number[]> {
  const { stories } = (await (await page.request.get('/api/stories')).json()) as {
    stories: unknown[];
  };
  await throttled(page);
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const start = Date.now();
    await page.goto('/stories');
    await page
      .locator('[data-story-id]')
      .nth(stories.length - 1)
      .waitFor({ state: 'attached', timeout: 60_000 });
    times.push(Date.now() - start);
  }
  return times;
}

export async function run(): Promise<string[]> {
  const missing = missingPrerequisite();
  if (missing) return [missing];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lesefuchs-bench-interaction-'));
  const server = await startProductionServer(dataDir);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    await page.addInitScript(`localStorage.setItem('lesefuchs.tours.completed', '["app"]')`);
    await signUp(page);
    const taps = await wordTaps(page);
    const graded = await grades(await context.newPage());
    const list = await wordList(await context.newPage());
    const complete = await storyListComplete(await context.newPage());
    return [
      `Event Timing on a ${CPU_SLOWDOWN}× slower CPU, 390 px; goal p95 < ${GOAL_MS} ms`,
      summary('word tap → card painted', taps),
      `  each tap, in order: ${taps.map((t) => t.toFixed(0)).join(' ')} ms`,
      summary('grade → next card painted', graded),
      summary('word list: save tapped', list.saves),
      summary('word list: search cleared', list.clears),
      `story list, all cards drawn (load, not an interaction): ${complete.map((t) => t.toFixed(0)).join(', ')} ms`,
    ];
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
