import { NICKNAME_MESSAGES, NICKNAME_MIN, nicknameError, nicknameFrom } from '@lesefuchs/core';
import { APIError } from 'better-auth/api';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema/index.ts';

/**
 * The nickname rules of spec 1 §5 on every path that sets or changes one: e-mail sign-up,
 * better-auth's update-user, Google sign-in (which brings a display name, not a nickname).
 * They run as better-auth's database hooks, so no endpoint can write a name around them.
 */

const taken = () =>
  new APIError('BAD_REQUEST', { message: NICKNAME_MESSAGES.taken, code: 'NICKNAME_TAKEN' });

/**
 * Whether another user's nickname clashes with this one: the same but for case, or one
 * containing the other. A stored name shorter than a valid nickname is compared whole only
 * (see `nicknameTaken` in core, the same rule for a list).
 */
export async function nicknameClash(
  db: Database,
  nickname: string,
  exceptUserId?: string,
): Promise<boolean> {
  const lower = nickname.trim().toLowerCase();
  const [clash] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      sql`${exceptUserId === undefined ? sql`true` : sql`${users.id} <> ${exceptUserId}`} and (
        lower(${users.name}) = ${lower}
        or (char_length(btrim(${users.name})) >= ${NICKNAME_MIN}
          and (strpos(lower(${users.name}), ${lower}) > 0 or strpos(${lower}, lower(${users.name})) > 0)))`,
    )
    .limit(1);
  return clash !== undefined;
}

/**
 * The nickname as it is stored (trimmed), or a 400 with the spec's text: the first rule it
 * breaks, or 'This nickname is already taken…' when another user has it.
 */
export async function checkedNickname(
  db: Database,
  raw: unknown,
  exceptUserId?: string,
): Promise<string> {
  const nickname = typeof raw === 'string' ? raw.trim() : '';
  const problem = nicknameError(nickname);
  if (problem) throw new APIError('BAD_REQUEST', { message: problem, code: 'INVALID_NICKNAME' });
  if (await nicknameClash(db, nickname, exceptUserId)) throw taken();
  return nickname;
}

/**
 * The nickname a user arriving from Google gets: the display name when it is a valid, free
 * nickname, else one made from it or from the address's local part. Spec 1 §5 counts a name
 * containing another as taken, so "Ada-Lovelace" plus a number clashes with "Ada-Lovelace":
 * numbered candidates use ever shorter stems of both sources before falling back to "reader".
 */
export async function availableNickname(
  db: Database,
  name: string,
  email: string,
): Promise<string> {
  const free = async (candidate: string) => !(await nicknameClash(db, candidate));
  const given = name.trim();
  if (nicknameError(given) === null && (await free(given))) return given;
  const sources = [given, email.split('@')[0] ?? ''].filter(Boolean);
  for (const source of sources) {
    const plain = nicknameFrom(source);
    if (await free(plain)) return plain;
  }
  for (let attempt = 0; attempt < 40; attempt++) {
    const source = sources[attempt % sources.length] ?? 'reader';
    const stem = source.slice(
      0,
      Math.max(NICKNAME_MIN, source.length - 1 - Math.floor(attempt / 2)),
    );
    const candidate = nicknameFrom(stem, String(Math.floor(1000 + Math.random() * 9000)));
    if (await free(candidate)) return candidate;
  }
  return nicknameFrom('reader', String(Date.now()).slice(-8));
}

/** The endpoints whose body carries a nickname the client chose. */
const CHOSEN_NICKNAME_PATHS = new Set(['/api/auth/sign-up/email', '/api/auth/update-user']);

/**
 * Two requests for one nickname at the same instant both pass the check; the unique index on
 * lower(name) lets one write, and better-auth answers the other 422 (sign-up) or 500 (update).
 * That answer becomes the spec's 'taken' error when the name is now another user's.
 */
export async function takenAfterRace(
  db: Database,
  path: string,
  body: Record<string, unknown> | undefined,
  response: Response,
): Promise<Response> {
  if (response.status !== 422 && response.status < 500) return response;
  if (!CHOSEN_NICKNAME_PATHS.has(path) || typeof body?.name !== 'string') return response;
  const lower = body.name.trim().toLowerCase();
  const [holder] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.name}) = ${lower}`)
    .limit(1);
  if (!holder) return response;
  return Response.json(
    { code: 'NICKNAME_TAKEN', message: NICKNAME_MESSAGES.taken },
    { status: 400 },
  );
}
