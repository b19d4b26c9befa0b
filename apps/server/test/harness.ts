import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { vocabulary } from '../src/db/schema/index.ts';
import { freshDatabase, startTestServer, type TargetName, type TestServer } from './test-server.ts';

export * from './test-server.ts';

/**
 * A fresh database and app for the tests of one describe block on one target, opened before
 * them and closed after. The returned object reads through to the running server.
 */
export function testServerFor(target: TargetName, available: boolean): TestServer {
  let current: TestServer | undefined;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    if (!available) return;
    const database = await freshDatabase(target);
    drop = database.drop;
    current = await startTestServer(database.config);
  });
  afterAll(async () => {
    await current?.close();
    await drop?.();
  });
  const running = () => {
    if (!current) throw new Error('the test server is not running');
    return current;
  };
  return {
    get app() {
      return running().app;
    },
    get database() {
      return running().database;
    },
    get hub() {
      return running().hub;
    },
    get registry() {
      return running().registry;
    },
    get replay() {
      return running().replay;
    },
    close: async () => running().close(),
  };
}

/** The vocabulary id of a word of the imported corpus ("der Hund", "gehen"). */
export async function vocabularyIdOf(server: TestServer, word: string): Promise<number> {
  const [row] = await server.database.db
    .select({ id: vocabulary.id })
    .from(vocabulary)
    .where(eq(vocabulary.word, word));
  if (!row) throw new Error(`no entry ${word}`);
  return row.id;
}
