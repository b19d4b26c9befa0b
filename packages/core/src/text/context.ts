import type { FormTag } from './form-tags.ts';
import type { FormTarget } from './resolve.ts';
import type { WordToken } from './tokenize.ts';

// How well an entry fits a word's place in its sentence, for a form with several entries
// ("weiß": wissen or white; "ihren": her as a determiner or a pronoun). A few rules a reader
// uses without thinking: capitals inside a sentence mark nouns, a subject is followed by its
// verb, an article by an adjective or a noun, a preposition by what it governs, a reflexive verb
// has its "sich". They score; the form table's order breaks ties.

const posOf = (key: string) => key.slice(key.lastIndexOf('|') + 1);
const wordOf = (key: string) => key.slice(0, key.lastIndexOf('|')).replace(/^(der|die|das) /, '');
export const isNounKey = (key: string) => ['noun', 'proper noun'].includes(posOf(key));
const VERBAL = new Set(['verb', 'auxiliary', 'modal']);
const ADJECTIVAL = new Set(['adjective', 'number']);

const words = (...lists: string[][]) => new Set(lists.flat());
/** Subject pronouns and the persons a finite verb after them has. */
const SUBJECTS: Record<string, FormTag[]> = {
  ich: ['pres1s', 'past1s'],
  du: ['pres2s', 'past2s'],
  er: ['pres3s', 'past3s'],
  es: ['pres3s', 'past3s'],
  man: ['pres3s', 'past3s'],
  sie: ['pres3s', 'past3s', 'pres3p', 'past3p'],
  wir: ['pres1p', 'past1p'],
  ihr: ['pres2p', 'past2p'],
};
/** Articles and their kin: an adjective or a noun follows, never a finite verb. */
const ARTICLES = words(
  ['der', 'die', 'das', 'den', 'dem', 'des', 'ein', 'eine', 'einen', 'einem', 'einer', 'eines'],
  ['kein', 'keine', 'keinen', 'keinem', 'keiner', 'keines', 'am', 'im', 'zum', 'zur', 'vom'],
  ['beim', 'ins', 'ans', 'aufs', 'mein', 'meine', 'meinen', 'meinem', 'meiner', 'dein', 'deine'],
  ['sein', 'seine', 'seinen', 'seinem', 'seiner', 'unser', 'unsere', 'unseren', 'unserem'],
  ['diese', 'dieser', 'diesen', 'diesem', 'dieses', 'jede', 'jeder', 'jeden', 'jedem', 'jedes'],
);
/** Words that make an adjective or an adverb of what follows ("sehr weiß", "zu spät"). */
const INTENSIFIERS = words(['sehr', 'so', 'zu', 'ganz', 'ziemlich', 'recht', 'viel', 'etwas']);
/** Finite forms after which an adjective is a complement ("ist weiß", "sieht weiß aus"). */
const COPULAS = words(
  ['ist', 'sind', 'war', 'waren', 'bin', 'bist', 'seid', 'wird', 'werden', 'wurde', 'wurden'],
  ['bleibt', 'blieb', 'wirkt', 'wirkte', 'scheint', 'schien', 'sieht', 'sah', 'wäre', 'wirken'],
);
/**
 * Auxiliaries that go with a past participle later in the clause ("hat … gelassen", "wurde …
 * gebaut"); sein is left out, since "war … entfernt" is as often an adjective.
 */
const AUXILIARIES = words(
  ['hat', 'hatte', 'haben', 'hatten', 'habe', 'hast', 'habt', 'hätte', 'hätten', 'gehabt'],
  ['wird', 'wurde', 'wurden', 'worden', 'werden', 'würde', 'würden'],
);
const REFLEXIVES = words(['sich', 'mich', 'dich', 'uns', 'euch']);

/** Where a word stands: its sentence's words, its index among them, and the text. */
export interface Place {
  tokens: readonly WordToken[];
  index: number;
  text?: string;
  /** Whether a written word can be a verb form. */
  isVerb?: (word: string) => boolean;
}

const capitalised = (word: string) => word[0] !== word[0]?.toLowerCase();

/** The candidate's fit at this place; higher is better. */
export function fit(candidate: FormTarget, { tokens, index, text, isVerb }: Place): number {
  const token = tokens[index] as WordToken;
  const inSentence = (at: number) =>
    tokens[at]?.sentence === token.sentence ? tokens[at] : undefined;
  const previous = inSentence(index - 1);
  const next = inSentence(index + 1);
  // Quoted speech starts afresh: „Entschuldigung, …“ after a colon is like a sentence start.
  const start =
    previous === undefined ||
    /[:„»]\s*$/.test(text?.slice(previous.start + previous.text.length, token.start) ?? '');
  const before = previous?.text.toLowerCase();
  const after = next?.text.toLowerCase();
  const nextIsNoun = next !== undefined && capitalised(next.text);
  const nextOpensPhrase = nextIsNoun || (after !== undefined && ARTICLES.has(after));
  // What directly follows the word in the text: a comma or an exclamation mark.
  const rest = text?.slice(token.start + token.text.length, token.start + token.text.length + 2);
  const pos = posOf(candidate.key);
  const noun = isNounKey(candidate.key);
  const tags = candidate.tags ?? [];
  let score = 0;

  // Capitals: inside a sentence they mark a noun (and the polite Sie); at its start they say
  // nothing, so an adverb spelled as the word ("Morgen", "Abends") is likelier than a noun.
  if (!start) {
    if (noun === capitalised(token.text)) score += 4;
    // The case as written tells a capitalised word's entry ("Sie"); lower case says less.
    if (wordOf(candidate.key) === token.text) score += capitalised(token.text) ? 2 : 1;
  } else if (!noun && wordOf(candidate.key) === token.text.toLowerCase()) {
    score += pos === 'adverb' || pos === 'preposition' ? 1.5 : 0.5;
  }
  if (start && noun && next && !capitalised(next.text) && !rest?.startsWith(',')) score += 1;
  // "Entschuldigung, …", "Danke!": a word said on its own.
  if ((pos === 'expression' || pos === 'interjection') && /^[,!]/.test(rest ?? '')) score += 3;

  if (VERBAL.has(pos)) {
    // The subject right before: a pronoun or a name opening the sentence ("Ich weiß", "Tom weiß").
    const subjectFirst = previous !== undefined && inSentence(index - 2) === undefined;
    if (subjectFirst && before && SUBJECTS[before]) score += 3;
    else if (subjectFirst && previous && capitalised(previous.text)) score += 3;
    // A finite form must agree with a subject pronoun right before it.
    const persons = before ? SUBJECTS[before] : undefined;
    // The infinitive itself carries no tags, and is also the 1st and 3rd person plural.
    const finite: FormTag[] =
      tags.length === 0 ? ['pres1p', 'pres3p'] : tags.filter((tag) => /^(pres|past)/.test(tag));
    if (persons && finite.length > 0 && !finite.some((tag) => persons.includes(tag))) score -= 3;
    // …and agreeing with one right before it inside the sentence, it is most likely its verb
    // ("Ja, ich heiße Joana": not the adjective heiß).
    else if (persons && !subjectFirst && tags.length > 0 && finite.length > 0) score += 2;
    if (before && ARTICLES.has(before)) score -= 3;
    // A participle closing a clause whose auxiliary came before it ("hat … gelassen").
    if (tags.includes('pp')) {
      const auxiliary = tokens.some(
        (other, at) =>
          at < index &&
          other.sentence === token.sentence &&
          AUXILIARIES.has(other.text.toLowerCase()),
      );
      score += auxiliary ? 2 : -1;
    }
    // A reflexive verb has its pronoun near ("entschuldigte sie sich", "sich … vorbereitet"),
    // unless another verb has it right before it ("verbeugen sich … und wünschen").
    const reflexive = tokens.some((other, at) => {
      if (Math.abs(at - index) > 7 || other.sentence !== token.sentence) return false;
      if (!REFLEXIVES.has(other.text.toLowerCase())) return false;
      const owner = tokens[at - 1];
      const gap = owner && text?.slice(owner.start + owner.text.length, other.start);
      const taken =
        at < index &&
        at - 1 !== index &&
        owner?.sentence === token.sentence &&
        !gap?.includes(',') &&
        !AUXILIARIES.has(owner.text.toLowerCase()) &&
        isVerb?.(owner.text.toLowerCase()) === true;
      return !taken;
    });
    if (candidate.key.startsWith('sich ')) score += reflexive ? 3 : -1;
  }
  if (ADJECTIVAL.has(pos)) {
    if (before && ARTICLES.has(before)) score += 2;
    if (before && (COPULAS.has(before) || INTENSIFIERS.has(before))) score += 2;
    if (nextIsNoun) score += 1;
  }
  if (pos === 'adverb' && before && INTENSIFIERS.has(before)) score += 1;
  // A possessive before its noun ("ihren Großvater", "ihrer schönen Schrift"); never before an
  // article ("hat ihr die E-Mail gezeigt").
  if (pos === 'determiner' && next) {
    const article = after !== undefined && ARTICLES.has(after);
    const adjective = /e[mnrs]?$/.test(after ?? '') && !isVerb?.(after ?? '');
    score += !article && (nextIsNoun || adjective) ? 2 : -1;
  }
  // A preposition governs what follows ("zu Mia", "Wegen der Ordnung"); a conjunction opens a
  // clause with its subject ("bis es riecht") or compares ("wie ein Mann").
  if (pos === 'preposition' && nextOpensPhrase) score += 2;
  if (pos === 'conjunction' && after && (SUBJECTS[after] || (!start && ARTICLES.has(after))))
    score += 2;
  return score;
}
