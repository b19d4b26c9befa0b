import { dayIn, GUEST_STREAK_MAX_DAYS } from '@lesefuchs/core';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { importContent } from '../src/content/importer.ts';
import { activityDays } from '../src/db/schema/index.ts';
import { flashcardHelpers } from './flashcards/helpers.ts';
import { json, signUp, targets, testServerFor } from './harness.ts';

// One streak for every activity (spec 1 §4): a card review and a finished quiz game count as the
// day's activity on the server, and a guest's device streak comes along at sign-in, merged by
// date and bounded.

const DAY_MS = 86_400_000;
const utcDay = (offsetDays: number) => dayIn(new Date(Date.now() + offsetDays * DAY_MS), 'UTC');
/** UTC+14 and UTC−11: the same instant is a different day in each for most of the day. */
const EAST = 'Pacific/Kiritimati';
const WEST = 'Pacific/Pago_Pago';

describe.each(targets)('the header streak’s activities on $name', ({ name, available }) => {
  const server = testServerFor(name, available);
  const h = flashcardHelpers(server);
  const call = h.call;

  beforeAll(async () => {
    if (available) await importContent(server.database.db);
  });

  const storedDays = async (userId: string) =>
    (
      await server.database.db
        .select({ day: activityDays.day })
        .from(activityDays)
        .where(eq(activityDays.userId, userId))
        .orderBy(asc(activityDays.day))
    ).map((row) => row.day);

  const streakOf = async (cookie: string, timeZone = 'UTC') =>
    (await json(await call(cookie, 'GET', `/api/stats/streak?timeZone=${timeZone}`))).streak;

  it.skipIf(!available)(
    'a card review is the day’s activity, on its own time’s local day in the zone it names',
    async () => {
      const user = await signUp(server, 'Karteiler');
      const [first, second, third] = await h.cardsFor(user.cookie, [
        'der Vater',
        'die Mutter',
        'der Bruder',
      ]);
      if (!first || !second || !third) throw new Error('cards missing');
      expect(await streakOf(user.cookie)).toMatchObject({ currentStreak: 0 });

      // Yesterday in the learner's zone, by the review's own time.
      const yesterday = Date.now() - DAY_MS;
      const answer = await call(user.cookie, 'POST', '/api/flashcards/reviews', {
        cardId: first.id,
        rating: 'good',
        reviewId: `zone-${user.id}-1`,
        reviewedAt: yesterday,
        timeZone: EAST,
      });
      expect((await json(answer)).outcome).toBe('applied');
      expect(await storedDays(user.id)).toEqual([dayIn(new Date(yesterday), EAST)]);

      // Today, in the other zone; a second review the same day adds nothing.
      const now = Date.now();
      for (const [card, reviewId] of [
        [second, `zone-${user.id}-2`],
        [third, `zone-${user.id}-3`],
      ] as const) {
        const response = await call(user.cookie, 'POST', '/api/flashcards/reviews', {
          cardId: card.id,
          rating: 'good',
          reviewId,
          reviewedAt: now,
          timeZone: WEST,
        });
        expect(response.status).toBe(200);
      }
      const days = new Set([dayIn(new Date(yesterday), EAST), dayIn(new Date(now), WEST)]);
      expect(await storedDays(user.id)).toEqual([...days].sort());

      // Without a zone (an older client) the day is UTC's.
      const other = await signUp(server, 'Utcler');
      const [card] = await h.cardsFor(other.cookie, ['die Schwester']);
      await call(other.cookie, 'POST', '/api/flashcards/reviews', {
        cardId: card?.id,
        rating: 'easy',
        reviewId: `utc-${other.id}`,
      });
      expect(await storedDays(other.id)).toEqual([utcDay(0)]);
      expect(await streakOf(other.cookie)).toMatchObject({
        currentStreak: 1,
        lastActivityDate: utcDay(0),
      });
    },
  );

  it.skipIf(!available)(
    'an offline grade synced later counts on its own day; one too old to record still applies',
    async () => {
      const user = await signUp(server, 'Spaeter');
      const [recent, old] = await h.cardsFor(user.cookie, ['das Kind', 'der Hund']);
      if (!recent || !old) throw new Error('cards missing');
      const yesterday = Date.now() - DAY_MS;
      const longAgo = Date.now() - 5 * DAY_MS;
      const operations = [
        {
          id: `late-${user.id}-1`,
          payload: { cardId: recent.id, rating: 'good', reviewedAt: yesterday, timeZone: 'UTC' },
        },
        {
          id: `late-${user.id}-2`,
          payload: { cardId: old.id, rating: 'good', reviewedAt: longAgo, timeZone: 'UTC' },
        },
      ];
      for (let i = 0; i < 2; i++) {
        const answer = await json(
          await call(user.cookie, 'POST', '/api/sync', { type: 'flashcard-reviews', operations }),
        );
        expect(answer.results.map((r: { outcome: string }) => r.outcome)).toEqual(
          i === 0 ? ['applied', 'applied'] : ['duplicate', 'duplicate'],
        );
      }
      expect(await h.logCount(user.id)).toBe(2);
      // A made-up old time cannot make up a past streak: only yesterday is recorded.
      expect(await storedDays(user.id)).toEqual([utcDay(-1)]);
      expect(await streakOf(user.cookie)).toMatchObject({ currentStreak: 1, allTimeStreak: 1 });
    },
  );

  it.skipIf(!available)('refuses an unknown time zone and writes nothing', async () => {
    const user = await signUp(server, 'Zonenlos');
    const [card] = await h.cardsFor(user.cookie, ['die Katze']);
    const response = await call(user.cookie, 'POST', '/api/flashcards/reviews', {
      cardId: card?.id,
      rating: 'good',
      reviewId: `bad-zone-${user.id}`,
      timeZone: 'Mars/Olympus',
    });
    expect(response.status).toBe(400);
    const nul = await call(user.cookie, 'POST', '/api/flashcards/reviews', {
      cardId: card?.id,
      rating: 'good',
      reviewId: `nul-zone-${user.id}`,
      timeZone: 'Europe/Berlin\u0000',
    });
    expect(nul.status).toBe(400);
    expect(await h.logCount(user.id)).toBe(0);
    expect(await storedDays(user.id)).toEqual([]);
  });

  it.skipIf(!available)(
    'a finished quiz game is the day’s activity, by the batch and by the sync queue',
    async () => {
      const user = await signUp(server, 'Quizzer');
      const now = Date.now();
      const batch = await call(user.cookie, 'POST', '/api/stats/batch', {
        scoreboardUpdates: [{ gameMode: 'score', score: 40, playedAt: now, timeZone: EAST }],
      });
      expect(batch.status).toBe(200);
      expect(await storedDays(user.id)).toEqual([dayIn(new Date(now), EAST)]);

      const queued = await signUp(server, 'Quizzer');
      const yesterday = now - DAY_MS;
      const answer = await json(
        await call(queued.cookie, 'POST', '/api/sync', {
          type: 'stats',
          operations: [
            {
              id: `quiz-${queued.id}`,
              payload: {
                kind: 'scoreboard',
                studyMode: 'gender',
                gameMode: 'survival',
                score: 70,
                playedAt: yesterday,
                timeZone: 'UTC',
              },
            },
          ],
        }),
      );
      expect(answer.results[0].outcome).toBe('applied');
      expect(await storedDays(queued.id)).toEqual([utcDay(-1)]);
      expect(await streakOf(queued.cookie)).toMatchObject({ currentStreak: 1 });

      const refused = await call(user.cookie, 'POST', '/api/stats/batch', {
        scoreboardUpdates: [{ gameMode: 'score', score: 1, playedAt: now, timeZone: 'Nowhere' }],
      });
      expect(refused.status).toBe(400);
    },
  );

  it.skipIf(!available)(
    'a guest’s device streak is merged by date, bounded, never inflating, and only once',
    async () => {
      const user = await signUp(server, 'Gastler');
      // The account's own days: two days ago and three days ago.
      await server.database.db.insert(activityDays).values([
        { userId: user.id, day: utcDay(-3) },
        { userId: user.id, day: utcDay(-2) },
      ]);
      const guestDays = [
        utcDay(-GUEST_STREAK_MAX_DAYS - 5), // too old: not taken
        utcDay(-2), // the account's own: counted once
        utcDay(-1),
        utcDay(0),
        utcDay(0), // twice in the list: once
        utcDay(5), // in the future: not taken
        '2024-02-30', // not a calendar day: not taken
      ];
      const first = await json(
        await call(user.cookie, 'POST', '/api/stats/streak/migrate?timeZone=UTC', {
          days: guestDays,
        }),
      );
      expect(first.migrated).toBe(2);
      expect(first.streak).toEqual({
        currentStreak: 4,
        allTimeStreak: 4,
        lastActivityDate: utcDay(0),
        allTimeStreakDate: utcDay(0),
      });
      expect(await storedDays(user.id)).toEqual([-3, -2, -1, 0].map(utcDay));

      // The same migration again (a second device, a retried call) changes nothing.
      const again = await json(
        await call(user.cookie, 'POST', '/api/stats/streak/migrate?timeZone=UTC', {
          days: guestDays,
        }),
      );
      expect(again).toEqual({ migrated: 0, streak: first.streak });

      // A forged history of the longest list accepted makes at most the bounded streak.
      const forger = await signUp(server, 'Erfinder');
      const forged = Array.from({ length: 2 * GUEST_STREAK_MAX_DAYS }, (_, i) => utcDay(-i));
      const taken = await json(
        await call(forger.cookie, 'POST', '/api/stats/streak/migrate', { days: forged }),
      );
      expect(taken.migrated).toBe(GUEST_STREAK_MAX_DAYS + 1);
      expect(taken.streak.currentStreak).toBe(GUEST_STREAK_MAX_DAYS + 1);
      // A longer list is refused whole.
      const tooLong = await call(forger.cookie, 'POST', '/api/stats/streak/migrate', {
        days: [...forged, utcDay(-200)],
      });
      expect(tooLong.status).toBe(400);

      // Nobody else's streak moves.
      const bystander = await signUp(server, 'Zuschauer');
      expect(await storedDays(bystander.id)).toEqual([]);
    },
  );

  it.skipIf(!available)('refuses a bad migration body with 400 and writes nothing', async () => {
    const user = await signUp(server, 'Kaputt');
    const bodies: unknown[] = [
      {},
      { days: 'today' },
      { days: [utcDay(0)], extra: true },
      { days: ['2024-1-1'] },
      { days: [`${utcDay(0)}\u0000`] },
      { days: [12] },
    ];
    for (const body of bodies) {
      const response = await call(user.cookie, 'POST', '/api/stats/streak/migrate', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    const zone = await call(user.cookie, 'POST', '/api/stats/streak/migrate?timeZone=Mars', {
      days: [utcDay(0)],
    });
    expect(zone.status).toBe(400);
    const signedOut = await server.app.request('/api/stats/streak/migrate', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ days: [utcDay(0)] }),
    });
    expect(signedOut.status).toBe(401);
    expect(await storedDays(user.id)).toEqual([]);
  });
});
