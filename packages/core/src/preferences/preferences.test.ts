import { describe, expect, it } from 'vitest';
import {
  accepts,
  DEFAULT_PREFERENCES,
  leechThresholdValue,
  migratePreferences,
  PREFERENCE_FIELDS,
} from './preferences.ts';
import { preferencesPatchSchema } from './preferences-schema.ts';

describe('preferences', () => {
  it('have the defaults of spec 1 §3', () => {
    expect(DEFAULT_PREFERENCES).toMatchObject({
      themeMode: 'auto',
      showPronunciationGuides: true,
      autoPlayTTSNewWords: true,
      enableDifficultyHints: false,
      storyDifficulty: 'all',
      storyTopics: 'all',
      storyMode: 'normal',
      showReadStories: true,
      targetLanguage: 'de',
      nativeLanguage: 'en',
      audioSpeed: '1.0',
      audioVoice: 'Amala',
      audioDefaultLevel: 'All',
      hyperfocusSpeed: 'normal',
      flashcardsAutoSpeed: 'normal',
      flashcardsDefaultDeck: 'database',
      leechThreshold: 8,
      targetWordClickAction: 'inline',
      boldTargetWords: true,
      pauseAudioOnWordTap: false,
      swipeRightToReturn: false,
      swipeLeftToTranslate: false,
      vocabularyDefaultDeck: 'database',
      vocabularyDefaultLevel: 'All',
      quizDefaultStudyMode: 'vocabulary',
      quizDefaultGameMode: 'score',
      quizDefaultDeck: 'database',
      quizShowQuestionExample: true,
      useGermanStemmer: false,
    });
  });

  it('migrate older names and values, and repair broken ones', () => {
    const migrated = migratePreferences({
      contentDifficulty: ['A1', 'A2'],
      contentTopics: ['food'],
      audioVoice: 'M',
      audioSpeed: 1.5,
      nativeLanguage: 'ko',
      leechThreshold: 50,
      themeMode: 'neon',
      somethingUnknown: 1,
    });
    expect(migrated).toMatchObject({
      storyDifficulty: ['A1', 'A2'],
      storyTopics: ['food'],
      audioVoice: 'Florian',
      audioSpeed: '1.5',
      nativeLanguage: 'kr',
      leechThreshold: 'never',
      themeMode: 'auto',
    });
    expect(migrated).not.toHaveProperty('somethingUnknown');
    expect(migratePreferences(null)).toEqual(DEFAULT_PREFERENCES);
    expect(migratePreferences({ audioVoice: 'F' }).audioVoice).toBe('Amala');
  });

  it('check a change strictly', () => {
    expect(
      preferencesPatchSchema.safeParse({ storyMode: 'lesson', leechThreshold: 'never' }).success,
    ).toBe(true);
    expect(preferencesPatchSchema.safeParse({ storyMode: 'dance' }).success).toBe(false);
    expect(preferencesPatchSchema.safeParse({ unknownKey: true }).success).toBe(false);
  });

  it('send never as 50', () => {
    expect(leechThresholdValue({ leechThreshold: 'never' })).toBe(50);
    expect(leechThresholdValue({ leechThreshold: 12 })).toBe(12);
  });
});

describe('quiz preferences', () => {
  it('reads the first quiz settings as today’s modes', () => {
    const migrated = migratePreferences({
      quizDefaultStudyMode: 'context',
      quizDefaultGameMode: 'truefalse',
    });
    expect(migrated.quizDefaultStudyMode).toBe('vocabulary');
    expect(migrated.quizDefaultGameMode).toBe('true-false');
  });

  it('accepts every study and game mode of spec 2 §2 and refuses others', () => {
    for (const mode of ['vocabulary', 'gender'])
      expect(preferencesPatchSchema.safeParse({ quizDefaultStudyMode: mode }).success).toBe(true);
    for (const mode of ['score', 'survival', 'timer', 'lightning', 'true-false'])
      expect(preferencesPatchSchema.safeParse({ quizDefaultGameMode: mode }).success).toBe(true);
    expect(preferencesPatchSchema.safeParse({ quizDefaultStudyMode: 'context' }).success).toBe(
      false,
    );
    expect(preferencesPatchSchema.safeParse({ quizDefaultGameMode: 'chess' }).success).toBe(false);
  });
});

describe('the reader and the server’s check', () => {
  // Values of every shape a rule could meet: each rule's own values, and neighbours of them.
  const samples: unknown[] = [
    ...Object.values(PREFERENCE_FIELDS).flatMap(({ rule, fallback }) => [
      fallback,
      ...('values' in rule ? [...rule.values, [...rule.values], [rule.values[0]]] : []),
      ...('all' in rule ? [rule.all, rule.all.toUpperCase(), []] : []),
    ]),
    ...[true, false, 0, 1, 8, 50, 51, -1, 2.5, '8', 'never', 'Never', '', 'x'.repeat(40)],
    ...['x'.repeat(41), null, undefined, {}, ['A1', 'Z9'], [1], 'all', 'All', 'de', 'DE'],
  ];

  it('accept the same values for every preference (stored values outside them read as the default)', () => {
    for (const key of Object.keys(PREFERENCE_FIELDS) as (keyof typeof PREFERENCE_FIELDS)[]) {
      for (const value of samples) {
        if (value === undefined) continue;
        const strict = preferencesPatchSchema.safeParse({ [key]: value }).success;
        const read = accepts(PREFERENCE_FIELDS[key].rule, value);
        expect({ key, value, accepted: read }).toEqual({ key, value, accepted: strict });
      }
    }
  });
});
