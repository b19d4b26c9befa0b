import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n';
import { CommunityScreen } from './CommunityScreen';
import { CommunitySettings } from './CommunitySettings';
import type { BoardRow, LeaderboardPage, OwnRow } from './community-api';
import { fakeServer } from './fake-server.test-helper';

const auth = vi.hoisted(() => ({
  current: { status: 'signed-out', user: null } as {
    status: string;
    user: { id: string; name: string; email: string } | null;
  },
}));
vi.mock('../../lib/session', () => ({
  useAuth: () => ({ ...auth.current, refetch: async () => undefined }),
}));

const ADA = { id: 'user-1', name: 'Ada', email: 'ada@example.com' };
const row = (rank: number, nickname: string, value: number): BoardRow => ({
  rank,
  nickname,
  avatarUrl: null,
  level: 'B1',
  value,
});
const board = (
  rows: BoardRow[],
  me: OwnRow | null,
  change: Partial<LeaderboardPage> = {},
): { body: LeaderboardPage } => ({
  body: {
    board: 'week',
    weekStart: '2026-11-23',
    page: 1,
    pageSize: 50,
    total: rows.length,
    rows,
    me,
    ...change,
  },
});
const own = (change: Partial<OwnRow> = {}): OwnRow => ({
  public: true,
  rank: 143,
  value: 37,
  nickname: 'Ada',
  avatarUrl: null,
  level: 'A2',
  ...change,
});
const WEEK = 'GET /api/community/leaderboard?board=week&page=1';

function wrap(children: ReactNode, path = '/community') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  auth.current = { status: 'signed-out', user: null };
});

describe('the leaderboard, seen by a guest', () => {
  it('shows the week’s rows with rank, nickname (to the profile), level and points', async () => {
    fakeServer({
      [WEEK]: board([row(1, 'Bea', 90), row(2, 'Cem', 80), row(2, 'Dora', 80)], null),
    });
    wrap(<CommunityScreen />);
    // The interface's locale (en-US) writes the day after the month.
    expect(await screen.findByRole('heading', { name: 'Week of November 23' })).toBeTruthy();
    const rows = screen.getAllByTestId('board-row');
    expect(rows.map((r) => within(r).getByTestId('board-rank').textContent)).toEqual([
      '#1',
      '#2',
      '#2',
    ]);
    expect(
      within(rows[0] as HTMLElement)
        .getByRole('link', { name: 'Bea' })
        .getAttribute('href'),
    ).toBe('/community/u/Bea');
    expect(within(rows[0] as HTMLElement).getByText('B1')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByTestId('board-value').textContent).toBe('90 points');
    // A guest is never on a board: the way to join instead of an own row.
    expect(screen.getByTestId('community-guest').textContent).toContain(
      'Want to be on the boards?',
    );
    expect(screen.queryByTestId('board-own-row')).toBeNull();
    expect(screen.getByTestId('community-collections-link').getAttribute('href')).toBe(
      '/community/collections',
    );
  });

  it('switches boards with the arrow keys of a real tablist', async () => {
    const server = fakeServer({
      [WEEK]: board([row(1, 'Bea', 90)], null),
      'GET /api/community/leaderboard?board=all&page=1': board([], null, { board: 'all' }),
    });
    wrap(<CommunityScreen />);
    const tabs = within(screen.getByRole('tablist', { name: 'Boards' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['This week', 'All time', 'Streak']);
    expect(tabs[0]?.getAttribute('aria-selected')).toBe('true');
    act(() => tabs[0]?.focus());
    fireEvent.keyDown(tabs[0] as HTMLElement, { key: 'ArrowRight' });
    await waitFor(() => expect(document.activeElement).toBe(tabs[1]));
    expect(await screen.findByText('No one on this board yet — be the first')).toBeTruthy();
    expect(tabs[1]?.getAttribute('aria-selected')).toBe('true');
    expect(server.requests.map((r) => r.path)).toContain(
      '/api/community/leaderboard?board=all&page=1',
    );
  });

  it('pages through a long board', async () => {
    const server = fakeServer({
      [WEEK]: board([row(1, 'Bea', 90)], null, { total: 120 }),
      'GET /api/community/leaderboard?board=week&page=2': board([row(51, 'Emil', 12)], null, {
        total: 120,
        page: 2,
      }),
    });
    wrap(<CommunityScreen />);
    expect((await screen.findByTestId('board-pager-page')).textContent).toBe('Page 1 of 3');
    expect(screen.getByTestId('board-pager-previous')).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByTestId('board-pager-next'));
    expect(await screen.findByText('Emil')).toBeTruthy();
    expect(screen.getByTestId('board-pager-page').textContent).toBe('Page 2 of 3');
    expect(server.requests.at(-1)?.path).toBe('/api/community/leaderboard?board=week&page=2');
  });

  it('says when the board cannot be loaded, and loads it again', async () => {
    const server = fakeServer({
      [WEEK]: { status: 500, body: { error: { code: 'internal_error', message: 'down' } } },
    });
    wrap(<CommunityScreen />);
    expect(await screen.findByText('The board could not be loaded.')).toBeTruthy();
    server.answers[WEEK] = board([row(1, 'Bea', 90)], null);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Bea')).toBeTruthy();
  });
});

describe('the own row of a signed-in learner', () => {
  it('explains what becomes public, and opting in shows at once, then the board is fetched again', async () => {
    auth.current = { status: 'signed-in', user: ADA };
    let shown = false;
    const server = fakeServer({
      [WEEK]: () => board([row(1, 'Bea', 90)], shown ? own() : own({ public: false, rank: null })),
      'GET /api/community/me': () => ({ body: { public: shown, nickname: 'Ada' } }),
      'PUT /api/community/me': () => {
        shown = true;
        return { body: { public: true } };
      },
    });
    wrap(<CommunityScreen />);
    const card = await screen.findByTestId('community-private');
    expect(within(card).getByRole('heading', { name: 'You are not on the boards' })).toBeTruthy();
    expect(within(card).getByText('your nickname and avatar')).toBeTruthy();
    const toggle = within(card).getByRole('switch', { name: 'Show me on the boards' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await waitFor(() => expect(toggle).toHaveProperty('disabled', false));

    const release = server.holdUntil('PUT /api/community/me');
    fireEvent.click(toggle);
    // Before the server answers, the card has gone and the switch is on.
    await waitFor(() => expect(screen.queryByTestId('community-private')).toBeNull());
    expect(
      screen.getByRole('switch', { name: 'Show me on the boards' }).getAttribute('aria-checked'),
    ).toBe('true');
    release();
    await waitFor(() =>
      expect(screen.getByTestId('board-own-summary').textContent).toBe('You: #143 · 37 points'),
    );
    expect(server.requests).toContainEqual({
      method: 'PUT',
      path: '/api/community/me',
      body: { public: true },
    });
    expect(server.requests.filter((r) => `GET ${r.path}` === WEEK).length).toBeGreaterThan(1);
  });

  it('is highlighted among the rows when it is on the page', async () => {
    auth.current = { status: 'signed-in', user: ADA };
    fakeServer({
      [WEEK]: board([row(1, 'Bea', 90), row(2, 'Ada', 37)], own({ rank: 2 })),
      'GET /api/community/me': { body: { public: true, nickname: 'Ada' } },
    });
    wrap(<CommunityScreen />);
    await screen.findByText('Bea');
    const rows = screen.getAllByTestId('board-row');
    expect(rows[1]?.getAttribute('data-own')).toBe('true');
    expect(rows[1]?.getAttribute('aria-current')).toBe('true');
    expect(within(rows[1] as HTMLElement).getByText('You')).toBeTruthy();
    expect(screen.getByTestId('board-own-row').getAttribute('data-place')).toBe('on-page');
    expect(screen.queryByTestId('board-own-summary')).toBeNull();
  });

  it('says "not ranked yet" with 0 points, and what earns a place', async () => {
    auth.current = { status: 'signed-in', user: ADA };
    fakeServer({
      'GET /api/community/leaderboard?board=streak&page=1': board(
        [row(1, 'Bea', 9)],
        own({ rank: null, value: 0 }),
        { board: 'streak' },
      ),
      'GET /api/community/me': { body: { public: true, nickname: 'Ada' } },
    });
    wrap(<CommunityScreen />, '/community?board=streak');
    expect((await screen.findByTestId('board-own-summary')).textContent).toBe(
      'You: not ranked yet · 0 days',
    );
    expect(screen.getByText('Study today to start a streak.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Current streaks' })).toBeTruthy();
  });
});

describe('how points work', () => {
  it('states the formula and the week rule', async () => {
    fakeServer({ [WEEK]: board([], null) });
    wrap(<CommunityScreen />);
    const help = screen.getByTestId('points-help');
    expect(within(help).getByText('How points work')).toBeTruthy();
    expect(help.textContent).toContain('10 points, once per story, up to 5 stories a day');
    expect(help.textContent).toContain('1 point, once per card a day, up to 100 a day');
    expect(help.textContent).toContain('up to 20 points a game and 60 a day');
    expect(help.textContent).toContain('Monday at 00:00 UTC');
  });
});

describe('the community group of the settings', () => {
  it('tells a guest why there is nothing to choose', () => {
    fakeServer({});
    wrap(<CommunitySettings userId={undefined} />, '/settings');
    expect(screen.getByTestId('settings-community-guest').textContent).toBe(
      'Sign up to choose whether you appear on the community boards.',
    );
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it('writes the choice at once through its endpoint', async () => {
    let shown = true;
    const server = fakeServer({
      'GET /api/community/me': () => ({ body: { public: shown, nickname: 'Ada' } }),
      'PUT /api/community/me': () => {
        shown = false;
        return { body: { public: false } };
      },
    });
    wrap(<CommunitySettings userId="user-1" />, '/settings');
    const toggle = screen.getByRole('switch', { name: 'Show me on the boards' });
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
    await waitFor(() =>
      expect(server.requests).toContainEqual({
        method: 'PUT',
        path: '/api/community/me',
        body: { public: false },
      }),
    );
  });
});
