import { describe, expect, it } from 'vitest';
import {
  COMMA_PAUSE_MS,
  clampWpm,
  MAX_WPM,
  MIN_WPM,
  readingWords,
  remainingMs,
  SENTENCE_PAUSE_MS,
  SPEED_WPM,
  wordDelayMs,
} from './hyperfocus';

describe('clampWpm', () => {
  it('keeps speeds within 50–501', () => {
    expect(clampWpm(10)).toBe(MIN_WPM);
    expect(clampWpm(-300)).toBe(50);
    expect(clampWpm(900)).toBe(MAX_WPM);
    expect(clampWpm(501)).toBe(501);
    expect(clampWpm(50)).toBe(50);
    expect(clampWpm(Number.POSITIVE_INFINITY)).toBe(501);
  });
  it('rounds to whole words per minute and treats NaN as normal', () => {
    expect(clampWpm(249.6)).toBe(250);
    expect(clampWpm(Number.NaN)).toBe(SPEED_WPM.normal);
  });
  it('has the named speeds', () => {
    expect(SPEED_WPM).toEqual({ slow: 150, normal: 250, fast: 400 });
  });
});

describe('wordDelayMs', () => {
  it('shows a plain word for 60 000 / wpm ms', () => {
    expect(wordDelayMs('Haus', ' ', 250)).toBe(240);
    expect(wordDelayMs('Haus', ' ', 150)).toBe(400);
    expect(wordDelayMs('Haus', ' ', 400)).toBe(150);
  });
  it('clamps the speed first', () => {
    expect(wordDelayMs('Haus', ' ', 10)).toBe(1200);
    expect(wordDelayMs('Haus', ' ', 10_000)).toBe(Math.round(60_000 / 501));
  });
  it('pauses 500 ms more after the end of a sentence', () => {
    for (const mark of ['.', '!', '?', '…', '...', '?!']) {
      expect(wordDelayMs(`Haus${mark}`, ' Dann', 250), mark).toBe(240 + SENTENCE_PAUSE_MS);
      expect(wordDelayMs('Haus', `${mark} Dann`, 250), mark).toBe(240 + SENTENCE_PAUSE_MS);
    }
  });
  it('pauses 300 ms more before a comma', () => {
    expect(wordDelayMs('Haus,', ' und', 250)).toBe(240 + COMMA_PAUSE_MS);
    expect(wordDelayMs('Haus', ', und', 250)).toBe(240 + COMMA_PAUSE_MS);
  });
  it('sees punctuation behind closing quotes', () => {
    expect(wordDelayMs('Hallo.“', ' Sie', 250)).toBe(740);
    expect(wordDelayMs('Hallo“,', ' sagte', 250)).toBe(540);
    expect(wordDelayMs('Hallo', '!“ Sie', 250)).toBe(740);
  });
  it('counts a paragraph break as the end of a sentence', () => {
    expect(wordDelayMs('Titel', '\n\nEs', 250)).toBe(740);
    expect(wordDelayMs('Titel', '\nEs', 250)).toBe(240);
  });
  it('looks only at the text before the next word', () => {
    expect(wordDelayMs('Haus', ' und Garten. Dann', 250)).toBe(240);
    expect(wordDelayMs('Haus', ' und, Garten', 250)).toBe(240);
  });
  it('ends a sentence at the end of the text', () => {
    expect(wordDelayMs('Ende.', '', 250)).toBe(740);
    expect(wordDelayMs('Ende', '', 250)).toBe(240);
  });
  it('does not pause inside a number or a hyphenated word', () => {
    expect(wordDelayMs('3,5', ' Kilo', 250)).toBe(240);
    expect(wordDelayMs('E-Mail', ' von', 250)).toBe(240);
  });
});

describe('readingWords', () => {
  it('splits at whitespace and keeps punctuation and numbers', () => {
    const text = 'Anna ist 25 Jahre alt. „Hallo“, sagt sie – leise.\n\nEnde';
    expect(readingWords(text).map((word) => word.text)).toEqual([
      'Anna',
      'ist',
      '25',
      'Jahre',
      'alt.',
      '„Hallo“,',
      'sagt',
      'sie',
      'leise.',
      'Ende',
    ]);
  });
  it('keeps where each word starts and what follows it', () => {
    const text = 'Er kam – spät.\n\nDann';
    const words = readingWords(text);
    expect(words[1]).toEqual({ text: 'kam', start: 3, following: ' – ' });
    expect(words[2]).toEqual({ text: 'spät.', start: 9, following: '\n\n' });
    expect(words[3]).toEqual({ text: 'Dann', start: 16, following: '' });
    for (const word of words)
      expect(text.slice(word.start, word.start + word.text.length)).toBe(word.text);
  });
  it('finds no words in an empty or punctuation-only text', () => {
    expect(readingWords('')).toEqual([]);
    expect(readingWords(' – … ')).toEqual([]);
  });
});

describe('remainingMs', () => {
  it('adds the time of every word still to come', () => {
    const words = readingWords('Ja, gut. Na');
    expect(remainingMs(words, 0, 250)).toBe(540 + 740 + 240);
    expect(remainingMs(words, 2, 250)).toBe(240);
    expect(remainingMs(words, 3, 250)).toBe(0);
  });
});
