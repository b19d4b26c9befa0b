import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Where a server running on the embedded database tells local admin commands how to reach it:
 * `DATA_DIR/admin-handoff.json`, readable by the data directory's owner only (mode 600).
 */
export const HANDOFF_FILE = 'admin-handoff.json';

export interface Handoff {
  /** The server process; it holds the data directory's lock. */
  pid: number;
  /** The port of its admin listener on 127.0.0.1. */
  port: number;
  /** The bearer token the listener requires, new at every start. */
  token: string;
}

export const handoffPath = (dataDir: string) => path.join(dataDir, HANDOFF_FILE);

/** Writes the hand-off file whole (a reader never sees half of it), mode 600. */
export function writeHandoff(dataDir: string, handoff: Handoff): void {
  const file = handoffPath(dataDir);
  const partial = `${file}.${process.pid}.tmp`;
  rmSync(partial, { force: true });
  writeFileSync(partial, `${JSON.stringify(handoff)}\n`, { mode: 0o600, flag: 'wx' });
  renameSync(partial, file);
}

/** The hand-off file of the data directory, or null when there is none or it is damaged. */
export function readHandoff(dataDir: string): Handoff | null {
  try {
    const value = JSON.parse(readFileSync(handoffPath(dataDir), 'utf8')) as Partial<Handoff>;
    if (
      Number.isInteger(value.pid) &&
      Number.isInteger(value.port) &&
      typeof value.token === 'string' &&
      value.token.length > 0
    ) {
      return value as Handoff;
    }
    return null;
  } catch {
    return null;
  }
}

/** Removes the hand-off file if it is still this process's. */
export function removeHandoff(dataDir: string, pid = process.pid): void {
  if (readHandoff(dataDir)?.pid === pid) rmSync(handoffPath(dataDir), { force: true });
}
