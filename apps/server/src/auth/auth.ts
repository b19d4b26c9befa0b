import { INTERFACE_LANGUAGES } from '@lesefuchs/core';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer, genericOAuth } from 'better-auth/plugins';
import { eq, ilike, or } from 'drizzle-orm';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import {
  accounts,
  devMailbox,
  emailRequests,
  sessions,
  users,
  verifications,
} from '../db/schema/index.ts';
import type { Mailer } from '../mail/mailer.ts';
import { confirmationEmail, passwordResetEmail } from '../mail/messages.ts';
import { authResults, authRules } from './hooks.ts';
import { availableNickname, checkedNickname } from './nickname.ts';
import { checkedUserImage, isAllowedUserImage } from './user-image.ts';

/** The interface languages a learner can speak natively (ko is accepted for Korean). */
const languageSchema = z.enum([...INTERFACE_LANGUAGES, 'ko']);
/** Lesefuchs teaches German. */
const targetSchema = z.enum(['de']);

/**
 * The better-auth instance: e-mail and password with a confirmed address, password reset by
 * e-mail, Google when configured, and bearer tokens for the native shell.
 */
export function createAuth(config: Config, db: Database, mailer: Mailer, logger: Logger) {
  return betterAuth({
    appName: 'Lesefuchs',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: config.trustedOrigins,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      // Spec 1 §4: e-mail confirmation before the first sign-in.
      requireEmailVerification: true,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => mailer.send(passwordResetEmail(user.email, url)),
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user, url }) =>
        mailer.send(confirmationEmail(user.email, user.name, url)),
    },
    // The nickname rules hold on every path that writes a name (see nickname.ts).
    databaseHooks: {
      user: {
        create: {
          before: async (user, ctx) => ({
            data: {
              ...user,
              // E-mail sign-up: the nickname the learner chose, valid and free, or a 400. A
              // Google account brings a display name: a valid, unused nickname is made of it.
              name:
                ctx?.path === '/sign-up/email'
                  ? await checkedNickname(db, user.name)
                  : await availableNickname(db, user.name, user.email),
              // A picture that is not ours or Google's is left out, not a failed sign-in.
              image: isAllowedUserImage(user.image) ? user.image : null,
            },
          }),
        },
        update: {
          before: async (user, ctx) => {
            checkedUserImage(user.image);
            if (user.name === undefined) return;
            const self = (ctx?.context as { session?: { user?: { id?: string } } } | undefined)
              ?.session?.user?.id;
            return { data: { ...user, name: await checkedNickname(db, user.name, self) } };
          },
        },
      },
    },
    user: {
      // Account removal (spec 1 §4): the user's rows go with it (foreign keys cascade); what
      // is kept by address, not by user, is removed here.
      deleteUser: {
        enabled: true,
        afterDelete: async (user) => {
          const email = user.email.toLowerCase();
          await db.delete(emailRequests).where(eq(emailRequests.email, email));
          await db.delete(devMailbox).where(eq(devMailbox.to, email));
          // Outstanding reset tokens point at the user by id.
          await db
            .delete(verifications)
            .where(
              or(eq(verifications.value, user.id), ilike(verifications.identifier, `%${email}%`)),
            );
        },
      },
      additionalFields: {
        nativeLanguage: {
          type: 'string',
          required: false,
          defaultValue: 'en',
          input: true,
          validator: { input: languageSchema },
        },
        targetLanguage: {
          type: 'string',
          required: false,
          defaultValue: 'de',
          input: true,
          validator: { input: targetSchema },
        },
      },
    },
    hooks: { before: authRules(db, config), after: authResults(db) },
    // The native shell's bearer token is the signed session token; the bare token, which is
    // what the database and a leaked log or file would show, is refused.
    plugins: [
      bearer({ requireSignature: true }),
      ...(config.google ? [googleSignIn(config.google)] : []),
    ],
    // better-auth's own messages go to the JSON log, one line each, not to stdout as text.
    logger: {
      level: 'warn',
      log: (level, message, ...args) => {
        const error = args.find((arg): arg is Error => arg instanceof Error);
        const rest = args.filter((arg) => arg !== error);
        logger[level](
          { component: 'auth', err: error, details: rest.length ? rest : undefined },
          message,
        );
      },
    },
    // A refusal (a wrong password, a taken name) is answered as better-auth answers it; any
    // other error is thrown on to the app's error handler, which logs it as JSON and answers
    // in the API's error shape. Without this, better-auth prints refusals through its own text
    // logger and its router prints failures to the console.
    onAPIError: { throw: true },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** The signed-in user as the rest of the server sees it. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
}

/**
 * Google sign-in as an OpenID Connect provider found by discovery at the configured issuer
 * (Google's by default), so the same code runs against a local mock in tests.
 */
function googleSignIn(google: NonNullable<Config['google']>) {
  return genericOAuth({
    config: [
      {
        providerId: 'google',
        clientId: google.clientId,
        clientSecret: google.clientSecret,
        discoveryUrl: `${google.issuerUrl}/.well-known/openid-configuration`,
        scopes: ['openid', 'email', 'profile'],
        requireIdTokenVerification: true,
        mapProfileToUser: (profile) => ({
          email: String(profile.email ?? ''),
          emailVerified: profile.email_verified === true || profile.email_verified === 'true',
          name: String(profile.name ?? profile.given_name ?? ''),
          image: typeof profile.picture === 'string' ? profile.picture : undefined,
        }),
      },
    ],
  });
}
