import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n';
import {
  clearWords,
  savedWordsOf,
  saveWord,
  setSavedWordsOwner,
} from '../vocabulary/saved-words-store';
import { CollectionScreen } from './CollectionScreen';
import type { CollectionDetail } from './community-api';
import { entryOfCollectionWord } from './community-model';
import { fakeServer, stubDialogs } from './fake-server.test-helper';
import { PublicProfileScreen } from './PublicProfileScreen';

const auth = vi.hoisted(() => ({
  current: { status: 'signed-out', user: null } as {
    status: string;
    user: { id: string; name: string; email: string } | null;
  },
}));
vi.mock('../../lib/session', () => ({
  useAuth: () => ({ ...auth.current, refetch: async () => undefined }),
}));

const ID = 'Ab3dEf6hIj9k';
const PATH = `/api/community/collections/${ID}`;
const WORDS: CollectionDetail['words'] = [
  {
    id: 1,
    lemma: 'Hund',
    article: 'der',
    partOfSpeech: 'noun',
    level: 'A1',
    translations: { en: 'dog', es: 'el perro', kr: '개' },
  },
  {
    id: 2,
    lemma: 'Katze',
    article: 'die',
    partOfSpeech: 'noun',
    level: 'A1',
    translations: { en: 'cat', es: 'el gato', kr: '고양이' },
  },
  {
    id: 3,
    lemma: 'gehen',
    article: null,
    partOfSpeech: 'verb',
    level: 'A2',
    translations: { en: 'to go', es: 'ir', kr: '가다' },
  },
];
const collection = (change: Partial<CollectionDetail> = {}): CollectionDetail => ({
  id: ID,
  name: 'Tiere und Wege',
  description: 'Animals and going places.',
  kind: 'word_list',
  visibility: 'public',
  level: 'A1',
  wordCount: 3,
  uses: 3,
  createdAt: '2026-11-20T10:00:00Z',
  creator: { nickname: 'Bea', avatarUrl: null },
  mine: false,
  hidden: false,
  words: WORDS,
  ...change,
});

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/community/collections/:id" element={<CollectionScreen />} />
          <Route path="/community/collections" element={<h1>All collections</h1>} />
          <Route path="/community/u/:nickname" element={<PublicProfileScreen />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const savedIds = () => savedWordsOf('guest').map((word) => word.vocabularyId);

beforeAll(async () => {
  await i18n.changeLanguage('en');
  stubDialogs();
});
beforeEach(() => {
  localStorage.clear();
  // The device's store works for the guest here, whoever the session says is signed in.
  setSavedWordsOwner(null);
  clearWords();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  auth.current = { status: 'signed-out', user: null };
});

describe('a shared collection, seen by a guest', () => {
  it('lists its words with meanings and adds the ones not saved yet', async () => {
    const server = fakeServer({ [`GET ${PATH}`]: { body: collection() } });
    saveWord(entryOfCollectionWord(WORDS[1] as CollectionDetail['words'][number]), {
      source: 'database',
    });
    renderAt(`/community/collections/${ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Tiere und Wege' })).toBeTruthy();
    const words = screen.getAllByTestId('collection-word');
    expect(words.map((word) => word.textContent)).toEqual([
      'der HunddogA1',
      'die KatzecatA1',
      'gehento goA2',
    ]);
    expect(screen.getByTestId('collection-creator').textContent).toBe('by Bea');
    expect(screen.getByTestId('collection-word-count').textContent).toBe('3 words');

    fireEvent.click(screen.getByRole('button', { name: 'Add all to my words' }));
    expect(screen.getByTestId('collection-added').textContent).toBe(
      '2 words added to your saved words. 1 was already saved.',
    );
    expect(savedIds().sort()).toEqual([1, 2, 3]);
    expect(savedWordsOf('guest').find((word) => word.vocabularyId === 1)?.word).toBe('der Hund');
    // A guest's adding is not counted as a use, and cards need an account.
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);
    expect(screen.getByRole('link', { name: 'Sign up to make flashcards' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Report' })).toBeNull();
  });

  it('names no creator who is not public', async () => {
    fakeServer({ [`GET ${PATH}`]: { body: collection({ creator: null }) } });
    renderAt(`/community/collections/${ID}`);
    expect((await screen.findByTestId('collection-creator')).textContent).toBe(
      'Shared by a learner',
    );
  });

  it('says plainly when the collection is not there, with the way back', async () => {
    fakeServer({});
    renderAt(`/community/collections/${ID}`);
    expect(
      await screen.findByRole('heading', { name: 'This collection is not available' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the collections' }).getAttribute('href')).toBe(
      '/community/collections',
    );
  });
});

describe('a shared collection, seen by another learner', () => {
  beforeEach(() => {
    auth.current = { status: 'signed-in', user: { id: 'user-2', name: 'Cem', email: 'c@x.de' } };
  });

  it('saves the words through the server, makes flashcards, and takes a report', async () => {
    const server = fakeServer({
      [`GET ${PATH}`]: { body: collection() },
      [`POST ${PATH}/uses`]: { body: { uses: 4, added: 2, alreadySaved: 1 } },
      'GET /api/saved-words': { body: { words: [] } },
      'POST /api/flashcards/cards/upsert': { body: { cards: [] } },
      [`POST ${PATH}/report`]: { status: 202 },
    });
    renderAt(`/community/collections/${ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Make flashcards' }));
    await waitFor(() =>
      expect(screen.getByTestId('collection-status').textContent).toContain(
        'Flashcards made for 3 words.',
      ),
    );
    expect(server.requests).toContainEqual({
      method: 'POST',
      path: '/api/flashcards/cards/upsert',
      body: {
        cards: [1, 2, 3].map((id) => ({ localId: `local-collection-${id}`, vocabularyId: id })),
      },
    });
    await waitFor(() =>
      expect(screen.getByTestId('collection-uses').textContent).toBe('used 4 times'),
    );
    expect(server.requests.filter((r) => r.path === `${PATH}/uses`)).toHaveLength(1);
    expect(screen.getByTestId('collection-added').textContent).toBe(
      '2 words added to your saved words. 1 was already saved.',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Report' }));
    const form = screen.getByTestId('collection-report-form');
    fireEvent.click(within(form).getByRole('radio', { name: 'Spam or advertising' }));
    fireEvent.input(within(form).getByRole('textbox', { name: 'Note (optional)' }), {
      target: { value: ' Links to a shop. ' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Send report' }));
    await waitFor(() =>
      expect(screen.getByTestId('collection-report-status').textContent).toBe(
        'Thank you: your report was sent.',
      ),
    );
    expect(server.requests).toContainEqual({
      method: 'POST',
      path: `${PATH}/report`,
      body: { reason: 'spam', note: 'Links to a shop.' },
    });
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });
});

describe('a shared collection, seen by its creator', () => {
  beforeEach(() => {
    auth.current = { status: 'signed-in', user: { id: 'user-1', name: 'Bea', email: 'b@x.de' } };
  });

  it('edits with the rules shown inline, the server’s words included', async () => {
    let patched = 0;
    let stored = collection({ mine: true, visibility: 'link', hidden: true });
    const server = fakeServer({
      [`GET ${PATH}`]: () => ({ body: stored }),
      [`PATCH ${PATH}`]: () => {
        patched += 1;
        return patched === 1
          ? {
              status: 400,
              body: {
                error: {
                  code: 'validation_failed',
                  message: 'The request is not valid.',
                  details: [{ path: ['name'], message: 'This name is already in use by you.' }],
                },
              },
            }
          : { body: (stored = { ...stored, name: 'Tiere', visibility: 'public' }) };
      },
    });
    renderAt(`/community/collections/${ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Tiere und Wege' });
    expect(screen.getByText('Only with the link')).toBeTruthy();
    expect(
      screen.getByText('An operator has hidden this collection: only you can see it.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Report' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const form = screen.getByTestId('collection-edit-form');
    const name = within(form).getByRole('textbox', { name: 'Name' });
    fireEvent.input(name, { target: { value: 'Ti' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(screen.getByTestId('collection-name-error').textContent).toBe('3 to 60 characters');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(server.requests.some((r) => r.method === 'PATCH')).toBe(false);

    fireEvent.input(name, { target: { value: 'Tiere' } });
    fireEvent.click(within(form).getByRole('radio', { name: /Listed publicly/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByTestId('collection-name-error').textContent).toBe(
        'This name is already in use by you.',
      ),
    );
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Tiere' })).toBeTruthy();
    expect(server.requests.filter((r) => r.method === 'PATCH').at(-1)?.body).toEqual({
      name: 'Tiere',
      visibility: 'public',
    });
  });

  it('deletes after a confirmation and goes back to the list', async () => {
    const server = fakeServer({
      [`GET ${PATH}`]: { body: collection({ mine: true }) },
      [`DELETE ${PATH}`]: { status: 204 },
    });
    renderAt(`/community/collections/${ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(server.requests.some((r) => r.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByTestId('collection-delete-confirm'));
    expect(await screen.findByRole('heading', { name: 'All collections' })).toBeTruthy();
    expect(server.requests.at(-1)).toEqual({ method: 'DELETE', path: PATH, body: undefined });
  });
});

describe('a public profile', () => {
  it('shows only what the learner made public, with their collections', async () => {
    fakeServer({
      'GET /api/community/profiles/Bea': {
        body: {
          nickname: 'Bea',
          avatarUrl: null,
          level: 'B1',
          streak: { current: 4, best: 11 },
          storiesRead: 12,
          wordsKnown: 1234,
          points: { week: 90, all: 1500 },
          collections: [collection()],
        },
      },
    });
    renderAt('/community/u/Bea');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bea' })).toBeTruthy();
    expect(screen.getByTestId('profile-stat-streak').textContent).toBe('4 days');
    expect(screen.getByTestId('profile-stat-bestStreak').textContent).toBe('11 days');
    expect(screen.getByTestId('profile-stat-week').textContent).toBe('90 points');
    expect(screen.getByTestId('profile-stat-all').textContent).toBe('1,500 points');
    expect(screen.getByTestId('profile-stat-wordsKnown').textContent).toBe('1,234');
    const card = screen.getByTestId('collection-card');
    expect(within(card).getByRole('link', { name: 'Tiere und Wege' }).getAttribute('href')).toBe(
      `/community/collections/${ID}`,
    );
  });

  it('gives one plain answer for a learner who is not public', async () => {
    fakeServer({});
    renderAt('/community/u/Somebody');
    expect(
      await screen.findByRole('heading', { name: "This learner's profile is not public" }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the community' }).getAttribute('href')).toBe(
      '/community',
    );
  });
});
