import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  freshDatabase,
  json,
  signUp,
  startTestServer,
  type TestServer,
  targets,
  testServerFor,
} from './harness.ts';

// A queue type that exists only in this test, writing to a table made here: the endpoint's
// at-most-once rule is the platform's; the real queue types arrive with their areas.
const notePayload = z.object({ text: z.string().min(1).max(50) });

describe.each(targets)('POST /api/sync on $name', ({ name, available }) => {
  const server = testServerFor(name, available);

  beforeAll(async () => {
    if (!available) return;
    await server.database.db.execute(
      sql`create table test_notes (user_id text not null, text text not null)`,
    );
    server.registry.register('test-notes', {
      payload: notePayload,
      async apply(tx, userId, payload) {
        await tx.execute(
          sql`insert into test_notes (user_id, text) values (${userId}, ${payload.text})`,
        );
      },
    });
  });

  const post = (cookie: string, body: unknown, contentType = 'application/json') =>
    server.app.request('/api/sync', {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': contentType },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const notesOf = async (userId: string) => {
    const result = (await server.database.db.execute(
      sql`select text from test_notes where user_id = ${userId} order by text`,
    )) as unknown as { rows: { text: string }[] };
    return result.rows.map((row) => row.text);
  };

  it.skipIf(!available)(
    'applies each operation id at most once, however often it is sent',
    async () => {
      const user = await signUp(server);
      const batch = {
        type: 'test-notes',
        operations: [
          { id: 'op-aaaaaaaa-1', payload: { text: 'first' } },
          { id: 'op-aaaaaaaa-2', payload: { text: 'second' } },
        ],
      };
      const first = await post(user.cookie, batch);
      expect(first.status).toBe(200);
      expect(await json(first)).toEqual({
        results: [
          { id: 'op-aaaaaaaa-1', outcome: 'applied' },
          { id: 'op-aaaaaaaa-2', outcome: 'applied' },
        ],
      });
      // A retry after a lost response, as a text/plain beacon body, plus one new operation.
      const retry = await post(
        user.cookie,
        JSON.stringify({
          ...batch,
          operations: [...batch.operations, { id: 'op-aaaaaaaa-3', payload: { text: 'third' } }],
        }),
        'text/plain;charset=UTF-8',
      );
      expect(
        (await json(retry)).results.map((result: { outcome: string }) => result.outcome),
      ).toEqual(['duplicate', 'duplicate', 'applied']);
      expect(await notesOf(user.id)).toEqual(['first', 'second', 'third']);
    },
  );

  it.skipIf(!available)(
    'keeps operation ids per user: the same id from another user is applied',
    async () => {
      const anna = await signUp(server, 'Anna');
      const ben = await signUp(server, 'Ben');
      const batch = {
        type: 'test-notes',
        operations: [{ id: 'shared-op-id-1', payload: { text: 'hello' } }],
      };
      await post(anna.cookie, batch);
      const response = await post(ben.cookie, batch);
      expect((await json(response)).results[0].outcome).toBe('applied');
      expect(await notesOf(ben.id)).toEqual(['hello']);
    },
  );

  it.skipIf(!available)(
    'rejects a bad payload without stopping the rest, and does not record its id',
    async () => {
      const user = await signUp(server);
      const response = await post(user.cookie, {
        type: 'test-notes',
        operations: [
          { id: 'op-bbbbbbbb-1', payload: { text: '' } },
          { id: 'op-bbbbbbbb-2', payload: { text: 'kept' } },
        ],
      });
      const { results } = await json(response);
      expect(results.map((result: { outcome: string }) => result.outcome)).toEqual([
        'rejected',
        'applied',
      ]);
      expect(await notesOf(user.id)).toEqual(['kept']);
    },
  );

  it.skipIf(!available)(
    'answers an unknown type, a malformed body and a missing session in the error shape',
    async () => {
      const user = await signUp(server);
      const unknown = await post(user.cookie, {
        type: 'nope',
        operations: [{ id: 'op-cccccccc-1', payload: {} }],
      });
      expect(unknown.status).toBe(400);
      expect(await json(unknown)).toEqual({
        error: { code: 'bad_request', message: 'Unknown sync type "nope".' },
      });

      const malformed = await post(user.cookie, '{not json');
      expect(malformed.status).toBe(400);
      expect((await json(malformed)).error).toEqual({
        code: 'bad_request',
        message: 'The request body is not valid JSON.',
      });

      const invalid = await post(user.cookie, { type: 'test-notes', operations: [] });
      expect(invalid.status).toBe(400);
      expect((await json(invalid)).error.code).toBe('validation_failed');

      const anonymous = await server.app.request('/api/sync', { method: 'POST', body: '{}' });
      expect(anonymous.status).toBe(401);
    },
  );
});
