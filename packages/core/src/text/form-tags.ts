/**
 * What a written form is of its entry, for the look-up card: "weiß → wissen, 1st/3rd person
 * singular present", "Häuser → plural of das Haus". Few and learner-sized, so each can be said
 * in every interface language; a form with several readings carries them all, in this order.
 */
export const FORM_TAGS = [
  // Verbs
  /** Present tense, 1st person singular: (ich) weiß. */
  'pres1s',
  /** Present tense, 2nd person singular: (du) weißt. */
  'pres2s',
  /** Present tense, 3rd person singular: (er) weiß. */
  'pres3s',
  /** Present tense, 1st person plural: (wir) wissen. */
  'pres1p',
  /** Present tense, 2nd person plural: (ihr) wisst. */
  'pres2p',
  /** Present tense, 3rd person plural and the polite Sie: (sie) wissen. */
  'pres3p',
  /** Simple past, 1st person singular: (ich) wusste. */
  'past1s',
  /** Simple past, 2nd person singular: (du) wusstest. */
  'past2s',
  /** Simple past, 3rd person singular: (er) wusste. */
  'past3s',
  /** Simple past, 1st person plural: (wir) wussten. */
  'past1p',
  /** Simple past, 2nd person plural: (ihr) wusstet. */
  'past2p',
  /** Simple past, 3rd person plural and the polite Sie: (sie) wussten. */
  'past3p',
  /** Subjunctive I (Konjunktiv I), any person, mostly reported speech: (er) wisse. */
  'subj1',
  /** Subjunctive II (Konjunktiv II), any person, the conditional: (ich) wüsste. */
  'subj2',
  /** Imperative, to du or ihr: wisse!, geht! */
  'imp',
  /** Past participle: gewusst. */
  'pp',
  /** Present participle: wissend. */
  'prp',
  /** Infinitive with zu written as one word: anzukommen. */
  'zuinf',
  // Nouns
  /** Plural: Häuser. */
  'pl',
  /** Dative plural, where it differs from the plural: (den) Häusern. */
  'datpl',
  /** Genitive singular: (des) Hauses. */
  'gen',
  /** Dative singular with the old -e: (zu) Hause. */
  'dat',
  /** Accusative, dative or genitive singular of a weak noun: (den) Jungen, (dem) Menschen. */
  'obl',
  // Adjectives, and nouns declined like them (ein Erwachsener)
  /** With an ending: (ein) schönes (Haus). */
  'decl',
  /** Comparative, with or without an ending: schöner, (die) schönere. */
  'comp',
  /** Superlative: (am) schönsten, (die) schönste. */
  'sup',
] as const;

export type FormTag = (typeof FORM_TAGS)[number];

const ORDER = new Map<string, number>(FORM_TAGS.map((tag, index) => [tag, index]));

/** Whether a string is one of the form tags (a check of tags read from the database). */
export function isFormTag(value: string): value is FormTag {
  return ORDER.has(value);
}

/** Tags in their fixed order, each once. */
export function sortFormTags(tags: Iterable<FormTag>): FormTag[] {
  return [...new Set(tags)].sort((a, b) => (ORDER.get(a) ?? 0) - (ORDER.get(b) ?? 0));
}
