import { LEVELS } from '@lesefuchs/core/content/taxonomy';
import type { InterfaceLanguage } from '@lesefuchs/core/i18n/languages';
import {
  meaningKey,
  meaningsOf,
  normalizeLookup,
  normalizeText,
  plainMeaning,
  spellings,
} from './search-text';

// The order of a search's results. The index's score alone (BM25 with prefix and typo matches)
// puts a near spelling of a German word above the word the learner meant: "house" found die
// Hose (one letter off "Hose", a German field, boosted) above das Haus (whose translation *is*
// "house"). So the results come in tiers, and the score orders each tier:
//   1. the German word itself, in any spelling (strasse → die Straße); a capitalised query or
//      one with an article puts nouns first (Essen → das Essen, essen → essen);
//   2. the entries the typed form belongs to, from the form table (ging → gehen);
//   3. an entry whose meaning is the query: the whole translation as typed ("book" → das Buch
//      before buchen "to book", "to book" → buchen first), then the whole translation without
//      "to" or an article, then its first meaning, then a later one ("go" → gehen "to go, to
//      walk" before fahren "to drive, to go");
//   4. entries where every word of the query matched a whole word;
//   5. the rest: prefix and typo matches.
// Two equally exact matches (tiers 1 and 3) put the commoner word first, by level: "while" is
// die Weile (A2, "while, a period of time") before während (B1, "while, whereas").

/** What the ranking knows of an entry. */
export interface RankFacts {
  /** Every spelling of the word, of the word without its article and of the base word. */
  german: ReadonlySet<string>;
  noun: boolean;
  /**
   * The whole translation as written (`plainMeaning`), then without "to" or an article
   * (`meaningKey`), then each of its meanings in order.
   */
  meanings: readonly string[];
  /** 0 for A1 to 5 for C2. */
  level: number;
}

export function rankFacts(
  entry: {
    word: string;
    bare: string;
    baseWord: string;
    translation: string;
    noun: boolean;
    level: string;
  },
  language: InterfaceLanguage,
): RankFacts {
  return {
    german: new Set(
      [entry.word, entry.bare, entry.baseWord].flatMap((text) => spellings(normalizeText(text))),
    ),
    noun: entry.noun,
    meanings: [
      plainMeaning(entry.translation),
      meaningKey(entry.translation, language),
      ...meaningsOf(entry.translation, language),
    ],
    level: Math.max(0, LEVELS.indexOf(entry.level as (typeof LEVELS)[number])),
  };
}

/** How the query is compared with the entries, worked out once per search. */
export interface QueryFacts {
  /** The query as a German word: as typed, without punctuation and article. */
  word: string;
  /** Whether the query asks for a noun: written with an article or a capital. */
  noun: boolean;
  /** The query as a meaning: as typed, and without "to" or an article. */
  typed: string;
  meaning: string;
  /** Per word of the query, the index terms that count as that word itself. */
  tokens: readonly (readonly string[])[];
}

export function queryFacts(
  query: string,
  language: InterfaceLanguage,
  tokens: readonly (readonly string[])[],
): QueryFacts {
  const trimmed = query.replace(/^[\p{P}\p{S}\s]+/u, '');
  const lookup = normalizeLookup(trimmed);
  const article = lookup !== normalizeText(trimmed);
  const first = lookup.length > 0 ? trimmed.replace(/^(der|die|das)\s+/i, '')[0] : undefined;
  return {
    word: lookup,
    noun: article || (first !== undefined && first !== first.toLocaleLowerCase('de')),
    typed: plainMeaning(query),
    meaning: meaningKey(query, language),
    tokens,
  };
}

/** A result of the index: the entry and the terms of it that matched. */
export interface Hit {
  id: number;
  terms: readonly string[];
}

/** Where a result goes: its tier, its place within the tier, and its level where that counts. */
type Place = [tier: number, within: number, level: number];

/** 0: the whole translation as typed; 1: without "to"; 2: its first meaning; 3: a later one; -1: none. */
function meaningPlace(meanings: readonly string[], query: QueryFacts): number {
  if (meanings[0] === query.typed) return 0;
  const index = meanings.indexOf(query.meaning, 1);
  return index < 0 ? -1 : Math.min(index, 3);
}

function placeOf(
  facts: RankFacts | undefined,
  hit: Hit | undefined,
  query: QueryFacts,
  formRank: number | undefined,
): Place {
  const level = facts?.level ?? 0;
  if (facts?.german.has(query.word)) {
    return [0, facts.noun === query.noun ? 0 : 1, level];
  }
  if (formRank !== undefined) return [1, formRank, 0];
  const meaning = facts && query.meaning ? meaningPlace(facts.meanings, query) : -1;
  if (meaning >= 0) return [2, meaning, level];
  const whole =
    hit !== undefined &&
    query.tokens.every((terms) => terms.some((term) => hit.terms.includes(term)));
  return [whole ? 3 : 4, 0, 0];
}

/**
 * The entry ids of a search, best first: the index's hits (in score order) and the entries the
 * typed form belongs to (`formIds`, most likely first), placed in the tiers above.
 */
export function rankHits(
  hits: readonly Hit[],
  facts: ReadonlyMap<number, RankFacts>,
  query: QueryFacts,
  formIds: readonly number[] = [],
): number[] {
  const formRank = new Map<number, number>();
  for (const id of formIds) if (facts.has(id) && !formRank.has(id)) formRank.set(id, formRank.size);
  const byId = new Map(hits.map((hit) => [hit.id, hit]));
  const ids = [...new Set([...byId.keys(), ...formRank.keys()])];
  const places = new Map(
    ids.map((id) => [id, placeOf(facts.get(id), byId.get(id), query, formRank.get(id))]),
  );
  const order = new Map(ids.map((id, index) => [id, index]));
  return ids.sort((a, b) => {
    const [tierA, withinA, levelA] = places.get(a) as Place;
    const [tierB, withinB, levelB] = places.get(b) as Place;
    return (
      tierA - tierB ||
      withinA - withinB ||
      levelA - levelB ||
      (order.get(a) as number) - (order.get(b) as number)
    );
  });
}
