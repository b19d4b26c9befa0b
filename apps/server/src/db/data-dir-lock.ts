import { closeSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import path from 'node:path';
import { protectDataDir } from './data-dir-mode.ts';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
  /** The live process holding the lock, when known. */
  constructor(
    message: string,
    readonly holderPid: number | null = null,
  ) {
    super(message);
  }
}

/** How long a lock file without a pid counts as being written rather than left behind. */
const FRESH_LOCK_MS = 2_000;

/**
 * Holds `DATA_DIR/lesefuchs.lock` for the life of the process, after making the directory its
 * user's alone (see protectDataDir). PGlite does not lock its
 * directory, and two processes writing one directory corrupt it, so a second process refuses to
 * start. A lock left by a process that died is taken over.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  protectDataDir(dataDir);
  const file = path.join(dataDir, 'lesefuchs.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const lock = readLock(file);
      if (!lock) continue; // released meanwhile: try again
      const holder = lock.pid;
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        throw new DataDirLockedError(
          `The data directory ${dataDir} is in use by another Lesefuchs process (pid ${holder}). ` +
            'Stop that process, or start this one with another DATA_DIR or a DATABASE_URL.',
          holder,
        );
      }
      // A lock without a pid may be one being written this instant: only an old one is stale.
      if (!Number.isInteger(holder) && Date.now() - lock.writtenAt < FRESH_LOCK_MS) {
        throw new DataDirLockedError(`The data directory ${dataDir} is being locked right now.`);
      }
      rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not take the lock on ${file}`);
}

/** The pid in a lock file (NaN when it has none yet) and when it was written; null when gone. */
function readLock(file: string): { pid: number; writtenAt: number } | null {
  try {
    const writtenAt = statSync(file).mtimeMs;
    return { pid: Number.parseInt(readFileSync(file, 'utf8'), 10), writtenAt };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
