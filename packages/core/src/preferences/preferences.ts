// zod/mini: the web app reads preferences before its first paint, and the mini build is a
// fraction of the classic one to load and to construct.
import * as z from 'zod/mini';
import { CATEGORIES, LEVELS } from '../content/taxonomy.ts';
import { QUIZ_STUDY_MODES } from '../quiz/quiz.ts';
import { QUIZ_GAME_MODES } from '../stats/stats.ts';

/** The leech threshold stored for 'never' (spec 1 §9). */
export const LEECH_NEVER = 50;

const levelOrAll = z.union([z.literal('all'), z.array(z.enum(LEVELS))]);
const topicsOrAll = z.union([z.literal('all'), z.array(z.enum(CATEGORIES))]);
const speed = z.enum(['slow', 'normal', 'fast']);
const deck = z.string().check(z.minLength(1), z.maxLength(40));

const field = <S extends z.ZodMiniType>(schema: S, fallback: z.output<S>) =>
  [schema, fallback] as const;

/** Every preference of spec 1 §3 with the values it accepts (strictly) and its default. */
const fields = {
  themeMode: field(z.enum(['auto', 'light', 'dark']), 'auto'),
  showPronunciationGuides: field(z.boolean(), true),
  autoPlayTTSNewWords: field(z.boolean(), true),
  enableDifficultyHints: field(z.boolean(), false),
  storyDifficulty: field(levelOrAll, 'all'),
  storyTopics: field(topicsOrAll, 'all'),
  storyMode: field(
    z.enum(['normal', 'lesson', 'focus', 'hyperfocus', 'learning', 'practice']),
    'normal',
  ),
  showReadStories: field(z.boolean(), true),
  targetLanguage: field(z.literal('de'), 'de'),
  nativeLanguage: field(z.enum(['en', 'es', 'kr']), 'en'),
  audioSpeed: field(z.enum(['0.7', '1.0', '1.5']), '1.0'),
  audioVoice: field(z.enum(['Amala', 'Florian']), 'Amala'),
  audioDefaultLevel: field(z.union([z.literal('All'), z.array(z.enum(LEVELS))]), 'All'),
  audiosOpenTextOnPlay: field(z.boolean(), false),
  hyperfocusSpeed: field(speed, 'normal'),
  flashcardsAutoSpeed: field(z.enum(['slow', 'normal', 'fast', 'veryFast']), 'normal'),
  flashcardsDefaultDeck: field(deck, 'database'),
  leechThreshold: field(
    z.union([z.int().check(z.minimum(1), z.maximum(LEECH_NEVER)), z.literal('never')]),
    8,
  ),
  targetWordClickAction: field(z.enum(['inline', 'tooltip']), 'inline'),
  boldTargetWords: field(z.boolean(), true),
  /** Not in the spec: a tap on a word pauses the story's audio (off: the audio reads on). */
  pauseAudioOnWordTap: field(z.boolean(), false),
  swipeRightToReturn: field(z.boolean(), false),
  swipeLeftToTranslate: field(z.boolean(), false),
  vocabularyDefaultDeck: field(deck, 'database'),
  vocabularyDefaultLevel: field(z.union([z.literal('All'), z.enum(LEVELS)]), 'All'),
  quizDefaultStudyMode: field(z.enum(QUIZ_STUDY_MODES), 'vocabulary'),
  quizDefaultGameMode: field(z.enum(QUIZ_GAME_MODES), 'score'),
  quizDefaultDeck: field(deck, 'database'),
  quizShowQuestionExample: field(z.boolean(), true),
  useGermanStemmer: field(z.boolean(), false),
  showSavedRemovedMessage: field(z.boolean(), true),
  autoPlayAudio: field(z.boolean(), false),
};

type Fields = typeof fields;
const mapFields = <T>(make: (field: readonly [z.ZodMiniType, unknown]) => T): unknown =>
  Object.fromEntries(Object.entries(fields).map(([key, entry]) => [key, make(entry)]));

/**
 * Stored preferences, read leniently: unknown keys are dropped and a missing value or one of
 * the wrong type falls back to its default, so a damaged or old stored object still loads.
 */
export const preferencesSchema = z.object(
  mapFields(([schema, fallback]) => z._default(z.catch(schema, fallback), fallback as never)) as {
    [K in keyof Fields]: z.ZodMiniType<z.output<Fields[K][0]>>;
  },
);

export type Preferences = z.output<typeof preferencesSchema>;

/**
 * A change to some preferences, each value checked strictly (a bad value is a 400, not a default).
 * The server's alone: marked pure so that the web build, which never uses it, does not build it.
 */
export const preferencesPatchSchema = /* @__PURE__ */ z.strictObject(
  mapFields(([schema]) => z.optional(schema)) as {
    [K in keyof Fields]: z.ZodMiniOptional<Fields[K][0]>;
  },
);
export type PreferencesPatch = z.output<typeof preferencesPatchSchema>;

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
  // The quiz's first settings: a 'context' study mode (now the example sentence of any mode)
  // and true/false written without its hyphen.
  if (raw.quizDefaultStudyMode === 'context') raw.quizDefaultStudyMode = 'vocabulary';
  if (raw.quizDefaultGameMode === 'truefalse' || raw.quizDefaultGameMode === 'trueFalse')
    raw.quizDefaultGameMode = 'true-false';
  return preferencesSchema.parse(raw);
}

/** The leech threshold as the server stores it: 'never' is 50. */
export function leechThresholdValue(preferences: Pick<Preferences, 'leechThreshold'>): number {
  return preferences.leechThreshold === 'never' ? LEECH_NEVER : preferences.leechThreshold;
}
