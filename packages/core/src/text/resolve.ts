import { fit } from './context.ts';
import type { FormTag } from './form-tags.ts';
import type { WordToken } from './tokenize.ts';

/**
 * Where a written form leads: a vocabulary entry by its natural key (`word|part_of_speech`),
 * and for a finite form of a separable verb its particle ("kommt … an" → ankommen).
 */
export interface FormTarget {
  key: string;
  /** Only for separable verbs written apart: the particle that must follow in the sentence. */
  particle?: string;
  /** What the form is of the entry ("weiß": pres1s, pres3s); none on the entry's own word. */
  tags?: FormTag[];
}

/** Lower-cased written form → the entries it may belong to, most likely first. */
export type FormsTable = Record<string, FormTarget[]>;

/** What a capitalised word without an entry is: a person, a place, or another name. */
export type NameKind = 'person' | 'place' | 'other';
/** The names of the stories (content/names.json): the name as written → its kind. */
export type NamesTable = Readonly<Record<string, NameKind>>;

/** What one word of a text is, in its sentence. */
export interface Resolution {
  /** The entry the word is here, by natural key, or null. */
  key: string | null;
  /** Other entries the written form can be of, most likely first (at most two). */
  alternatives: string[];
  /** What the form is of the entry (from the form table). */
  tags?: FormTag[];
  /** A separable verb written apart: its finite verb or its particle ("holt … ab"). */
  separable?: true;
  /** A name with no entry. */
  name?: NameKind;
}

const ALTERNATIVES_MAX = 2;
/** How far below the chosen entry's fit another may be and still be shown as a reading. */
const ALTERNATIVE_MARGIN = 3;
const VERBAL = new Set(['verb', 'auxiliary', 'modal']);
const posOf = (key: string) => key.slice(key.lastIndexOf('|') + 1);

/**
 * Whether a particle closes its clause, as the particle of a separable verb does: punctuation
 * or the end of the text follows it, or a comparison ("sieht aus wie …"). "schläft er ein
 * bisschen" and "stehen auf dem Balkon" are not separable verbs.
 */
function closesClause(text: string, token: WordToken): boolean {
  const after = text.slice(token.start + token.text.length);
  return /^\s*(?:$|[.,;:!?…“”"»«)\]–—-]|(?:wie|als|und|oder)\b)/u.test(after);
}

/**
 * Separable verbs written apart, as finite verb index → particle index: each particle that closes
 * its clause goes to the nearest verb before it in its sentence that takes it ("suchte …, schnitt
 * sie aus": the aus is schnitt's).
 */
function separablePairs(
  tokens: readonly WordToken[],
  forms: FormsTable,
  text?: string,
): Map<number, number> {
  const pairs = new Map<number, number>();
  tokens.forEach((token, index) => {
    const particle = token.text.toLowerCase();
    if (text !== undefined && !closesClause(text, token)) return;
    for (let at = index - 1; at >= 0 && tokens[at]?.sentence === token.sentence; at--) {
      const verb = tokens[at] as WordToken;
      // Not across a comma: "…, die … suchte, schnitt sie sie aus" is schnitt's particle.
      const between = text?.slice(verb.start + verb.text.length, tokens[at + 1]?.start);
      if (between?.includes(',')) return;
      if (pairs.has(at)) continue;
      if (forms[verb.text.toLowerCase()]?.some((candidate) => candidate.particle === particle)) {
        pairs.set(at, index);
        return;
      }
    }
  });
  return pairs;
}

/**
 * Resolves each word of a text to a vocabulary entry in its sentence, with the other entries
 * its form can be of, what the form is, and names. A separable verb wins when its particle
 * stands later in the same sentence and closes its clause (the text given), and the particle
 * then belongs to it too; otherwise the candidate that fits the word's place best, the form
 * table's order breaking ties.
 */
export function resolveText(
  tokens: readonly WordToken[],
  forms: FormsTable,
  text?: string,
  names: NamesTable = {},
): Resolution[] {
  const results: Resolution[] = tokens.map(() => ({ key: null, alternatives: [] }));
  const pairs = separablePairs(tokens, forms, text);
  const isVerb = (word: string) =>
    forms[word]?.some((candidate) => VERBAL.has(posOf(candidate.key))) ?? false;
  const claimed = new Set(pairs.values());
  tokens.forEach((token, index) => {
    if (claimed.has(index)) return;
    const candidates = forms[token.text.toLowerCase()] ?? [];
    const particle = pairs.get(index);
    const separable =
      particle === undefined
        ? null
        : {
            target: candidates.find(
              (candidate) => candidate.particle === tokens[particle]?.text.toLowerCase(),
            ) as FormTarget,
            particle,
          };
    const plain = candidates.filter((candidate) => candidate.particle === undefined);
    if (separable) {
      const { key, tags } = separable.target;
      results[index] = { key, alternatives: [], separable: true, ...(tags ? { tags } : {}) };
      results[separable.particle] = { key, alternatives: [], separable: true };
      claimed.add(separable.particle);
      return;
    }
    if (plain.length === 0) {
      const name = names[token.text];
      if (name && token.text[0] !== token.text[0]?.toLowerCase())
        results[index] = { key: null, alternatives: [], name };
      return;
    }
    const ranked = plain
      .map((candidate, order) => ({
        candidate,
        score: fit(candidate, { tokens, index, text, isVerb }) - order * 0.01,
      }))
      .sort((a, b) => b.score - a.score);
    const best = ranked[0]?.candidate as FormTarget;
    const bestScore = ranked[0]?.score ?? 0;
    // Other readings worth a learner's look: plausible here, and another kind of word ("weiß":
    // the adjective beside the verb), not a paradigm neighbour (ein beside eine, du beside dich).
    const alternatives = [
      ...new Set(
        ranked
          .slice(1)
          .filter(({ score }) => score >= bestScore - ALTERNATIVE_MARGIN)
          .map(({ candidate }) => candidate.key),
      ),
    ]
      .filter((key) => key !== best.key && posOf(key) !== posOf(best.key))
      .slice(0, ALTERNATIVES_MAX);
    results[index] = {
      key: best.key,
      alternatives,
      ...(best.tags && best.tags.length > 0 ? { tags: best.tags } : {}),
    };
  });
  return results;
}
