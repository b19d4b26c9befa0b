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
