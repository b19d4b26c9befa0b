import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.ts';
import { type AdminPremiumRequest, adminPremiumRequestSchema } from '../routes/admin.schema.ts';
import { GRANT_MAX_DAYS, type MembershipChange } from '../services/membership.service.ts';
import { AdminCommandError, runPremiumRequest } from './premium-command.ts';

export const USAGE = `Usage: npm run admin -- <command>

Commands:
  premium <email> --days <N>   grant premium for N days (1–${GRANT_MAX_DAYS}); a membership still
                               running is extended from its expiry
  premium <email> --revoke     end premium now
  --help                       show this text

The command reads the server's configuration (DATA_DIR, DATABASE_URL, …) from the environment.
It works while the server runs: on the embedded database the running server makes the change.`;

/** Exit codes (sysexits): wrong arguments; invalid configuration, as the server's. */
const EXIT_USAGE = 64;
const EXIT_CONFIG = 78;

export interface CliResult {
  exitCode: number;
  /** The one-line result, for stdout. */
  out?: string;
  /** The error and, for wrong arguments, the usage, for stderr. */
  err?: string;
}

class UsageError extends Error {}

/** Reads `premium <email> --days N | --revoke`, or null for --help. */
function parseCommand(argv: string[]): AdminPremiumRequest | null {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) return null;
  const [command, email, ...rest] = positionals;
  if (command === undefined) throw new UsageError('Name a command.');
  if (command !== 'premium') throw new UsageError(`Unknown command "${command}".`);
  if (email === undefined) throw new UsageError('premium: name the user’s e-mail address.');
  if (rest.length > 0) throw new UsageError(`premium: unexpected "${rest.join(' ')}".`);
  if ((values.days === undefined) === !values.revoke) {
    throw new UsageError('premium: give either --days <N> or --revoke.');
  }
  if (values.days !== undefined && !/^\d+$/.test(values.days)) {
    throw new UsageError(`premium: --days must be a whole number, got "${values.days}".`);
  }
  const request = adminPremiumRequestSchema.safeParse(
    values.revoke
      ? { action: 'revoke', email }
      : { action: 'grant', email, days: Number(values.days) },
  );
  if (!request.success) {
    const issue = request.error.issues[0];
    const what = issue?.path[0] === 'days' ? '--days' : `"${email}"`;
    throw new UsageError(`premium: ${what} ${issue?.message ?? 'is not valid'}.`);
  }
  return request.data;
}

const parse = (argv: string[]) =>
  parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      days: { type: 'string' },
      revoke: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });

/** The one line that says what changed. */
export function describeChange({ email, membership }: MembershipChange): string {
  if (membership.subscription_status === 'none') return `revoked premium of ${email}`;
  return `granted premium to ${email} until ${membership.premium_expires_at ?? 'no expiry'}`;
}

/** Runs `npm run admin -- …` with these arguments and this environment. */
export async function runAdminCli(
  argv: string[],
  env: Record<string, string | undefined>,
): Promise<CliResult> {
  let request: AdminPremiumRequest | null;
  try {
    request = parseCommand(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    return { exitCode: EXIT_USAGE, err: `error: ${error.message}\n\n${USAGE}` };
  }
  if (!request) return { exitCode: 0, out: USAGE };
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return { exitCode: EXIT_CONFIG, err: error.message };
    throw error;
  }
  try {
    const { change } = await runPremiumRequest(config, request);
    return { exitCode: 0, out: describeChange(change) };
  } catch (error) {
    if (error instanceof AdminCommandError) {
      return { exitCode: error.exitCode, err: `error: ${error.message}` };
    }
    throw error;
  }
}
