import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useParams } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n';
import { CollectionsScreen } from './CollectionsScreen';
import type { CollectionSummary } from './community-api';
import { fakeServer, stubDialogs } from './fake-server.test-helper';
import { type ShareableWords, ShareCollectionDialog } from './ShareCollectionDialog';

const auth = vi.hoisted(() => ({
  current: { status: 'signed-out', user: null } as {
    status: string;
    user: { id: string; name: string; email: string } | null;
  },
}));
vi.mock('../../lib/session', () => ({
  useAuth: () => ({ ...auth.current, refetch: async () => undefined }),
}));

const summary = (id: string, change: Partial<CollectionSummary> = {}): CollectionSummary => ({
  id,
  name: `Collection ${id}`,
  description: '',
  kind: 'word_list',
  visibility: 'public',
  level: 'A2',
  wordCount: 12,
  uses: 0,
  createdAt: '2026-11-20T10:00:00Z',
  creator: null,
  mine: false,
  hidden: false,
  ...change,
});

function Opened() {
  return <h1>Opened {useParams().id}</h1>;
}

function renderAt(path: string, words: ShareableWords, signedIn = true) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="/vocabulary"
            element={<ShareCollectionDialog signedIn={signedIn} words={words} />}
          />
          <Route path="/community/collections/:id" element={<Opened />} />
          <Route path="/community/collections" element={<CollectionsScreen />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeAll(async () => {
  await i18n.changeLanguage('en');
  stubDialogs();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  auth.current = { status: 'signed-out', user: null };
});

describe('sharing saved words as a collection', () => {
  it('offers the selection first, checks the rules, sends it and opens the new collection', async () => {
    const server = fakeServer({
      'POST /api/community/collections': { status: 201, body: summary('NewOne123456') },
    });
    renderAt('/vocabulary', { saved: [1, 2, 3, 3], deck: [], selection: [2, 3] });
    fireEvent.click(screen.getByRole('button', { name: 'Share as a collection' }));
    const form = screen.getByTestId('share-collection-form');
    const words = within(form).getByRole('group', { name: 'Which words' });
    expect(within(words).getByRole('radio', { name: 'The words I selected (2)' })).toHaveProperty(
      'checked',
      true,
    );
    expect(within(words).getByRole('radio', { name: 'All my saved words (3)' })).toBeTruthy();
    // An empty deck cannot be chosen.
    expect(within(words).getByRole('radio', { name: 'The deck in view (0)' })).toHaveProperty(
      'disabled',
      true,
    );

    fireEvent.click(within(form).getByRole('button', { name: 'Share' }));
    expect(screen.getByTestId('collection-name-error').textContent).toBe('3 to 60 characters');
    fireEvent.input(within(form).getByRole('textbox', { name: 'Name' }), {
      target: { value: 'Mein Hitler-Wortschatz' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Share' }));
    expect(screen.getByTestId('collection-name-error').textContent).toBe(
      'This contains words that are not allowed. Please choose others.',
    );
    expect(server.requests).toHaveLength(0);

    fireEvent.input(within(form).getByRole('textbox', { name: 'Name' }), {
      target: { value: ' Küche ' },
    });
    fireEvent.click(within(words).getByRole('radio', { name: 'All my saved words (3)' }));
    fireEvent.click(within(form).getByRole('radio', { name: /Only people with the link/ }));
    fireEvent.click(within(form).getByRole('radio', { name: 'Words from a story' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Share' }));
    expect(await screen.findByRole('heading', { name: 'Opened NewOne123456' })).toBeTruthy();
    expect(server.requests).toEqual([
      {
        method: 'POST',
        path: '/api/community/collections',
        body: {
          name: 'Küche',
          description: '',
          kind: 'story_words',
          visibility: 'link',
          vocabularyIds: [1, 2, 3],
        },
      },
    ]);
  });

  it('refuses more than 500 words before asking the server, and shows the server’s refusal', async () => {
    const server = fakeServer({
      'POST /api/community/collections': {
        status: 400,
        body: {
          error: {
            code: 'validation_failed',
            message: 'The request is not valid.',
            details: [
              { path: ['description'], message: 'Invalid sentence: Suspicious content detected' },
            ],
          },
        },
      },
    });
    const many = Array.from({ length: 501 }, (_, i) => i + 1);
    renderAt('/vocabulary', { saved: [1], deck: many, selection: [] });
    fireEvent.click(screen.getByRole('button', { name: 'Share as a collection' }));
    const form = screen.getByTestId('share-collection-form');
    fireEvent.input(within(form).getByRole('textbox', { name: 'Name' }), {
      target: { value: 'Alles' },
    });
    fireEvent.click(within(form).getByRole('radio', { name: 'The deck in view (501)' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Share' }));
    expect(screen.getByTestId('share-collection-words-error').textContent).toBe(
      'A collection holds at most 500 words; this set has 501.',
    );
    expect(server.requests).toHaveLength(0);

    fireEvent.click(within(form).getByRole('radio', { name: 'All my saved words (1)' }));
    fireEvent.input(within(form).getByRole('textbox', { name: 'Description (optional)' }), {
      target: { value: 'Fine words.' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Share' }));
    await waitFor(() =>
      expect(screen.getByTestId('collection-description-error').textContent).toBe(
        'Invalid sentence: Suspicious content detected',
      ),
    );
  });

  it('tells a guest that sharing needs an account', () => {
    fakeServer({});
    renderAt('/vocabulary', { saved: [1], deck: [1], selection: [] }, false);
    fireEvent.click(screen.getByRole('button', { name: 'Share as a collection' }));
    const guest = screen.getByTestId('share-collection-guest');
    expect(guest.textContent).toContain('Sharing a collection needs an account.');
    expect(within(guest).getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe(
      '/signup',
    );
    expect(screen.queryByTestId('share-collection-form')).toBeNull();
  });
});

describe('browsing the collections', () => {
  it('lists mine with link-only and hidden marked, and the public ones by sort and level', async () => {
    auth.current = { status: 'signed-in', user: { id: 'user-1', name: 'Ada', email: 'a@x.de' } };
    const server = fakeServer({
      'GET /api/community/collections/mine': {
        body: {
          items: [
            summary('Mine00000001', { mine: true, visibility: 'link' }),
            summary('Mine00000002', { mine: true, hidden: true }),
          ],
        },
      },
      'GET /api/community/collections?sort=newest&level=all&page=1': {
        body: {
          items: [
            summary('Pub000000001', { creator: { nickname: 'Bea', avatarUrl: null }, uses: 5 }),
          ],
          page: 1,
          pageSize: 20,
          total: 41,
        },
      },
      'GET /api/community/collections?sort=popular&level=B1&page=1': {
        body: { items: [], page: 1, pageSize: 20, total: 0 },
      },
    });
    renderAt('/community/collections', { saved: [], deck: [], selection: [] });
    const mine = await screen.findByTestId('my-collections');
    await waitFor(() => expect(within(mine).getAllByTestId('collection-card')).toHaveLength(2));
    expect(within(mine).getByText('Only with the link')).toBeTruthy();
    expect(within(mine).getByText('Hidden')).toBeTruthy();
    const list = await screen.findByTestId('collections-list');
    const card = within(list).getByTestId('collection-card');
    expect(card.textContent).toContain('12 words');
    expect(card.textContent).toContain('used 5 times');
    expect(within(card).getByRole('link', { name: 'Bea' }).getAttribute('href')).toBe(
      '/community/u/Bea',
    );
    expect(screen.getByTestId('collections-pager-page').textContent).toBe('Page 1 of 3');

    fireEvent.change(screen.getByRole('combobox', { name: 'Sort' }), {
      target: { value: 'popular' },
    });
    fireEvent.change(screen.getByRole('combobox', { name: 'Level' }), { target: { value: 'B1' } });
    expect(await screen.findByText('No collections here yet.')).toBeTruthy();
    expect(server.requests.at(-1)?.path).toBe(
      '/api/community/collections?sort=popular&level=B1&page=1',
    );
  });

  it('shows a guest the public ones and how to share their own', async () => {
    const server = fakeServer({
      'GET /api/community/collections?sort=newest&level=all&page=1': {
        body: { items: [summary('Pub000000001')], page: 1, pageSize: 20, total: 1 },
      },
    });
    renderAt('/community/collections', { saved: [], deck: [], selection: [] });
    expect((await screen.findByTestId('collection-creator')).textContent).toBe(
      'Shared by a learner',
    );
    expect(screen.getByTestId('collections-guest').textContent).toContain(
      'Sign up to share collections of your own.',
    );
    expect(screen.queryByTestId('my-collections')).toBeNull();
    expect(server.requests.map((r) => r.path)).not.toContain('/api/community/collections/mine');
    expect(screen.queryByTestId('collections-pager')).toBeNull();
  });
});
