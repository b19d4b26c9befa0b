import type { Browser, Page } from '@playwright/test';
import {
  expect,
  SCREENSHOT_DIR,
  serverWords,
  showTheme,
  signUpThroughApi,
  test,
  useTheme,
} from './fixtures';

// The community of issue #21 with three learners in their own browsers: two choose to be shown
// and earn points (a quiz game played, cards studied, stories read), the third earns more but
// stays private; the board ranks the two and never shows the third; an opt-out vanishes at once;
// the own row is pinned. A collection made by one is found, opened and added by another, and
// gone for both once its creator deletes it.

/** A second (or third) learner in a browser of their own, a returning visitor like `page`. */
async function learnerBrowser(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  await context.addInitScript(() => {
    localStorage.setItem('lesefuchs.tours.completed', '["app","quiz","flashcards"]');
    localStorage.setItem('lesefuchs.level.asked', 'in a test');
  });
  return { context, page: await context.newPage() };
}

/** Marks stories read through the API, as the reader does at a story's end. */
async function readStories(page: Page, ids: number[]) {
  for (const id of ids) {
    expect((await page.request.put(`/api/reading/completions/${id}`)).ok()).toBe(true);
  }
}

/** Reviews `count` new A1 cards once each, as the study screen does. */
async function studyCards(page: Page, count: number) {
  const session = await page.request.post('/api/flashcards/session', {
    data: { deck: 'level-a1', newCount: count, reviewCount: 0 },
  });
  const { new: fresh } = (await session.json()) as { new: { id: number }[] };
  expect(fresh.length).toBe(count);
  for (const card of fresh) {
    const review = await page.request.post('/api/flashcards/reviews', {
      data: {
        cardId: card.id,
        rating: 'good',
        reviewId: `community-${card.id}-${Date.now()}`,
        reviewedAt: Date.now(),
      },
    });
    expect(review.ok()).toBe(true);
  }
}

/** Plays a vocabulary score game at A1 to its end, answering the first option each time. */
async function playQuizGame(page: Page): Promise<number> {
  await page.goto('/study/quiz');
  await page.getByRole('radio', { name: /^Vocabulary/ }).check();
  await page.getByRole('radio', { name: /^Score/ }).check();
  await page.getByRole('button', { name: 'A1', exact: true }).click();
  await page.getByRole('button', { name: 'Start' }).click();
  const end = page.getByTestId('quiz-end');
  while (!(await end.isVisible())) {
    await page.getByTestId('quiz-option').first().click();
    await page.getByRole('button', { name: /^(Continue|See the result)/ }).click();
  }
  const score = Number((await page.getByTestId('quiz-final-score').innerText()).trim());
  // The score goes to the server at once (the stats queue); wait until it is there.
  await expect
    .poll(async () => {
      const response = await page.request.get('/api/quiz/scores');
      return JSON.stringify(await response.json()).includes('"score"');
    })
    .toBe(true);
  return score;
}

const rows = (page: Page) => page.getByTestId('board-row');
const rowOf = (page: Page, nickname: string) =>
  page.locator(`[data-testid="board-row"][data-nickname="${nickname}"]`);

/** The nicknames on the board in their order, read from the rows' data. */
async function boardOrder(page: Page): Promise<string[]> {
  await expect(page.getByTestId('board-rows')).toBeVisible();
  return rows(page).evaluateAll((elements) =>
    elements.map((element) => element.getAttribute('data-nickname') ?? ''),
  );
}

test('two learners who chose to be shown are ranked by their points, the third never appears, an opt-out vanishes at once', async ({
  page,
  browser,
  baseURL,
  axe,
}, testInfo) => {
  test.setTimeout(120_000);
  const anna = await signUpThroughApi(page, 'Anna');
  const second = await learnerBrowser(browser, baseURL);
  const third = await learnerBrowser(browser, baseURL);
  try {
    const ben = await signUpThroughApi(second.page, 'Ben');
    const cora = await signUpThroughApi(third.page, 'Cora');

    // Ben plays a quiz game (a game counts up to 20 points) and studies two cards: at most 22.
    // Anna reads two stories and studies three cards: 23. Cora reads five stories (50) but
    // stays private.
    const quizScore = await playQuizGame(second.page);
    await studyCards(second.page, 2);
    await readStories(page, [1, 2]);
    await studyCards(page, 3);
    await readStories(third.page, [1, 2, 3, 4, 5]);

    // Anna chooses to be shown in the settings, Ben on the community screen.
    await page.goto('/settings');
    const annaSwitch = page
      .getByTestId('settings-community')
      .getByRole('switch', { name: 'Show me on the boards' });
    await annaSwitch.click();
    await expect(annaSwitch).toBeChecked();
    await second.page.goto('/community');
    await expect(second.page.getByTestId('community-private')).toBeVisible();
    await second.page.getByRole('switch', { name: 'Show me on the boards' }).click();
    await expect(second.page.getByTestId('community-private')).toHaveCount(0);

    await page.goto('/community');
    await expect(page.getByTestId('board-tab-week')).toHaveAttribute('aria-selected', 'true');
    await expect(rowOf(page, anna.nickname)).toHaveAttribute('data-value', '23');
    await expect(rowOf(page, ben.nickname)).toHaveAttribute(
      'data-value',
      String(2 + Math.min(quizScore, 20)),
    );
    const order = await boardOrder(page);
    expect(order.indexOf(anna.nickname)).toBeLessThan(order.indexOf(ben.nickname));
    expect(order).not.toContain(cora.nickname);
    await expect(rowOf(page, anna.nickname)).toHaveAttribute('data-own', 'true');
    await expect(page.getByTestId('board-own-row')).toHaveAttribute('data-place', 'on-page');
    // On a page without her row, it is pinned below the list with her rank.
    await page.goto('/community?board=week&page=2');
    await expect(page.getByTestId('board-own-row')).toHaveAttribute('data-place', 'pinned');
    await expect(page.getByTestId('board-own-summary')).toContainText(/^You: #\d+ · 23 points$/);
    await page.goto('/community');

    // The all-time board counts the same; the streak board has both, at one day.
    await page.getByTestId('board-tab-all').click();
    await expect(rowOf(page, anna.nickname)).toHaveAttribute('data-value', '23');
    await page.getByTestId('board-tab-streak').click();
    await expect(rowOf(page, ben.nickname)).toHaveAttribute('data-value', '1');
    expect(await boardOrder(page)).not.toContain(cora.nickname);

    // Cora, not shown, sees the board without her, what being shown would make public, and
    // the choice.
    await third.page.goto('/community');
    await expect(third.page.getByTestId('community-private')).toBeVisible();
    await expect(
      third.page
        .getByTestId('community-private')
        .getByRole('switch', { name: 'Show me on the boards' }),
    ).not.toBeChecked();
    expect(await boardOrder(third.page)).not.toContain(cora.nickname);
    // Her profile is not public either.
    await third.page.goto(`/community/u/${encodeURIComponent(cora.nickname)}`);
    await expect(
      third.page.getByRole('heading', { name: "This learner's profile is not public" }),
    ).toBeVisible();

    // Anna's public profile, from her row.
    await page.goto('/community');
    await rowOf(page, anna.nickname).getByRole('link', { name: anna.nickname }).click();
    await expect(page).toHaveURL(new RegExp(`/community/u/${anna.nickname}$`));
    const profile = page.getByTestId('public-profile');
    await expect(profile.getByTestId('profile-stat-storiesRead')).toContainText('2');
    await expect(profile.getByTestId('profile-stat-week')).toContainText('23');

    for (const theme of ['light', 'dark'] as const) {
      await page.goto('/community');
      await showTheme(page, theme);
      await expect(rowOf(page, anna.nickname)).toBeVisible();
      await axe(page);
      await page.screenshot({
        path: `${SCREENSHOT_DIR}/${testInfo.project.name}-${theme}-community-board.png`,
        fullPage: true,
      });
      await page.goto(`/community/u/${anna.nickname}`);
      await expect(page.getByTestId('public-profile-stats')).toBeVisible();
      await axe(page);
      await page.screenshot({
        path: `${SCREENSHOT_DIR}/${testInfo.project.name}-${theme}-community-profile.png`,
        fullPage: true,
      });
    }

    // Ben leaves the boards: gone from Anna's board on her next look, and his profile with it.
    await second.page.goto('/settings');
    const benSwitch = second.page
      .getByTestId('settings-community')
      .getByRole('switch', { name: 'Show me on the boards' });
    await expect(benSwitch).toBeChecked();
    await benSwitch.click();
    await expect(benSwitch).not.toBeChecked();
    await page.goto('/community');
    await expect(rowOf(page, anna.nickname)).toBeVisible();
    expect(await boardOrder(page)).not.toContain(ben.nickname);
    await page.goto(`/community/u/${ben.nickname}`);
    await expect(
      page.getByRole('heading', { name: "This learner's profile is not public" }),
    ).toBeVisible();

    // A guest sees the board and how to get on it, in Spanish and Korean too (the community's
    // texts load with its screens).
    const guest = await browser.newPage({ baseURL });
    try {
      for (const [language, title] of [
        ['en', 'Want to be on the boards?'],
        ['es', '¿Quieres aparecer en las clasificaciones?'],
        ['kr', '순위표에 오르고 싶나요?'],
      ] as const) {
        await guest.goto(`/community?lng=${language}`);
        await expect(guest.getByTestId('community-guest')).toContainText(title);
        await expect(rowOf(guest, anna.nickname)).toBeVisible();
      }
    } finally {
      await guest.close();
    }
  } finally {
    await second.context.close();
    await third.context.close();
  }
});

test('a collection shared by one learner is found, opened and added by another, and gone for both once deleted', async ({
  page,
  browser,
  baseURL,
  axe,
}, testInfo) => {
  test.setTimeout(120_000);
  await useTheme(page, 'light');
  await signUpThroughApi(page, 'Teiler');
  const words = ['Bahnhof', 'Fenster', 'Küche', 'Garten'];
  for (const word of words) {
    const saved = await page.request.post('/api/saved-words', { data: { action: 'save', word } });
    expect(saved.ok()).toBe(true);
  }
  // (the server's list names them with their articles)
  const saved = await serverWords(page);
  expect(saved).toHaveLength(4);
  const name = `Zuhause ${testInfo.project.name} ${Date.now() % 100_000}`;

  // Shared from the vocabulary screen: all my saved words, listed publicly.
  await page.goto('/vocabulary');
  await page.getByTestId('share-collection').click();
  const form = page.getByTestId('share-collection-form');
  await expect(form).toBeVisible();
  await form.getByRole('radio', { name: /^All my saved words \(4\)/ }).check();
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Description (optional)').fill('Wörter für das Haus und den Weg dorthin.');
  await form.getByRole('radio', { name: /^Listed publicly/ }).check();
  await form.getByTestId('share-collection-submit').click();
  await expect(page).toHaveURL(/\/community\/collections\/[A-Za-z0-9]{12}$/);
  const id = page.url().split('/').pop() as string;
  await expect(page.getByTestId('collection-word')).toHaveCount(4);

  const other = await learnerBrowser(browser, baseURL);
  try {
    const { page: reader } = other;
    await signUpThroughApi(reader, 'Leser');
    expect(await serverWords(reader)).toEqual([]);
    await reader.goto('/community/collections');
    const card = reader.locator(`[data-testid="collection-card"][data-id="${id}"]`);
    await expect(card).toContainText(name);
    await expect(card).toContainText('4 words');
    await card.getByTestId('collection-card-link').click();
    await expect(reader.getByTestId('collection')).toHaveAttribute('data-id', id);
    await reader.getByTestId('collection-add-all').click();
    await expect(reader.getByTestId('collection-added')).toHaveText(
      '4 words added to your saved words.',
    );
    await expect(reader.getByTestId('collection-uses')).toHaveText('used 1 time');
    expect(await serverWords(reader)).toEqual(saved);
    // Others report it; they cannot change or delete it.
    await expect(reader.getByTestId('collection-edit')).toHaveCount(0);
    await expect(reader.getByTestId('collection-delete')).toHaveCount(0);

    for (const theme of ['light', 'dark'] as const) {
      await showTheme(reader, theme);
      await expect(reader.getByTestId('collection-word')).toHaveCount(4);
      await axe(reader);
      await reader.screenshot({
        path: `${SCREENSHOT_DIR}/${testInfo.project.name}-${theme}-community-collection.png`,
        fullPage: true,
      });
    }

    // The creator deletes it: gone from the list and from the link, for both.
    await page.reload();
    await page.getByTestId('collection-delete').click();
    await page.getByTestId('collection-delete-confirm').click();
    await expect(page).toHaveURL(/\/community\/collections$/);
    await expect(page.locator(`[data-testid="collection-card"][data-id="${id}"]`)).toHaveCount(0);
    await reader.reload();
    await expect(
      reader.getByRole('heading', { name: 'This collection is not available' }),
    ).toBeVisible();
    await reader.goto('/community/collections');
    await expect(
      reader.getByTestId('collections-list').or(reader.getByTestId('collections-empty')),
    ).toBeVisible();
    await expect(reader.locator(`[data-testid="collection-card"][data-id="${id}"]`)).toHaveCount(0);
    // The words the reader added stay in their list.
    expect(await serverWords(reader)).toEqual(saved);
  } finally {
    await other.context.close();
  }
});
