import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// The real server as its own process on PGlite, for the tests that need a process boundary:
// the data-directory lock, shutdown on a signal, the admin command's hand-off, kill -9 soaks.

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const serverEntry = fileURLToPath(new URL('../src/index.ts', import.meta.url));
/** The entry `npm run build` makes, as `npm start` runs it. */
export const builtServerEntry = fileURLToPath(new URL('../dist/index.js', import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  /** Resolves with the server's URL once it listens; rejects when it exits before. */
  listening: Promise<string>;
}

/**
 * Spawns the server on PGlite in `dataDir` (any free port on 127.0.0.1): from the TypeScript
 * sources, or the built entry when `built` is set.
 */
export function spawnServer(dataDir: string, { built = false } = {}): ServerProcess {
  const child = spawn(
    process.execPath,
    built ? [builtServerEntry] : ['--import', 'tsx', serverEntry],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
        DATABASE_URL: '',
        NODE_ENV: 'test',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const listening = new Promise<string>((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /"url":"(http:\/\/localhost:\d+)"/.exec(output);
      if (match?.[1]) {
        child.stdout?.off('data', onData);
        // Keep draining, so a chatty server never blocks on a full pipe.
        child.stdout?.resume();
        resolve(match[1].replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code, signal) =>
      reject(new Error(`server exited with ${code ?? signal} before listening:\n${output}`)),
    );
  });
  return { child, listening };
}

/** Starts the server on PGlite in `dataDir` and resolves with it and its URL once it listens. */
export async function startServerProcess(
  dataDir: string,
): Promise<{ child: ChildProcess; url: string }> {
  const { child, listening } = spawnServer(dataDir);
  return { child, url: await listening };
}

/** Resolves with the process's exit code once it has exited. */
export const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
