// The checks a story must pass, shared by the content test and `check-stories.ts`.

import type { LEVELS } from '@lesefuchs/core';
import { type FormsTable, tokenizeWords, type VocabularyEntry } from '@lesefuchs/core';

/** German word counts per level (docs/content.md: A1 about 120–200 … C2 about 700–1,000). */
export const WORDS_PER_LEVEL: Record<(typeof LEVELS)[number], [number, number]> = {
  A1: [110, 220],
  A2: [180, 330],
  B1: [280, 480],
  B2: [420, 640],
  C1: [520, 800],
  C2: [680, 1_050],
};

/** Paragraphs of a text: runs of lines between blank lines. */
export const paragraphCount = (text: string) =>
  text.split(/\n\s*\n/).filter((paragraph) => paragraph.trim()).length;

/** A sentence ends with . ! ? or …, closing quotes or brackets after it, so audio can cut there. */
export const SENTENCE_END = /[.!?…]["“”»«’‘)]*$/u;

/** Every entry any word of the text may belong to, whichever the resolver would pick. */
export function candidateKeys(text: string, forms: FormsTable): Set<string> {
  const keys = new Set<string>();
  for (const token of tokenizeWords(text)) {
    for (const target of forms[token.text.toLowerCase()] ?? []) keys.add(target.key);
  }
  return keys;
}

/**
 * The fallback for words the lexicon does not inflect: a phrase occurs when most of its words
 * do; an affix when a word starts or ends with it; a verb when a word carries its stem
 * (also with the zu of a zu-infinitive: "auszuschmücken"); any other word when it stands as is.
 */
export function occursLiterally(entry: VocabularyEntry, text: string): boolean {
  const lower = text.toLowerCase();
  const tokens = tokenizeWords(lower).map((token) => token.text);
  const base = entry.base_word.replace(/^sich\s+/, '').toLowerCase();
  if (entry.part_of_speech === 'prefix')
    return tokens.some((t) => t.startsWith(base.replace(/-$/, '')));
  if (entry.part_of_speech === 'suffix')
    return tokens.some((t) => t.endsWith(base.replace(/^-/, '')));
  const words = base.split(/\s+/).filter((word) => word.length > 1 && !/…|\.\.\./.test(word));
  if (words.length > 1) {
    const present = words.filter((word) => tokens.includes(word) || lower.includes(word));
    return present.length >= Math.ceil(words.length / 2);
  }
  if (tokens.includes(base)) return true;
  if (['verb', 'auxiliary', 'modal'].includes(entry.part_of_speech)) {
    const stem = base.replace(/e?n$/, '');
    // Also past a ge- or zu- inside the word: "eingerostet", "zunichtezumachen".
    const variants = (t: string) => [
      t,
      ...[...t.matchAll(/ge|zu/g)].map((m) => t.slice(0, m.index) + t.slice(m.index + 2)),
    ];
    return stem.length >= 4 && tokens.some((t) => variants(t).some((v) => v.includes(stem)));
  }
  return false;
}
