import { ARTICLE_OF, type Gender, LEVELS, type Level } from '@lesefuchs/core/content/taxonomy';
import type { InterfaceLanguage } from '@lesefuchs/core/i18n/languages';
import { dateTimeFormat } from '@lesefuchs/core/intl';
import { inputErrorMessage, validateInput } from '@lesefuchs/core/validation/input';
import { OFFENSIVE_NICKNAME_WORDS } from '@lesefuchs/core/validation/nickname';
import { ApiRequestError } from '../../lib/api';
import type { VocabularyEntry } from '../stories/stories-api';
import type {
  Board,
  BoardRow,
  CollectionSort,
  CollectionWord,
  OwnRow,
  ReportReason,
} from './community-api';

// The community screens' rules, as pure functions: what the address asks for, where the own row
// goes, how a shared word becomes a saved word, and the input rules of a collection.

export const BOARDS: readonly Board[] = ['week', 'all', 'streak'];
export const COLLECTION_SORTS: readonly CollectionSort[] = ['newest', 'popular'];
export const REPORT_REASONS: readonly ReportReason[] = ['offensive', 'spam', 'other'];

/** The limits of a shared collection (the server checks the same). */
export const COLLECTION_LIMITS = {
  nameMin: 3,
  nameMax: 60,
  descriptionMax: 500,
  wordsMin: 1,
  wordsMax: 500,
  noteMax: 500,
} as const;

/** The highest page the server answers. */
const PAGE_MAX = 10_000;

export function boardFromParam(value: string | null): Board {
  return BOARDS.find((board) => board === value) ?? 'week';
}

export function sortFromParam(value: string | null): CollectionSort {
  return COLLECTION_SORTS.find((sort) => sort === value) ?? 'newest';
}

export function levelFromParam(value: string | null): Level | 'all' {
  return LEVELS.find((level) => level === value) ?? 'all';
}

/** A page number from the address: a whole number from 1 to 10 000, else 1. */
export function pageFromParam(value: string | null): number {
  if (value === null || !/^\d{1,5}$/.test(value)) return 1;
  const page = Number(value);
  return page >= 1 && page <= PAGE_MAX ? page : 1;
}

/** How many pages a list has (at least one, so an empty list is "page 1 of 1"). */
export function pageCount(total: number, pageSize: number): number {
  if (!(total > 0) || !(pageSize > 0)) return 1;
  return Math.min(PAGE_MAX, Math.ceil(total / pageSize));
}

/** "23 November" of a week's first day (YYYY-MM-DD, a UTC date), in the interface's locale. */
export function weekStartLabel(weekStart: string, locale: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(weekStart)) return null;
  const date = new Date(`${weekStart}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return null;
  return dateTimeFormat(locale, { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(date);
}

export const sameNickname = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Where the learner's own row shows on a page of a board: nowhere for a guest; a card that
 * explains opting in when not public; highlighted among the rows when it is on the page;
 * otherwise pinned below the list, ranked or not yet ranked (0 points).
 */
export type OwnRowPlace =
  | { kind: 'guest' }
  | { kind: 'private' }
  | { kind: 'on-page'; index: number }
  | { kind: 'pinned'; rank: number; value: number }
  | { kind: 'unranked'; value: number };

export function ownRowPlace(rows: readonly BoardRow[], me: OwnRow | null): OwnRowPlace {
  if (!me) return { kind: 'guest' };
  if (!me.public) return { kind: 'private' };
  if (me.rank === null) return { kind: 'unranked', value: me.value };
  const index = rows.findIndex((row) => sameNickname(row.nickname, me.nickname));
  if (index >= 0) return { kind: 'on-page', index };
  return { kind: 'pinned', rank: me.rank, value: me.value };
}

/** The profile's address of a nickname. */
export const profileHref = (nickname: string) => `/community/u/${encodeURIComponent(nickname)}`;
export const collectionHref = (id: string) => `/community/collections/${encodeURIComponent(id)}`;

const GENDER_OF: Record<string, Gender> = Object.fromEntries(
  Object.entries(ARTICLE_OF).map(([gender, article]) => [article, gender as Gender]),
);

/** The word as the app writes an entry: with its article when it has one ("der Hund"). */
export function collectionWordText(word: Pick<CollectionWord, 'lemma' | 'article'>): string {
  if (!word.article) return word.lemma;
  return word.lemma.toLowerCase().startsWith(`${word.article.toLowerCase()} `)
    ? word.lemma
    : `${word.article} ${word.lemma}`;
}

/** A shared word as a vocabulary entry, so the saved-words store and the cards take it. */
export function entryOfCollectionWord(word: CollectionWord): VocabularyEntry {
  const text = collectionWordText(word);
  return {
    id: word.id,
    word: text,
    baseWord: word.article ? text.slice(word.article.length + 1) : word.lemma,
    translationEn: word.translations.en,
    translationEs: word.translations.es,
    translationKr: word.translations.kr,
    partOfSpeech: word.partOfSpeech,
    difficultyLevel: word.level,
    exampleSentence: '',
    gender: word.article ? (GENDER_OF[word.article.toLowerCase()] ?? null) : null,
    plural: null,
  };
}

export const meaningIn = (word: CollectionWord, language: InterfaceLanguage) =>
  word.translations[language] || word.translations.en;

/**
 * Adds every word that is not saved yet, through the given store functions, and says how many
 * were added, how many were saved already, and how many the store refused (a blocked learner).
 */
export function addWords(
  entries: readonly VocabularyEntry[],
  store: { isSaved: (entry: VocabularyEntry) => boolean; save: (entry: VocabularyEntry) => void },
): { added: number; already: number; refused: number } {
  let added = 0;
  let already = 0;
  let refused = 0;
  for (const entry of entries) {
    if (store.isSaved(entry)) {
      already += 1;
      continue;
    }
    store.save(entry);
    if (store.isSaved(entry)) added += 1;
    else refused += 1;
  }
  return { added, already, refused };
}

/** Splits a list into runs of at most `size` (the card upsert takes 100 at a time). */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export type TextProblem =
  | { kind: 'length'; min: number; max: number }
  | { kind: 'offensive' }
  | { kind: 'rules'; message: string };

const codePoints = (text: string) => [...text].length;

function containsOffensive(text: string): boolean {
  const lower = text.toLowerCase();
  return OFFENSIVE_NICKNAME_WORDS.some((word) => lower.includes(word));
}

/** The first rule a collection's name breaks (3–60 characters, spec 2 §5 title rules). */
export function nameProblem(name: string): TextProblem | null {
  const length = codePoints(name);
  const { nameMin: min, nameMax: max } = COLLECTION_LIMITS;
  if (length < min || length > max) return { kind: 'length', min, max };
  if (containsOffensive(name)) return { kind: 'offensive' };
  const checked = validateInput(name, 'title');
  return checked.valid
    ? null
    : { kind: 'rules', message: inputErrorMessage('title', checked.errors) };
}

/** The first rule a description (or a report's note) breaks: at most 500, sentence rules. */
export function descriptionProblem(text: string): TextProblem | null {
  if (text === '') return null;
  if (codePoints(text) > COLLECTION_LIMITS.descriptionMax)
    return { kind: 'length', min: 0, max: COLLECTION_LIMITS.descriptionMax };
  if (containsOffensive(text)) return { kind: 'offensive' };
  const checked = validateInput(text, 'sentence');
  return checked.valid
    ? null
    : { kind: 'rules', message: inputErrorMessage('sentence', checked.errors) };
}

/**
 * The server's answer to a refused write, by field: a validation failure names each field's
 * problem (zod issues with a path); anything else is a message about the whole form.
 */
export function serverProblems<F extends string>(
  error: unknown,
  fields: readonly F[],
): { fields: Partial<Record<F, string>>; form: string | null } {
  if (!(error instanceof ApiRequestError)) return { fields: {}, form: null };
  const out: Partial<Record<F, string>> = {};
  let form: string | null = null;
  if (error.status === 400 && Array.isArray(error.details)) {
    for (const issue of error.details as { path?: unknown; message?: unknown }[]) {
      const field = Array.isArray(issue?.path) ? issue.path[0] : undefined;
      const message = typeof issue?.message === 'string' ? issue.message : null;
      const known = fields.find((name) => name === field);
      if (!message) continue;
      if (known) out[known] ??= message;
      else form ??= message;
    }
  }
  if (Object.keys(out).length === 0) form ??= error.message;
  return { fields: out, form };
}

/** Distinct ids in their first order. */
export const distinctIds = (ids: Iterable<number>): number[] => [...new Set(ids)];
