import {
  LEVELS,
  type Level,
  PARTS_OF_SPEECH,
  type PartOfSpeech,
} from '@lesefuchs/core/content/taxonomy';
import type { InterfaceLanguage } from '@lesefuchs/core/i18n/languages';
import { collator as cachedCollator } from '@lesefuchs/core/intl';
import type { Preferences } from '@lesefuchs/core/preferences/preferences';
import type { VocabularyEntry } from '../stories/stories-api';
import { bareWord, type SavedWord } from './saved-words-model';

// The vocabulary screen's decks and filters. A deck is `saved` (my list), `database` (every
// word) or `level-<X>` (the database at some levels, joined with plus: level-A1+A2). The
// default deck comes from the preferences; a manual choice overrides it for the session; a
// `?deck=` in the address is applied when it is the deck another screen announced (the session
// intent) or when there is no manual override, and is then removed from the address. A change
// of the preferences resets deck, language, levels and type.

export const DECK_INTENT_KEY = 'lesefuchs.vocabulary.deckIntent';
export const MANUAL_DECK_KEY = 'lesefuchs.vocabulary.manualDeck';
export const PREFERENCES_HASH_KEY = 'lesefuchs.vocabulary.preferencesHash';

export type DeckSource = 'saved' | 'database';

/** A deck: the words it draws from and the levels it keeps (empty: every level). */
export interface DeckSelection {
  source: DeckSource;
  levels: Level[];
}

/** The word-type filter: one of the 21 types, or every type. */
export type TypeFilter = PartOfSpeech | 'all';

export interface VocabularyFilters {
  deck: DeckSelection;
  language: InterfaceLanguage;
  type: TypeFilter;
}

type DeckPreferences = Pick<Preferences, 'vocabularyDefaultDeck' | 'vocabularyDefaultLevel'>;

const isLevel = (value: string): value is Level => (LEVELS as readonly string[]).includes(value);

/** Levels in CEFR order, each once. */
export function orderLevels(levels: Iterable<Level>): Level[] {
  const set = new Set(levels);
  return LEVELS.filter((level) => set.has(level));
}

/**
 * Reads a deck string: `saved`, `database`, `level-A1`, `level-A1+B2`. In an address a `+` may
 * arrive as a space, so spaces and commas separate levels too. Anything else is null.
 */
export function parseDeck(value: string | null | undefined): DeckSelection | null {
  const text = value?.trim();
  if (!text) return null;
  const lower = text.toLowerCase();
  if (lower === 'saved') return { source: 'saved', levels: [] };
  if (lower === 'database') return { source: 'database', levels: [] };
  if (!lower.startsWith('level-')) return null;
  const parts = text
    .slice('level-'.length)
    .split(/[+,\s]+/)
    .filter(Boolean)
    .map((part) => part.toUpperCase());
  if (parts.length === 0 || !parts.every(isLevel)) return null;
  const levels = orderLevels(parts as Level[]);
  return { source: 'database', levels: levels.length === LEVELS.length ? [] : levels };
}

/** The deck string of a selection; my list keeps no levels in its name. */
export function formatDeck(deck: DeckSelection): string {
  if (deck.source === 'saved') return 'saved';
  const levels = orderLevels(deck.levels);
  if (levels.length === 0 || levels.length === LEVELS.length) return 'database';
  return `level-${levels.join('+')}`;
}

/** Whether two deck strings name the same deck (`level-A2+A1` is `level-A1+A2`). */
export function sameDeck(a: string | null | undefined, b: string | null | undefined): boolean {
  const left = parseDeck(a);
  const right = parseDeck(b);
  return left !== null && right !== null && formatDeck(left) === formatDeck(right);
}

/**
 * The deck the preferences ask for: vocabularyDefaultDeck (database when unreadable), with
 * vocabularyDefaultLevel as its level unless the deck names levels itself.
 */
export function defaultDeck(preferences: DeckPreferences): DeckSelection {
  const deck = parseDeck(preferences.vocabularyDefaultDeck) ?? { source: 'database', levels: [] };
  if (deck.levels.length === 0 && preferences.vocabularyDefaultLevel !== 'All') {
    return { ...deck, levels: [preferences.vocabularyDefaultLevel] };
  }
  return deck;
}

/** A short fingerprint of the preferences the deck starts from. */
export function preferencesHash(preferences: DeckPreferences): string {
  return JSON.stringify([preferences.vocabularyDefaultDeck, preferences.vocabularyDefaultLevel]);
}

/** Whether the preferences changed since the session last saw them (nothing seen: no). */
export function preferencesChanged(storedHash: string | null, hash: string): boolean {
  return storedHash !== null && storedHash !== hash;
}

/**
 * The deck an address parameter asks for, when it is to be applied: it names the deck of the
 * session intent, or the learner has made no manual choice. Null: keep the current deck.
 */
export function deckFromParam(
  param: string | null,
  session: { intent: string | null; manual: string | null },
): DeckSelection | null {
  const deck = parseDeck(param);
  if (!deck) return null;
  return sameDeck(param, session.intent) || !parseDeck(session.manual) ? deck : null;
}

/** The deck without an applicable address parameter: the manual override, else the default. */
export function baseDeck(manual: string | null, preferences: DeckPreferences): DeckSelection {
  return parseDeck(manual) ?? defaultDeck(preferences);
}

/** The deck shown when the screen opens. */
export function initialDeck(input: {
  param: string | null;
  intent: string | null;
  /** The manual override; pass null when the preferences changed (which clears it). */
  manual: string | null;
  preferences: DeckPreferences;
}): DeckSelection {
  return (
    deckFromParam(input.param, { intent: input.intent, manual: input.manual }) ??
    baseDeck(input.manual, input.preferences)
  );
}

// Session storage (blocked storage behaves as an empty session).

function readSession(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeSession(key: string, value: string | null): void {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
  } catch {
    // Storage blocked: the choice lasts for this visit to the screen only.
  }
}

/**
 * Announces the deck the next visit of /vocabulary?deck=… is to open, so that it wins over a
 * manual choice. Call it just before navigating (with `deckHref`).
 */
export function setDeckIntent(deck: string): void {
  writeSession(DECK_INTENT_KEY, deck);
}

/** The address of the vocabulary screen on a deck. */
export function deckHref(deck: string): string {
  return `/vocabulary?deck=${encodeURIComponent(deck)}`;
}

export const deckSession = {
  intent: () => readSession(DECK_INTENT_KEY),
  clearIntent: () => writeSession(DECK_INTENT_KEY, null),
  manual: () => readSession(MANUAL_DECK_KEY),
  setManual: (deck: string | null) => writeSession(MANUAL_DECK_KEY, deck),
  hash: () => readSession(PREFERENCES_HASH_KEY),
  setHash: (hash: string) => writeSession(PREFERENCES_HASH_KEY, hash),
};

// Rows and filters.

/** A word as the list shows it: its entry, and the saved word when it is on my list. */
export interface DeckRow {
  entry: VocabularyEntry;
  saved: SavedWord | null;
}

/** The word type of an entry; an unknown type counts as other. */
export function typeOf(entry: Pick<VocabularyEntry, 'partOfSpeech'>): PartOfSpeech {
  const type = entry.partOfSpeech?.trim().toLowerCase() || 'noun';
  return (PARTS_OF_SPEECH as readonly string[]).includes(type) ? (type as PartOfSpeech) : 'other';
}

/** The i18n key part of a word type: spaces become underscores (proper_noun). */
export const typeKey = (type: PartOfSpeech) => type.replace(/\s+/g, '_');

/** A list entry for a saved word whose database entry is not (yet) on the device. */
export function entryFromSaved(word: SavedWord): VocabularyEntry {
  return {
    id: word.vocabularyId,
    word: word.word,
    baseWord: word.word.trim().replace(/^(der|die|das)\s+/i, ''),
    translationEn: word.translationEn,
    translationEs: word.translationEs,
    translationKr: word.translationKr,
    partOfSpeech: word.partOfSpeech,
    difficultyLevel: (isLevel(word.level) ? word.level : 'A1') as Level,
    exampleSentence: word.example,
    gender: word.gender,
    plural: word.plural,
  };
}

const levelRank = (level: string) => {
  const index = (LEVELS as readonly string[]).indexOf(level);
  return index === -1 ? LEVELS.length : index;
};

/** The database in reading order: by level, then alphabetically without the article. */
export function sortEntries(entries: readonly VocabularyEntry[]): VocabularyEntry[] {
  const collator = cachedCollator('de', { sensitivity: 'base' });
  return [...entries].sort(
    (a, b) =>
      levelRank(a.difficultyLevel) - levelRank(b.difficultyLevel) ||
      collator.compare(bareWord(a.word), bareWord(b.word)) ||
      a.id - b.id,
  );
}

/** The rows of a deck source: the database (sorted), or my list (newest first, as kept). */
export function deckRows(
  source: DeckSource,
  entries: readonly VocabularyEntry[],
  saved: readonly SavedWord[],
): DeckRow[] {
  if (source === 'database') return entries.map((entry) => ({ entry, saved: null }));
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  return saved.map((word) => ({
    entry: byId.get(word.vocabularyId) ?? entryFromSaved(word),
    saved: word,
  }));
}

export type LevelCounts = Record<Level, number>;

/** How many rows each level A1 to C2 has. */
export function levelCounts(rows: readonly DeckRow[]): LevelCounts {
  const counts = Object.fromEntries(LEVELS.map((level) => [level, 0])) as LevelCounts;
  for (const { entry } of rows) {
    if (isLevel(entry.difficultyLevel)) counts[entry.difficultyLevel] += 1;
  }
  return counts;
}

/**
 * Applies search, type and levels to a deck's rows. `ranked` is the search's answer (entry ids,
 * best first; null: no search); `extra` keeps rows the search index does not know (e.g. a saved
 * word matched on the device), after the ranked ones. The level counts are taken before the
 * level filter, so each chip says what choosing it would show.
 */
export function selectRows(
  rows: readonly DeckRow[],
  filters: { levels: readonly Level[]; type: TypeFilter },
  ranked: readonly number[] | null,
  extra: (row: DeckRow) => boolean = () => false,
): { rows: DeckRow[]; counts: LevelCounts } {
  let matched: DeckRow[];
  if (ranked === null) {
    matched = [...rows];
  } else {
    const rank = new Map(ranked.map((id, index) => [id, index]));
    const hits = rows.filter((row) => rank.has(row.entry.id));
    hits.sort((a, b) => (rank.get(a.entry.id) ?? 0) - (rank.get(b.entry.id) ?? 0));
    matched = [...hits, ...rows.filter((row) => !rank.has(row.entry.id) && extra(row))];
  }
  const typed =
    filters.type === 'all' ? matched : matched.filter((row) => typeOf(row.entry) === filters.type);
  const counts = levelCounts(typed);
  const levels = new Set<string>(filters.levels);
  return {
    rows: levels.size === 0 ? typed : typed.filter((row) => levels.has(row.entry.difficultyLevel)),
    counts,
  };
}

/** Turns a level on or off; all six or none is every level (empty). */
export function toggleLevel(levels: readonly Level[], level: Level): Level[] {
  const next = levels.includes(level)
    ? levels.filter((item) => item !== level)
    : orderLevels([...levels, level]);
  return next.length === LEVELS.length ? [] : next;
}
