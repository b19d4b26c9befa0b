/** A word of a text, with where it stands. */
export interface WordToken {
  /** The word as written. */
  text: string;
  /** Offset of its first character in the text. */
  start: number;
  /** Index of its sentence in the text (0-based). */
  sentence: number;
}

/** A sentence of a text with its character range. */
export interface Sentence {
  text: string;
  start: number;
  end: number;
}

// A sentence ends at . ! ? or … (with any closing quotes or brackets after it) followed by space
// and a word that does not start in lower case, or by the end of the text: in „Obrigado!“ gerufen
// the sentence goes on. A paragraph break always ends one.
const SENTENCE_END = /[.!?…]+["“”»«’‘)\]]*(?=\s+[^\s\p{Ll}]|\s*$)|\n\s*\n/gu;
// Letters, with inner hyphens and apostrophes (E-Mail, geht's); digits do not make a word.
const WORD = /\p{L}[\p{L}\p{M}]*(?:[-'’]\p{L}[\p{L}\p{M}]*)*/gu;

/** Splits a text into sentences, keeping their character ranges. */
export function splitSentences(text: string): Sentence[] {
  const sentences: Sentence[] = [];
  let start = 0;
  const push = (end: number) => {
    const raw = text.slice(start, end);
    const leading = raw.length - raw.trimStart().length;
    const trimmed = raw.trim();
    if (trimmed.length > 0 && /[\p{L}\p{N}]/u.test(trimmed)) {
      sentences.push({
        text: trimmed,
        start: start + leading,
        end: start + leading + trimmed.length,
      });
    }
  };
  for (const match of text.matchAll(SENTENCE_END)) {
    const end = match.index + match[0].length;
    push(end);
    start = end;
  }
  push(text.length);
  return sentences;
}

/** The words of a text, each with its sentence index. */
export function tokenizeWords(text: string): WordToken[] {
  const tokens: WordToken[] = [];
  splitSentences(text).forEach((sentence, index) => {
    for (const match of sentence.text.matchAll(WORD)) {
      tokens.push({ text: match[0], start: sentence.start + match.index, sentence: index });
    }
  });
  return tokens;
}

/** Words as a reader counts them: whitespace-separated runs with a letter or a digit. */
export function countWords(text: string): number {
  return text.split(/\s+/u).filter((part) => /[\p{L}\p{N}]/u.test(part)).length;
}

/** Whole minutes to read a text at the given speed, at least one. */
export function readingMinutes(wordCount: number, wordsPerMinute: number): number {
  return Math.max(1, Math.round(wordCount / wordsPerMinute));
}
