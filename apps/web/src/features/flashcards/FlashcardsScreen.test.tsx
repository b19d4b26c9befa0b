import { DEFAULT_SRS_SETTINGS } from '@lesefuchs/core/srs/scheduler';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n';
import { stopStatsQueue } from '../stats/stats-queue';
import { recordActivity } from '../stats/streak-store';
import type { StoryMeta } from '../stories/stories-api';
import { FlashcardsScreen } from './FlashcardsScreen';
import { stopReviewOutbox } from './review-outbox';
import { STUDY_EVENT } from './study-events';
import { testCard } from './test-cards';

let session: { data: { user: { id: string } } | null; isPending: boolean; error: unknown };

vi.mock('../../lib/session', () => ({
  useAuth: () => ({
    status: session.data ? 'signed-in' : 'signed-out',
    user: session.data?.user ?? null,
    refetch: async () => undefined,
  }),
}));

type Call = { method: string; url: string; body: unknown };
let calls: Call[];
let reviewAnswer: (body: { cardId: number }) => Response | Promise<Response>;
const PAST = new Date(Date.now() - 3_600_000).toISOString();
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeAll(async () => {
  await i18n.changeLanguage('en');
});

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
  calls = [];
  session = { data: { user: { id: 'user-1' } }, isPending: false, error: null };
  reviewAnswer = (body) =>
    json({ outcome: 'applied', card: testCard(body.cardId, 'review', '2030-01-01T00:00:00.000Z') });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = String(input);
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method: init.method ?? 'GET', url, body });
      if (url.startsWith('/api/flashcards/queue'))
        return json({
          learning: [],
          review: [],
          new: [1, 2, 3].map((id) => testCard(id, 'new', PAST)),
          quota: { remaining_new_cards: 17, remaining_review_cards: 200 },
          serverTime: new Date().toISOString(),
        });
      if (url === '/api/flashcards/reviews') return reviewAnswer(body);
      if (url === '/api/flashcards/settings') return json({ settings: DEFAULT_SRS_SETTINGS });
      if (url === '/api/sync')
        return json({
          results: body.operations.map((op: { id: string }) => ({ id: op.id, outcome: 'applied' })),
        });
      return json({ error: { code: 'not_found', message: 'Not here' } }, 404);
    }),
  );
});

afterEach(() => {
  cleanup();
  stopReviewOutbox();
  stopStatsQueue();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderScreen(stories: Partial<StoryMeta>[] = []) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['stories'], stories);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <FlashcardsScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const shownWord = () => document.querySelector('article[data-card-id] h2')?.textContent;
const reviews = () => calls.filter((call) => call.url === '/api/flashcards/reviews');

describe('the flashcard screen', () => {
  it('asks a signed-out visitor to sign in', () => {
    session = { data: null, isPending: false, error: null };
    renderScreen();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
  });

  it('shows the next card at once on a grade and sends the review in the background', async () => {
    renderScreen();
    await waitFor(() => expect(shownWord()).toBeTruthy());
    const first = shownWord();
    fireEvent.keyDown(document.body, { key: ' ' });
    fireEvent.keyDown(document.body, { key: '3' });
    // The next card is on screen before the review call has answered.
    expect(shownWord()).not.toBe(first);
    expect(performance.getEntriesByName('flashcard-graded').length).toBeGreaterThan(0);
    await waitFor(() => expect(reviews()).toHaveLength(1));
    expect(reviews()[0]?.body).toMatchObject({ rating: 'easy', reviewId: expect.any(String) });
  });

  /** The app counts a graded card for the day's streak (StatsSync); here, the test does. */
  function countGradesForStreak(userId: string) {
    const onStudy = (event: Event) => {
      if ((event as CustomEvent<{ type: string }>).detail.type === 'card-rated')
        recordActivity(userId);
    };
    window.addEventListener(STUDY_EVENT, onStudy);
    return () => window.removeEventListener(STUDY_EVENT, onStudy);
  }

  async function studyThreeCards() {
    await waitFor(() => expect(shownWord()).toBeTruthy());
    for (const key of ['1', '3', '3']) {
      fireEvent.keyDown(document.body, { key: ' ' });
      fireEvent.keyDown(document.body, { key });
    }
  }

  it('ends a session on its summary, not on "no cards", with what to do next', async () => {
    session = { data: { user: { id: 'user-summary' } }, isPending: false, error: null };
    localStorage.setItem(
      'lesefuchs.preferences.user-summary',
      JSON.stringify({ storyDifficulty: ['A2'] }),
    );
    const stop = countGradesForStreak('user-summary');
    renderScreen([
      { id: 1, difficulty: 'A1', titleDe: 'Der Zug', titleEn: 'The train' },
      { id: 4, difficulty: 'A2', titleDe: 'Im Park', titleEn: 'In the park' },
    ]);
    await studyThreeCards();
    stop();
    const summary = await screen.findByTestId('session-summary');
    expect(screen.queryByText('No cards to study right now')).toBeNull();
    const value = (key: string) =>
      summary.querySelector(`[data-summary="${key}"]`)?.textContent ?? '';
    expect(value('studied')).toBe('3');
    expect(value('right')).toBe('2');
    expect(value('wrong')).toBe('1');
    // The next due time of the session's cards (the server here answers every review for 2030).
    expect(value('next')).toMatch(/^Your next card is due in [\d,]+ days\.$/);
    // The counters would read as work left over: the summary says when cards come back.
    expect(screen.queryByText('3 of 3 seen')).toBeNull();
    expect(document.querySelector('[data-counter="learning"]')).toBeNull();
    // The session held the day's first activity.
    expect(screen.getByTestId('streak-moment').textContent).toBe('Day 1 of your streak');
    expect(screen.getByRole('button', { name: 'Study more' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Next at A2: Im Park' }).getAttribute('href')).toBe(
      '/stories/4',
    );
    expect(screen.getByRole('link', { name: 'Back to stories' }).getAttribute('href')).toBe(
      '/stories',
    );
    expect(screen.getByText('Review these 3 words')).toBeTruthy();
  });

  it('shows no streak moment when the day had an activity before the session', async () => {
    session = { data: { user: { id: 'user-later' } }, isPending: false, error: null };
    recordActivity('user-later');
    const stop = countGradesForStreak('user-later');
    renderScreen();
    await studyThreeCards();
    stop();
    await screen.findByTestId('session-summary');
    expect(screen.queryByTestId('streak-moment')).toBeNull();
    // Nothing unread to go on to (no stories here), and "Back to stories" is there already.
    expect(screen.queryByTestId('next-story')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to stories' })).toBeTruthy();
  });

  it('keeps a grade on the device while offline, under one review id, and says so', async () => {
    renderScreen();
    await waitFor(() => expect(shownWord()).toBeTruthy());
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    fireEvent.keyDown(document.body, { key: ' ' });
    fireEvent.keyDown(document.body, { key: '1' });
    expect(reviews()).toHaveLength(0);
    await screen.findByText('1 grade is waiting to be sent.');
    const stored = JSON.parse(
      localStorage.getItem('lesefuchs.queue.flashcard-reviews.user-1') ?? '[]',
    );
    expect(stored).toHaveLength(1);
    expect(stored[0].payload).toMatchObject({ rating: 'again' });
  });

  it('queues the grade when the review call cannot reach the server, with the same id', async () => {
    reviewAnswer = () => {
      throw new TypeError('Failed to fetch');
    };
    renderScreen();
    await waitFor(() => expect(shownWord()).toBeTruthy());
    fireEvent.keyDown(document.body, { key: ' ' });
    fireEvent.keyDown(document.body, { key: '2' });
    await screen.findByText('1 grade is waiting to be sent.');
    const stored = JSON.parse(
      localStorage.getItem('lesefuchs.queue.flashcard-reviews.user-1') ?? '[]',
    );
    expect(stored[0].id).toBe((reviews()[0]?.body as { reviewId: string }).reviewId);
  });

  it('puts the card back and shows the error when the server refuses the grade', async () => {
    reviewAnswer = () =>
      json({ error: { code: 'internal_error', message: 'Database is down.' } }, 500);
    renderScreen();
    await waitFor(() => expect(shownWord()).toBeTruthy());
    const first = shownWord();
    fireEvent.keyDown(document.body, { key: ' ' });
    fireEvent.keyDown(document.body, { key: '3' });
    expect(shownWord()).not.toBe(first);
    const alert = await screen.findByText(/The grade was not saved: Database is down\./);
    expect(alert).toBeTruthy();
    // The refused card is back in the queue as it was (it comes after the card now on screen).
    const stored = JSON.parse(localStorage.getItem('lesefuchs.flashcards.queue.user-1') ?? '{}');
    const back = stored.learning.find((c: { word: string }) => c.word === first);
    expect(back).toMatchObject({ card_state: 'new', last_reviewed_at: null });
    expect(screen.getByText('0 of 3 seen')).toBeTruthy();
  });
});
