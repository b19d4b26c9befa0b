import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer } from 'better-auth/plugins';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { accounts, sessions, users, verifications } from '../db/schema/index.ts';

/** The better-auth instance: e-mail and password, and bearer tokens for the native shell. */
export function createAuth(config: Config, db: Database) {
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
    emailAndPassword: { enabled: true, minPasswordLength: 8, maxPasswordLength: 128 },
    socialProviders: config.google
      ? {
          google: { clientId: config.google.clientId, clientSecret: config.google.clientSecret },
        }
      : {},
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
