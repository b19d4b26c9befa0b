import {
  AUDIO_IDS_HYDRATION_PAGE_SIZE,
  AUDIO_IDS_MAX_PAGES,
  AUDIO_IDS_PAGE_SIZE,
  statsBatchSchema,
  streakMigrationSchema,
  streakSyncSchema,
  validTimeZone,
} from '@lesefuchs/core';
import { Hono } from 'hono';
import { z } from 'zod';
import type { Auth } from '../auth/auth.ts';
import { type AuthVariables, requireUser } from '../auth/session.ts';
import type { Database } from '../db/client.ts';
import { ApiError } from '../http/errors.ts';
import { parseJsonBody } from '../http/validate.ts';
import type { RealtimeHub } from '../realtime/hub.ts';
import {
  applyStatsBatch,
  getHomepageStats,
  getStreak,
  ImplausibleDayError,
  listenedAudioIds,
  migrateGuestStreak,
  recordActivityDay,
} from '../services/stats.service.ts';

const audioIdsQuery = z.object({
  since: z.iso.datetime({ offset: true }).optional(),
  page: z.coerce
    .number()
    .int()
    .min(0)
    .max(AUDIO_IDS_MAX_PAGES - 1)
    .default(0),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(AUDIO_IDS_HYDRATION_PAGE_SIZE)
    .default(AUDIO_IDS_PAGE_SIZE),
});

/** The user's time zone from `?timeZone=` (days are counted in it; spec 1 §9 default UTC). */
function timeZoneOf(value: string | undefined): string {
  if (value === undefined) return 'UTC';
  const zone = validTimeZone(value);
  if (!zone) throw new ApiError(400, 'validation_failed', `timeZone: unknown time zone "${value}"`);
  return zone;
}

/**
 * `/api/stats`: the signed-in user's homepage stats, streak and listened audio, the batch
 * update of spec 1 §7 with its single-day streak fallback, and a guest's device streak merged
 * in at sign-in. Everything is computed from the
 * user's own rows.
 */
export function statsRoutes(deps: { auth: Auth; db: Database; hub: RealtimeHub }) {
  return new Hono<{ Variables: AuthVariables }>()
    .use(requireUser(deps.auth))
    .get('/', async (c) =>
      c.json({
        stats: await getHomepageStats(
          deps.db,
          c.get('user').id,
          timeZoneOf(c.req.query('timeZone')),
        ),
      }),
    )
    .get('/streak', async (c) =>
      c.json({
        streak: await getStreak(deps.db, c.get('user').id, timeZoneOf(c.req.query('timeZone'))),
      }),
    )
    .get('/audio-ids', async (c) => {
      const parsed = audioIdsQuery.safeParse(c.req.query());
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new ApiError(400, 'validation_failed', `${issue?.path.join('.')}: ${issue?.message}`);
      }
      const { since, page, pageSize } = parsed.data;
      const ids = await listenedAudioIds(deps.db, c.get('user').id, {
        since: since ? new Date(since) : null,
        page,
        pageSize,
      });
      return c.json({ audioIds: ids, page, pageSize, hasMore: ids.length === pageSize });
    })
    .post('/batch', async (c) => {
      const batch = await parseJsonBody(c, statsBatchSchema);
      try {
        await applyStatsBatch(deps.db, deps.hub, c.get('user').id, batch);
      } catch (error) {
        if (error instanceof ImplausibleDayError) {
          throw new ApiError(400, 'validation_failed', error.message);
        }
        throw error;
      }
      return c.json({ ok: true });
    })
    .post('/streak', async (c) => {
      const { activityDate } = await parseJsonBody(c, streakSyncSchema);
      const userId = c.get('user').id;
      try {
        await recordActivityDay(deps.db, userId, activityDate);
      } catch (error) {
        if (error instanceof ImplausibleDayError) {
          throw new ApiError(400, 'validation_failed', error.message);
        }
        throw error;
      }
      await deps.hub.publish(userId, { type: 'stats' });
      return c.json({
        streak: await getStreak(deps.db, userId, timeZoneOf(c.req.query('timeZone'))),
      });
    })
    .post('/streak/migrate', async (c) => {
      const timeZone = timeZoneOf(c.req.query('timeZone'));
      const { days } = await parseJsonBody(c, streakMigrationSchema);
      const userId = c.get('user').id;
      const { migrated } = await migrateGuestStreak(deps.db, deps.hub, userId, days);
      return c.json({ migrated, streak: await getStreak(deps.db, userId, timeZone) });
    });
}
