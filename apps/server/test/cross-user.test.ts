import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { importContent } from '../src/content/importer.ts';
import { caller, json, signUp, type TestServer, targets, testServerFor } from './harness.ts';

// Every route the app registers has a row here, or the test fails naming it: a new route must
// say how another user's session is kept from the first user's data. A user-scoped row is one
// call made by user B; B aims at user A's objects wherever the route takes an id. After every
// row, A's data reads back exactly as before, and B's answer never holds A's data.

type User = Awaited<ReturnType<typeof signUp>>;

/** What user A owns when the rows run. */
interface Fixture {
  a: User;
  b: User;
  cardId: number;
  /** A's public collection (A has not opted in, so it names no creator). */
  collectionId: string;
  savedWordId: number;
  vocabularyId: number;
}

type Row =
  | { kind: 'public' | 'auth' | 'dev-only'; why: string }
  | {
      kind: 'user';
      /** B's call; ids of A's objects where the route takes one. */
      call: (f: Fixture) => { path: string; body?: unknown };
      /** What B must get: another user's object is a 404; a route of B's own data answers B. */
      expect: 'not-found' | 'own';
    };

const ROWS: Record<string, Row> = {
  'GET /api/auth/*': { kind: 'auth', why: "better-auth's handler: sessions are its own" },
  'POST /api/auth/*': { kind: 'auth', why: "better-auth's handler: sessions are its own" },
  'GET /api/native/google': { kind: 'auth', why: 'starts Google sign-in for the native shell' },
  'GET /api/native/google/return': {
    kind: 'auth',
    why: "hands the system browser's own session to the app (google.test.ts)",
  },
  'POST /api/native/token': {
    kind: 'auth',
    why: 'a one-time code and its PKCE verifier for a session (google.test.ts)',
  },
  'GET /api/health': { kind: 'public', why: 'no user data' },
  'GET /api/config': { kind: 'public', why: 'no user data' },
  'GET /api/dev/mailbox': { kind: 'dev-only', why: 'this machine only (security-auth test)' },
  'GET /api/profile/avatars': { kind: 'public', why: 'the avatar catalogue' },
  'GET /api/stories': { kind: 'public', why: 'content' },
  'GET /api/stories/version': { kind: 'public', why: 'content' },
  'GET /api/stories/titles': { kind: 'public', why: 'content' },
  'GET /api/stories/lemmas': { kind: 'public', why: 'content (every story’s lemmas)' },
  'GET /api/stories/sizes': { kind: 'public', why: 'content (every story’s size on a device)' },
  'GET /api/stories/:id': { kind: 'public', why: 'content' },
  'GET /api/vocabulary/version': { kind: 'public', why: 'content' },
  'GET /api/vocabulary': { kind: 'public', why: 'content' },
  'GET /api/vocabulary/forms': { kind: 'public', why: 'content (the form table)' },
  'GET /audio/*': {
    kind: 'public',
    why: 'content (premium voice checked per user: membership test)',
  },
  'GET /avatars/*': { kind: 'public', why: 'content' },

  'GET /api/events': { kind: 'user', call: () => ({ path: '/api/events' }), expect: 'own' },
  'GET /api/profile': { kind: 'user', call: () => ({ path: '/api/profile' }), expect: 'own' },
  'PATCH /api/profile': {
    kind: 'user',
    call: () => ({ path: '/api/profile', body: { userLevel: 'C2' } }),
    expect: 'own',
  },
  'PATCH /api/profile/preferences': {
    kind: 'user',
    call: () => ({ path: '/api/profile/preferences', body: { theme: 'dark' } }),
    expect: 'own',
  },
  'DELETE /api/profile/preferences': {
    kind: 'user',
    call: () => ({ path: '/api/profile/preferences' }),
    expect: 'own',
  },
  'GET /api/membership': { kind: 'user', call: () => ({ path: '/api/membership' }), expect: 'own' },
  // Content for every deck but the saved one, which is the caller's own saved words.
  'GET /api/quiz/words': {
    kind: 'user',
    call: () => ({ path: '/api/quiz/words?deck=saved&limit=5' }),
    expect: 'own',
  },
  // (quiz.test.ts shows that another user's scores never appear)
  'GET /api/quiz/scores': {
    kind: 'user',
    call: () => ({ path: '/api/quiz/scores' }),
    expect: 'own',
  },
  ...communityRows(),
  ...readingRows('/api/reading/completions'),
  ...readingRows('/api/bookmarks'),
  'GET /api/saved-words': {
    kind: 'user',
    call: () => ({ path: '/api/saved-words' }),
    expect: 'own',
  },
  'POST /api/saved-words': {
    kind: 'user',
    call: (f) => ({ path: '/api/saved-words', body: { action: 'remove', id: f.savedWordId } }),
    expect: 'own',
  },
  'DELETE /api/saved-words/:id': {
    kind: 'user',
    call: (f) => ({ path: `/api/saved-words/${f.savedWordId}` }),
    expect: 'own',
  },
  'DELETE /api/saved-words': {
    kind: 'user',
    call: () => ({ path: '/api/saved-words' }),
    expect: 'own',
  },
  'POST /api/saved-words/migrate': {
    kind: 'user',
    call: (f) => ({
      path: '/api/saved-words/migrate',
      body: { words: [{ vocabularyId: f.vocabularyId }] },
    }),
    expect: 'own',
  },
  'GET /api/known-words': {
    kind: 'user',
    call: () => ({ path: '/api/known-words' }),
    expect: 'own',
  },
  'PUT /api/known-words/:vocabularyId': {
    kind: 'user',
    call: (f) => ({ path: `/api/known-words/${f.vocabularyId}` }),
    expect: 'own',
  },
  'DELETE /api/known-words/:vocabularyId': {
    kind: 'user',
    call: (f) => ({ path: `/api/known-words/${f.vocabularyId}` }),
    expect: 'own',
  },
  'POST /api/known-words/migrate': {
    kind: 'user',
    call: (f) => ({ path: '/api/known-words/migrate', body: { vocabularyIds: [f.vocabularyId] } }),
    expect: 'own',
  },
  'GET /api/stats': { kind: 'user', call: () => ({ path: '/api/stats' }), expect: 'own' },
  'GET /api/stats/streak': {
    kind: 'user',
    call: () => ({ path: '/api/stats/streak' }),
    expect: 'own',
  },
  'GET /api/stats/audio-ids': {
    kind: 'user',
    call: () => ({ path: '/api/stats/audio-ids' }),
    expect: 'own',
  },
  'POST /api/stats/batch': {
    kind: 'user',
    call: () => ({
      path: '/api/stats/batch',
      body: { profileUpdates: [{ userLevel: 'C1', id: 'x-0000001', timestamp: Date.now() }] },
    }),
    expect: 'own',
  },
  'POST /api/stats/streak': {
    kind: 'user',
    call: () => ({ path: '/api/stats/streak', body: { activityDate: today() } }),
    expect: 'own',
  },
  'POST /api/stats/streak/migrate': {
    kind: 'user',
    call: () => ({ path: '/api/stats/streak/migrate', body: { days: [today()] } }),
    expect: 'own',
  },
  'GET /api/flashcards/settings': {
    kind: 'user',
    call: () => ({ path: '/api/flashcards/settings' }),
    expect: 'own',
  },
  'PUT /api/flashcards/settings': {
    kind: 'user',
    call: () => ({ path: '/api/flashcards/settings', body: { daily_new_cards: 3 } }),
    expect: 'own',
  },
  'POST /api/flashcards/session': {
    kind: 'user',
    call: () => ({
      path: '/api/flashcards/session',
      body: { deck: 'saved', newCount: 0, reviewCount: 5 },
    }),
    expect: 'own',
  },
  'GET /api/flashcards/queue': {
    kind: 'user',
    call: () => ({ path: '/api/flashcards/queue' }),
    expect: 'own',
  },
  'GET /api/flashcards/saved-words': {
    kind: 'user',
    call: () => ({ path: '/api/flashcards/saved-words' }),
    expect: 'own',
  },
  'GET /api/flashcards/upcoming': {
    kind: 'user',
    call: () => ({ path: '/api/flashcards/upcoming' }),
    expect: 'own',
  },
  'POST /api/flashcards/cards': {
    kind: 'user',
    call: (f) => ({
      path: '/api/flashcards/cards',
      body: { deck: 'database', count: 1, strategy: 'unified', vocabularyIds: [f.vocabularyId] },
    }),
    expect: 'own',
  },
  'POST /api/flashcards/cards/upsert': {
    kind: 'user',
    call: (f) => ({
      path: '/api/flashcards/cards/upsert',
      body: { cards: [{ localId: 'local-cross-1', vocabularyId: f.vocabularyId }] },
    }),
    expect: 'own',
  },
  'GET /api/flashcards/cards/:id': {
    kind: 'user',
    call: (f) => ({ path: `/api/flashcards/cards/${f.cardId}` }),
    expect: 'not-found',
  },
  'POST /api/flashcards/cards/:id/suspend': {
    kind: 'user',
    call: (f) => ({ path: `/api/flashcards/cards/${f.cardId}/suspend` }),
    expect: 'not-found',
  },
  'POST /api/flashcards/cards/:id/unsuspend': {
    kind: 'user',
    call: (f) => ({ path: `/api/flashcards/cards/${f.cardId}/unsuspend` }),
    expect: 'not-found',
  },
  'POST /api/flashcards/cards/:id/release': {
    kind: 'user',
    call: (f) => ({ path: `/api/flashcards/cards/${f.cardId}/release` }),
    expect: 'not-found',
  },
  'POST /api/flashcards/reviews': {
    kind: 'user',
    call: (f) => ({
      path: '/api/flashcards/reviews',
      body: { cardId: f.cardId, rating: 'again', reviewId: 'cross-user-review-1' },
    }),
    expect: 'not-found',
  },
  'GET /api/flashcards/reviews': {
    kind: 'user',
    call: (f) => ({ path: `/api/flashcards/reviews?cardId=${f.cardId}` }),
    expect: 'own',
  },
  'POST /api/flashcards/leeches/suspend': {
    kind: 'user',
    call: () => ({ path: '/api/flashcards/leeches/suspend', body: {} }),
    expect: 'own',
  },
  'POST /api/flashcards/unsuspend': {
    kind: 'user',
    call: (f) => ({ path: '/api/flashcards/unsuspend', body: { cardIds: [f.cardId] } }),
    expect: 'own',
  },
  'GET /api/flashcards/overview': {
    kind: 'user',
    call: () => ({ path: '/api/flashcards/overview' }),
    expect: 'own',
  },
  'GET /api/flashcards/studied-today': {
    kind: 'user',
    call: () => ({ path: '/api/flashcards/studied-today' }),
    expect: 'own',
  },
  'GET /api/flashcards/leeches': {
    kind: 'user',
    call: () => ({ path: '/api/flashcards/leeches' }),
    expect: 'own',
  },
  'GET /api/flashcards/quota': {
    kind: 'user',
    call: () => ({ path: '/api/flashcards/quota' }),
    expect: 'own',
  },
  'GET /api/flashcards/stats': {
    kind: 'user',
    call: () => ({ path: '/api/flashcards/stats' }),
    expect: 'own',
  },
  'POST /api/flashcards/sanitize': {
    kind: 'user',
    call: () => ({ path: '/api/flashcards/sanitize' }),
    expect: 'own',
  },
  'POST /api/sync': {
    kind: 'user',
    call: () => ({
      path: '/api/sync',
      // A's operation id, replayed by B: applied for B (ids are per user), never "duplicate".
      body: {
        type: 'bookmarks',
        operations: [{ id: 'a-owned-op-0001', payload: { action: 'clear' } }],
      },
    }),
    expect: 'own',
  },
};

function communityRows(): Record<string, Row> {
  const base = '/api/community';
  const collection = (f: Fixture) => `${base}/collections/${f.collectionId}`;
  return {
    [`GET ${base}/me`]: { kind: 'user', call: () => ({ path: `${base}/me` }), expect: 'own' },
    [`PUT ${base}/me`]: {
      kind: 'user',
      call: () => ({ path: `${base}/me`, body: { public: true } }),
      expect: 'own',
    },
    // Open to guests; the pinned row is the caller's own.
    [`GET ${base}/leaderboard`]: {
      kind: 'user',
      call: () => ({ path: `${base}/leaderboard?board=all` }),
      expect: 'own',
    },
    // A has not opted in: no profile, the same 404 as an unknown nickname.
    [`GET ${base}/profiles/:nickname`]: {
      kind: 'user',
      call: (f) => ({ path: `${base}/profiles/${f.a.nickname}` }),
      expect: 'not-found',
    },
    [`GET ${base}/collections`]: {
      kind: 'user',
      call: () => ({ path: `${base}/collections` }),
      expect: 'own',
    },
    [`GET ${base}/collections/mine`]: {
      kind: 'user',
      call: () => ({ path: `${base}/collections/mine` }),
      expect: 'own',
    },
    // Shared on purpose (public), without its creator while A is not public.
    [`GET ${base}/collections/:id`]: {
      kind: 'user',
      call: (f) => ({ path: collection(f) }),
      expect: 'own',
    },
    [`POST ${base}/collections`]: {
      kind: 'user',
      call: (f) => ({
        path: `${base}/collections`,
        body: {
          name: 'Fremde Liste',
          kind: 'word_list',
          visibility: 'link',
          vocabularyIds: [f.vocabularyId],
        },
      }),
      expect: 'own',
    },
    [`PATCH ${base}/collections/:id`]: {
      kind: 'user',
      call: (f) => ({ path: collection(f), body: { name: 'Gekapert' } }),
      expect: 'not-found',
    },
    [`DELETE ${base}/collections/:id`]: {
      kind: 'user',
      call: (f) => ({ path: collection(f) }),
      expect: 'not-found',
    },
    // B may add a shared collection's words and report it: neither changes what A reads (the
    // use count aside, which is B's to add to).
    [`POST ${base}/collections/:id/uses`]: {
      kind: 'user',
      call: (f) => ({ path: `${collection(f)}/uses` }),
      expect: 'own',
    },
    [`POST ${base}/collections/:id/report`]: {
      kind: 'user',
      call: (f) => ({ path: `${collection(f)}/report`, body: { reason: 'spam' } }),
      expect: 'own',
    },
  };
}

function readingRows(base: string): Record<string, Row> {
  return {
    [`GET ${base}`]: { kind: 'user', call: () => ({ path: base }), expect: 'own' },
    [`PUT ${base}/:storyId`]: { kind: 'user', call: () => ({ path: `${base}/6` }), expect: 'own' },
    [`DELETE ${base}/:storyId`]: {
      kind: 'user',
      call: () => ({ path: `${base}/3` }),
      expect: 'own',
    },
    [`DELETE ${base}`]: { kind: 'user', call: () => ({ path: base }), expect: 'own' },
    [`POST ${base}/migrate`]: {
      kind: 'user',
      call: () => ({ path: `${base}/migrate`, body: { entries: [{ storyId: 7 }] } }),
      expect: 'own',
    },
  };
}

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** The app's routes as `METHOD /path`, without the middleware entries. */
function registeredRoutes(server: TestServer): string[] {
  const routes = server.app.routes.filter((route) => route.method !== 'ALL');
  return [...new Set(routes.map((route) => `${route.method} ${route.path}`))].sort();
}

describe.each(targets)('another user’s session on $name', ({ name, available }) => {
  const server = testServerFor(name, available);
  const call = caller(server);
  let fixture: Fixture;

  /** Everything of A's that any route can read, as A reads it. */
  const snapshotOfA = async () => {
    const { a } = fixture;
    const paths = [
      '/api/profile',
      '/api/membership',
      '/api/bookmarks',
      '/api/reading/completions',
      '/api/saved-words',
      '/api/known-words',
      '/api/stats',
      '/api/flashcards/settings',
      '/api/flashcards/leeches',
      '/api/community/me',
      '/api/community/collections/mine',
      `/api/flashcards/cards/${fixture.cardId}`,
      `/api/flashcards/reviews?cardId=${fixture.cardId}`,
    ];
    const snapshot: Record<string, unknown> = {};
    for (const path of paths) snapshot[path] = await json(await call(a.cookie, 'GET', path));
    // How many others added A's collection is theirs to change (the uses row does).
    const mine = snapshot['/api/community/collections/mine'] as { items: { uses?: number }[] };
    for (const item of mine.items) delete item.uses;
    const ops = (await server.database.db.execute(
      sql`select operation_id from applied_operations where user_id = ${a.id} order by 1`,
    )) as unknown as { rows: unknown[] };
    snapshot.appliedOperations = ops.rows;
    return snapshot;
  };

  beforeAll(async () => {
    if (!available) return;
    await importContent(server.database.db);
    const a = await signUp(server, 'Besitzer');
    const b = await signUp(server, 'Fremde');
    const [entry] = (
      (await server.database.db.execute(
        sql`select id from vocabulary order by id limit 1`,
      )) as unknown as {
        rows: { id: number }[];
      }
    ).rows;
    const vocabularyId = Number(entry?.id);
    for (const path of ['/api/bookmarks/3', '/api/reading/completions/5']) {
      expect((await call(a.cookie, 'PUT', path)).status).toBe(200);
    }
    const saved = await json(
      await call(a.cookie, 'POST', '/api/saved-words', { action: 'save', vocabularyId }),
    );
    expect((await call(a.cookie, 'PUT', `/api/known-words/${vocabularyId}`)).status).toBe(200);
    const cards = await json(
      await call(a.cookie, 'POST', '/api/flashcards/cards', {
        deck: 'database',
        count: 2,
        strategy: 'unified',
        vocabularyIds: [vocabularyId],
      }),
    );
    const cardId = Number(cards.cards?.[0]?.id ?? cards.created?.[0]?.id);
    expect(Number.isInteger(cardId)).toBe(true);
    await call(a.cookie, 'POST', '/api/flashcards/reviews', {
      cardId,
      rating: 'good',
      reviewId: 'a-review-00001',
    });
    await call(a.cookie, 'POST', '/api/sync', {
      type: 'bookmarks',
      operations: [{ id: 'a-owned-op-0001', payload: { action: 'add', storyId: 4 } }],
    });
    await call(a.cookie, 'PATCH', '/api/profile/preferences', { theme: 'light' });
    const collection = await json(
      await call(a.cookie, 'POST', '/api/community/collections', {
        name: 'Meine Liste',
        kind: 'word_list',
        visibility: 'public',
        vocabularyIds: [vocabularyId],
      }),
    );
    expect(collection.id).toBeTypeOf('string');
    fixture = {
      a,
      b,
      cardId,
      vocabularyId,
      collectionId: collection.id,
      savedWordId: Number(saved.words?.[0]?.id),
    };
  });

  it.skipIf(!available)('every registered route has a row, and every row a route', () => {
    const routes = registeredRoutes(server);
    const missing = routes.filter((route) => !(route in ROWS));
    expect(missing, `add a cross-user row for: ${missing.join(', ')}`).toEqual([]);
    const stale = Object.keys(ROWS).filter((route) => !routes.includes(route));
    expect(stale, `rows for routes that no longer exist: ${stale.join(', ')}`).toEqual([]);
  });

  const userRows = Object.entries(ROWS).filter(
    (entry): entry is [string, Extract<Row, { kind: 'user' }>] => entry[1].kind === 'user',
  );

  it.skipIf(!available).each(userRows)(
    '%s: B never reads or changes A’s data',
    async (route, row) => {
      const method = route.split(' ')[0] as string;
      const { a, b } = fixture;
      const before = await snapshotOfA();
      const { path, body } = row.call(fixture);

      let text: string;
      let status: number;
      if (route === 'GET /api/events') {
        const response = await server.app.request(path, { headers: { Cookie: b.cookie } });
        status = response.status;
        const reader = (response.body as ReadableStream<Uint8Array>).getReader();
        text = new TextDecoder().decode((await reader.read()).value);
        // A's change meanwhile reaches A's streams only.
        await call(a.cookie, 'PUT', '/api/bookmarks/9');
        await call(a.cookie, 'DELETE', '/api/bookmarks/9');
        const next = await Promise.race([
          reader.read().then((chunk) => new TextDecoder().decode(chunk.value)),
          new Promise<string>((resolve) => setTimeout(() => resolve(''), 500)),
        ]);
        text += next;
        await reader.cancel();
        expect(text).toContain(b.id);
        expect(text).not.toContain('bookmarks');
      } else {
        const response = await call(b.cookie, method, path, body);
        status = response.status;
        text = await response.text();
      }

      if (row.expect === 'not-found') expect(status, text).toBe(404);
      else expect(status, text).toBeLessThan(500);
      expect(status, text).not.toBe(401);
      for (const secret of [a.id, a.email, a.nickname]) expect(text).not.toContain(secret);
      if (
        row.expect === 'own' &&
        status === 200 &&
        route.startsWith('GET /api/flashcards/reviews')
      ) {
        expect(JSON.parse(text).reviews).toEqual([]);
      }
      expect(await snapshotOfA()).toEqual(before);
    },
  );
});
