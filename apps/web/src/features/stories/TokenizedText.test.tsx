import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n';
import { sentenceAt } from '../audio/StoryAudioBar';
import type { StoryDetail } from './stories-api';
import { TokenizedText } from './TokenizedText';

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
afterEach(cleanup);

const TEXT = 'Tom wohnt hier. Er liest.\n\nDas Buch ist gut.';
const word = (start: number, end: number) => ({ start, end, vocabularyId: null });
const detail = {
  story: { id: 1, contentDe: TEXT, contentEn: null, contentEs: null, contentKr: null },
  tokens: [
    word(0, 3),
    word(4, 9),
    word(10, 14),
    word(16, 18),
    word(19, 24),
    word(27, 30),
    word(31, 35),
    word(36, 39),
    word(40, 43),
  ],
  vocabulary: [],
  targetVocabularyIds: [],
} as unknown as StoryDetail;
const SENTENCES = [
  { from: 0, to: 15 },
  { from: 16, to: 25 },
  { from: 27, to: 44 },
];

function renderText(active: number | null, onSeek = vi.fn()) {
  render(
    <TokenizedText
      detail={detail}
      language="en"
      boldTargets={false}
      clickAction="inline"
      reading={{ sentences: SENTENCES, active, onSeek }}
    />,
  );
  return onSeek;
}

describe('following the audio in the story text', () => {
  it('wraps each sentence, keeps the text as written, and marks the one being read', () => {
    renderText(1);
    const sentences = screen.getAllByTestId('story-sentence');
    expect(sentences.map((sentence) => sentence.textContent?.replace('▸', ''))).toEqual([
      'Tom wohnt hier.',
      'Er liest.',
      'Das Buch ist gut.',
    ]);
    expect(sentences.map((sentence) => sentence.getAttribute('aria-current'))).toEqual([
      null,
      'true',
      null,
    ]);
    expect(screen.getAllByTestId('story-word')).toHaveLength(9);
  });

  it('plays from a sentence through its control', () => {
    const onSeek = renderText(null);
    fireEvent.click(screen.getByRole('button', { name: 'Play from sentence 3' }));
    expect(onSeek).toHaveBeenCalledWith(2);
  });

  it('shows no sentence controls without audio', () => {
    render(
      <TokenizedText detail={detail} language="en" boldTargets={false} clickAction="inline" />,
    );
    expect(screen.queryAllByTestId('story-sentence')).toHaveLength(0);
    expect(screen.getByText(/Tom/).closest('p')?.textContent).toBe('Tom wohnt hier. Er liest.');
  });
});

describe('the sentence at a second of the audio', () => {
  const timed = [
    { start: 0, end: 1.7, from: 0, to: 15 },
    { start: 2, end: 4.7, from: 16, to: 25 },
  ];
  it('is the last sentence that has started, none before the first', () => {
    expect(sentenceAt(timed, 0)).toBe(0);
    expect(sentenceAt(timed, 1.9)).toBe(0);
    expect(sentenceAt(timed, 2)).toBe(1);
    expect(sentenceAt(timed, 99)).toBe(1);
    expect(sentenceAt([{ ...timed[0], start: 0.5 } as (typeof timed)[0]], 0.1)).toBeNull();
  });
});

describe('the look-up card', () => {
  const entry = (id: number, word: string, translationEn: string, partOfSpeech = 'verb') => ({
    id,
    word,
    baseWord: word,
    translationEn,
    translationEs: translationEn,
    translationKr: translationEn,
    partOfSpeech,
    difficultyLevel: 'A1',
    exampleSentence: '',
    gender: null,
    plural: null,
  });
  const looked = {
    ...detail,
    story: { ...detail.story, contentEn: 'Tom lives here. He reads.\n\nThe book is good.' },
    tokens: detail.tokens.map((token, index) =>
      index === 1
        ? { ...token, vocabularyId: 1, form: ['pres3s'] }
        : index === 4
          ? { ...token, vocabularyId: 2, alternatives: [3] }
          : token,
    ),
    vocabulary: [
      entry(1, 'wohnen', 'to live'),
      entry(2, 'lesen', 'to read'),
      entry(3, 'lesen', 'to gather'),
    ],
  } as unknown as StoryDetail;

  const renderLooked = () =>
    render(
      <TokenizedText detail={looked} language="en" boldTargets={false} clickAction="inline" />,
    );

  it('opens on a tap and moves to the next word with one tap', () => {
    renderLooked();
    fireEvent.click(screen.getByRole('button', { name: 'wohnt' }));
    expect(screen.getByRole('dialog', { name: 'wohnen' })).toBeTruthy();
    expect(screen.getByTestId('word-translation').textContent).toBe('to live');
    fireEvent.pointerDown(screen.getByRole('button', { name: 'liest' }));
    fireEvent.click(screen.getByRole('button', { name: 'liest' }));
    expect(screen.getByRole('dialog', { name: 'lesen' })).toBeTruthy();
    expect(screen.getByTestId('word-also').textContent).toContain('to gather');
  });

  it('shows the sentence translation on demand, and closes with Escape back to the word', () => {
    renderLooked();
    const wohnt = screen.getByRole('button', { name: 'wohnt' });
    fireEvent.click(wohnt, { detail: 0 });
    fireEvent.click(screen.getByRole('button', { name: 'Translate the sentence' }));
    expect(screen.getByTestId('sentence-translation').textContent).toBe('Tom lives here.');
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(wohnt);
  });
});
