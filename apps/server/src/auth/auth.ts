import { INTERFACE_LANGUAGES } from '@lesefuchs/core';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer } from 'better-auth/plugins';
import { eq, ilike, or } from 'drizzle-orm';
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
    socialProviders: config.google
      ? {
          google: { clientId: config.google.clientId, clientSecret: config.google.clientSecret },
        }
      : {},
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
    plugins: [bearer()],
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
