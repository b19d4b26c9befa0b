/**
 * Validation of what a person writes or sends (product spec, "Validation rules"): used before
 * marking a story read, adding a bookmark title or saving a word, and by the server's request
 * schemas through `inputSchema` (input-schema.ts).
 *
 * Decisions where the spec is silent:
 * - Lengths count Unicode code points, as the nickname rules do, not UTF-16 units. A text
 *   over its maximum is reported as too long alone: it is not scanned further.
 * - "Word characters" are Unicode letters, digits and the underscore (`\p{L}\p{N}_`), plus
 *   combining marks (`\p{M}`) so that decomposed umlauts (a + U+0308) pass like composed ones.
 *   So names and foreign letters (José, 김민지) pass in every kind but `word`.
 * - Apostrophe means ' and the typographic ’ (U+2019): the stories are set with ’ and the
 *   tokenizer keeps it inside words (geht’s).
 * - Sentences and notes also allow ordinary punctuation: , ; : ! ? " „ “ ” ‚ ‘ ’ « » › ‹ ( )
 *   – — … ¿ ¡ 「 」 『 』 (all of which the stories use, or German and Korean typography uses),
 *   so a German example sentence passes. Titles allow it too: real story titles end in ? or !
 *   ("Wo ist der Schlüssel?", "Bitte probieren!") and have commas ("Alaaf, Not Helau"), and a
 *   bookmark of those stories must not be refused.
 * - Whitespace is anything `\s` matches (so notes may have line breaks). Leading or trailing
 *   whitespace, and text of whitespace only, is suspicious; inner runs are not.
 * - Repeats: the same code point 11 or more times in a row, whitespace and punctuation included.
 * - "test, spam or bot with digits": test/spam/bot followed directly by digits, at the start of
 *   a word (test123, Bot7; not Robot2, not "Test 1").
 * - Script markers: <script, javascript:, on…= (an event handler), <iframe, data:text/html,
 *   case-insensitive.
 * - Kind `word`: Latin-script letters (ä ö ü ß and other accented Latin letters included) with
 *   their combining marks, the plain space, hyphen, dot and apostrophe, and at least one letter
 *   ("..." or "--" is not a word). Digits, tabs and line breaks are invalid characters.
 * - A value breaking several rules gets every reason, in the spec's order (length,
 *   suspicious content, word length, word characters), each once.
 * - Non-strings and the empty string yield only 'Invalid input provided'.
 */
export type InputKind = 'word' | 'title' | 'sentence' | 'note';

export const INPUT_MAX: Record<InputKind, number> = {
  word: 100,
  title: 200,
  sentence: 500,
  note: 1000,
};

/** Minimum length of a word, in characters. */
export const WORD_MIN = 2;

export const INPUT_MESSAGES = {
  suspicious: 'Suspicious content detected',
  wordTooShort: 'Word too short (minimum 2 characters)',
  wordCharacters: 'Invalid characters for German word',
  invalid: 'Invalid input provided',
} as const;

export type InputValidation = { valid: true; value: string } | { valid: false; errors: string[] };

const KIND_NAMES: Record<InputKind, string> = {
  word: 'Word',
  title: 'Title',
  sentence: 'Sentence',
  note: 'Note',
};

const ERROR_PREFIXES: Record<InputKind, string> = {
  word: 'Invalid word',
  title: 'Invalid story title',
  sentence: 'Invalid sentence',
  note: 'Invalid note',
};

/** Word characters, whitespace, hyphen, dot, apostrophes (umlauts are letters). */
const PLAIN_TEXT = /^[\p{L}\p{M}\p{N}_\s.'’-]*$/u;
/** The same with ordinary sentence punctuation. */
const PUNCTUATED_TEXT = /^[\p{L}\p{M}\p{N}_\s.'’,;:!?"„“”‚‘«»›‹()–—…¿¡「」『』-]*$/u;
const ALLOWED: Record<InputKind, RegExp> = {
  word: PLAIN_TEXT,
  title: PUNCTUATED_TEXT,
  sentence: PUNCTUATED_TEXT,
  note: PUNCTUATED_TEXT,
};

const REPEATED = /(.)\1{10,}/su;
const TEST_SPAM_BOT = /(?<![\p{L}\p{N}_])(?:test|spam|bot)\d+/iu;
const SCRIPT_MARKERS = /<script|javascript:|\bon\w+\s*=|<iframe|data:text\/html/i;
const EDGE_WHITESPACE = /^\s|\s$/u;

const LATIN_LETTER = '(?=\\p{Script=Latin})\\p{L}\\p{M}*';
const GERMAN_WORD = new RegExp(`^(?:${LATIN_LETTER}|[ .'’-])+$`, 'u');
const HAS_LETTER = /\p{L}/u;

function codePoints(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

function isSuspicious(text: string, kind: InputKind): boolean {
  return (
    EDGE_WHITESPACE.test(text) ||
    REPEATED.test(text) ||
    TEST_SPAM_BOT.test(text) ||
    SCRIPT_MARKERS.test(text) ||
    !ALLOWED[kind].test(text)
  );
}

/** Checks a text of the given kind; the value is returned unchanged when it passes. */
export function validateInput(value: unknown, kind: InputKind): InputValidation {
  if (typeof value !== 'string' || value.length === 0) {
    return { valid: false, errors: [INPUT_MESSAGES.invalid] };
  }
  const max = INPUT_MAX[kind];
  // A string of more than 2 × max UTF-16 units has more than max code points: no need to count.
  const length = value.length > max * 2 ? Number.POSITIVE_INFINITY : codePoints(value);
  if (length > max) {
    return { valid: false, errors: [`${KIND_NAMES[kind]} too long (max ${max} characters)`] };
  }
  const errors: string[] = [];
  if (isSuspicious(value, kind)) errors.push(INPUT_MESSAGES.suspicious);
  if (kind === 'word') {
    if (length < WORD_MIN) errors.push(INPUT_MESSAGES.wordTooShort);
    if (!GERMAN_WORD.test(value) || !HAS_LETTER.test(value)) {
      errors.push(INPUT_MESSAGES.wordCharacters);
    }
  }
  return errors.length === 0 ? { valid: true, value } : { valid: false, errors };
}

/** 'Invalid word: a; b', 'Invalid story title: …', 'Invalid sentence: …', 'Invalid note: …'. */
export function inputErrorMessage(kind: InputKind, errors: string[]): string {
  const reasons = errors.length > 0 ? errors.join('; ') : INPUT_MESSAGES.invalid;
  return `${ERROR_PREFIXES[kind]}: ${reasons}`;
}

/** A story id of null, undefined, 'null' or 'undefined' is ignored (spec). */
export function isIgnoredStoryId(id: unknown): id is null | undefined | 'null' | 'undefined' {
  return id === null || id === undefined || id === 'null' || id === 'undefined';
}
