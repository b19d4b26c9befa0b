import pino from 'pino';
import type { Config } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { acquireDataDirLock, DataDirLockedError } from '../db/data-dir-lock.ts';
import { RealtimeHub } from '../realtime/hub.ts';
import type { AdminPremiumRequest } from '../routes/admin.schema.ts';
import {
  grantPremium,
  type MembershipChange,
  revokePremium,
  UnknownUserError,
} from '../services/membership.service.ts';
import { type Handoff, readHandoff } from './handoff-file.ts';

/** A failure the command reports in one line, with the exit code it ends with. */
export class AdminCommandError extends Error {
  override name = 'AdminCommandError';
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

/** Exit codes (sysexits): the request failed; the data directory is busy without a hand-off. */
export const EXIT_FAILED = 1;
export const EXIT_BUSY = 75;

/** How long the command waits for a server that holds the data directory to offer its hand-off. */
const HANDOFF_WAIT_MS = 20_000;
/** How long a running server may take to answer. */
const HANDOFF_ANSWER_MS = 30_000;

export interface PremiumOutcome {
  change: MembershipChange;
  /** Who made the change: this process on the database, or the server holding it. */
  via: 'database' | 'server';
}

/**
 * Grants or revokes premium with the server's configuration. On PostgreSQL, or on the embedded
 * database while no server holds it, the command opens the database itself (applying pending
 * migrations, as a server start does). While a server holds the embedded database's lock, the
 * request is handed to that server through its admin listener (see admin-listener.ts); a server
 * still starting is waited for.
 */
export async function runPremiumRequest(
  config: Config,
  request: AdminPremiumRequest,
  waitMs = HANDOFF_WAIT_MS,
): Promise<PremiumOutcome> {
  if (config.database.kind === 'postgres') {
    return { change: await onDatabase(config.database, request), via: 'database' };
  }
  const deadline = Date.now() + waitMs;
  for (;;) {
    let release: () => void;
    try {
      release = acquireDataDirLock(config.dataDir);
    } catch (error) {
      if (!(error instanceof DataDirLockedError)) throw error;
      const handoff = readHandoff(config.dataDir);
      if (handoff && (error.holderPid === null || handoff.pid === error.holderPid)) {
        const change = await askServer(handoff, request);
        if (change) return { change, via: 'server' };
      }
      if (Date.now() >= deadline) {
        throw new AdminCommandError(
          `${error.message} It offers no admin hand-off: is it a Lesefuchs server that is still starting? Try again once it is listening.`,
          EXIT_BUSY,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
      continue;
    }
    try {
      return { change: await onDatabase(config.database, request), via: 'database' };
    } finally {
      release();
    }
  }
}

/** Opens the database, makes the change and closes it. */
async function onDatabase(
  database: Config['database'],
  request: AdminPremiumRequest,
): Promise<MembershipChange> {
  const handle = await openDatabase(database);
  try {
    // Publishing goes through NOTIFY: servers on the same PostgreSQL tell the user's open apps.
    const hub = new RealtimeHub(handle, pino({ level: 'silent' }));
    return request.action === 'grant'
      ? await grantPremium(handle.db, hub, request.email, request.days)
      : await revokePremium(handle.db, hub, request.email);
  } catch (error) {
    if (error instanceof UnknownUserError) {
      const where =
        database.kind === 'pglite'
          ? `the embedded database at ${database.dataDir}`
          : 'the PostgreSQL database of DATABASE_URL';
      throw new AdminCommandError(notFoundIn(error.message, where), EXIT_FAILED);
    }
    throw error;
  } finally {
    await handle.close();
  }
}

/** The running server's answer; null when it could not be reached (it may have just stopped). */
async function askServer(
  handoff: Handoff,
  request: AdminPremiumRequest,
): Promise<MembershipChange | null> {
  let response: Response;
  try {
    response = await fetch(`http://127.0.0.1:${handoff.port}/premium`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${handoff.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(request),
      signal: AbortSignal.timeout(HANDOFF_ANSWER_MS),
    });
  } catch (error) {
    if ((error as Error).name === 'TimeoutError') {
      throw new AdminCommandError(
        `The running server (pid ${handoff.pid}) did not answer within ${HANDOFF_ANSWER_MS / 1000} s.`,
        EXIT_FAILED,
      );
    }
    return null;
  }
  const body = (await response.json().catch(() => null)) as
    | MembershipChange
    | { error?: { message?: string } }
    | null;
  if (response.ok && body && 'membership' in body) return body;
  const message = (body && 'error' in body && body.error?.message) || `status ${response.status}`;
  if (response.status === 404) {
    throw new AdminCommandError(
      notFoundIn(message, `the database of the running server (pid ${handoff.pid})`),
      EXIT_FAILED,
    );
  }
  throw new AdminCommandError(
    `The running server (pid ${handoff.pid}) refused: ${message}`,
    EXIT_FAILED,
  );
}

/** "No user has the e-mail address a@b.c." → "… a@b.c in <where>.": the operator sees where. */
const notFoundIn = (message: string, where: string) => `${message.replace(/\.$/, '')} in ${where}.`;
