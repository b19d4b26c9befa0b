import {
  EMAIL_REQUEST_MESSAGES,
  type EmailRequestKind,
  emailRequestVerdict,
  waitMessage,
} from '@lesefuchs/core';
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api';
import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { emailRequests } from '../db/schema/index.ts';
import { checkedNickname } from './nickname.ts';
import { NEW_PASSWORD_FIELD, refuseUnfitPassword } from './password-policy.ts';
import { refuseForeignRedirects } from './redirects.ts';
import {
  forgetFailedSignIns,
  recordFailedSignIn,
  refuseWhileSignInLocked,
} from './sign-in-limit.ts';

const LIMITED_PATHS: Record<string, EmailRequestKind> = {
  '/send-verification-email': 'confirmation',
  '/request-password-reset': 'password-reset',
};

const english = (value: number, unit: string) => `${value} ${unit}${value === 1 ? '' : 's'}`;

/**
 * Rules better-auth does not know, checked before its handlers run: the nickname rules of
 * spec 1 §5 on sign-up and the password rules on every path that sets a password (the client
 * checks them for the user; this is the rule), redirects only to the app itself, the sign-in
 * backoff, and the per-address limits on confirmation and password-reset e-mails.
 */
export function authRules(db: Database, site: { publicUrl: string; trustedOrigins: string[] }) {
  return createAuthMiddleware(async (ctx) => {
    refuseForeignRedirects(ctx.body, site.publicUrl, site.trustedOrigins);
    refuseForeignRedirects(ctx.query, site.publicUrl, site.trustedOrigins);
    const passwordField = NEW_PASSWORD_FIELD[ctx.path];
    if (passwordField) {
      refuseUnfitPassword((ctx.body as Record<string, unknown> | undefined)?.[passwordField]);
    }
    if (ctx.path === '/sign-in/email') {
      await refuseWhileSignInLocked(db, (ctx.body as { email?: unknown } | undefined)?.email);
      return;
    }
    if (ctx.path === '/sign-up/email') {
      // Refused before the password is hashed; the database hook checks it again at write.
      const name = await checkedNickname(db, (ctx.body as { name?: unknown } | undefined)?.name);
      return { context: { body: { ...(ctx.body as object), name } } };
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

/**
 * What the server learns from better-auth's answers: a wrong password counts against the
 * address's sign-in limit, a correct one forgets the count.
 */
export function authResults(db: Database) {
  return createAuthMiddleware(async (ctx) => {
    if (ctx.path !== '/sign-in/email') return;
    const email = (ctx.body as { email?: unknown } | undefined)?.email;
    const returned = ctx.context.returned;
    if (isAPIError(returned)) {
      if (returned.statusCode === 401) await recordFailedSignIn(db, email);
    } else {
      await forgetFailedSignIns(db, email);
    }
  });
}
