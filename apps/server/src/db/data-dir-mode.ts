import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** Owner only: the embedded database holds every account, session tokens included. */
const DIR_MODE = 0o700;
const FILE_MODE = 0o600;

/**
 * Makes the data directory its user's alone: files this process creates from now on get mode
 * 0600 and folders 0700 (the umask; PGlite writes its files with 0666 otherwise), and what an
 * earlier version left readable to others is narrowed, so a data directory made before this
 * rule is mended on the next start. Links are not followed.
 */
export function protectDataDir(dataDir: string): void {
  process.umask(0o077);
  mkdirSync(dataDir, { recursive: true, mode: DIR_MODE });
  narrow(dataDir);
}

function narrow(target: string): void {
  const stat = lstatSync(target);
  if (stat.isSymbolicLink()) return;
  if (stat.isDirectory()) {
    if ((stat.mode & 0o777) !== DIR_MODE) chmodSync(target, DIR_MODE);
    for (const entry of readdirSync(target)) narrow(path.join(target, entry));
  } else if ((stat.mode & 0o077) !== 0) {
    chmodSync(target, stat.mode & FILE_MODE);
  }
}
