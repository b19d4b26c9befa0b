import type { Page } from '@playwright/test';
import {
  expect,
  openStoryFilters,
  SCREENSHOT_DIR,
  signUpThroughApi,
  test,
  useTheme,
} from './fixtures';

const shot = (page: Page, project: string, theme: string, name: string) =>
  page.screenshot({ path: `${SCREENSHOT_DIR}/${project}-${theme}-${name}.png`, fullPage: true });

/** The corpus as the server lists it: the number of stories, all and at A1. */
async function storyCounts(page: Page): Promise<{ all: number; a1: number }> {
  const { stories } = (await (await page.request.get('/api/stories')).json()) as {
    stories: { difficulty: string }[];
  };
  return { all: stories.length, a1: stories.filter((story) => story.difficulty === 'A1').length };
}

/** The newest story (the last id) and the one before it, with their German titles. */
async function newestStories(page: Page): Promise<{ id: number; titleDe: string }[]> {
  const { stories } = (await (await page.request.get('/api/stories')).json()) as {
    stories: { id: number; titleDe: string }[];
  };
  return [...stories].sort((a, b) => b.id - a.id).slice(0, 2);
}

/** The server's list of a signed-in user, as story ids. */
async function serverList(page: Page, path: string): Promise<number[]> {
  const response = await page.request.get(path);
  const { entries } = (await response.json()) as { entries: { storyId: number }[] };
  return entries.map((entry) => entry.storyId);
}

for (const theme of ['light', 'dark'] as const) {
  test(`story list in the ${theme} theme: filters and sort live in the address and survive a reload`, async ({
    page,
    axe,
  }, testInfo) => {
    await useTheme(page, theme);
    const counts = await storyCounts(page);
    await page.goto('/stories');
    await expect(page.getByTestId('story-card')).toHaveCount(counts.all);
    await openStoryFilters(page);
    await page.getByRole('button', { name: 'A1', exact: true }).click();
    await page.getByLabel('Sort by').selectOption('target-words');
    await expect(page).toHaveURL(/difficulty=A1/);
    await expect(page).toHaveURL(/sort=target-words/);
    await expect(page.getByTestId('story-card')).toHaveCount(counts.a1);
    await page.getByRole('searchbox', { name: 'Search stories' }).fill('Hamburg');
    await expect(page).toHaveURL(/search=Hamburg/);
    await expect(page.getByTestId('story-card')).toHaveCount(1);
    await axe(page);
    await shot(page, testInfo.project.name, theme, 'stories');

    await page.reload();
    await openStoryFilters(page);
    await expect(page.getByRole('button', { name: 'A1', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByTestId('story-card')).toHaveCount(1);
    await page.getByRole('button', { name: 'Reset filters' }).click();
    await expect(page).toHaveURL(/\/stories$/);
    await expect(page.getByTestId('story-card')).toHaveCount(counts.all);
  });

  test(`story viewer in the ${theme} theme: a tap shows the meaning of a target word, an inflected word and a separated verb`, async ({
    page,
    axe,
  }, testInfo) => {
    await useTheme(page, theme);
    await page.goto('/stories/1');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Der Zug nach Hamburg' }),
    ).toBeVisible();
    const word = (text: string) =>
      page
        .getByTestId('story-word')
        .filter({ hasText: new RegExp(`^${text}$`) })
        .first();

    await word('Zug').click();
    await expect(page.getByTestId('word-meaning').first()).toContainText('train');
    await word('wohnt').click();
    await expect(page.getByTestId('word-meaning').first()).toContainText('wohnen');
    await word('hole').click();
    await expect(page.getByTestId('word-meaning').first()).toContainText('abholen');

    await page.getByLabel('Translation').selectOption('kr');
    await expect(page.getByTestId('story-translation')).toContainText('함부르크');
    await axe(page);
    await shot(page, testInfo.project.name, theme, 'story-normal');
  });
}

/** The modes with key hints: a control the mode shows first, and the hint. */
const KEY_HINTS: Record<string, { control: string; text: string }> = {
  hyperfocus: { control: 'Play', text: 'Press Space to play or pause.' },
  learning: {
    control: 'Show meaning',
    text: 'Space or Enter turns the card; the arrow keys move between cards.',
  },
};

// One test per mode and theme: the six modes in one test took 53-58 s of its 60 on a slow host.
for (const theme of ['light', 'dark'] as const) {
  for (const mode of ['normal', 'lesson', 'focus', 'hyperfocus', 'learning', 'practice']) {
    test(`the story opens in ${mode} mode in the ${theme} theme`, async ({
      page,
      axe,
    }, testInfo) => {
      await useTheme(page, theme);
      await page.goto(`/stories/2?mode=${mode}`);
      await expect(page.getByLabel('Reading mode')).toHaveValue(mode);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // The two modes' key hints show only where a keyboard is likely, not on a touch phone.
      const keyHint = KEY_HINTS[mode];
      if (keyHint) {
        await expect(page.getByRole('button', { name: keyHint.control })).toBeVisible();
        await expect(page.getByText(keyHint.text)).toHaveCount(
          testInfo.project.name === 'phone' ? 0 : 1,
        );
      }
      await axe(page);
      await shot(page, testInfo.project.name, theme, `story-${mode}`);
    });
  }
}

test('a story that does not exist says so', async ({ page }) => {
  await page.goto('/stories/999');
  await expect(page.getByRole('heading', { name: 'Story not found: 999' })).toBeVisible();
});

test('a preferred reading mode is added to the address; hyperfocus plays to the end and marks the story read', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'a 40-second playback is enough on one width');
  await page.addInitScript(() => {
    localStorage.setItem(
      'lesefuchs.preferences.guest',
      JSON.stringify({ storyMode: 'hyperfocus', hyperfocusSpeed: 'fast' }),
    );
  });
  // The shortest story (179 words) at 400 words a minute with its pauses: about 40 s.
  await page.goto('/stories/8');
  await expect(page).toHaveURL(/\/stories\/8\?mode=hyperfocus$/);
  await page.getByRole('button', { name: 'Play' }).click();
  await expect(page.getByText('You reached the end of the story.')).toBeVisible({
    timeout: 90_000,
  });
  // The list searched for its title: the card is among the first drawn, not the 110th of a
  // list drawn in steps.
  await page.goto('/stories?search=Schl%C3%BCssel');
  await expect(
    page.locator('[data-story-id="8"]').getByRole('button', { name: /as unread/ }),
  ).toBeVisible();
});

test('a first visit to the story list fetches the list once, started by the page; the next visit only checks its version', async ({
  page,
}) => {
  const requests: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/stories') && url.pathname !== '/api/stories/lemmas')
      requests.push(url.pathname);
  });
  await page.goto('/stories');
  await expect(page.getByTestId('story-card').first()).toBeVisible();
  expect(requests).toEqual(['/api/stories']);
  const initiators = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname === '/api/stories')
      .map((entry) => (entry as PerformanceResourceTiming).initiatorType),
  );
  // The page's first script asked for it (a preload), and the app took that answer.
  expect(initiators).toEqual(['link']);

  requests.length = 0;
  await page.reload();
  await expect(page.getByTestId('story-card').first()).toBeVisible();
  await expect.poll(() => requests).toEqual(['/api/stories/version']);
});

test('a guest’s bookmarks and read stories come along when they sign up', async ({ page }) => {
  await page.goto('/stories/4?mode=normal');
  await page.getByRole('button', { name: /^Bookmark / }).click();
  await page.getByTestId('story-end').scrollIntoViewIfNeeded();
  await expect(page.getByText('You have read this story.')).toBeVisible();
  await signUpThroughApi(page, 'Gast');
  await page.reload();
  await expect.poll(() => serverList(page, '/api/bookmarks'), { timeout: 30_000 }).toEqual([4]);
  await expect.poll(() => serverList(page, '/api/reading/completions')).toEqual([4]);
});

test('signed in: bookmark, read by scrolling to the end, and the home card moves on', async ({
  page,
}, testInfo) => {
  await signUpThroughApi(page, 'Leser');
  const [newest, before] = (await newestStories(page)) as [
    { id: number; titleDe: string },
    { id: number; titleDe: string },
  ];
  await page.goto('/');
  const latest = page.getByTestId('latest-story');
  await expect(latest).toContainText(newest.titleDe);

  await page.goto(`/stories/${newest.id}`);
  await page.getByRole('button', { name: /^Bookmark / }).click();
  await page.getByTestId('story-end').scrollIntoViewIfNeeded();
  await expect(page.getByText('You have read this story.')).toBeVisible();
  await expect.poll(() => serverList(page, '/api/reading/completions')).toEqual([newest.id]);
  await expect
    .poll(() => serverList(page, '/api/bookmarks'), { timeout: 30_000 })
    .toEqual([newest.id]);

  await page.goto('/');
  await expect(page.getByTestId('latest-story')).toContainText(before.titleDe);
  await page.goto('/bookmarks');
  await expect(page.getByRole('link', { name: newest.titleDe }).first()).toBeVisible();
  await shot(page, testInfo.project.name, 'light', 'bookmarks');
});

test('offline bookmarks and reads reach the server when the browser is back online', async ({
  page,
  context,
}) => {
  await signUpThroughApi(page, 'Offline');
  await page.goto('/stories/5');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await context.setOffline(true);
  await page.getByRole('button', { name: /^Bookmark / }).click();
  await page.getByTestId('story-end').scrollIntoViewIfNeeded();
  await expect(page.getByText('You have read this story.')).toBeVisible();
  await page.waitForTimeout(1_000);
  expect(await serverList(page, '/api/bookmarks')).toEqual([]);
  await context.setOffline(false);
  await expect
    .poll(() => serverList(page, '/api/reading/completions'), { timeout: 30_000 })
    .toEqual([5]);
  await expect.poll(() => serverList(page, '/api/bookmarks'), { timeout: 30_000 }).toEqual([5]);
});

test('a second browser signed in as the same user sees a new bookmark without reloading', async ({
  page,
  browser,
}) => {
  await signUpThroughApi(page, 'Zwilling');
  const second = await browser.newContext({ storageState: await page.context().storageState() });
  const other = await second.newPage();
  await other.goto('/bookmarks');
  await expect(other.getByRole('heading', { level: 1, name: 'Bookmarks' })).toBeVisible();

  await page.goto('/stories/9');
  await page.getByRole('button', { name: /^Bookmark / }).click();
  await expect.poll(() => serverList(page, '/api/bookmarks'), { timeout: 30_000 }).toEqual([9]);
  const title = await page.getByRole('heading', { level: 1 }).innerText();
  await expect(other.getByText(title).first()).toBeVisible({ timeout: 15_000 });
  await second.close();
});

test('the story list’s preferences open in a sheet whose Done stays in view inside it, down to 320 px; a guest is told they stay on the device', async ({
  page,
}, testInfo) => {
  const widths = testInfo.project.name === 'phone' ? [320, 390] : [1400];
  for (const width of widths) {
    await page.setViewportSize({ width, height: width === 1400 ? 900 : 640 });
    await page.goto('/stories');
    await page.getByRole('button', { name: 'Story preferences', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: 'Story preferences' });
    await expect(sheet.getByRole('heading', { name: 'Preferences' })).toBeVisible();
    await expect(sheet).toContainText('Changes are kept on this device. Sign up');
    // Done is part of the sheet's panel, in view, not covered, and the panel shows all round it
    // (not the backdrop), whatever the panel's length.
    const panel = sheet.getByRole('region', { name: 'Preferences' });
    const done = panel.getByRole('button', { name: 'Done' });
    await expect(done).toBeInViewport({ ratio: 1 });
    const around = await done.evaluate((element) => {
      const { x, y, width, height } = element.getBoundingClientRect();
      const region = element.closest('section');
      const at = (px: number, py: number) => {
        const hit = document.elementFromPoint(px, py);
        return hit === element || element.contains(hit)
          ? 'Done'
          : region?.contains(hit)
            ? 'panel'
            : 'outside';
      };
      return {
        centre: at(x + width / 2, y + height / 2),
        above: at(x + width / 2, y - 4),
        below: at(x + width / 2, y + height + 4),
        left: at(x - 4, y + height / 2),
        right: at(x + width + 4, y + height / 2),
      };
    });
    expect(around).toEqual({
      centre: 'Done',
      above: 'panel',
      below: 'panel',
      left: 'panel',
      right: 'panel',
    });
    await page.screenshot({
      path: `${SCREENSHOT_DIR}/${testInfo.project.name}-${width}-light-story-preferences.png`,
    });
    await done.click();
    await expect(sheet).toBeHidden();
  }
});
