import type { WordToken } from './tokenize.ts';

/**
 * Where a written form leads: a vocabulary entry by its natural key (`word|part_of_speech`),
 * and for a finite form of a separable verb its particle ("kommt … an" → ankommen).
 */
export interface FormTarget {
  key: string;
  /** Only for separable verbs written apart: the particle that must follow in the sentence. */
  particle?: string;
}

/** Lower-cased written form → the entries it may belong to, most likely first. */
export type FormsTable = Record<string, FormTarget[]>;

const isNounKey = (key: string) => key.endsWith('|noun') || key.endsWith('|proper noun');

/**
 * Whether a particle closes its clause, as the particle of a separable verb does: punctuation
 * or the end of the text follows it, or a comparison ("sieht aus wie …"). "schläft er ein
 * bisschen" and "stehen auf dem Balkon" are not separable verbs.
 */
function closesClause(text: string, token: WordToken): boolean {
  const after = text.slice(token.start + token.text.length);
  return /^\s*(?:$|[.,;:!?…“”"»«)\]–—-]|(?:wie|als)\b)/u.test(after);
}

/**
 * Resolves each word of a text to a vocabulary entry, or null. A separable verb wins when its
 * particle stands later in the same sentence (and, when the text is given, closes its clause);
 * a capitalised word inside a sentence prefers a noun, a lower-case one anything else.
 */
export function resolveTokens(
  tokens: readonly WordToken[],
  forms: FormsTable,
  text?: string,
): (string | null)[] {
  return tokens.map((token, index) => {
    const candidates = forms[token.text.toLowerCase()];
    if (!candidates || candidates.length === 0) return null;

    const separable = candidates.find(
      (candidate) =>
        candidate.particle !== undefined &&
        tokens.some(
          (later, laterIndex) =>
            laterIndex > index &&
            later.sentence === token.sentence &&
            later.text.toLowerCase() === candidate.particle &&
            (text === undefined || closesClause(text, later)),
        ),
    );
    if (separable) return separable.key;

    const plain = candidates.filter((candidate) => candidate.particle === undefined);
    if (plain.length === 0) return null;
    const sentenceStart = index === 0 || tokens[index - 1]?.sentence !== token.sentence;
    const capitalised = token.text[0] !== token.text[0]?.toLowerCase();
    if (!sentenceStart) {
      const preferred = plain.find((candidate) => isNounKey(candidate.key) === capitalised);
      if (preferred) return preferred.key;
    }
    return plain[0]?.key ?? null;
  });
}
