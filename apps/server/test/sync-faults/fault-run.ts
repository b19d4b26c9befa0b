import { seededRandom } from '@lesefuchs/core';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { forgetSessions } from '../../src/auth/session.ts';
import { sessions } from '../../src/db/schema/index.ts';
import { sessionCookie, signUp, type TestServer } from '../test-server.ts';

// Seeded random runs of a client sync queue against the real server with faults injected
// between them: the network dropping a request before or after the server committed it,
// duplicate and reordered delivery, operations the server must reject, and the session
// expiring. After every run, each operation the client saw acknowledged is applied exactly
// once, and each rejected one never. Shared by the integration test and `npm run soak -- sync`.

/** The queue type of these runs: one row per operation, so applying twice is visible. */
export const FAULT_TYPE = 'fault-notes';
const PASSWORD = 'correct horse battery';

export const FAULT_KINDS = [
  'none',
  'dropped-before-server',
  'dropped-after-commit',
  'duplicate-delivery',
  'reordered',
  'session-expired',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface FaultFigures {
  runs: number;
  operations: number;
  acknowledged: number;
  lost: number;
  doubled: number;
  rejectedAsExpected: number;
  rejectedUnexpectedly: number;
  requests: number;
  faults: Record<FaultKind, number>;
}

export function emptyFigures(): FaultFigures {
  return {
    runs: 0,
    operations: 0,
    acknowledged: 0,
    lost: 0,
    doubled: 0,
    rejectedAsExpected: 0,
    rejectedUnexpectedly: 0,
    requests: 0,
    faults: Object.fromEntries(FAULT_KINDS.map((kind) => [kind, 0])) as Record<FaultKind, number>,
  };
}

export interface FaultTarget {
  server: TestServer;
  user: { id: string; email: string; cookie: string };
}

/** Registers the runs' queue type and table on a server, and signs up the learner of the runs. */
export async function prepareFaultTarget(server: TestServer): Promise<FaultTarget> {
  await server.database.db.execute(
    sql`create table if not exists fault_notes (user_id text not null, operation_id text not null, n integer not null)`,
  );
  server.registry.register(FAULT_TYPE, {
    // The schema lets through numbers the integer column refuses: the database's own refusal
    // must become a rejected operation, not a failed batch.
    payload: z.object({ n: z.number().int() }),
    async apply(tx, userId, payload, operation) {
      await tx.execute(
        sql`insert into fault_notes (user_id, operation_id, n) values (${userId}, ${operation.id}, ${payload.n})`,
      );
    },
  });
  const user = await signUp(server, 'Faulty');
  return { server, user };
}

interface Item {
  id: string;
  payload: unknown;
  /** Whether the server must reject it (bad data), decided when it was made. */
  bad: boolean;
}

type Answer = { status: number; results?: { id: string; outcome: string }[] };

class NetworkError extends Error {}

/** One seeded run; returns what went wrong (empty when every rule held). */
export async function faultRun(
  target: FaultTarget,
  seed: number,
  figures: FaultFigures,
): Promise<string[]> {
  const { server, user } = target;
  const next = seededRandom(seed);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)] as T;
  const problems: string[] = [];
  const outcomes = new Map<string, string>();

  let queue: Item[] = Array.from({ length: 3 + Math.floor(next() * 6) }, (_, index) => {
    const bad = next() < 0.15;
    return {
      id: `fault-${seed}-${index}-${Math.floor(next() * 1e9)}`,
      payload: bad ? { n: pick([2 ** 40, -(2 ** 40), 1.5, 'x']) } : { n: index },
      bad,
    };
  });
  const all = [...queue];
  figures.runs += 1;
  figures.operations += all.length;

  const deliver = async (batch: Item[]): Promise<Answer> => {
    figures.requests += 1;
    const response = await server.app.request('/api/sync', {
      method: 'POST',
      headers: { Cookie: user.cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        type: FAULT_TYPE,
        operations: batch.map((item) => ({ id: item.id, payload: item.payload })),
      }),
    });
    const body = response.status === 200 ? ((await response.json()) as Answer) : null;
    return { status: response.status, results: body?.results };
  };

  /** What the client does with an answer: as apps/web/src/lib/sync-queue.ts does. */
  const settle = (batch: Item[], answer: Answer) => {
    if (answer.status !== 200 || !answer.results) return; // kept for a retry
    const done = new Set<string>();
    for (const result of answer.results) {
      const item = batch.find((candidate) => candidate.id === result.id);
      if (!item) continue;
      done.add(item.id);
      outcomes.set(item.id, result.outcome);
    }
    queue = queue.filter((item) => !done.has(item.id));
  };

  const signInAgain = async () => {
    const response = await server.app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: PASSWORD }),
    });
    const cookie = sessionCookie(response);
    if (!cookie) throw new Error(`sign-in again failed: ${response.status}`);
    user.cookie = cookie;
  };

  const send = async (batch: Item[], fault: FaultKind) => {
    figures.faults[fault] += 1;
    try {
      switch (fault) {
        case 'dropped-before-server':
          throw new NetworkError();
        case 'dropped-after-commit':
          await deliver(batch);
          throw new NetworkError();
        case 'duplicate-delivery': {
          const [first] = await Promise.all([deliver(batch), deliver(batch)]);
          settle(batch, first);
          return;
        }
        case 'reordered': {
          const cut = Math.max(1, Math.floor(batch.length / 2));
          const [later, earlier] = [batch.slice(0, cut), batch.slice(cut)];
          const answers = await Promise.all([deliver(earlier), deliver(later)]);
          settle(earlier, answers[0]);
          settle(later, answers[1]);
          return;
        }
        case 'session-expired': {
          await server.database.db.delete(sessions).where(sql`${sessions.userId} = ${user.id}`);
          // Ended as a sign-out or revocation ends it: the server forgets the sessions it knew.
          forgetSessions();
          const answer = await deliver(batch);
          if (answer.status !== 401)
            problems.push(`seed ${seed}: expired session answered ${answer.status}`);
          await signInAgain();
          return;
        }
        default:
          settle(batch, await deliver(batch));
      }
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error;
    }
  };

  // Faults on: up to 12 sends. Then faults off: the queue drains.
  for (let sends = 0; sends < 12 && queue.length > 0; sends++) {
    const batch = queue.slice(0, 1 + Math.floor(next() * queue.length));
    await send(batch, next() < 0.4 ? 'none' : pick(FAULT_KINDS.slice(1)));
  }
  for (let sends = 0; sends < 10 && queue.length > 0; sends++) await send(queue.slice(), 'none');
  if (queue.length > 0) problems.push(`seed ${seed}: ${queue.length} operations never answered`);

  const rows = (await server.database.db.execute(
    sql`select operation_id, count(*)::int as copies from fault_notes where user_id = ${user.id} and operation_id like ${`fault-${seed}-%`} group by operation_id`,
  )) as unknown as { rows: { operation_id: string; copies: number }[] };
  const copies = new Map(rows.rows.map((row) => [row.operation_id, Number(row.copies)]));
  for (const item of all) {
    const outcome = outcomes.get(item.id);
    const count = copies.get(item.id) ?? 0;
    if (item.bad) {
      if (outcome === 'rejected' && count === 0) figures.rejectedAsExpected += 1;
      else
        problems.push(`seed ${seed}: bad operation ${item.id} was ${outcome} with ${count} rows`);
      continue;
    }
    if (outcome === 'rejected') {
      figures.rejectedUnexpectedly += 1;
      problems.push(`seed ${seed}: valid operation ${item.id} was rejected`);
      continue;
    }
    if (outcome === 'applied' || outcome === 'duplicate') figures.acknowledged += 1;
    if (count === 0) {
      figures.lost += 1;
      problems.push(`seed ${seed}: ${item.id} (${outcome}) was lost`);
    } else if (count > 1) {
      figures.doubled += 1;
      problems.push(`seed ${seed}: ${item.id} (${outcome}) was applied ${count} times`);
    }
  }
  return problems;
}
