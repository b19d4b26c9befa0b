// Scale-out on PostgreSQL (issue #20): the review throughput of 1, 2 and 4 server instances on
// one database behind a local round-robin proxy, as an operator would run them. Each instance is
// the production build in its own process; the proxy is a small Node process of its own; the
// load comes from ten learners grading their own cards. Skipped without a PostgreSQL server.
//   npm run build && npm run bench -- scale-out
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  analyzeDatabase,
  freePort,
  missingPrerequisite,
  postgresDatabase,
  signUpOverHttp,
  startProductionServer,
} from './production-server.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 20;
const LEARNERS = 10;
const INSTANCES = [1, 2, 4];

/** A round-robin HTTP proxy in a process of its own, over keep-alive connections. */
async function startProxy(port: number, targets: string[]) {
  const source = `
    const http = require('node:http');
    const targets = ${JSON.stringify(targets)}.map((target) => new URL(target));
    const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
    let next = 0;
    http.createServer((req, res) => {
      const target = targets[next++ % targets.length];
      const upstream = http.request(
        { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers, agent },
        (answer) => { res.writeHead(answer.statusCode, answer.headers); answer.pipe(res); },
      );
      upstream.on('error', () => { res.writeHead(502); res.end(); });
      req.pipe(upstream);
    }).listen(${port}, '127.0.0.1');`;
  const child: ChildProcess = spawn(process.execPath, ['-e', source], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries += 1) {
    try {
      await fetch(`${url}/api/health`);
      break;
    } catch {
      if (tries === 100) throw new Error('the proxy did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

interface Learner {
  cookie: string;
  cards: number[];
}

/** A learner signed up and confirmed through the dev mailbox (of one instance), with 300 cards. */
async function learner(base: string, origin: string, index: number): Promise<Learner> {
  const cookie = await signUpOverHttp(base, {
    name: `Skala${'abcdefghijklmnop'[index]}${String.fromCharCode(97 + (Date.now() % 26))}`,
    origin,
  });
  // 300 cards each, 3,000 in all: none comes round again within the 2-second duplicate guard.
  const cards: { id: number }[] = [];
  while (cards.length < 300) {
    const made = await fetch(`${base}/api/flashcards/cards`, {
      method: 'POST',
      headers: { cookie, origin, 'content-type': 'application/json' },
      body: JSON.stringify({ deck: 'database', count: 50, forceIgnoreDailyLimit: true }),
    });
    const { created } = (await made.json()) as { created?: { id: number }[] };
    if (!created?.length) throw new Error(`no cards for learner ${index} (${made.status})`);
    cards.push(...created);
  }
  return { cookie, cards: cards.map((card) => card.id) };
}

/** Reviews through `url` by every learner in turn, for SECONDS; requests per second and p99. */
async function reviews(url: string, learners: Learner[], tag: string) {
  let sent = 0;
  const result = await autocannon({
    url: `${url}/api/flashcards/reviews`,
    method: 'POST',
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      {
        setupRequest: (request) => {
          sent += 1;
          const who = learners[sent % learners.length] as Learner;
          return {
            ...request,
            headers: { cookie: who.cookie, origin: url, 'content-type': 'application/json' },
            body: JSON.stringify({
              cardId: who.cards[Math.floor(sent / learners.length) % who.cards.length],
              rating: 'good',
              reviewId: `scale-${tag}-${sent}`,
            }),
          };
        },
      },
    ],
  });
  const { statusCodeStats = {} } = result as {
    statusCodeStats?: Record<string, { count: number }>;
  };
  const refused = Object.entries(statusCodeStats)
    .filter(([status]) => !status.startsWith('2'))
    .map(([status, { count }]) => `${count} × ${status}`)
    .join(', ');
  return { rps: result.requests.average, p99: result.latency.p99, refused };
}

export async function run(): Promise<string[]> {
  const missing = missingPrerequisite();
  if (missing) return [missing];
  const database = await postgresDatabase('scale');
  if (!database) return ['skipped: no PostgreSQL server answered'];
  const dir = mkdtempSync(path.join(tmpdir(), 'lesefuchs-bench-scale-'));
  const servers: Awaited<ReturnType<typeof startProductionServer>>[] = [];
  const lines = [
    `${CONNECTIONS} connections, ${LEARNERS} learners, ${SECONDS} s per run, reviews through a round-robin proxy`,
  ];
  try {
    // Every instance is reached at the proxy's address, as behind a load balancer.
    const proxyPort = await freePort();
    const publicUrl = `http://127.0.0.1:${proxyPort}`;
    for (let i = 0; i < Math.max(...INSTANCES); i++) {
      servers.push(
        await startProductionServer(path.join(dir, `instance-${i}`), {
          databaseUrl: database.url,
          publicUrl,
          authSecret: 'scale-out-bench-secret-shared-by-every-instance',
        }),
      );
    }
    const learners: Learner[] = [];
    const first = servers[0]?.url ?? '';
    for (let i = 0; i < LEARNERS; i++) learners.push(await learner(first, publicUrl, i));
    // Every learner has a review history, and PostgreSQL statistics of it, before any run is
    // measured: until autovacuum's first ANALYZE, a review's read kept a plan made on the empty
    // table, which would have favoured whichever run came after it.
    await reviews(first, learners, 'history');
    await analyzeDatabase(database.url);
    let single = 0;
    for (const count of INSTANCES) {
      const proxy = await startProxy(
        proxyPort,
        servers.slice(0, count).map((server) => server.url),
      );
      try {
        await reviews(proxy.url, learners, `warm-${count}`);
        const figures = await reviews(proxy.url, learners, `run-${count}`);
        if (count === 1) single = figures.rps;
        lines.push(
          `${count} instance${count === 1 ? ' ' : 's'}: ${figures.rps.toFixed(0).padStart(5)} reviews/s, p99 ${figures.p99} ms, ${(figures.rps / single).toFixed(2)}× one instance${figures.refused ? ` (${figures.refused})` : ''}`,
        );
      } finally {
        await proxy.stop();
      }
    }
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  }
  return lines;
}
