// kill -9 soak: the server on the embedded database (the build `npm start` runs) is killed with
// SIGKILL at random moments (while it starts, while writes are in flight, when it is idle) and
// started again, over and over. Every cycle checks that the database opens and that every write
// the server acknowledged (a 200 to a bookmark or completion, an operation a sync answered
// applied or duplicate) is still there. Writes that were cut off may or may not have landed;
// only acknowledged ones count.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { seededRandom } from '@lesefuchs/core';
import {
  builtServerEntry,
  exited,
  type ServerProcess,
  spawnServer,
} from '../../apps/server/test/server-process.ts';

const LISTS = ['bookmarks', 'completions'] as const;
type List = (typeof LISTS)[number];
const ROUTE: Record<List, string> = {
  bookmarks: '/api/bookmarks',
  completions: '/api/reading/completions',
};
/** A learner's writes stay far under the daily write limit: a new one after this many cycles. */
const CYCLES_PER_LEARNER = 20;
/** Every learner's data is checked this often, the current learner's every cycle. */
const FULL_CHECK_EVERY = 25;
/** A start that has not listened by then counts as a database that did not open. */
const START_TIMEOUT_MS = 60_000;
const PASSWORD = 'correct horse battery';

interface Learner {
  email: string;
  cookie: string;
  acknowledged: Record<List, Set<number>>;
}

interface Figures {
  cycles: number;
  killedWhileStarting: number;
  killedDuringWrites: number;
  killedIdle: number;
  unopenable: number;
  writesSent: number;
  writesAcknowledged: number;
  writesCutOff: number;
  writesRefusedByLimit: number;
  acknowledgedFacts: number;
  lost: number;
  checks: number;
}

class Stop extends Error {}

export async function kill9Soak(options: { cycles: number; seed: number }): Promise<boolean> {
  const built = existsSync(builtServerEntry);
  const dir = mkdtempSync(path.join(tmpdir(), 'lesefuchs-kill9-'));
  const dataDir = path.join(dir, 'data');
  const next = seededRandom(options.seed);
  const learners: Learner[] = [];
  const problems: string[] = [];
  const figures: Figures = {
    cycles: 0,
    killedWhileStarting: 0,
    killedDuringWrites: 0,
    killedIdle: 0,
    unopenable: 0,
    writesSent: 0,
    writesAcknowledged: 0,
    writesCutOff: 0,
    writesRefusedByLimit: 0,
    acknowledgedFacts: 0,
    lost: 0,
    checks: 0,
  };
  let stories: number[] = [];
  /** How long a start takes, learnt as it goes: kills while starting fall inside it. */
  let startMs = 3_000;
  /** Cycles the current learner has written in (a new one after CYCLES_PER_LEARNER or a 429). */
  let learnerCycles = 0;
  const started = Date.now();
  console.log(
    `kill9 soak: ${options.cycles} cycles, seed ${options.seed}, server ${built ? 'as built (npm run build)' : 'from the TypeScript sources (no build found)'}`,
  );

  /** Starts the server and waits until it listens and its health check answers. */
  const open = async (server: ServerProcess, cycle: number): Promise<string> => {
    const timeout = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('no answer in time')), START_TIMEOUT_MS).unref(),
    );
    try {
      const url = await Promise.race([server.listening, timeout]);
      const health = await fetch(`${url}/api/health`);
      if (health.status !== 200) throw new Error(`health answered ${health.status}`);
      return url;
    } catch (error) {
      figures.unopenable += 1;
      problems.push(`cycle ${cycle}: the server did not open: ${(error as Error).message}`);
      server.child.kill('SIGKILL');
      throw new Stop();
    }
  };

  const request = (
    url: string,
    learner: Learner | null,
    method: string,
    route: string,
    body?: unknown,
  ) =>
    fetch(`${url}${route}`, {
      method,
      redirect: 'manual',
      headers: {
        ...(learner ? { Cookie: learner.cookie } : {}),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  /** A new learner, signed up and confirmed through the dev mailbox as a person would. */
  const signUp = async (url: string): Promise<Learner> => {
    const n = learners.length + 1;
    const email = `soak-${options.seed}-${n}@example.com`;
    const signedUp = await request(url, null, 'POST', '/api/auth/sign-up/email', {
      email,
      password: PASSWORD,
      name: `Soak${options.seed}x${String(n).padStart(4, '0')}`,
    });
    if (signedUp.status !== 200) throw new Error(`sign-up answered ${signedUp.status}`);
    const mailbox = await request(
      url,
      null,
      'GET',
      `/api/dev/mailbox?to=${encodeURIComponent(email)}`,
    );
    const { messages } = (await mailbox.json()) as { messages: { links: string[] }[] };
    const link = messages[0]?.links[0];
    if (!link) throw new Error('no confirmation e-mail');
    const confirmed = await request(
      url,
      null,
      'GET',
      new URL(link).pathname + new URL(link).search,
    );
    const cookie = confirmed.headers
      .getSetCookie()
      .map((value) => value.split(';')[0] ?? '')
      .filter((pair) => pair.includes('session_token='))
      .join('; ');
    if (!cookie) throw new Error(`confirmation answered ${confirmed.status} without a session`);
    return { email, cookie, acknowledged: { bookmarks: new Set(), completions: new Set() } };
  };

  /** Checks that every acknowledged fact of the learners is there. */
  const check = async (url: string, cycle: number, who: Learner[]) => {
    for (const learner of who) {
      for (const list of LISTS) {
        const response = await request(url, learner, 'GET', ROUTE[list]);
        if (response.status !== 200) {
          problems.push(`cycle ${cycle}: ${learner.email} ${list} answered ${response.status}`);
          continue;
        }
        const { entries } = (await response.json()) as { entries: { storyId: number }[] };
        const present = new Set(entries.map((entry) => entry.storyId));
        for (const storyId of learner.acknowledged[list]) {
          if (present.has(storyId)) continue;
          figures.lost += 1;
          problems.push(`cycle ${cycle}: ${learner.email} lost ${list} story ${storyId}`);
        }
      }
    }
    figures.checks += 1;
  };

  /** One write as the app makes it; records what the server acknowledged. */
  const write = async (url: string, learner: Learner, cycle: number) => {
    const list = LISTS[Math.floor(next() * LISTS.length)] as List;
    const storyIds = Array.from(
      { length: 1 + Math.floor(next() * 3) },
      () => stories[Math.floor(next() * stories.length)] as number,
    );
    const viaSync = next() < 0.5;
    figures.writesSent += 1;
    let response: Response;
    try {
      response = viaSync
        ? await request(url, learner, 'POST', '/api/sync', {
            type: list,
            operations: storyIds.map((storyId, index) => ({
              id: `kill9-${options.seed}-${cycle}-${index}-${Math.floor(next() * 1e9)}`,
              payload: { action: 'add', storyId },
            })),
          })
        : await request(url, learner, 'PUT', `${ROUTE[list]}/${storyIds[0]}`);
    } catch {
      figures.writesCutOff += 1;
      return;
    }
    if (response.status === 429) {
      figures.writesRefusedByLimit += 1;
      learnerCycles = CYCLES_PER_LEARNER;
      return;
    }
    // The answer must arrive whole: a body cut off is no acknowledgement.
    const body = (await response.json().catch(() => null)) as {
      results?: { id: string; outcome: string }[];
    } | null;
    if (response.status !== 200 || body === null) {
      if (body === null) figures.writesCutOff += 1;
      else problems.push(`cycle ${cycle}: a write answered ${response.status}`);
      return;
    }
    figures.writesAcknowledged += 1;
    const done = viaSync
      ? storyIds.filter((_, index) => {
          const outcome = body.results?.[index]?.outcome;
          return outcome === 'applied' || outcome === 'duplicate';
        })
      : storyIds.slice(0, 1);
    for (const storyId of done) learner.acknowledged[list].add(storyId);
  };

  /** One cycle: start, check, write, kill -9 at a random moment. */
  const cycleOnce = async (cycle: number) => {
    const server = spawnServer(dataDir, { built });
    const spawnedAt = Date.now();
    let listens = false;
    server.listening.then(
      () => {
        listens = true;
        startMs = Math.max(startMs * 0.8 + (Date.now() - spawnedAt) * 0.2, 200);
      },
      () => undefined,
    );
    try {
      if (next() < 0.15) {
        // While it starts: opening the database, migrations, the content import (first start).
        await new Promise((resolve) => setTimeout(resolve, next() * startMs * 1.2));
        if (!listens) {
          server.child.kill('SIGKILL');
          figures.killedWhileStarting += 1;
          return;
        }
      }
      const url = await open(server, cycle);
      if (stories.length === 0) {
        const response = await fetch(`${url}/api/stories`);
        const body = (await response.json()) as { stories: { id: number }[] };
        stories = body.stories.map((story) => story.id);
      }

      if (learners.length === 0 || learnerCycles >= CYCLES_PER_LEARNER) {
        learners.push(await signUp(url));
        learnerCycles = 0;
      }
      learnerCycles += 1;
      const learner = learners.at(-1) as Learner;
      await check(url, cycle, cycle % FULL_CHECK_EVERY === 0 ? learners : [learner]);

      // A client writing one request after another, killed in the middle or after.
      const writes = 1 + Math.floor(next() * 5);
      const writing = (async () => {
        for (let index = 0; index < writes; index++) await write(url, learner, cycle);
      })();
      if (next() < 0.7) {
        await Promise.race([writing, new Promise((resolve) => setTimeout(resolve, next() * 150))]);
        figures.killedDuringWrites += 1;
      } else {
        await writing;
        figures.killedIdle += 1;
      }
      server.child.kill('SIGKILL');
      await writing;
    } catch (error) {
      if (!(error instanceof Stop)) problems.push(`cycle ${cycle}: ${(error as Error).message}`);
    } finally {
      server.child.kill('SIGKILL');
      await exited(server.child);
    }
  };

  try {
    for (let cycle = 1; cycle <= options.cycles; cycle++) {
      figures.cycles = cycle;
      await cycleOnce(cycle);
      if (cycle % 50 === 0 || cycle === options.cycles) {
        const seconds = Math.round((Date.now() - started) / 1000);
        console.log(
          `  ${cycle}/${options.cycles} cycles, ${figures.unopenable} did not open, ${figures.lost} lost, ${figures.writesAcknowledged} writes acknowledged (${seconds} s)`,
        );
      }
    }

    // A last start checks every learner's data, then stops cleanly.
    const server = spawnServer(dataDir, { built });
    try {
      const url = await open(server, options.cycles + 1);
      await check(url, options.cycles + 1, learners);
    } catch (error) {
      if (!(error instanceof Stop)) problems.push(`final check: ${(error as Error).message}`);
    } finally {
      server.child.kill('SIGTERM');
      await exited(server.child);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  figures.acknowledgedFacts = learners.reduce(
    (sum, learner) =>
      sum + learner.acknowledged.bookmarks.size + learner.acknowledged.completions.size,
    0,
  );
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  console.log(`
cycles                    ${figures.cycles}
killed while starting     ${figures.killedWhileStarting}
killed during writes      ${figures.killedDuringWrites}
killed idle               ${figures.killedIdle}
did not open              ${figures.unopenable}
writes sent               ${figures.writesSent} (${figures.writesAcknowledged} acknowledged, ${figures.writesCutOff} cut off, ${figures.writesRefusedByLimit} refused by the write limit)
learners                  ${learners.length}
acknowledged facts        ${figures.acknowledgedFacts}, checked ${figures.checks} times
lost                      ${figures.lost}
time                      ${seconds} s`);
  for (const problem of problems.slice(0, 20)) console.log(`  ! ${problem}`);
  if (problems.length > 20) console.log(`  … and ${problems.length - 20} more problems`);
  console.log(problems.length === 0 ? '\nkill9 soak: every rule held' : '\nkill9 soak: FAILED');
  return problems.length === 0;
}
