import { startGame } from '@lesefuchs/core/quiz/quiz';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n';
import { GUEST } from '../../lib/owners';
import { forgetGuestStreak, recordActivity } from '../stats/streak-store';
import type { StoryMeta } from '../stories/stories-api';
import { DECK_INTENT_KEY } from '../vocabulary/decks';
import { QuizEnd } from './QuizEnd';
import type { GameResult } from './QuizGame';

vi.mock('../../lib/session', () => ({
  useAuth: () => ({ status: 'signed-out', user: null, refetch: async () => undefined }),
}));

const STORIES: Partial<StoryMeta>[] = [
  { id: 1, difficulty: 'B1', titleDe: 'Die Reise', titleEn: 'The trip' },
  { id: 2, difficulty: 'A1', titleDe: 'Der Zug', titleEn: 'The train' },
  { id: 3, difficulty: 'A1', titleDe: 'Im Park', titleEn: 'In the park' },
];

function game(answered: number): GameResult {
  return {
    state: { ...startGame('score', Date.now()), answered, right: answered, points: answered * 10 },
    missed: [],
    askedIds: [],
  };
}

function renderEnd(result: GameResult) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['stories'], STORIES);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <QuizEnd
          owner={GUEST}
          signedIn={false}
          settings={{
            studyMode: 'vocabulary',
            gameMode: 'score',
            direction: 'from-german',
            deck: 'level-A1',
            showExample: false,
          }}
          result={result}
          onPlayAgain={() => undefined}
          onChangeSettings={() => undefined}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  forgetGuestStreak();
  localStorage.setItem('lesefuchs.preferences.guest', JSON.stringify({ storyDifficulty: ['A1'] }));
});
afterEach(cleanup);

describe('the end of a quiz game', () => {
  it('shows the streak moment for the day’s first finished game, and what to do next', () => {
    renderEnd(game(5));
    expect(screen.getByTestId('streak-moment').textContent).toBe('Day 1 of your streak');
    // The first unread story at the learner's level (A1), none read yet.
    expect(screen.getByRole('link', { name: 'Next at A1: Der Zug' }).getAttribute('href')).toBe(
      '/stories/2',
    );
    const review = screen.getByRole('link', { name: 'Review the words of this deck' });
    expect(review.getAttribute('href')).toBe('/vocabulary?deck=level-A1');
    fireEvent.click(review);
    // The deck wins over a deck the learner chose by hand on the vocabulary screen before.
    expect(sessionStorage.getItem(DECK_INTENT_KEY)).toBe('level-A1');
  });

  it('shows no streak moment when the day already had an activity', () => {
    recordActivity(null);
    renderEnd(game(5));
    expect(screen.queryByTestId('streak-moment')).toBeNull();
    expect(screen.getByTestId('next-story')).toBeTruthy();
  });

  it('shows no streak moment for a game with no answer (it is not an activity)', () => {
    renderEnd(game(0));
    expect(screen.queryByTestId('streak-moment')).toBeNull();
  });
});
