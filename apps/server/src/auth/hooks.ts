import {
  EMAIL_REQUEST_MESSAGES,
  type EmailRequestKind,
  emailRequestVerdict,
  NICKNAME_MESSAGES,
  nicknameError,
  waitMessage,
} from '@lesefuchs/core';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { emailRequests, users } from '../db/schema/index.ts';

const LIMITED_PATHS: Record<string, EmailRequestKind> = {
  '/send-verification-email': 'confirmation',
  '/request-password-reset': 'password-reset',
};

const english = (value: number, unit: string) => `${value} ${unit}${value === 1 ? '' : 's'}`;

/**
 * Rules better-auth does not know, checked before its handlers run: the nickname rules of
 * spec 1 §5 on sign-up (the client checks them for the user; this is the rule), and the
 * per-address limits on confirmation and password-reset e-mails.
 */
export function authRules(db: Database) {
  return createAuthMiddleware(async (ctx) => {
    if (ctx.path === '/sign-up/email') {
      const body = ctx.body as {
        name?: unknown;
        nativeLanguage?: unknown;
        targetLanguage?: unknown;
      };
      const nickname = typeof body.name === 'string' ? body.name.trim() : '';
      const problem = nicknameError(nickname);
      if (problem)
        throw new APIError('BAD_REQUEST', { message: problem, code: 'INVALID_NICKNAME' });
      const lower = nickname.toLowerCase();
      const [clash] = await db
        .select({ id: users.id })
        .from(users)
        .where(
          sql`lower(${users.name}) = ${lower} or strpos(lower(${users.name}), ${lower}) > 0 or strpos(${lower}, lower(${users.name})) > 0`,
        )
        .limit(1);
      if (clash)
        throw new APIError('BAD_REQUEST', {
          message: NICKNAME_MESSAGES.taken,
          code: 'NICKNAME_TAKEN',
        });
      // The nickname is stored as validated: trimmed.
      return { context: { body: { ...(ctx.body as object), name: nickname } } };
    }
    const kind = LIMITED_PATHS[ctx.path];
    if (!kind) return;
    const email = String((ctx.body as { email?: unknown } | undefined)?.email ?? '')
      .trim()
      .toLowerCase();
    if (!email) return;
    const now = Date.now();
    const earlier = await db
      .select({ at: emailRequests.requestedAt })
      .from(emailRequests)
      .where(
        and(
          eq(emailRequests.email, email),
          eq(emailRequests.kind, kind),
          gt(emailRequests.requestedAt, new Date(now - 86_400_000)),
        ),
      );
    const verdict = emailRequestVerdict(
      earlier.map((row) => row.at.getTime()),
      now,
    );
    if (!verdict.allowed) {
      const messages = EMAIL_REQUEST_MESSAGES[kind];
      throw new APIError('TOO_MANY_REQUESTS', {
        code: verdict.reason.toUpperCase().replace(/-/g, '_'),
        message: `${messages[verdict.reason]} ${waitMessage(verdict.retryAfterMs, english)}`,
        retryAfterSeconds: Math.ceil(verdict.retryAfterMs / 1000),
      });
    }
    await db.insert(emailRequests).values({ email, kind });
  });
}
