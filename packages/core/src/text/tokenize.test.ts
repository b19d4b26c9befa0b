import { describe, expect, it } from 'vitest';
import { countWords, readingMinutes, splitSentences, tokenizeWords } from './tokenize.ts';

describe('splitSentences', () => {
  it('ends sentences at . ! ? with closing quotes, and at paragraph breaks', () => {
    const text = '„Kommst du mit?“ Lena wartet. Ja!\n\nDer Zug fährt um acht Uhr ab';
    expect(splitSentences(text).map((sentence) => sentence.text)).toEqual([
      '„Kommst du mit?“',
      'Lena wartet.',
      'Ja!',
      'Der Zug fährt um acht Uhr ab',
    ]);
  });

  it('goes on after a quoted question or a pause when the next word is in lower case', () => {
    const text = '„Kommst du mit?“ fragt Lena. Er hat laut „Obrigado!“ gerufen. Warte … ich komme.';
    expect(splitSentences(text).map((sentence) => sentence.text)).toEqual([
      '„Kommst du mit?“ fragt Lena.',
      'Er hat laut „Obrigado!“ gerufen.',
      'Warte … ich komme.',
    ]);
  });

  it('keeps character ranges that point back into the text', () => {
    const text = 'Eins. Zwei.';
    for (const sentence of splitSentences(text)) {
      expect(text.slice(sentence.start, sentence.end)).toBe(sentence.text);
    }
  });
});

describe('tokenizeWords', () => {
  it('finds words with umlauts, hyphens and apostrophes, and their sentence', () => {
    expect(
      tokenizeWords('Wie geht’s? Die E-Mail ist da. 42 Äpfel.').map((token) => [
        token.text,
        token.sentence,
      ]),
    ).toEqual([
      ['Wie', 0],
      ['geht’s', 0],
      ['Die', 1],
      ['E-Mail', 1],
      ['ist', 1],
      ['da', 1],
      ['Äpfel', 2],
    ]);
  });
});

describe('countWords and readingMinutes', () => {
  it('counts whitespace-separated words with a letter or digit', () => {
    expect(countWords('Um 8 Uhr – pünktlich – kommt der Zug.')).toBe(7);
  });
  it('rounds to whole minutes at 250 words per minute, at least one', () => {
    expect(readingMinutes(120, 250)).toBe(1);
    expect(readingMinutes(700, 250)).toBe(3);
    expect(readingMinutes(1000, 250)).toBe(4);
  });
});
