import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * Every environment variable the server reads, parsed once at start. Nothing else in the server
 * reads process.env. An invalid value stops the start with a message naming the variable.
 */

/** A comma-separated list of values of one pattern; empty when unset. */
const commaList = (pattern: RegExp, message: string) =>
  z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .refine((entries) => entries.every((entry) => pattern.test(entry)), message)
    .default([]);

const envSchema = z.object({
  /** development | production | test. Production hides dev tools and requires AUTH_SECRET. */
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** HTTP port. */
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  /** Interface the server listens on. */
  HOST: z.string().min(1).default('0.0.0.0'),
  /** Where the embedded database, the lock file and the generated auth secret live. */
  DATA_DIR: z.string().min(1).default('./data'),
  /** A PostgreSQL URL; unset means the embedded PGlite database in DATA_DIR. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /**
   * `off` runs every query unprepared, for a connection pooler in transaction mode that cannot
   * keep prepared statements (PgBouncer before 1.21); `on` (default) prepares repeated queries.
   */
  DATABASE_PREPARED_STATEMENTS: z.enum(['on', 'off']).default('on'),
  /** The address users reach the app at (links in e-mails, OAuth callbacks). */
  PUBLIC_URL: z.url().optional(),
  /** Secret that signs sessions; generated into DATA_DIR on first start when unset. */
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** smtp:// or smtps:// URL of the mail server; unset means the dev mailbox in the database. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  /**
   * Origins of the native shell's pages, which may call the API with a bearer token (CORS,
   * never with cookies): comma-separated, or `off`. Capacitor serves the app at
   * https://localhost on Android and capacitor://localhost on iOS.
   */
  APP_ORIGINS: z
    .string()
    .transform((value) =>
      /^off$/i.test(value.trim())
        ? []
        : value
            .split(',')
            .map((origin) => origin.trim())
            .filter(Boolean),
    )
    .refine(
      (origins) => origins.every(isOrigin),
      'must be origins (scheme://host[:port], no path), comma-separated, or off',
    )
    .default(['capacitor://localhost', 'https://localhost']),
  /**
   * The SHA-256 fingerprints of the certificates the Android app is signed with
   * (`AA:BB:…`, 32 pairs, comma-separated): with them, /.well-known/assetlinks.json lets links to
   * this server open the app (Android App Links). Unset: no app links for Android.
   */
  ANDROID_CERT_FINGERPRINTS: commaList(
    /^([0-9A-F]{2}:){31}[0-9A-F]{2}$/i,
    'must be SHA-256 certificate fingerprints (AA:BB:… with 32 pairs), comma-separated',
  ),
  /**
   * The iOS app's ids (`TEAMID.app.lesefuchs`, comma-separated): with them,
   * /.well-known/apple-app-site-association lets links to this server open the app (Universal
   * Links). Unset: no app links for iOS.
   */
  IOS_APP_IDS: commaList(
    /^[A-Z0-9]{10}\.[A-Za-z0-9.-]+$/,
    'must be app ids (TEAMID.bundle.id, a 10-character team id), comma-separated',
  ),
  /** Sender address of e-mails. */
  MAIL_FROM: z.string().min(3).default('Lesefuchs <no-reply@lesefuchs.local>'),
  /** Google OAuth client, both or neither. */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /** The OpenID Connect issuer behind Google sign-in; tests point it at a local mock. */
  GOOGLE_ISSUER_URL: z.url().default('https://accounts.google.com'),
  /** Text-to-speech provider used by the audio script: espeak (default) or azure. */
  TTS_PROVIDER: z.enum(['espeak', 'azure']).default('espeak'),
  /**
   * How many proxies in front of the server are trusted to say who the client is in
   * X-Forwarded-For: off (0, the default: the socket's peer is the client and the header is
   * ignored, as anyone can write it) or the number of hops, e.g. 1 behind one load balancer.
   */
  TRUST_PROXY: z
    .string()
    .regex(/^(off|false|\d{1,2})$/i, 'must be off or a number of proxy hops (0–99)')
    .transform((value) => (/^(off|false)$/i.test(value) ? 0 : Number(value)))
    .default(0),
  /**
   * API requests handled at once; more wait in line (default 8 on the embedded database, which
   * serves one query at a time, 32 on PostgreSQL).
   */
  API_CONCURRENCY: z.coerce.number().int().min(1).max(10_000).optional(),
  /**
   * API requests that may wait in line; beyond it a request is refused with 503 (default 16× the
   * concurrency: a page's burst of cheap requests waits rather than being refused).
   */
  API_QUEUE: z.coerce.number().int().min(0).max(100_000).optional(),
  /**
   * The longest an API request waits in line before it is refused with 503, in ms (default
   * 5000: under the web app's 8 s request time-out, so what its client would give up on is
   * refused before it takes up the database).
   */
  API_QUEUE_TIMEOUT_MS: z.coerce.number().int().min(1).max(60_000).default(5_000),
  /** pino log level. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Env = z.infer<typeof envSchema>;

/** Whether a value is an origin and nothing more: a scheme, a host, perhaps a port. */
function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return url.host !== '' && `${url.protocol}//${url.host}` === value;
  } catch {
    return false;
  }
}

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  database:
    | { kind: 'pglite'; dataDir: string }
    /** preparedStatements: repeated queries run prepared (on unless set false). */
    | { kind: 'postgres'; url: string; preparedStatements?: boolean };
  publicUrl: string;
  /** Origins allowed to send credentialed requests (better-auth's CSRF check). */
  trustedOrigins: string[];
  /** The native shell's origins: CORS for them, with bearer tokens (APP_ORIGINS). */
  appOrigins: string[];
  /** Who may open this server's links as an app (routes/app-links.ts). */
  appLinks: { androidCertFingerprints: string[]; iosAppIds: string[] };
  authSecret: string;
  smtpUrl: string | null;
  mailFrom: string;
  google: { clientId: string; clientSecret: string; issuerUrl: string } | null;
  ttsProvider: Env['TTS_PROVIDER'];
  logLevel: Env['LOG_LEVEL'];
  /** Proxy hops trusted in X-Forwarded-For; 0 = the socket's peer is the client. */
  trustProxy: number;
  /** How much API work is taken on at once and in line (http/load-shedding.ts). */
  load: { concurrency: number; queue: number; maxWaitMs: number };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment into a Config, or throws a ConfigError naming each bad variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError(
      'Invalid configuration:\n  GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together',
    );
  }
  if (env.NODE_ENV === 'production' && !env.AUTH_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  AUTH_SECRET: required when NODE_ENV=production',
    );
  }
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    database: env.DATABASE_URL
      ? {
          kind: 'postgres',
          url: env.DATABASE_URL,
          preparedStatements: env.DATABASE_PREPARED_STATEMENTS === 'on',
        }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') },
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    // Without PUBLIC_URL the app runs on this machine: both loopback names reach it.
    // The shell's origins too: its sign-in and its writes come from them (with a bearer token;
    // no cookie of this server is ever sent from them, as CORS is granted without credentials).
    trustedOrigins: [
      ...(env.PUBLIC_URL
        ? [new URL(env.PUBLIC_URL).origin]
        : [`http://localhost:${env.PORT}`, `http://127.0.0.1:${env.PORT}`]),
      ...env.APP_ORIGINS,
    ],
    appOrigins: env.APP_ORIGINS,
    appLinks: {
      androidCertFingerprints: env.ANDROID_CERT_FINGERPRINTS.map((entry) => entry.toUpperCase()),
      iosAppIds: env.IOS_APP_IDS,
    },
    authSecret: env.AUTH_SECRET ?? generatedSecret(dataDir),
    smtpUrl: env.SMTP_URL ?? null,
    mailFrom: env.MAIL_FROM,
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? {
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET,
            issuerUrl: env.GOOGLE_ISSUER_URL.replace(/\/+$/, ''),
          }
        : null,
    ttsProvider: env.TTS_PROVIDER,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    load: loadLimits(env),
  };
}

/** Defaults by database: PGlite runs one query at a time, PostgreSQL a pool's worth. */
function loadLimits(env: Env): Config['load'] {
  const concurrency = env.API_CONCURRENCY ?? (env.DATABASE_URL ? 32 : 8);
  return {
    concurrency,
    queue: env.API_QUEUE ?? concurrency * 16,
    maxWaitMs: env.API_QUEUE_TIMEOUT_MS,
  };
}

/** A secret kept in DATA_DIR so sessions survive restarts without any configuration. */
function generatedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('base64url');
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    // Another process wrote it first: use that one.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      return readFileSync(file, 'utf8').trim();
    throw error;
  }
}
