import { previewIntervals } from '@lesefuchs/core/srs/preview';
import type { Rating } from '@lesefuchs/core/srs/scheduler';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n';
import { CountInput } from './CountInput';
import { FlashcardCardView } from './FlashcardCardView';
import { RatingButtons } from './RatingButtons';
import { schedulable } from './study-state';
import { testCard } from './test-cards';
import { useStudyKeys } from './use-study-keys';

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const NOW = new Date('2026-11-22T09:00:00.000Z');

describe('the rating buttons', () => {
  it('show each next time and stay disabled until the area has been in view', () => {
    let report: (entries: { isIntersecting: boolean }[]) => void = () => undefined;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: typeof report) {
          report = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    const onRate = vi.fn();
    const previews = previewIntervals(schedulable(testCard(1)), NOW);
    render(
      <RatingButtons revealed previews={previews} onReveal={() => undefined} onRate={onRate} />,
    );
    const good = screen.getByRole('button', { name: 'Good 10m' });
    expect(screen.getByRole('button', { name: 'Again 1m' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Easy 4d' })).toBeTruthy();
    expect((good as HTMLButtonElement).disabled).toBe(true);
    act(() => report([{ isIntersecting: true }]));
    expect((good as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(good);
    expect(onRate).toHaveBeenCalledWith('good');
  });

  it('show "Show answer" on the question', () => {
    const onReveal = vi.fn();
    render(
      <RatingButtons
        revealed={false}
        previews={previewIntervals(null, NOW)}
        onReveal={onReveal}
        onRate={() => undefined}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Show answer' }));
    expect(onReveal).toHaveBeenCalled();
  });
});

describe('the card', () => {
  it('shows the word and gender badge first, the meaning and example on reveal', () => {
    const card = testCard(3, 'new', undefined, { gender: 'feminine' });
    const onReveal = vi.fn();
    const { rerender } = render(
      <FlashcardCardView
        card={card}
        direction="toNative"
        language="es"
        revealed={false}
        onReveal={onReveal}
        onRate={() => undefined}
        onUnavailable={() => undefined}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Wort 3' })).toBeTruthy();
    expect(screen.getByLabelText('feminine').textContent).toBe('F');
    expect(screen.queryByText('palabra 3')).toBe(null);
    fireEvent.click(screen.getByRole('article'));
    expect(onReveal).toHaveBeenCalled();
    rerender(
      <FlashcardCardView
        card={card}
        direction="toNative"
        language="es"
        revealed
        onReveal={onReveal}
        onRate={() => undefined}
        onUnavailable={() => undefined}
      />,
    );
    expect(screen.getByText('palabra 3')).toBeTruthy();
    expect(screen.getByText('Das ist Wort 3.')).toBeTruthy();
  });

  it('asks the other way round in the other direction', () => {
    render(
      <FlashcardCardView
        card={testCard(4)}
        direction="toGerman"
        language="en"
        revealed={false}
        onReveal={() => undefined}
        onRate={() => undefined}
        onUnavailable={() => undefined}
      />,
    );
    expect(screen.getByRole('heading', { name: 'word 4' })).toBeTruthy();
  });

  it('says when it cannot be shown', () => {
    const onUnavailable = vi.fn();
    render(
      <FlashcardCardView
        card={testCard(5, 'new', undefined, { word: '' })}
        direction="toNative"
        language="en"
        revealed={false}
        onReveal={() => undefined}
        onRate={() => undefined}
        onUnavailable={onUnavailable}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain(
      'Unable to load flashcard. Please try again.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onUnavailable).toHaveBeenCalled();
  });
});

describe('swipes on a revealed card', () => {
  it.each([
    [120, 0, 'easy'],
    [-120, 10, 'again'],
    [5, 90, 'good'],
    [0, -120, null],
    [30, 0, null],
  ] as const)('a move of (%d, %d) rates %s', (dx, dy, expected) => {
    let clock = 1000;
    vi.spyOn(performance, 'now').mockImplementation(() => clock);
    const onRate = vi.fn();
    render(
      <FlashcardCardView
        card={testCard(6)}
        direction="toNative"
        language="en"
        revealed
        onReveal={() => undefined}
        onRate={onRate}
        onUnavailable={() => undefined}
      />,
    );
    const card = screen.getByRole('article');
    fireEvent.touchStart(card, { touches: [{ clientX: 200, clientY: 300 }] });
    clock += 120;
    fireEvent.touchMove(card, { touches: [{ clientX: 200 + dx, clientY: 300 + dy }] });
    fireEvent.touchEnd(card, { changedTouches: [{ clientX: 200 + dx, clientY: 300 + dy }] });
    if (expected) expect(onRate).toHaveBeenCalledWith(expected);
    else expect(onRate).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });

  it('a move faster than 50 ms is not a swipe', () => {
    let clock = 1000;
    vi.spyOn(performance, 'now').mockImplementation(() => clock);
    const onRate = vi.fn();
    render(
      <FlashcardCardView
        card={testCard(7)}
        direction="toNative"
        language="en"
        revealed
        onReveal={() => undefined}
        onRate={onRate}
        onUnavailable={() => undefined}
      />,
    );
    const card = screen.getByRole('article');
    fireEvent.touchStart(card, { touches: [{ clientX: 200, clientY: 300 }] });
    clock += 30;
    fireEvent.touchEnd(card, { changedTouches: [{ clientX: 400, clientY: 300 }] });
    expect(onRate).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });
});

function Keys({
  revealed,
  onReveal,
  onRate,
}: {
  revealed: boolean;
  onReveal: () => void;
  onRate: (r: Rating) => void;
}) {
  useStudyKeys(true, revealed, onReveal, onRate);
  return (
    <div>
      <input aria-label="Field" />
      <button type="button">Other</button>
    </div>
  );
}

describe('the keys', () => {
  it('space reveals; 1, 2, 3 rate; typing in a field does neither', () => {
    const onReveal = vi.fn();
    const onRate = vi.fn();
    const { rerender } = render(<Keys revealed={false} onReveal={onReveal} onRate={onRate} />);
    fireEvent.keyDown(document.body, { key: ' ' });
    expect(onReveal).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(document.body, { key: '1' });
    expect(onRate).not.toHaveBeenCalled();
    rerender(<Keys revealed onReveal={onReveal} onRate={onRate} />);
    for (const key of ['1', '2', '3', ' ']) fireEvent.keyDown(document.body, { key });
    expect(onRate.mock.calls.map(([r]) => r)).toEqual(['again', 'good', 'easy', 'good']);
    fireEvent.keyDown(screen.getByLabelText('Field'), { key: '2' });
    fireEvent.keyDown(screen.getByRole('button', { name: 'Other' }), { key: ' ' });
    fireEvent.keyDown(document.body, { key: '2', ctrlKey: true });
    expect(onRate).toHaveBeenCalledTimes(4);
  });
});

describe('the count inputs', () => {
  it('show the max tooltip over 50 new cards but keep the value; refuse other text', () => {
    const { rerender } = render(<CountInput kind="new" value="60" onChange={() => undefined} />);
    const input = screen.getByLabelText('New cards') as HTMLInputElement;
    expect(input.placeholder).toBe('20');
    expect(screen.getByRole('tooltip').textContent).toBe('Max 50 new cards per batch');
    expect(input.getAttribute('aria-invalid')).toBe(null);
    rerender(<CountInput kind="new" value="-2" onChange={() => undefined} />);
    expect(screen.getByRole('alert').textContent).toBe('Enter a whole number, 0 or more.');
    rerender(<CountInput kind="review" value="" onChange={() => undefined} />);
    expect((screen.getByLabelText('Review cards') as HTMLInputElement).placeholder).toBe('100');
    expect(screen.queryByRole('tooltip')).toBe(null);
  });
});
