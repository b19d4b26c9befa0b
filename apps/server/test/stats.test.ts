import { dayIn } from '@lesefuchs/core';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { importContent } from '../src/content/importer.ts';
import { savedWords } from '../src/db/schema/activity.ts';
import { activityDays, bookmarks, storyCompletions, vocabulary } from '../src/db/schema/index.ts';
import { caller, json, signUp, targets, testServerFor } from './harness.ts';

const DAY_MS = 86_400_000;
const utcDay = (offsetDays: number) => dayIn(new Date(Date.now() + offsetDays * DAY_MS), 'UTC');

describe.each(targets)('stats and streaks on $name', ({ name, available }) => {
  const server = testServerFor(name, available);

  const call = caller(server);

  beforeAll(async () => {
    if (available) await importContent(server.database.db);
  });

  it.skipIf(!available)('starts at zeros and nulls', async () => {
    const user = await signUp(server, 'Zero');
    const { stats } = await json(await call(user.cookie, 'GET', '/api/stats'));
    expect(stats).toEqual({
      bookmarksCount: 0,
      vocabularyCount: 0,
      storiesReadCount: 0,
      currentStreak: 0,
      allTimeStreak: 0,
      lastActivityDate: null,
      allTimeStreakDate: null,
      uniqueAudiosListened: 0,
      totalPlays: 0,
      averageReplays: 0,
    });
    const { streak } = await json(await call(user.cookie, 'GET', '/api/stats/streak'));
    expect(streak).toEqual({
      currentStreak: 0,
      allTimeStreak: 0,
      lastActivityDate: null,
      allTimeStreakDate: null,
    });
  });

  it.skipIf(!available)(
    'counts the user’s own rows and applies a batch of the four kinds',
    async () => {
      const user = await signUp(server, 'Counter');
      const other = await signUp(server, 'Bystander');
      const db = server.database.db;
      const [word] = await db.select({ id: vocabulary.id }).from(vocabulary).limit(1);
      await db.insert(bookmarks).values([
        { userId: user.id, storyId: 1 },
        { userId: user.id, storyId: 2 },
      ]);
      await db.insert(storyCompletions).values({ userId: user.id, storyId: 3 });
      await db.insert(savedWords).values({ userId: user.id, vocabularyId: word?.id ?? 0 });

      const now = Date.now();
      const response = await call(user.cookie, 'POST', '/api/stats/batch', {
        audioUpdates: [
          { audioId: '1-de', timestamp: now, plays: 3 },
          { audioId: '2-de', timestamp: now },
        ],
        streakUpdates: [{ activityDate: utcDay(0) }],
        profileUpdates: [{ userLevel: 'B2' }],
        scoreboardUpdates: [{ gameMode: 'score', score: 12, playedAt: now }],
      });
      expect(response.status).toBe(200);

      const { stats } = await json(await call(user.cookie, 'GET', '/api/stats'));
      expect(stats).toMatchObject({
        bookmarksCount: 2,
        vocabularyCount: 1,
        storiesReadCount: 1,
        currentStreak: 1,
        allTimeStreak: 1,
        lastActivityDate: utcDay(0),
        allTimeStreakDate: utcDay(0),
        uniqueAudiosListened: 2,
        totalPlays: 4,
        averageReplays: 2,
      });
      const { profile } = await json(await call(user.cookie, 'GET', '/api/profile'));
      expect(profile.userLevel).toBe('B2');

      // Nobody else's rows count, and nothing addresses another user's rows.
      const { stats: theirs } = await json(await call(other.cookie, 'GET', '/api/stats'));
      expect(theirs).toMatchObject({
        bookmarksCount: 0,
        vocabularyCount: 0,
        storiesReadCount: 0,
        currentStreak: 0,
        uniqueAudiosListened: 0,
      });
      const { audioIds } = await json(await call(other.cookie, 'GET', '/api/stats/audio-ids'));
      expect(audioIds).toEqual([]);
    },
  );

  it.skipIf(!available)(
    'computes the streak from stored days in the user’s time zone, not from the client',
    async () => {
      const user = await signUp(server, 'Streaker');
      const db = server.database.db;
      // Three days in a row ending yesterday, and an older run of five.
      const days = [-9, -8, -7, -6, -5, -3, -2, -1].map(utcDay);
      await db.insert(activityDays).values(days.map((day) => ({ userId: user.id, day })));

      const before = await json(await call(user.cookie, 'GET', '/api/stats/streak'));
      expect(before.streak).toEqual({
        currentStreak: 3,
        allTimeStreak: 5,
        lastActivityDate: utcDay(-1),
        allTimeStreakDate: utcDay(-5),
      });

      // Today's first activity, through the single-day fallback endpoint; again is a no-op.
      for (let i = 0; i < 2; i++) {
        const response = await call(user.cookie, 'POST', '/api/stats/streak', {
          activityDate: utcDay(0),
        });
        expect(response.status).toBe(200);
        expect((await json(response)).streak).toMatchObject({ currentStreak: 4, allTimeStreak: 5 });
      }

      // A day a real client cannot send now is refused and not written.
      for (const activityDate of [utcDay(-20), utcDay(5), '2026-02-30', 'yesterday']) {
        const refused = await call(user.cookie, 'POST', '/api/stats/streak', { activityDate });
        expect(refused.status).toBe(400);
        expect((await json(refused)).error.message).toMatch(/^activityDate: /);
      }
      const stored = (await db.execute(
        sql`select count(*)::int as n from user_activity_days where user_id = ${user.id}`,
      )) as unknown as { rows: { n: number }[] };
      expect(stored.rows[0]?.n).toBe(days.length + 1);

      // Long after, in a far time zone, the current streak has lapsed; the best stays.
      const lapsed = await json(
        await call(user.cookie, 'GET', '/api/stats/streak?timeZone=Pacific/Kiritimati'),
      );
      expect(lapsed.streak.allTimeStreak).toBe(5);
      const unknownZone = await call(user.cookie, 'GET', '/api/stats?timeZone=Mars/Olympus');
      expect(unknownZone.status).toBe(400);
    },
  );

  it.skipIf(!available)(
    'takes queued stats through the sync endpoint once per operation id',
    async () => {
      const user = await signUp(server, 'Queuer');
      const operations = [
        { id: 'stats-op-00000001', payload: { kind: 'audio', audioId: '7-de', timestamp: 1 } },
        { id: 'stats-op-00000002', payload: { kind: 'streak', activityDate: utcDay(0) } },
        { id: 'stats-op-00000003', payload: { kind: 'streak', activityDate: '1999-01-01' } },
        { id: 'stats-op-00000004', payload: { kind: 'audio', audioId: 'not a key' } },
      ];
      const first = await json(
        await call(user.cookie, 'POST', '/api/sync', { type: 'stats', operations }),
      );
      expect(first.results.map((result: { outcome: string }) => result.outcome)).toEqual([
        'applied',
        'applied',
        'rejected',
        'rejected',
      ]);
      const again = await json(
        await call(user.cookie, 'POST', '/api/sync', { type: 'stats', operations }),
      );
      expect(
        again.results.slice(0, 2).map((result: { outcome: string }) => result.outcome),
      ).toEqual(['duplicate', 'duplicate']);
      const { stats } = await json(await call(user.cookie, 'GET', '/api/stats'));
      expect(stats).toMatchObject({ uniqueAudiosListened: 1, totalPlays: 1, currentStreak: 1 });
    },
  );

  it.skipIf(!available)('pages listened audio ids and filters by time', async () => {
    const user = await signUp(server, 'Listener');
    const audioUpdates = Array.from({ length: 25 }, (_, i) => ({
      audioId: `${i + 1}-de`,
      timestamp: Date.now(),
    }));
    await call(user.cookie, 'POST', '/api/stats/batch', { audioUpdates });
    const pages: string[][] = [];
    for (let page = 0; ; page++) {
      const body = await json(
        await call(user.cookie, 'GET', `/api/stats/audio-ids?page=${page}&pageSize=10`),
      );
      pages.push(body.audioIds);
      if (!body.hasMore) break;
    }
    expect(pages.map((page) => page.length)).toEqual([10, 10, 5]);
    expect(new Set(pages.flat()).size).toBe(25);

    const since = new Date(Date.now() + 60_000).toISOString();
    const later = await json(
      await call(user.cookie, 'GET', `/api/stats/audio-ids?since=${encodeURIComponent(since)}`),
    );
    expect(later.audioIds).toEqual([]);
    const tooBig = await call(user.cookie, 'GET', '/api/stats/audio-ids?pageSize=5000');
    expect(tooBig.status).toBe(400);
  });

  it.skipIf(!available)('refuses bad bodies with 400 and writes nothing', async () => {
    const user = await signUp(server, 'Careful');
    const bodies = [
      { audioUpdates: [{ audioId: '1-de' }] },
      { streakUpdates: [{ activityDate: '2026-13-01' }] },
      { profileUpdates: [{ userLevel: 'Z9' }] },
      { scoreboardUpdates: [{ gameMode: 'score', score: -1, playedAt: 0 }] },
      { unknown: [] },
      // One bad day spoils the whole batch: nothing of it is written.
      {
        audioUpdates: [{ audioId: '3-de', timestamp: 1 }],
        streakUpdates: [{ activityDate: '2001-01-01' }],
      },
    ];
    for (const body of bodies) {
      const response = await call(user.cookie, 'POST', '/api/stats/batch', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await json(response)).error.message).toBeTruthy();
    }
    const { stats } = await json(await call(user.cookie, 'GET', '/api/stats'));
    expect(stats).toMatchObject({ uniqueAudiosListened: 0, currentStreak: 0 });
    const anonymous = await server.app.request('/api/stats');
    expect(anonymous.status).toBe(401);
  });
});
