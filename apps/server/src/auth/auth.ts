import { INTERFACE_LANGUAGES, nicknameError, nicknameFrom } from '@lesefuchs/core';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer, genericOAuth } from 'better-auth/plugins';
import { eq, ilike, or, sql } from 'drizzle-orm';
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
import { authRules } from './hooks.ts';

/** The interface languages a learner can speak natively (ko is accepted for Korean). */
const languageSchema = z.enum([...INTERFACE_LANGUAGES, 'ko']);
/** Lesefuchs teaches German. */
const targetSchema = z.enum(['de']);

/**
 * The better-auth instance: e-mail and password with a confirmed address, password reset by
 * e-mail, Google when configured, and bearer tokens for the native shell.
 */
export function createAuth(config: Config, db: Database, mailer: Mailer) {
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
    databaseHooks: {
      user: {
        create: {
          // A Google account arrives with a display name, not a nickname: make a valid,
          // unused one from it (or from the address) so every user has one (spec 1 §5).
          before: async (user) => ({
            data: { ...user, name: await availableNickname(db, user.name, user.email) },
          }),
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
    hooks: { before: authRules(db) },
    plugins: [bearer(), ...(config.google ? [googleSignIn(config.google)] : [])],
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

/**
 * The nickname a new user gets: the given one when it is valid and free (e-mail sign-up has
 * checked it already), otherwise one made from the name or the address with a number added
 * until no one has it.
 */
async function availableNickname(db: Database, name: string, email: string): Promise<string> {
  const taken = async (candidate: string) =>
    (
      await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.name}) = ${candidate.toLowerCase()}`)
        .limit(1)
    ).length > 0;
  const given = name.trim();
  if (nicknameError(given) === null && !(await taken(given))) return given;
  const source = given || email.split('@')[0] || '';
  const plain = nicknameFrom(source);
  if (!(await taken(plain))) return plain;
  for (let attempt = 0; attempt < 50; attempt++) {
    const candidate = nicknameFrom(source, String(Math.floor(1000 + Math.random() * 9000)));
    if (!(await taken(candidate))) return candidate;
  }
  return nicknameFrom('reader', String(Date.now()).slice(-8));
}
