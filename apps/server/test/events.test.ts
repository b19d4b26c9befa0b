import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freshDatabase,
  signUp,
  startTestServer,
  type TestServer,
  targets,
  testServerFor,
} from './harness.ts';

/** Reads Server-Sent Events from a response body until `count` named events have arrived. */
async function readEvents(response: Response, count: number, timeoutMs = 5_000) {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const events: { event: string; data: unknown }[] = [];
  let buffer = '';
  const deadline = Date.now() + timeoutMs;
  while (events.length < count && Date.now() < deadline) {
    const chunk = await Promise.race([
      reader.read(),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), deadline - Date.now())),
    ]);
    if (!chunk || chunk.done) break;
    buffer += decoder.decode(chunk.value, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (event) events.push({ event, data: data ? JSON.parse(data) : null });
      end = buffer.indexOf('\n\n');
    }
  }
  await reader.cancel();
  return events;
}

describe.each(targets)('realtime events on $name', ({ name, available }) => {
  const server = testServerFor(name, available);

  it.skipIf(!available)('delivers a published event to the user and to no one else', async () => {
    const anna = await signUp(server, 'Anna');
    const ben = await signUp(server, 'Ben');
    const annaStream = await server.app.request('/api/events', {
      headers: { Cookie: anna.cookie },
    });
    const benStream = await server.app.request('/api/events', { headers: { Cookie: ben.cookie } });
    expect(annaStream.headers.get('content-type')).toContain('text/event-stream');
    const annaEvents = readEvents(annaStream, 2);
    const benEvents = readEvents(benStream, 2, 1_500);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await server.hub.publish(anna.id, { type: 'bookmarks.changed', data: { storyId: 3 } });
    expect(await annaEvents).toEqual([
      { event: 'ready', data: { userId: anna.id } },
      { event: 'bookmarks.changed', data: { storyId: 3 } },
    ]);
    expect(await benEvents).toEqual([{ event: 'ready', data: { userId: ben.id } }]);
  });

  it.skipIf(!available)(
    'delivers an event published in a transaction only when it commits',
    async () => {
      const anna = await signUp(server, 'Anna');
      const stream = await server.app.request('/api/events', { headers: { Cookie: anna.cookie } });
      const events = readEvents(stream, 3, 2_000);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await server.database.db
        .transaction(async (tx) => {
          await server.hub.publish(anna.id, { type: 'rolled.back' }, tx as never);
          throw new Error('roll back');
        })
        .catch(() => undefined);
      await server.database.db.transaction(async (tx) => {
        await server.hub.publish(anna.id, { type: 'committed' }, tx as never);
      });
      expect((await events).map((event) => event.event)).toEqual(['ready', 'committed']);
    },
  );
});

describe.skipIf(!targets.find((target) => target.name === 'postgres')?.available)(
  'realtime across two server instances on one PostgreSQL',
  () => {
    it('an event published by one instance reaches a stream on the other', async () => {
      const database = await freshDatabase('postgres');
      const first = await startTestServer(database.config);
      const second = await startTestServer(database.config);
      try {
        const anna = await signUp(first, 'Anna');
        const stream = await second.app.request('/api/events', {
          headers: { Cookie: anna.cookie },
        });
        const events = readEvents(stream, 2);
        await new Promise((resolve) => setTimeout(resolve, 100));
        await first.hub.publish(anna.id, { type: 'saved-words.changed' });
        expect((await events).map((event) => event.event)).toEqual([
          'ready',
          'saved-words.changed',
        ]);
      } finally {
        await first.close();
        await second.close();
        await database.drop();
      }
    });
  },
);
