/**
 * Flashcard decks (spec 3 §3, §5). A learner picks decks on the session screen: `saved` (the
 * saved words only), `database` (every vocabulary entry) and the level decks `level-a1` …
 * `level-c2`; several are joined with `+` ("saved+level-a1+level-a2" is the saved words at A1
 * and A2). Cards themselves always live in the one stored deck `default`; the selection only
 * filters what a session draws from and which cards are made.
 *
 * The stored level deck names of the spec (`Level-A1-De`, and the legacy default deck names)
 * are parsed by `parseLevelDeckName`.
 *
 * Decisions where the spec is silent:
 * - An unknown part of a selection is left out; a selection with no valid part is `database`.
 * - `saved` with levels keeps the saved words at those levels; `database` beside a level deck
 *   adds nothing (the levels already draw from the whole vocabulary).
 */
import { LEVELS, type Level } from '../content/taxonomy.ts';

/** The one deck name cards are stored under (§3). */
export const STORED_DECK_NAME = 'default';
/** The default deck's display name, and the legacy names that count as it (§3). */
export const DEFAULT_DECK_NAME = 'All-Vocabulary-De';
export const LEGACY_DEFAULT_DECK_NAMES = ['flashcards', 'All-Vocabulary-De', 'default'] as const;

/** The deck values a preference may hold (§3): saved, database, level-a1 … level-c2. */
export const FLASHCARD_DECK_VALUES = [
  'saved',
  'database',
  ...LEVELS.map((level) => `level-${level.toLowerCase()}` as const),
] as const;
export type FlashcardDeckValue = (typeof FLASHCARD_DECK_VALUES)[number];

/** What a deck selection draws from. */
export interface FlashcardDeck {
  /** Only the learner's saved words; cards are never made from the whole vocabulary (§4). */
  savedOnly: boolean;
  /** The levels kept; empty means every level. */
  levels: Level[];
}

const isDeckValue = (value: string): value is FlashcardDeckValue =>
  (FLASHCARD_DECK_VALUES as readonly string[]).includes(value);

/** Parses "saved+level-a1"; unknown parts are left out, nothing valid is `database`. */
export function parseFlashcardDeck(selection: string): FlashcardDeck {
  const parts = selection
    .split('+')
    .map((part) => part.trim().toLowerCase())
    .filter(isDeckValue);
  const levels = LEVELS.filter((level) => parts.includes(`level-${level.toLowerCase()}` as never));
  return { savedOnly: parts.includes('saved'), levels };
}

/** The canonical selection string: `saved` first, then levels in order, or `database`. */
export function formatFlashcardDeck(deck: FlashcardDeck): string {
  const parts: string[] = [];
  if (deck.savedOnly) parts.push('saved');
  for (const level of LEVELS)
    if (deck.levels.includes(level)) parts.push(`level-${level.toLowerCase()}`);
  return parts.length > 0 ? parts.join('+') : 'database';
}

/** A stored preference deck outside saved, database or level-a1 … level-c2 is reset (§5). */
export function sanitizeDeckPreference(value: unknown): FlashcardDeckValue {
  return typeof value === 'string' && isDeckValue(value) ? value : 'database';
}

/** The stored name of a level deck: Level-A1-De (§3). */
export function levelDeckName(level: Level): string {
  return `Level-${level}-De`;
}

const LEVEL_DECK = /^level-([a-z0-2]{2})-de$/i;

/**
 * The level of a deck name (§5): `Level-XX-De`, XX two characters of A–Z and 0–2, matched
 * case-insensitively; a name that is not a level deck gives null; a level deck whose id is not
 * one of A1 … C2, or a missing level, gives A1.
 */
export function parseLevelDeckName(name: string | null | undefined): Level | null {
  if (name === null || name === undefined || name === '') return 'A1';
  const match = LEVEL_DECK.exec(name.trim());
  if (!match) return null;
  const id = (match[1] ?? '').toUpperCase();
  return (LEVELS as readonly string[]).includes(id) ? (id as Level) : 'A1';
}

/** Whether a deck name is the default deck, under its name or a legacy one (§3). */
export function isDefaultDeckName(name: string): boolean {
  return (LEGACY_DEFAULT_DECK_NAMES as readonly string[]).includes(name);
}
