import { DEFAULT_PREFERENCES, type Preferences } from '@lesefuchs/core';
import type { Locator } from '@playwright/test';
import { admin, expect, SCREENSHOT_DIR, signUpThroughApi, test } from './fixtures';

// The settings screen (issue #18): every preference of the specs in its group, changed here,
// kept by the account and shown on a second device; the theme travels with the account.

type Key = Exclude<keyof Preferences, 'targetLanguage' | 'nativeLanguage'>;

/**
 * A control of a group of the screen (its region), by its label without the group's name: the
 * group's name before it ("Quiz: deck") is matched too, so the test holds whether the label
 * repeats the group's name or not.
 */
function control(settings: Locator, group: string, label: string): Locator {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return settings
    .getByRole('region', { name: group, exact: true })
    .getByLabel(new RegExp(`^(?:${escape(group)}: )?${escape(label)}$`, 'i'));
}

/** One preference's control: how the test changes it, and what it shows and stores afterwards. */
interface Field {
  key: Key;
  stored: unknown;
  change(settings: Locator): Promise<void>;
  check(settings: Locator): Promise<void>;
}

/** A switch, flipped from its default. */
function toggle(key: Key, group: string, label: string): Field {
  const checked = !DEFAULT_PREFERENCES[key];
  return {
    key,
    stored: checked,
    change: (settings) => control(settings, group, label).click(),
    check: (settings) => expect(control(settings, group, label)).toBeChecked({ checked }),
  };
}

/** A list, set to an option (by its text), which the control holds as `value`. */
function select(
  key: Key,
  group: string,
  label: string,
  option: string,
  value: string,
  stored: unknown = value,
): Field {
  return {
    key,
    stored,
    change: async (settings) => {
      await control(settings, group, label).selectOption({ label: option });
    },
    check: (settings) => expect(control(settings, group, label)).toHaveValue(value),
  };
}

/** A group of boxes or radio buttons (its legend names it), with one option ticked by its text. */
function choice(key: Key, group: string, legend: string, option: string, stored: unknown): Field {
  const box = (settings: Locator) =>
    settings
      .getByRole('region', { name: group, exact: true })
      .getByRole('group', { name: legend })
      .getByLabel(option, { exact: true });
  return {
    key,
    stored,
    change: (settings) => box(settings).check(),
    check: (settings) => expect(box(settings)).toBeChecked(),
  };
}

const DISPLAY = 'Display and words';
const STORY_LIST = 'Story list';
const STORY = 'Reading a story';

/** Every preference of the screen but the theme, changed from its default. */
const FIELDS: Field[] = [
  toggle('showPronunciationGuides', DISPLAY, 'Show the listen button on word cards'),
  toggle('autoPlayTTSNewWords', DISPLAY, 'Read a word aloud when its card opens'),
  toggle('enableDifficultyHints', DISPLAY, 'Show the level of each word on its card'),
  toggle('showSavedRemovedMessage', DISPLAY, 'Say when a word is saved or removed'),
  choice('storyDifficulty', STORY_LIST, 'Levels to start with', 'A2', ['A2']),
  choice('storyTopics', STORY_LIST, 'Topics to start with', 'Food', ['food']),
  toggle('showReadStories', STORY_LIST, 'Show stories I have read'),
  select('storyMode', STORY, 'Reading mode', 'Focus', 'focus'),
  choice(
    'targetWordClickAction',
    STORY,
    'Tapping a word',
    'Shows a short card next to the word',
    'tooltip',
  ),
  select('hyperfocusSpeed', STORY, 'Hyperfocus speed', 'Fast', 'fast'),
  toggle('boldTargetWords', STORY, 'Target words in bold'),
  toggle('pauseAudioOnWordTap', STORY, 'Pause the audio when I tap a word'),
  toggle('swipeRightToReturn', STORY, 'Swipe right in a story to go back to the list'),
  toggle('swipeLeftToTranslate', STORY, 'Swipe left in a story to show the translation'),
  toggle('autoPlayAudio', STORY, 'Play a story’s audio when it opens'),
  // The speed and the voice are a member's (the test's learner is granted a membership).
  select('audioSpeed', 'Audio', 'Speed', '1.5×', '1.5'),
  select('audioVoice', 'Audio', 'Voice', 'Florian', 'Florian'),
  choice('audioDefaultLevel', 'Audio', 'Levels the audio list starts with', 'B1', ['B1']),
  toggle('audiosOpenTextOnPlay', 'Audio', 'Open the text when an audio starts'),
  select('flashcardsDefaultDeck', 'Flashcards', 'Deck to start with', 'Saved words', 'saved'),
  select('flashcardsAutoSpeed', 'Flashcards', 'Auto mode speed', 'Very fast', 'veryFast'),
  select('leechThreshold', 'Flashcards', 'A card becomes a leech', 'After 5 lapses', '5', 5),
  select('quizDefaultStudyMode', 'Quiz', 'What to practise', 'Gender', 'gender'),
  select('quizDefaultGameMode', 'Quiz', 'Game', 'Survival', 'survival'),
  select('quizDefaultDeck', 'Quiz', 'Deck to start with', 'B1', 'level-B1'),
  toggle('quizShowQuestionExample', 'Quiz', 'Show the example sentence'),
  select('vocabularyDefaultDeck', 'Vocabulary', 'Deck to start with', 'Saved words', 'saved'),
  select('vocabularyDefaultLevel', 'Vocabulary', 'Level to start with', 'B2', 'B2'),
  toggle('useGermanStemmer', 'Vocabulary', 'Find words by their stem when searching'),
];
/** The theme, changed last so that the light screenshots come first. */
const THEME = select('themeMode', DISPLAY, 'Theme', 'Dark', 'dark');

test('every preference changes on the settings screen, reaches the account and shows on a second device', async ({
  page,
  browser,
}, testInfo) => {
  // About 30 changes, a membership granted by the operator's command, two sets of screenshots
  // and a second device: longer than one page's minute.
  test.setTimeout(150_000);
  // Nothing of the screen is left out, and nothing is "changed" to its default.
  const keys = [...FIELDS, THEME].map((field) => field.key);
  expect(keys.toSorted()).toEqual(
    Object.keys(DEFAULT_PREFERENCES)
      .filter((key) => key !== 'targetLanguage' && key !== 'nativeLanguage')
      .toSorted(),
  );
  for (const field of [...FIELDS, THEME]) {
    expect(field.stored, field.key).not.toEqual(DEFAULT_PREFERENCES[field.key]);
  }

  const { email } = await signUpThroughApi(page, 'Einstellung');
  expect(admin('premium', email, '--days', '30')).toMatch(`granted premium to ${email}`);
  await page.goto('/settings');
  const settings = page.getByTestId('settings');
  await expect(settings.getByRole('heading', { level: 1 })).toHaveText('Settings');

  for (const field of FIELDS) await field.change(settings);
  for (const field of FIELDS) await field.check(settings);
  // From the top, where the header is (the changes scrolled the page down).
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({
    path: `${SCREENSHOT_DIR}/${testInfo.project.name}-light-settings.png`,
    fullPage: true,
  });
  await THEME.change(settings);
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.screenshot({
    path: `${SCREENSHOT_DIR}/${testInfo.project.name}-dark-settings.png`,
    fullPage: true,
  });

  // A reload sends the preferences at once (page hide); the account then holds every change.
  await page.reload();
  const stored = Object.fromEntries([...FIELDS, THEME].map((field) => [field.key, field.stored]));
  await expect
    .poll(
      async () => {
        const answer = await page.request.get('/api/profile');
        const { profile } = (await answer.json()) as { profile: { preferences: object } };
        return profile.preferences;
      },
      { timeout: 30_000 },
    )
    .toMatchObject(stored);

  // A second device of the same account (its cookie only, nothing of this browser's storage)
  // shows every change on its own settings screen.
  const { cookies } = await page.context().storageState();
  const second = await browser.newContext({
    storageState: { cookies, origins: [] },
    viewport: page.viewportSize() ?? undefined,
  });
  try {
    const other = await second.newPage();
    await other.goto('/settings');
    const there = other.getByTestId('settings');
    for (const field of [...FIELDS, THEME]) await field.check(there);
    // The theme came with the account.
    await expect(other.locator('html')).toHaveClass(/dark/, { timeout: 15_000 });
    await other.screenshot({
      path: `${SCREENSHOT_DIR}/${testInfo.project.name}-dark-settings-second-device.png`,
    });
  } finally {
    await second.close();
  }
});

test('the word card follows its three preferences: the listen button, the level, the message on saving', async ({
  page,
}) => {
  await signUpThroughApi(page, 'Karte');
  await page.goto('/settings');
  const settings = page.getByTestId('settings');
  await settings.getByLabel('Show the listen button on word cards', { exact: true }).click();
  await settings.getByLabel('Show the level of each word on its card', { exact: true }).click();

  await page.goto('/stories/1');
  await page.getByTestId('story-word').nth(1).click();
  const card = page.getByTestId('word-card');
  await expect(card).toBeVisible();
  await expect(card.getByTestId('word-level')).toHaveText(/· (A1|A2|B1|B2|C1|C2)/);
  await expect(card.getByRole('button', { name: /^Listen to/ })).toHaveCount(0);
  await card.getByRole('button', { name: 'Save word' }).click();
  await expect(card.getByTestId('save-message')).toContainText('is in your list');
});
