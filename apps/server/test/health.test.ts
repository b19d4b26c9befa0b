import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../src/db/client.ts';
import { HEALTH_CHECK_TTL_MS, healthRoutes } from '../src/routes/health.ts';

/** The health route over a stand-in database that counts its queries and can fail. */
function health() {
  const state = { queries: 0, fail: false };
  const database = {
    kind: 'pglite',
    db: {
      execute: async () => {
        state.queries += 1;
        if (state.fail) throw new Error('the database is gone');
        return { rows: [] };
      },
    },
  } as unknown as DatabaseHandle;
  return { app: healthRoutes(database, { state: 'ok' }), state };
}

describe('GET /api/health', () => {
  afterEach(() => vi.useRealTimers());

  it('asks the database at most once per few seconds, and every time with ?deep=1', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-26T10:00:00Z') });
    const { app, state } = health();
    for (let i = 0; i < 5; i += 1) expect((await app.request('/')).status).toBe(200);
    expect(state.queries).toBe(1);
    expect((await app.request('/?deep=1')).status).toBe(200);
    expect(state.queries).toBe(2);
    vi.advanceTimersByTime(HEALTH_CHECK_TTL_MS);
    const later = await app.request('/');
    expect(state.queries).toBe(3);
    expect(((await later.json()) as { databaseCheckedAt: string }).databaseCheckedAt).toBe(
      '2026-11-26T10:00:05.000Z',
    );
  });

  it('says 503 once a check finds the database gone, and 200 as soon as it is back', async () => {
    const { app, state } = health();
    expect((await app.request('/')).status).toBe(200);
    state.fail = true;
    expect((await app.request('/?deep=1')).status).toBe(503);
    // After a failed check every call asks again, and says so as soon as the database is back.
    const before = state.queries;
    expect((await app.request('/')).status).toBe(503);
    expect(state.queries).toBe(before + 1);
    state.fail = false;
    expect((await app.request('/')).status).toBe(200);
    expect(state.queries).toBe(before + 2);
  });
});
