import type { Page } from '@playwright/test';
import { admin, expect, SCREENSHOT_DIR, showTheme, signUpThroughApi, test } from './fixtures';

// Story audio (issue #8) in Chromium, which the config launches with autoplay allowed: the
// viewer's player with the sentence being read highlighted, the audio list with its listened
// badges and order, the cached file played offline, and the premium controls before and after
// the operator grants a membership.

// The offline reload needs the service worker, which the other suites block.
test.use({ serviceWorkers: 'allow' });

const player = (page: Page) => page.getByRole('region', { name: 'Story audio' });
const activeSentence = (page: Page) =>
  page.locator('[data-testid="story-sentence"][aria-current="true"]');
/** Which sentence is highlighted: its position among the story's sentences. */
const activeIndex = (page: Page) =>
  page.evaluate(() => {
    const all = Array.from(document.querySelectorAll('[data-testid="story-sentence"]'));
    return all.findIndex((sentence) => sentence.getAttribute('aria-current') === 'true');
  });

test('the viewer plays a story, highlights the sentence being read, and seeks to a tapped sentence', async ({
  page,
  axe,
}, testInfo) => {
  await page.goto('/stories/1');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await player(page).getByRole('button', { name: 'Listen to the story' }).click();
  await expect(player(page).getByRole('button', { name: 'Pause the audio' })).toBeVisible({
    timeout: 15_000,
  });

  // The highlight starts on the first sentence and moves on as the audio plays.
  await expect(activeSentence(page)).toHaveCount(1);
  const first = await activeIndex(page);
  await expect.poll(() => activeIndex(page), { timeout: 15_000 }).toBeGreaterThan(first);

  // Tapping the control before sentence 8 plays from there.
  await page.getByRole('button', { name: 'Play from sentence 8' }).click();
  await expect.poll(() => activeIndex(page)).toBe(7);
  await expect.poll(() => activeIndex(page), { timeout: 15_000 }).toBeGreaterThan(7);

  // Pause holds the place; resume goes on from it.
  await player(page).getByRole('button', { name: 'Pause the audio' }).click();
  const held = await activeIndex(page);
  await expect(player(page).getByRole('button', { name: 'Resume the audio' })).toBeVisible();
  await axe(page);
  for (const theme of ['light', 'dark'] as const) {
    if (theme === 'dark') {
      await showTheme(page, theme);
      await player(page).getByRole('button', { name: 'Listen to the story' }).click();
      await expect(activeSentence(page)).toHaveCount(1);
      await player(page).getByRole('button', { name: 'Pause the audio' }).click();
    }
    await page.screenshot({
      path: `${SCREENSHOT_DIR}/${testInfo.project.name}-${theme}-story-audio.png`,
    });
  }
  expect(held).toBeGreaterThanOrEqual(7);

  // Leaving the page stops the audio.
  await page.getByRole('link', { name: 'All stories' }).first().click();
  await expect(page).toHaveURL(/\/stories$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/stories\/1$/);
  await expect(player(page).getByRole('button', { name: 'Listen to the story' })).toBeVisible();
});

const items = (page: Page) => page.getByTestId('audio-item');
const item = (page: Page, id: string) =>
  page.locator(`[data-testid="audio-item"][data-story-id="${id}"]`);
const itemIds = (page: Page) =>
  items(page).evaluateAll((all) => all.map((element) => element.getAttribute('data-story-id')));
const progress = async (page: Page, id: string) =>
  Number(await item(page, id).getByRole('progressbar').getAttribute('aria-valuenow'));

/** Presses play on a story of the list and waits until its progress moves. */
async function playUntilItMoves(page: Page, id: string) {
  await item(page, id)
    .getByRole('button', { name: /^Play “/ })
    .click();
  await expect(item(page, id).getByRole('button', { name: /^Pause “/ })).toBeVisible({
    timeout: 15_000,
  });
  await expect.poll(() => progress(page, id), { timeout: 15_000 }).toBeGreaterThan(0);
}

test('the audio list plays, pauses, resumes and switches stories, moves listened ones last, and plays the cached file offline', async ({
  page,
  context,
  axe,
}, testInfo) => {
  // A long journey (35 s alone): under the suite's parallel load on a slow machine it outlasted
  // the default 60 s while every step still passed.
  test.setTimeout(120_000);
  await signUpThroughApi(page, 'Hoerer');
  await page.goto('/stories/audios');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect(page.getByTestId('audio-count')).toHaveText(/^Showing (\d+) of \1$/);
  const [first, second] = (await itemIds(page)) as [string, string];
  await expect(item(page, first).getByTestId('listened-badge')).toHaveCount(0);

  // Play, pause, resume.
  await playUntilItMoves(page, first);
  await item(page, first)
    .getByRole('button', { name: /^Pause “/ })
    .click();
  await expect(item(page, first).getByRole('button', { name: /^Play “/ })).toBeVisible();
  await expect(item(page, first).getByRole('button', { name: /^Stop “/ })).toBeEnabled();
  const pausedAt = await progress(page, first);
  await item(page, first)
    .getByRole('button', { name: /^Play “/ })
    .click();
  await expect(item(page, first).getByRole('button', { name: /^Pause “/ })).toBeVisible();
  await expect.poll(() => progress(page, first), { timeout: 15_000 }).toBeGreaterThan(pausedAt);

  // Another story stops the first; the order holds while something plays.
  await item(page, second)
    .getByRole('button', { name: /^Play “/ })
    .click();
  await expect(item(page, second).getByRole('button', { name: /^Pause “/ })).toBeVisible({
    timeout: 15_000,
  });
  await expect(item(page, first).getByRole('button', { name: /^Stop “/ })).toBeDisabled();
  await expect(item(page, first).getByTestId('listened-badge')).toBeVisible();
  expect((await itemIds(page)).slice(0, 2)).toEqual([first, second]);
  await item(page, second)
    .getByRole('button', { name: /^Stop “/ })
    .click();

  // Stopped: both listened stories now come after the unlistened ones.
  await expect(item(page, second).getByTestId('listened-badge')).toBeVisible();
  await expect
    .poll(async () => (await itemIds(page)).slice(-2).sort())
    .toEqual([first, second].sort());

  // The text: German, then the learner's language; Escape closes it.
  await item(page, first)
    .getByRole('button', { name: /^Show the text of “/ })
    .click();
  const modal = page.getByTestId('audio-text-modal');
  await expect(modal.locator('[lang="de"]').last()).not.toBeEmpty();
  await modal.getByRole('button', { name: 'English' }).click();
  await expect(modal.getByRole('button', { name: 'English' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await axe(page);
  await page.screenshot({
    path: `${SCREENSHOT_DIR}/${testInfo.project.name}-light-audio-text.png`,
  });
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();

  for (const theme of ['light', 'dark'] as const) {
    if (theme === 'dark') {
      await showTheme(page, theme);
      await expect(item(page, second).getByTestId('listened-badge')).toBeVisible();
    }
    await page.screenshot({
      path: `${SCREENSHOT_DIR}/${testInfo.project.name}-${theme}-audio-list.png`,
    });
  }
  await axe(page);

  // The first listens reach the server (the stats queue; a reload's page-hide sends at once).
  await page.reload();
  await expect
    .poll(
      async () => {
        const answer = await page.request.get('/api/stats/audio-ids');
        return ((await answer.json()) as { audioIds: string[] }).audioIds.sort();
      },
      { timeout: 40_000 },
    )
    .toEqual([`${first}-de`, `${second}-de`].sort());

  // Offline: the page comes from the service worker, the list from the device, the file from
  // the audio cache.
  await context.setOffline(true);
  await page.reload();
  await expect(item(page, first).getByTestId('listened-badge')).toBeVisible();
  await playUntilItMoves(page, first);
  await expect(page.getByTestId('audio-error')).toHaveCount(0);
  await context.setOffline(false);
});

test('premium choices are closed to a non-member, in the page and on the server; the open audio list opens them when the operator grants premium and closes them on a revoke', async ({
  page,
}, testInfo) => {
  const { email } = await signUpThroughApi(page, 'Premium');
  await page.goto('/stories/audios');
  // The speed and voice filters come before the list.
  const filters = page;
  for (const name of ['0.7×', '1.5×', 'Florian']) {
    await expect(filters.getByRole('button', { name, exact: true }).first()).toBeDisabled();
  }
  await expect(filters.getByRole('button', { name: 'Amala', exact: true }).first()).toBeEnabled();
  await expect(page.getByTestId('audio-count')).toBeVisible();
  const [first] = (await itemIds(page)) as [string];
  await expect(item(page, first).getByRole('button', { name: /^Speed of “/ })).toBeDisabled();

  // The server refuses the same choices and the second voice's file.
  const refused = await page.request.patch('/api/profile/preferences', {
    data: { audioVoice: 'Florian' },
  });
  expect(refused.status()).toBe(403);
  const stories = (await (await page.request.get('/api/stories')).json()) as {
    stories: { id: number; audioUrlDe2: string | null }[];
  };
  const florianUrl = stories.stories.find((story) => String(story.id) === first)?.audioUrlDe2;
  expect(florianUrl).toBeTruthy();
  expect((await page.request.get(florianUrl as string)).status()).toBe(403);

  // The operator grants premium; the open page learns of it within seconds, without a reload.
  expect(admin('premium', email, '--days', '30')).toMatch(`granted premium to ${email}`);
  await expect(page.getByRole('button', { name: 'Florian', exact: true }).first()).toBeEnabled({
    timeout: 10_000,
  });
  await page.getByRole('button', { name: 'Florian', exact: true }).first().click();
  await page.getByRole('button', { name: '1.5×', exact: true }).first().click();
  await expect(page.getByRole('button', { name: '1.5×', exact: true }).first()).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // Playing now fetches Florian's file, which the server now serves.
  const florianFile = page.waitForResponse((response) =>
    new URL(response.url()).pathname.endsWith('/de-florian.mp3'),
  );
  await item(page, first)
    .getByRole('button', { name: /^Play “/ })
    .click();
  expect((await florianFile).status()).toBe(200);
  await expect(item(page, first).getByRole('button', { name: /^Pause “/ })).toBeVisible({
    timeout: 15_000,
  });
  await expect(item(page, first).getByRole('button', { name: /^Speed of “/ })).toHaveAccessibleName(
    /1[.,]5×/,
  );

  // The choices were kept by the server this time (leaving the page sends the preferences
  // queue), and the profile names the membership.
  await page.goto('/profile');
  await expect
    .poll(
      async () => {
        const answer = await page.request.get('/api/profile');
        const { profile } = (await answer.json()) as {
          profile: { preferences: { audioVoice: string; audioSpeed: string } };
        };
        return [profile.preferences.audioVoice, profile.preferences.audioSpeed];
      },
      { timeout: 20_000 },
    )
    .toEqual(['Florian', '1.5']);
  await expect(page.getByTestId('membership')).toHaveText(/^Premium member until /);

  // Revoked while the audio list is open: its choices close again within seconds, no reload.
  await page.goto('/stories/audios');
  await expect(page.getByTestId('audio-count')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Florian', exact: true }).first()).toBeEnabled();
  await page.screenshot({
    path: `${SCREENSHOT_DIR}/${testInfo.project.name}-light-audio-list-premium.png`,
  });
  // (The live updates connect once the page is idle.)
  await page.waitForLoadState('networkidle');
  expect(admin('premium', email, '--revoke')).toMatch(`revoked premium of ${email}`);
  await expect(page.getByRole('button', { name: 'Florian', exact: true }).first()).toBeDisabled({
    timeout: 10_000,
  });
  await expect(page.getByRole('button', { name: '1.5×', exact: true }).first()).toBeDisabled();
  await expect(item(page, first).getByRole('button', { name: /^Speed of “/ })).toBeDisabled();

  // The profile says so too.
  await page.goto('/profile');
  await expect(page.getByTestId('membership')).toHaveText(/^Free plan/);
  await expect(page.getByRole('option', { name: /Florian/ })).toBeDisabled();
});

test('a grant and a revoke reach an open story page within seconds, without a reload', async ({
  page,
}) => {
  const { email } = await signUpThroughApi(page, 'Granted');
  await page.goto('/stories/1');
  const florian = player(page).getByRole('button', { name: 'Florian', exact: true });
  await expect(florian).toBeDisabled();
  // (The live updates connect once the page is idle.)
  await page.waitForLoadState('networkidle');

  expect(admin('premium', email, '--days', '30')).toMatch(`granted premium to ${email}`);
  await expect(florian).toBeEnabled({ timeout: 10_000 });

  expect(admin('premium', email, '--revoke')).toMatch(`revoked premium of ${email}`);
  await expect(florian).toBeDisabled({ timeout: 10_000 });
});
