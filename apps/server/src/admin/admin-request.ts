import pino from 'pino';
import type { Config } from '../config.ts';
import { type Database, type DatabaseHandle, openDatabase } from '../db/client.ts';
import { acquireDataDirLock, DataDirLockedError } from '../db/data-dir-lock.ts';
import { RealtimeHub } from '../realtime/hub.ts';
import type { AdminCollectionsRequest, AdminPremiumRequest } from '../routes/admin.schema.ts';
import {
  type CollectionModeration,
  reportedCollections,
  setCollectionHidden,
} from '../services/collections.service.ts';
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

/** Something the operator asked for that names no row ("no user has …", "no collection …"). */
export class NotFoundError extends Error {}

/** One kind of operator request: how the command makes it itself, and how a server answers it. */
interface AdminRequestKind<R, T> {
  /** The admin listener's path for it. */
  path: string;
  /** Makes the request on an open database (throws NotFoundError when it names nothing). */
  onDatabase(handle: DatabaseHandle, request: R): Promise<T>;
  /** Whether a server's answer is this request's result. */
  isResult(body: unknown): body is T;
}

export interface AdminOutcome<T> {
  result: T;
  /** Who made the change: this process on the database, or the server holding it. */
  via: 'database' | 'server';
}

/**
 * Runs an operator request with the server's configuration. On PostgreSQL, or on the embedded
 * database while no server holds it, the command opens the database itself (applying pending
 * migrations, as a server start does). While a server holds the embedded database's lock, the
 * request is handed to that server through its admin listener (see admin-listener.ts); a server
 * still starting is waited for.
 */
async function runAdminRequest<R, T>(
  config: Config,
  kind: AdminRequestKind<R, T>,
  request: R,
  waitMs: number,
): Promise<AdminOutcome<T>> {
  if (config.database.kind === 'postgres') {
    return { result: await onDatabase(config.database, kind, request), via: 'database' };
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
        const result = await askServer(handoff, kind, request);
        if (result) return { result, via: 'server' };
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
      return { result: await onDatabase(config.database, kind, request), via: 'database' };
    } finally {
      release();
    }
  }
}

/** Opens the database, makes the request and closes it. */
async function onDatabase<R, T>(
  database: Config['database'],
  kind: AdminRequestKind<R, T>,
  request: R,
): Promise<T> {
  const handle = await openDatabase(database);
  try {
    return await kind.onDatabase(handle, request);
  } catch (error) {
    if (error instanceof NotFoundError) {
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
async function askServer<R, T>(
  handoff: Handoff,
  kind: AdminRequestKind<R, T>,
  request: R,
): Promise<T | null> {
  let response: Response;
  try {
    response = await fetch(`http://127.0.0.1:${handoff.port}${kind.path}`, {
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
  const body = (await response.json().catch(() => null)) as unknown;
  if (response.ok && kind.isResult(body)) return body;
  const message =
    (body as { error?: { message?: string } } | null)?.error?.message ||
    `status ${response.status}`;
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

const isObject = (body: unknown): body is Record<string, unknown> =>
  typeof body === 'object' && body !== null;

/** Grants or revokes premium (the server publishes the change to the user's open apps). */
export async function makePremiumChange(
  db: Database,
  hub: RealtimeHub,
  request: AdminPremiumRequest,
): Promise<MembershipChange> {
  try {
    return request.action === 'grant'
      ? await grantPremium(db, hub, request.email, request.days)
      : await revokePremium(db, hub, request.email);
  } catch (error) {
    if (error instanceof UnknownUserError) throw new NotFoundError(error.message);
    throw error;
  }
}

const premiumKind: AdminRequestKind<AdminPremiumRequest, MembershipChange> = {
  path: '/premium',
  // Publishing goes through NOTIFY: servers on the same PostgreSQL tell the user's open apps.
  onDatabase: (handle, request) =>
    makePremiumChange(handle.db, new RealtimeHub(handle, pino({ level: 'silent' })), request),
  isResult: (body): body is MembershipChange => isObject(body) && 'membership' in body,
};

/** `premium <email> --days N | --revoke`. */
export function runPremiumRequest(
  config: Config,
  request: AdminPremiumRequest,
  waitMs = HANDOFF_WAIT_MS,
): Promise<AdminOutcome<MembershipChange>> {
  return runAdminRequest(config, premiumKind, request, waitMs);
}

/** What a collections request answers: the collection hidden or shown, or the reported ones. */
export interface CollectionsResult {
  collections: CollectionModeration[];
}

/** Hides or shows a collection, or lists the reported ones. */
export async function makeCollectionsRequest(
  db: Database,
  request: AdminCollectionsRequest,
): Promise<CollectionsResult> {
  if (request.action === 'reported') return { collections: await reportedCollections(db) };
  const changed = await setCollectionHidden(db, request.id, request.action === 'hide');
  if (!changed) throw new NotFoundError(`No collection has the id ${request.id}.`);
  return { collections: [changed] };
}

const collectionsKind: AdminRequestKind<AdminCollectionsRequest, CollectionsResult> = {
  path: '/collections',
  onDatabase: (handle, request) => makeCollectionsRequest(handle.db, request),
  isResult: (body): body is CollectionsResult =>
    isObject(body) && Array.isArray((body as { collections?: unknown }).collections),
};

/** `collections hide <id> | unhide <id> | reported`. */
export function runCollectionsRequest(
  config: Config,
  request: AdminCollectionsRequest,
  waitMs = HANDOFF_WAIT_MS,
): Promise<AdminOutcome<CollectionsResult>> {
  return runAdminRequest(config, collectionsKind, request, waitMs);
}
