import { expect, SCREENSHOT_DIR, signUpThroughApi, test } from './fixtures';

// The settings screen (issue #18): every preference of the specs in its group, changed here,
// kept by the account and shown on a second device; the theme travels with the account.

/** Toggles flipped from their defaults, by label. */
const TOGGLES = [
  'Show the listen button on word cards',
  'Read a word aloud when its card opens',
  'Show the level of each word on its card',
  'Say when a word is saved or removed',
  'Show stories I have read',
  'Target words in bold',
  'Pause the audio when I tap a word',
  'Swipe right in a story to go back to the list',
  'Swipe left in a story to show the translation',
  'Play a story’s audio when it opens',
  'Open the text when an audio starts',
  'Quiz: show the example sentence',
  'Find words by their stem when searching',
];
/** Selects changed, by label, to an option's text. */
const SELECTS: [string, string][] = [
  ['Reading mode', 'Focus'],
  ['Tapping a word', 'Shows a short card next to the word'],
  ['Hyperfocus speed', 'Fast'],
  ['Flashcards: deck to start with', 'Saved words'],
  ['Flashcards: auto mode speed', 'Very fast'],
  ['A card becomes a leech', 'After 5 lapses'],
  ['Quiz: deck', 'B1'],
  ['Vocabulary: deck to start with', 'Saved words'],
  ['Vocabulary: level to start with', 'B2'],
];
/** What the account holds afterwards. */
const STORED = {
  themeMode: 'dark',
  showPronunciationGuides: false,
  autoPlayTTSNewWords: false,
  enableDifficultyHints: true,
  showSavedRemovedMessage: false,
  showReadStories: false,
  boldTargetWords: false,
  pauseAudioOnWordTap: true,
  swipeRightToReturn: true,
  swipeLeftToTranslate: true,
  autoPlayAudio: true,
  audiosOpenTextOnPlay: true,
  quizShowQuestionExample: false,
  useGermanStemmer: true,
  storyMode: 'focus',
  targetWordClickAction: 'tooltip',
  hyperfocusSpeed: 'fast',
  flashcardsDefaultDeck: 'saved',
  flashcardsAutoSpeed: 'veryFast',
  leechThreshold: 5,
  quizDefaultDeck: 'level-B1',
  vocabularyDefaultDeck: 'saved',
  vocabularyDefaultLevel: 'B2',
  storyDifficulty: ['A2'],
  storyTopics: ['food'],
  audioDefaultLevel: ['B1'],
};

test('every preference changes on the settings screen, reaches the account and shows on a second device', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  await signUpThroughApi(page, 'Einstellung');
  await page.goto('/settings');
  const settings = page.getByTestId('settings');
  await expect(settings.getByRole('heading', { level: 1 })).toHaveText('Settings');

  await settings.getByLabel('Theme').selectOption({ label: 'Dark' });
  await expect(page.locator('html')).toHaveClass(/dark/);
  for (const label of TOGGLES) await settings.getByLabel(label, { exact: true }).click();
  for (const [label, option] of SELECTS) {
    await settings.getByLabel(label, { exact: true }).selectOption({ label: option });
  }
  const group = (legend: string) => settings.getByRole('group', { name: legend });
  await group('Levels the story list starts with').getByLabel('A2', { exact: true }).click();
  await group('Topics the story list starts with').getByLabel('Food', { exact: true }).click();
  await group('Levels the audio list starts with').getByLabel('B1', { exact: true }).click();
  await page.screenshot({
    path: `${SCREENSHOT_DIR}/${testInfo.project.name}-dark-settings.png`,
    fullPage: true,
  });

  // A reload sends the preferences at once (page hide); the account then holds every change.
  await page.reload();
  await expect
    .poll(
      async () => {
        const answer = await page.request.get('/api/profile');
        const { profile } = (await answer.json()) as { profile: { preferences: object } };
        return profile.preferences;
      },
      { timeout: 30_000 },
    )
    .toMatchObject(STORED);

  // A second device of the same account (its cookie only, nothing of this browser's storage).
  const { cookies } = await page.context().storageState();
  const second = await browser.newContext({
    storageState: { cookies, origins: [] },
    viewport: page.viewportSize() ?? undefined,
  });
  try {
    const other = await second.newPage();
    await other.goto('/settings');
    const there = other.getByTestId('settings');
    await expect(there.getByLabel('Reading mode', { exact: true })).toHaveValue('focus');
    await expect(there.getByLabel('Vocabulary: level to start with', { exact: true })).toHaveValue(
      'B2',
    );
    await expect(
      there.getByLabel('Show the level of each word on its card', { exact: true }),
    ).toBeChecked();
    await expect(there.getByLabel('Target words in bold', { exact: true })).not.toBeChecked();
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
