// How the German text of a story is laid out around its words: punctuation and quotes cling to
// the word they belong to, so a line never starts with "," "." "»" or ends with "„" (the
// browser may break a line between a word button and the text after it otherwise).

/** A stretch of a text by character offsets. */
export interface Span {
  start: number;
  end: number;
}

/** The paragraphs of a text (separated by blank lines), trimmed, without empty ones. */
export function paragraphRanges(text: string): Span[] {
  const raw: Span[] = [];
  let from = 0;
  for (const match of text.matchAll(/\n\s*\n/g)) {
    raw.push({ start: from, end: match.index });
    from = match.index + match[0].length;
  }
  raw.push({ start: from, end: text.length });
  return raw.flatMap(({ start, end }) => {
    const slice = text.slice(start, end);
    if (!/[\p{L}\p{N}]/u.test(slice)) return [];
    const lead = slice.length - slice.trimStart().length;
    return [{ start: start + lead, end: start + lead + slice.trim().length }];
  });
}

/**
 * A word with the characters that cling to it (`start`–`end`, laid out unbroken) and the word
 * itself (`word`), or the text between such runs (spaces, a lone dash).
 */
export type TextRun =
  | { kind: 'word'; start: number; end: number; token: number; word: Span }
  | { kind: 'text'; start: number; end: number };

const SPACE = /\s/u;

/**
 * The runs of `range` in `text`: each token in the range (by index into `tokens`, which are
 * sorted and do not overlap) with the non-space characters right before and after it, and the
 * text between. Text without a space between two words (a slash, an apostrophe) goes with the
 * word before it.
 */
export function textRuns(
  text: string,
  tokens: readonly Span[],
  range: Span,
  include: (index: number) => boolean = () => true,
): TextRun[] {
  const words: { token: number; word: Span }[] = [];
  let last = range.start;
  tokens.forEach((token, index) => {
    if (token.start < range.start || token.end > range.end || token.start < last) return;
    if (!include(index)) return;
    words.push({ token: index, word: { start: token.start, end: token.end } });
    last = token.end;
  });
  const runs: TextRun[] = [];
  let cursor = range.start;
  words.forEach(({ token, word }, position) => {
    // The gap before this word: what is left after the previous word's trailing characters.
    let lead = word.start;
    while (lead > cursor && !SPACE.test(text[lead - 1] as string)) lead--;
    if (lead > cursor) runs.push({ kind: 'text', start: cursor, end: lead });
    const nextStart = words[position + 1]?.word.start ?? range.end;
    let trail = word.end;
    while (trail < nextStart && !SPACE.test(text[trail] as string)) trail++;
    // Up to the next word with no space at all: the whole gap stays with this word.
    runs.push({ kind: 'word', start: lead, end: trail, token, word });
    cursor = trail;
  });
  if (cursor < range.end) runs.push({ kind: 'text', start: cursor, end: range.end });
  return runs;
}
