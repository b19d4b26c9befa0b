// The preferences of spec 1 §3 as plain rules, without a validation library: the web app reads
// the stored preferences before its first paint, and zod (about 20 KB gzip) would ride on every
// reading page for it. The server's strict check of a change is built from the same rules with
// zod (preferences-schema.ts), so the two cannot drift apart.
import { CATEGORIES, LEVELS } from '../content/taxonomy.ts';
import { QUIZ_STUDY_MODES } from '../quiz/quiz.ts';
import { QUIZ_GAME_MODES } from '../stats/stats.ts';

/** The leech threshold stored for 'never' (spec 1 §9). */
export const LEECH_NEVER = 50;

/** What one preference accepts. */
export type PreferenceRule =
  | { readonly kind: 'oneOf'; readonly values: readonly string[] }
  | { readonly kind: 'boolean' }
  /** The word for every value (`all`), or a list of some of them. */
  | { readonly kind: 'allOrSome'; readonly all: string; readonly values: readonly string[] }
  /** A deck's name: text of 1 to 40 characters. */
  | { readonly kind: 'deck' }
  /** A whole number from 1 to `max`, or `never`. */
  | { readonly kind: 'countOrNever'; readonly max: number };

const oneOf = <const V extends readonly string[]>(values: V) =>
  ({ kind: 'oneOf', values }) as const;
const BOOLEAN = { kind: 'boolean' } as const;
const allOrSome = <const A extends string, const V extends readonly string[]>(all: A, values: V) =>
  ({ kind: 'allOrSome', all, values }) as const;
const DECK = { kind: 'deck' } as const;
const LEECH = { kind: 'countOrNever', max: LEECH_NEVER } as const;
const SPEED = oneOf(['slow', 'normal', 'fast']);

/** The value a rule accepts, as a type. */
type ValueOf<R> = R extends { kind: 'oneOf'; values: readonly (infer V)[] }
  ? V
  : R extends { kind: 'boolean' }
    ? boolean
    : R extends { kind: 'allOrSome'; all: infer A; values: readonly (infer V)[] }
      ? A | V[]
      : R extends { kind: 'deck' }
        ? string
        : R extends { kind: 'countOrNever' }
          ? number | 'never'
          : never;

const field = <const R extends PreferenceRule>(rule: R, fallback: ValueOf<R>) =>
  ({ rule, fallback }) as const;

/** Every preference of spec 1 §3 with the values it accepts (strictly) and its default. */
export const PREFERENCE_FIELDS = {
  themeMode: field(oneOf(['auto', 'light', 'dark']), 'auto'),
  showPronunciationGuides: field(BOOLEAN, true),
  autoPlayTTSNewWords: field(BOOLEAN, true),
  enableDifficultyHints: field(BOOLEAN, false),
  storyDifficulty: field(allOrSome('all', LEVELS), 'all'),
  storyTopics: field(allOrSome('all', CATEGORIES), 'all'),
  storyMode: field(
    oneOf(['normal', 'lesson', 'focus', 'hyperfocus', 'learning', 'practice']),
    'normal',
  ),
  showReadStories: field(BOOLEAN, true),
  targetLanguage: field(oneOf(['de']), 'de'),
  nativeLanguage: field(oneOf(['en', 'es', 'kr']), 'en'),
  audioSpeed: field(oneOf(['0.7', '1.0', '1.5']), '1.0'),
  audioVoice: field(oneOf(['Amala', 'Florian']), 'Amala'),
  audioDefaultLevel: field(allOrSome('All', LEVELS), 'All'),
  audiosOpenTextOnPlay: field(BOOLEAN, false),
  hyperfocusSpeed: field(SPEED, 'normal'),
  flashcardsAutoSpeed: field(oneOf(['slow', 'normal', 'fast', 'veryFast']), 'normal'),
  flashcardsDefaultDeck: field(DECK, 'database'),
  leechThreshold: field(LEECH, 8),
  targetWordClickAction: field(oneOf(['inline', 'tooltip']), 'inline'),
  boldTargetWords: field(BOOLEAN, true),
  /** Not in the spec: a tap on a word pauses the story's audio (off: the audio reads on). */
  pauseAudioOnWordTap: field(BOOLEAN, false),
  swipeRightToReturn: field(BOOLEAN, false),
  swipeLeftToTranslate: field(BOOLEAN, false),
  vocabularyDefaultDeck: field(DECK, 'database'),
  vocabularyDefaultLevel: field(oneOf(['All', ...LEVELS]), 'All'),
  quizDefaultStudyMode: field(oneOf(QUIZ_STUDY_MODES), 'vocabulary'),
  quizDefaultGameMode: field(oneOf(QUIZ_GAME_MODES), 'score'),
  quizDefaultDeck: field(DECK, 'database'),
  quizShowQuestionExample: field(BOOLEAN, true),
  useGermanStemmer: field(BOOLEAN, false),
  showSavedRemovedMessage: field(BOOLEAN, true),
  autoPlayAudio: field(BOOLEAN, false),
};

type Fields = typeof PREFERENCE_FIELDS;
export type Preferences = { -readonly [K in keyof Fields]: ValueOf<Fields[K]['rule']> };
/** A change to some preferences (the server checks each value strictly: preferences-schema.ts). */
export type PreferencesPatch = Partial<Preferences>;

/** Whether a rule accepts a value. */
export function accepts(rule: PreferenceRule, value: unknown): boolean {
  switch (rule.kind) {
    case 'oneOf':
      return typeof value === 'string' && rule.values.includes(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'allOrSome':
      return (
        value === rule.all ||
        (Array.isArray(value) &&
          value.every((item) => typeof item === 'string' && rule.values.includes(item)))
      );
    case 'deck':
      return typeof value === 'string' && value.length >= 1 && value.length <= 40;
    case 'countOrNever':
      return (
        value === 'never' ||
        (Number.isInteger(value) && (value as number) >= 1 && (value as number) <= rule.max)
      );
  }
}

/**
 * Stored preferences, read leniently: unknown keys are dropped and a missing value or one of
 * the wrong type falls back to its default, so a damaged or old stored object still loads.
 */
function readPreferences(raw: Record<string, unknown>): Preferences {
  const read: Record<string, unknown> = {};
  for (const [key, { rule, fallback }] of Object.entries(PREFERENCE_FIELDS)) {
    const value = raw[key];
    read[key] = accepts(rule, value) ? (Array.isArray(value) ? [...value] : value) : fallback;
  }
  return read as Preferences;
}

export const DEFAULT_PREFERENCES: Preferences = readPreferences({});

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
  return readPreferences(raw);
}

/** The leech threshold as the server stores it: 'never' is 50. */
export function leechThresholdValue(preferences: Pick<Preferences, 'leechThreshold'>): number {
  return preferences.leechThreshold === 'never' ? LEECH_NEVER : preferences.leechThreshold;
}
