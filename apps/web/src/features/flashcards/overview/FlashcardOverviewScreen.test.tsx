import type { FlashcardCard, OverviewResponse } from '@lesefuchs/core/srs/api';
import { DEFAULT_SRS_SETTINGS } from '@lesefuchs/core/srs/scheduler';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../lib/i18n';
import { FlashcardOverviewScreen } from './FlashcardOverviewScreen';

vi.mock('../../../lib/session', () => ({
  useAuth: () => ({
    status: 'signed-in',
    user: { id: 'user-1', name: 'Ada', email: 'ada@example.com' },
    refetch: async () => undefined,
  }),
}));

const card = (id: number, word: string, flags: Partial<FlashcardCard> = {}): FlashcardCard => ({
  id,
  vocabulary_id: id,
  deck_name: 'default',
  difficulty_level: 'A1',
  card_state: 'review',
  due_at: new Date(Date.now() + 3 * 86_400_000).toISOString(),
  ease_factor: 2.5,
  interval_days: 3,
  repetitions: 3,
  lapses: 8,
  learning_step: 0,
  last_reviewed_at: null,
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
  is_leech: false,
  is_suspended: false,
  fsrs_stability: null,
  fsrs_difficulty: null,
  word,
  base_word: word,
  translation_en: `${word} (en)`,
  translation_es: `${word} (es)`,
  translation_kr: `${word} (kr)`,
  example_sentence: '',
  gender: null,
  plural: null,
  part_of_speech: 'noun',
  ...flags,
});

const counts = {
  new: 0,
  learning: 0,
  review: 2,
  relearning: 0,
  due: 0,
  leeches: 1,
  suspended: 2,
  total: 2,
};

let leeches: FlashcardCard[];
let settings = { ...DEFAULT_SRS_SETTINGS };
let requests: { method: string; path: string; body: unknown }[];
let failing: string | null = null;

function respond(path: string, method: string, body: unknown): unknown {
  if (path === '/api/flashcards/overview')
    return { counts, due: [], learning: [], new: [] } satisfies OverviewResponse;
  if (path === '/api/flashcards/leeches') return { cards: leeches };
  if (path.startsWith('/api/flashcards/studied-today')) return { cards: [] };
  if (path.startsWith('/api/flashcards/stats'))
    return {
      streak: {
        current_streak_days: 3,
        longest_streak_days: 5,
        last_study_date: '2026-11-21',
        total_study_days: 9,
      },
      tally: { total: 12, levels: { A1: 10, A2: 2, B1: 0, B2: 0, C1: 0, C2: 0 } },
      decks: [{ level: 'A1', total: 2, new: 0, learning: 0, review: 2, due: 0 }],
      quota: { remaining_new_cards: 20, remaining_review_cards: 200 },
      limits: {
        cards_studied_today: 0,
        first_time_cards_today: 0,
        cards_created_today: 0,
        daily_limit_new: 20,
        daily_limit_review: 200,
      },
    };
  const flag = path.match(/^\/api\/flashcards\/cards\/(\d+)\/(release|unsuspend)$/);
  if (flag && method === 'POST') {
    const id = Number(flag[1]);
    const before = leeches.find((c) => c.id === id);
    if (!before) throw new Error('unknown card');
    const after =
      flag[2] === 'release'
        ? { ...before, is_leech: false, is_suspended: false }
        : { ...before, is_suspended: false };
    leeches = leeches.filter((c) => c.id !== id);
    return { card: after };
  }
  if (path === '/api/flashcards/settings') {
    if (method === 'PUT') settings = { ...settings, ...(body as object) };
    return { settings };
  }
  throw new Error(`unexpected ${method} ${path}`);
}

beforeAll(async () => {
  await i18n.changeLanguage('en');
});

beforeEach(() => {
  leeches = [
    card(1, 'der Hund', { is_leech: true, is_suspended: true }),
    card(2, 'die Katze', { is_suspended: true }),
  ];
  settings = { ...DEFAULT_SRS_SETTINGS };
  requests = [];
  failing = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      requests.push({ method, path, body });
      if (failing && path.startsWith(failing))
        return new Response(
          JSON.stringify({ error: { code: 'internal_error', message: 'down' } }),
          {
            status: 500,
            headers: { 'Content-Type': 'application/json' },
          },
        );
      return new Response(JSON.stringify(respond(path, method, body)), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <FlashcardOverviewScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the flashcard overview', () => {
  it('has the three tabs of the spec, reachable with the arrow keys', async () => {
    renderAt('/flashcard-overview');
    const list = screen.getByRole('tablist', { name: 'Card lists' });
    const tabs = within(list).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Cards to study',
      'Studied today',
      'Leeches and suspensions',
    ]);
    expect(tabs[0]).toHaveProperty('ariaSelected', 'true');
    act(() => tabs[0]?.focus());
    fireEvent.keyDown(tabs[0] as HTMLElement, { key: 'ArrowRight' });
    await waitFor(() => expect(document.activeElement).toBe(tabs[1]));
    expect(await screen.findByText('No cards studied today')).toBeTruthy();
  });

  it('releases a leech and unsuspends a card, and the list follows', async () => {
    renderAt('/flashcard-overview?tab=leeches');
    const panel = await screen.findByRole('tabpanel', { name: 'Leeches and suspensions' });
    const release = await within(panel).findByRole('button', { name: 'Release der Hund' });
    fireEvent.click(release);
    await waitFor(() =>
      expect(within(panel).queryByRole('button', { name: 'Release der Hund' })).toBeNull(),
    );
    expect(requests).toContainEqual({
      method: 'POST',
      path: '/api/flashcards/cards/1/release',
      body: undefined,
    });
    expect(screen.getByText('der Hund was released and is back in study.')).toBeTruthy();
    // Focus moves on to the next card's button rather than getting lost.
    const unsuspend = within(panel).getByRole('button', { name: 'Unsuspend die Katze' });
    await waitFor(() => expect(document.activeElement).toBe(unsuspend));

    fireEvent.click(unsuspend);
    expect(await within(panel).findByText('No leeches or suspended cards')).toBeTruthy();
  });

  it('says when a list cannot be loaded, and tries again', async () => {
    failing = '/api/flashcards/overview';
    renderAt('/flashcard-overview');
    expect(await screen.findByText('Your cards could not be loaded.')).toBeTruthy();
    failing = null;
    fireEvent.click(screen.getAllByRole('button', { name: 'Try again' })[0] as HTMLElement);
    expect(await screen.findByText('Nothing to study yet')).toBeTruthy();
  });

  it('falls back to zeros when the statistics cannot be loaded (spec 3 §8)', async () => {
    failing = '/api/flashcards/stats';
    renderAt('/flashcard-overview');
    expect(
      await screen.findByText('Your statistics could not be loaded, so zeros are shown.'),
    ).toBeTruthy();
    expect(screen.getByTestId('studied-total').textContent).toContain('0');
  });

  it('shows the streak, the tally and the level decks', async () => {
    renderAt('/flashcard-overview');
    const streak = await screen.findByRole('region', { name: 'Study streak' });
    // Labelled as the study streak, apart from the header's streak of every activity.
    expect(within(streak).getByText('Current study streak')).toBeTruthy();
    expect(within(streak).getByText('Longest study streak')).toBeTruthy();
    expect(within(streak).getByText(/^Days with at least one card review\./)).toBeTruthy();
    expect(within(streak).getByText('3 days')).toBeTruthy();
    expect(within(streak).getByText('5 days')).toBeTruthy();
    expect(within(streak).getByText('November 21, 2026')).toBeTruthy();
    expect(screen.getByTestId('studied-total').textContent).toContain('12');
    expect(screen.getByRole('table', { name: 'Cards by level' })).toBeTruthy();
  });
});

describe('the SRS settings', () => {
  it('shows what to fix and sends nothing while a field is wrong', async () => {
    renderAt('/flashcard-overview');
    const steps = await screen.findByLabelText('Learning steps (minutes)');
    fireEvent.input(steps, { target: { value: '1 abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(
      await screen.findByText('Each step must be a number of minutes above 0 and at most 1440.'),
    ).toBeTruthy();
    expect(steps.getAttribute('aria-invalid')).toBe('true');
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);
  });

  it('switches to FSRS and saves', async () => {
    renderAt('/flashcard-overview');
    const fsrs = await screen.findByRole('radio', { name: 'FSRS' });
    expect(screen.getByRole('radio', { name: 'Standard (SM-2)' })).toHaveProperty('checked', true);
    fireEvent.click(fsrs);
    fireEvent.input(screen.getByLabelText('Target recall (%)'), { target: { value: '85' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Settings saved.')).toBeTruthy();
    const put = requests.find((request) => request.method === 'PUT');
    expect(put?.body).toMatchObject({ scheduler: 'fsrs', request_retention: 0.85 });
    expect(screen.getByRole('radio', { name: 'FSRS' })).toHaveProperty('checked', true);
  });
});
