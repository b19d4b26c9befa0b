import { tokenizeWords } from '@lesefuchs/core/text/tokenize';
import { describe, expect, it } from 'vitest';
import { type TextRun, textRuns } from './text-runs';

const runsOf = (text: string) => {
  const tokens = tokenizeWords(text).map((token) => ({
    start: token.start,
    end: token.start + token.text.length,
  }));
  return textRuns(text, tokens, { start: 0, end: text.length }).map((run: TextRun) =>
    run.kind === 'word' ? `[${text.slice(run.start, run.end)}]` : text.slice(run.start, run.end),
  );
};

describe('textRuns', () => {
  it('keeps punctuation and quotes with their word', () => {
    expect(runsOf('„Hallo“, sagt Tom. Der Bahnhof!')).toEqual([
      '[„Hallo“,]',
      ' ',
      '[sagt]',
      ' ',
      '[Tom.]',
      ' ',
      '[Der]',
      ' ',
      '[Bahnhof!]',
    ]);
  });

  it('leaves a free-standing dash and ellipsis between words, and keeps all the text', () => {
    const text = '»Nein« – sagte sie … und ging (schnell).';
    const runs = runsOf(text);
    expect(runs).toEqual([
      '[»Nein«]',
      ' – ',
      '[sagte]',
      ' ',
      '[sie]',
      ' … ',
      '[und]',
      ' ',
      '[ging]',
      ' ',
      '[(schnell).]',
    ]);
    expect(runs.join('').replace(/[[\]]/g, '')).toBe(text);
  });

  it('gives text between words without a space to the word before', () => {
    expect(runsOf('Haus/Garten und 3 Katzen.')).toEqual([
      '[Haus/]',
      '[Garten]',
      ' ',
      '[und]',
      ' 3 ',
      '[Katzen.]',
    ]);
  });

  it('takes only the words of the range and those the filter keeps', () => {
    const text = 'Eins zwei. Drei vier.';
    const tokens = tokenizeWords(text).map((t) => ({
      start: t.start,
      end: t.start + t.text.length,
    }));
    const runs = textRuns(text, tokens, { start: 11, end: text.length }, (index) => index !== 3);
    expect(runs.map((run) => [run.kind, text.slice(run.start, run.end)])).toEqual([
      ['word', 'Drei'],
      ['text', ' vier.'],
    ]);
  });
});
