import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PREFERENCES,
  leechThresholdValue,
  migratePreferences,
  preferencesPatchSchema,
} from './preferences.ts';

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
