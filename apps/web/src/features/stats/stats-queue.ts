import type { StatsUpdate } from '@lesefuchs/core/stats/stats-schema';
import type { SyncRequest, SyncResponse } from '@lesefuchs/core/sync/operations';
import { STATS_QUEUE } from '@lesefuchs/core/sync/queue-policy';
import { api } from '../../lib/api';
import { SyncQueue } from '../../lib/sync-queue';

/**
 * Sends a batch of queued stats. When the batch call fails, each distinct streak day is sent
 * on its own (spec 1 §4) and counts as delivered; everything else stays queued. With nothing
 * delivered the failure stands, so the queue retries.
 */
export async function sendStats(
  request: SyncRequest,
  call: typeof api = api,
): Promise<SyncResponse> {
  try {
    return await call<SyncResponse>('/api/sync', { method: 'POST', body: request });
  } catch (failure) {
    const byDay = new Map<string, string[]>();
    for (const operation of request.operations) {
      const update = operation.payload as StatsUpdate;
      if (update.kind !== 'streak') continue;
      byDay.set(update.activityDate, [...(byDay.get(update.activityDate) ?? []), operation.id]);
    }
    const results: SyncResponse['results'] = [];
    for (const [activityDate, ids] of byDay) {
      try {
        await call('/api/stats/streak', { method: 'POST', body: { activityDate } });
        for (const id of ids) results.push({ id, outcome: 'applied' });
      } catch {
        // This day stays queued with the rest.
      }
    }
    if (results.length === 0) throw failure;
    return { results };
  }
}

let queue: SyncQueue<StatsUpdate> | null = null;
let queueUser: string | null = null;

/** The signed-in user's stats queue (one per user, kept on the device until sent). */
export function statsQueue(userId: string): SyncQueue<StatsUpdate> {
  if (queue && queueUser === userId) return queue;
  queue?.stop();
  queue = new SyncQueue<StatsUpdate>({
    type: 'stats',
    policy: STATS_QUEUE,
    storageKey: `lesefuchs.queue.stats.${userId}`,
    send: (request) => sendStats(request),
  });
  queue.start();
  queueUser = userId;
  return queue;
}

/** Stops the queue of a user who signed out; their items wait on the device for next time. */
export function stopStatsQueue(): void {
  queue?.stop();
  queue = null;
  queueUser = null;
}
