import type { StoryToken } from '@lesefuchs/core';
import type { Locator, Page } from '@playwright/test';
import {
  expect,
  openStoryFilters,
  SCREENSHOT_DIR,
  showTheme,
  signUpThroughApi,
  test,
} from './fixtures';

// Known words and story coverage (issue #19): each story card shows the share of the story's
// words the learner knows, by lemma, and the count of new words; "I know this" in the look-up
// card and on the vocabulary screen raises it, and pressing it again takes the mark back.

/** A story card's coverage, as the card shows it. */
async function cardCoverage(page: Page, storyId: number) {
  const line = page
    .locator(`[data-testid="story-card"][data-story-id="${storyId}"]`)
    .getByTestId('story-coverage');
  await expect(line).toHaveAttribute('data-known-percent', /\d+/, { timeout: 20_000 });
  return {
    percent: Number(await line.getAttribute('data-known-percent')),
    newWords: Number(await line.getAttribute('data-new-words')),
    text: (await line.innerText()).replace(/\s+/g, ' '),
  };
}

/**
 * A story's coverage counted here from the server's resolved tokens, independently of the
 * app's code: names left out, a compound known when all its parts are, new words the distinct
 * entries not known.
 */
async function countedCoverage(page: Page, storyId: number, known: ReadonlySet<number>) {
  const response = await page.request.get(`/api/stories/${storyId}`);
  const { tokens } = (await response.json()) as { tokens: StoryToken[] };
  let total = 0;
  let knownTokens = 0;
  const entries = new Set<number>();
  for (const token of tokens) {
    if (token.name) continue;
    total += 1;
    const ids = token.vocabularyId !== null ? [token.vocabularyId] : (token.parts ?? []);
    for (const id of ids) entries.add(id);
    if (ids.length > 0 && ids.every((id) => known.has(id))) knownTokens += 1;
  }
  return {
    percent: Math.floor((knownTokens * 100) / total),
    newWords: [...entries].filter((id) => !known.has(id)).length,
  };
}

const storyWord = (page: Page, text: string) =>
  page
    .getByTestId('story-word')
    .filter({ hasText: new RegExp(`^${text}$`) })
    .first();

const press = (locator: Locator, phone: boolean) => (phone ? locator.tap() : locator.click());

test('coverage on the story cards agrees with a count from the server’s tokens, in both themes', async ({
  page,
  axe,
}, testInfo) => {
  await signUpThroughApi(page, 'Abdeckung');
  // A learner who knows the words of the first half of story 1 (brought along as a guest's).
  const { tokens } = (await (await page.request.get('/api/stories/1')).json()) as {
    tokens: StoryToken[];
  };
  const known = new Set(
    tokens
      .slice(0, Math.floor(tokens.length / 2))
      .map((token) => token.vocabularyId)
      .filter((id): id is number => id !== null),
  );
  const migrated = await page.request.post('/api/known-words/migrate', {
    data: { vocabularyIds: [...known] },
  });
  expect(migrated.ok()).toBe(true);

  await page.goto('/stories');
  await expect(page.getByRole('heading', { level: 1, name: 'Stories' })).toBeVisible();
  const cards = page.getByTestId('story-card');
  await expect(cards.first().getByTestId('story-coverage')).toHaveAttribute(
    'data-known-percent',
    /\d+/,
    { timeout: 20_000 },
  );
  const ids = await cards.evaluateAll((nodes) =>
    nodes.slice(0, 6).map((node) => Number(node.getAttribute('data-story-id'))),
  );
  for (const storyId of [1, ...ids.filter((id) => id !== 1)]) {
    const expected = await countedCoverage(page, storyId, known);
    const shown = await cardCoverage(page, storyId);
    expect({ percent: shown.percent, newWords: shown.newWords }, `story ${storyId}`).toEqual(
      expected,
    );
    expect(shown.text).toContain(`${expected.percent}% known`);
    expect(shown.text).toContain(`${expected.newWords} new word`);
  }
  // Story 1 is half known at least, so it leads when the list is sorted by coverage.
  expect((await cardCoverage(page, 1)).percent).toBeGreaterThanOrEqual(50);
  await openStoryFilters(page);
  await page.getByLabel('Sort by').selectOption('coverage');
  await expect(page).toHaveURL(/sort=coverage/);
  await expect(cards.first()).toHaveAttribute('data-story-id', '1');
  await axe(page);

  for (const theme of ['light', 'dark'] as const) {
    await showTheme(page, theme);
    const first = page.getByTestId('story-card').first();
    await expect(first.getByTestId('story-coverage')).toHaveAttribute('data-known-percent', /\d+/, {
      timeout: 20_000,
    });
    await first.scrollIntoViewIfNeeded();
    await page.screenshot({
      path: `${SCREENSHOT_DIR}/${testInfo.project.name}-${theme}-story-cards-coverage.png`,
    });
  }
});

test('"I know this" in the look-up card raises the story card’s coverage, and pressing it again undoes it', async ({
  page,
}, testInfo) => {
  const phone = testInfo.project.name === 'phone';
  await page.goto('/stories');
  const before = await cardCoverage(page, 1);
  expect(before.percent).toBe(0);

  await page.goto('/stories/1?mode=normal');
  await press(storyWord(page, 'Zug'), phone);
  const card = page.getByTestId('word-card');
  const mark = card.getByRole('button', { name: 'I know “der Zug”' });
  await expect(mark).toHaveAttribute('aria-pressed', 'false');
  await mark.click();
  await expect(mark).toHaveAttribute('aria-pressed', 'true');
  await expect(card.getByTestId('known-message')).toHaveText(
    '“der Zug” counts as known. Press again to undo.',
  );
  for (const theme of ['light', 'dark'] as const) {
    await page.screenshot({
      path: `${SCREENSHOT_DIR}/${testInfo.project.name}-${theme}-word-card-known.png`,
    });
    if (theme === 'light') {
      await showTheme(page, 'dark');
      await press(storyWord(page, 'Zug'), phone);
      await expect(mark).toHaveAttribute('aria-pressed', 'true');
    }
  }

  await page.goto('/stories');
  const after = await cardCoverage(page, 1);
  expect(after.percent).toBeGreaterThan(before.percent);
  expect(after.newWords).toBe(before.newWords - 1);

  await page.goto('/stories/1?mode=normal');
  await press(storyWord(page, 'Zug'), phone);
  await page.getByTestId('word-card').getByRole('button', { name: 'I know “der Zug”' }).click();
  await expect(
    page.getByTestId('word-card').getByRole('button', { name: 'I know “der Zug”' }),
  ).toHaveAttribute('aria-pressed', 'false');
  await page.goto('/stories');
  expect(await cardCoverage(page, 1)).toEqual(before);
});

test('"I know this" on the vocabulary screen counts for the story cards and reaches the server', async ({
  page,
}, testInfo) => {
  await signUpThroughApi(page, 'Kennt');
  await page.goto('/stories');
  const before = await cardCoverage(page, 1);

  await page.goto('/vocabulary?deck=database');
  const list = page.getByTestId('vocabulary-list');
  await expect(list.getByTestId('vocabulary-entry').first()).toBeVisible({ timeout: 20_000 });
  await page.getByRole('searchbox', { name: 'Search words' }).fill('train');
  const entry = list
    .getByTestId('vocabulary-entry')
    .filter({ has: page.getByRole('heading', { name: 'der Zug', exact: true }) });
  const mark = entry.getByRole('button', { name: 'I know “der Zug”' });
  await mark.click();
  await expect(mark).toHaveAttribute('aria-pressed', 'true');
  await page.screenshot({
    path: `${SCREENSHOT_DIR}/${testInfo.project.name}-light-vocabulary-known.png`,
  });
  const serverMarks = async () =>
    ((await (await page.request.get('/api/known-words')).json()) as { marked: unknown[] }).marked
      .length;
  await expect.poll(serverMarks, { timeout: 20_000 }).toBe(1);

  await page.goto('/stories');
  const after = await cardCoverage(page, 1);
  expect(after.percent).toBeGreaterThan(before.percent);
  expect(after.newWords).toBe(before.newWords - 1);

  // Undone on the vocabulary screen: the card and the server agree again.
  await page.goto('/vocabulary?deck=database');
  await page.getByRole('searchbox', { name: 'Search words' }).fill('train');
  const again = list
    .getByTestId('vocabulary-entry')
    .filter({ has: page.getByRole('heading', { name: 'der Zug', exact: true }) })
    .getByRole('button', { name: 'I know “der Zug”' });
  await expect(again).toHaveAttribute('aria-pressed', 'true');
  await again.click();
  await expect(again).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(serverMarks, { timeout: 20_000 }).toBe(0);
  await page.goto('/stories');
  expect(await cardCoverage(page, 1)).toEqual(before);
});

test('"Recommended" on home offers an unread story at the learner’s level whose words they mostly know', async ({
  page,
}, testInfo) => {
  // A guest at A1 who knows about 95 % of the words of story 1 ("Der Zug nach Hamburg", A1).
  const { tokens } = (await (await page.request.get('/api/stories/1')).json()) as {
    tokens: StoryToken[];
  };
  const counts = new Map<number, number>();
  let total = 0;
  for (const token of tokens) {
    if (token.name) continue;
    total += 1;
    if (token.vocabularyId !== null)
      counts.set(token.vocabularyId, (counts.get(token.vocabularyId) ?? 0) + 1);
  }
  const byRarity = [...counts].sort((a, b) => a[1] - b[1]);
  let known = [...counts.values()].reduce((a, b) => a + b, 0);
  while (known * 100 > total * 95) known -= byRarity.shift()?.[1] ?? 0;
  const marked = byRarity.map(([id]) => [id, Date.now()]);
  await page.addInitScript(
    ({ marked }) => {
      localStorage.setItem('lesefuchs.knownWords.guest', JSON.stringify({ marked, fromCards: [] }));
      localStorage.setItem(
        'lesefuchs.preferences.guest',
        JSON.stringify({ storyDifficulty: ['A1'] }),
      );
    },
    { marked },
  );

  for (const theme of ['light', 'dark'] as const) {
    if (theme === 'light') await page.goto('/');
    else await showTheme(page, theme);
    const recommended = page.getByTestId('recommended-story');
    await expect(recommended.getByRole('heading', { name: 'Der Zug nach Hamburg' })).toBeVisible({
      timeout: 20_000,
    });
    const line = recommended.getByTestId('story-coverage');
    const percent = Number(await line.getAttribute('data-known-percent'));
    expect(percent).toBeGreaterThanOrEqual(90);
    expect(percent).toBeLessThanOrEqual(98);
    await expect(recommended.getByText('You know most of its words')).toBeVisible();
    await recommended.scrollIntoViewIfNeeded();
    await page.screenshot({
      path: `${SCREENSHOT_DIR}/${testInfo.project.name}-${theme}-home-recommended-coverage.png`,
    });
  }
  // The only comfortable story at A1: another recommendation is another A1 story.
  await page.getByRole('button', { name: 'Recommend another story' }).click();
  const recommended = page.getByTestId('recommended-story');
  await expect(recommended.getByRole('heading', { name: 'Der Zug nach Hamburg' })).toHaveCount(0);
  await expect(recommended).toContainText('A1');
});
