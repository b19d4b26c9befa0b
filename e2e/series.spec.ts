import { expect, SCREENSHOT_DIR, showTheme, test } from './fixtures';

// Series (issue #22): a story that is part of a series says which part it is on its card and in
// the reader, and the end of a part leads to the next one; the last part says the series is done.

interface Listed {
  id: number;
  titleDe: string;
  series: {
    id: string;
    part: number;
    total: number;
    title: { de: string };
    stories: number[];
  } | null;
}

test('a series: the card and the reader show the part, and each part leads to the next', async ({
  page,
  axe,
}, testInfo) => {
  const { stories } = (await (await page.request.get('/api/stories')).json()) as {
    stories: Listed[];
  };
  const first = stories.find((story) => story.series?.part === 1) as Listed;
  expect(first, 'a series in the corpus').toBeTruthy();
  const series = first.series as NonNullable<Listed['series']>;
  const titleOf = (id: number) => stories.find((story) => story.id === id)?.titleDe ?? '';
  const [, secondId] = series.stories as [number, number];
  const lastId = series.stories.at(-1) as number;

  // The card in the list.
  await page.goto('/stories');
  const card = page.locator(`[data-testid="story-card"][data-story-id="${first.id}"]`);
  await card.scrollIntoViewIfNeeded();
  await expect(card.getByTestId('story-series')).toHaveText(
    `Part 1 of ${series.total} · ${series.title.de}`,
  );

  // The reader, and the end of part 1 leads to part 2.
  await page.goto(`/stories/${first.id}?mode=normal`);
  await expect(page.locator('main').getByTestId('story-series')).toHaveText(
    `Part 1 of ${series.total} · ${series.title.de}`,
  );
  await page.getByTestId('story-end').scrollIntoViewIfNeeded();
  const next = page.getByTestId('story-summary').getByTestId('next-part');
  await expect(next).toHaveText(`Go on with part 2 of ${series.total}: ${titleOf(secondId)}`);
  // The next story at the level is another one, not part 2 a second time.
  await expect(page.getByTestId('story-summary').getByTestId('next-story')).not.toContainText(
    titleOf(secondId),
  );
  await axe(page);
  await next.evaluate((link) => link.scrollIntoView({ block: 'center' }));
  await page.screenshot({
    path: `${SCREENSHOT_DIR}/${testInfo.project.name}-light-series-next.png`,
  });
  await next.click();
  await expect(page).toHaveURL(new RegExp(`/stories/${secondId}$`));
  await expect(page.locator('main').getByTestId('story-series')).toHaveText(
    `Part 2 of ${series.total} · ${series.title.de}`,
  );

  // The last part: the series is done, and the next story at the level is the way on.
  await page.goto(`/stories/${lastId}?mode=normal`);
  await page.getByTestId('story-end').scrollIntoViewIfNeeded();
  const summary = page.getByTestId('story-summary');
  await expect(summary.getByTestId('series-done')).toHaveText(
    `You finished the series: „${series.title.de}“`,
  );
  await expect(summary.getByTestId('next-part')).toHaveCount(0);
  await showTheme(page, 'dark');
  await axe(page);
  await summary.evaluate((section) => section.scrollIntoView({ block: 'center' }));
  await page.screenshot({
    path: `${SCREENSHOT_DIR}/${testInfo.project.name}-dark-series-done.png`,
  });
});
