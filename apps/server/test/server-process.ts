import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// The real server as its own process on PGlite, for the tests that need a process boundary:
// the data-directory lock, shutdown on a signal, the admin command's hand-off.

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const serverEntry = fileURLToPath(new URL('../src/index.ts', import.meta.url));

/** Starts the server on PGlite in `dataDir` (any free port) and resolves with its URL. */
export function startServerProcess(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
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
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /"url":"(http:\/\/localhost:\d+)"/.exec(output);
      if (match?.[1]) {
        child.stdout?.off('data', onData);
        resolve({ child, url: match[1].replace('localhost', '127.0.0.1') });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) =>
      reject(new Error(`server exited with ${code} before listening:\n${output}`)),
    );
  });
}

/** Resolves with the process's exit code once it has exited. */
export const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
