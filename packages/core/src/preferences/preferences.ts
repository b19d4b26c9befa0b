import { z } from 'zod';
import { CATEGORIES, LEVELS } from '../content/taxonomy.ts';

/** The leech threshold stored for 'never' (spec 1 §9). */
export const LEECH_NEVER = 50;

const levelOrAll = z.union([z.literal('all'), z.array(z.enum(LEVELS))]);
const topicsOrAll = z.union([z.literal('all'), z.array(z.enum(CATEGORIES))]);
const speed = z.enum(['slow', 'normal', 'fast']);

/**
 * Every preference of spec 1 §3 with its default. Unknown keys are dropped and a value of the
 * wrong type falls back to its default, so a damaged or old stored object still loads.
 */
export const preferencesSchema = z.object({
  themeMode: z.enum(['auto', 'light', 'dark']).catch('auto').default('auto'),
  showPronunciationGuides: z.boolean().catch(true).default(true),
  autoPlayTTSNewWords: z.boolean().catch(true).default(true),
  enableDifficultyHints: z.boolean().catch(false).default(false),
  storyDifficulty: levelOrAll.catch('all').default('all'),
  storyTopics: topicsOrAll.catch('all').default('all'),
  storyMode: z
    .enum(['normal', 'lesson', 'focus', 'hyperfocus', 'learning', 'practice'])
    .catch('normal')
    .default('normal'),
  showReadStories: z.boolean().catch(true).default(true),
  targetLanguage: z.literal('de').catch('de').default('de'),
  nativeLanguage: z.enum(['en', 'es', 'kr']).catch('en').default('en'),
  audioSpeed: z.enum(['0.7', '1.0', '1.5']).catch('1.0').default('1.0'),
  audioVoice: z.enum(['Amala', 'Florian']).catch('Amala').default('Amala'),
  audioDefaultLevel: z
    .union([z.literal('All'), z.array(z.enum(LEVELS))])
    .catch('All')
    .default('All'),
  audiosOpenTextOnPlay: z.boolean().catch(false).default(false),
  hyperfocusSpeed: speed.catch('normal').default('normal'),
  flashcardsAutoSpeed: z
    .enum(['slow', 'normal', 'fast', 'veryFast'])
    .catch('normal')
    .default('normal'),
  flashcardsDefaultDeck: z.string().min(1).max(40).catch('database').default('database'),
  leechThreshold: z
    .union([z.number().int().min(1).max(LEECH_NEVER), z.literal('never')])
    .catch(8)
    .default(8),
  targetWordClickAction: z.enum(['inline', 'tooltip']).catch('inline').default('inline'),
  boldTargetWords: z.boolean().catch(true).default(true),
  /** Not in the spec: a tap on a word pauses the story's audio (off: the audio reads on). */
  pauseAudioOnWordTap: z.boolean().catch(false).default(false),
  swipeRightToReturn: z.boolean().catch(false).default(false),
  swipeLeftToTranslate: z.boolean().catch(false).default(false),
  vocabularyDefaultDeck: z.string().min(1).max(40).catch('database').default('database'),
  vocabularyDefaultLevel: z
    .union([z.literal('All'), z.enum(LEVELS)])
    .catch('All')
    .default('All'),
  quizDefaultStudyMode: z.enum(['vocabulary', 'context']).catch('vocabulary').default('vocabulary'),
  quizDefaultGameMode: z.enum(['score', 'timer', 'lightning']).catch('score').default('score'),
  quizDefaultDeck: z.string().min(1).max(40).catch('database').default('database'),
  quizShowQuestionExample: z.boolean().catch(true).default(true),
  useGermanStemmer: z.boolean().catch(false).default(false),
  showSavedRemovedMessage: z.boolean().catch(true).default(true),
  notifications: z.boolean().catch(true).default(true),
  autoPlayAudio: z.boolean().catch(false).default(false),
});

export type Preferences = z.infer<typeof preferencesSchema>;

/** A change to some preferences, each value checked strictly (a bad value is a 400, not a default). */
export const preferencesPatchSchema = z
  .object(
    Object.fromEntries(
      Object.entries(preferencesSchema.shape).map(([key, field]) => [
        key,
        (field as z.ZodDefault<z.ZodCatch<z.ZodType>>).unwrap().unwrap().optional(),
      ]),
    ) as { [K in keyof Preferences]: z.ZodOptional<z.ZodType<Preferences[K]>> },
  )
  .strict();
export type PreferencesPatch = z.infer<typeof preferencesPatchSchema>;

export const DEFAULT_PREFERENCES: Preferences = preferencesSchema.parse({});

/**
 * Reads stored preferences of any age: older names (contentDifficulty, contentTopics), old
 * voice values (F = Amala, M = Florian), ko for Korean, numeric audio speeds; then fills every
 * missing or broken value with its default.
 */
export function migratePreferences(stored: unknown): Preferences {
  const raw: Record<string, unknown> =
    stored && typeof stored === 'object' ? { ...(stored as Record<string, unknown>) } : {};
  if (raw.storyDifficulty === undefined && raw.contentDifficulty !== undefined)
    raw.storyDifficulty = raw.contentDifficulty;
  if (raw.storyTopics === undefined && raw.contentTopics !== undefined)
    raw.storyTopics = raw.contentTopics;
  if (raw.audioVoice === 'F') raw.audioVoice = 'Amala';
  if (raw.audioVoice === 'M') raw.audioVoice = 'Florian';
  if (raw.nativeLanguage === 'ko') raw.nativeLanguage = 'kr';
  if (typeof raw.audioSpeed === 'number')
    raw.audioSpeed = raw.audioSpeed === 1 ? '1.0' : String(raw.audioSpeed);
  if (raw.leechThreshold === LEECH_NEVER) raw.leechThreshold = 'never';
  return preferencesSchema.parse(raw);
}

/** The leech threshold as the server stores it: 'never' is 50. */
export function leechThresholdValue(preferences: Pick<Preferences, 'leechThreshold'>): number {
  return preferences.leechThreshold === 'never' ? LEECH_NEVER : preferences.leechThreshold;
}
