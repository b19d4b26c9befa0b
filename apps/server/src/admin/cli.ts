import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.ts';
import {
  type AdminCollectionsRequest,
  type AdminPremiumRequest,
  adminCollectionsRequestSchema,
  adminPremiumRequestSchema,
} from '../routes/admin.schema.ts';
import type { CollectionModeration } from '../services/collections.service.ts';
import { GRANT_MAX_DAYS, type MembershipChange } from '../services/membership.service.ts';
import {
  AdminCommandError,
  type CollectionsResult,
  runCollectionsRequest,
  runPremiumRequest,
} from './admin-request.ts';

export const USAGE = `Usage: npm run admin -- <command>

Commands:
  premium <email> --days <N>   grant premium for N days (1–${GRANT_MAX_DAYS}); a membership still
                               running is extended from its expiry
  premium <email> --revoke     end premium now
  collections hide <id>        hide a shared collection from everyone but its creator
  collections unhide <id>      show a hidden collection again
  collections reported         list the reported collections: id, reports, hidden, name
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

type Command =
  | { command: 'premium'; request: AdminPremiumRequest }
  | { command: 'collections'; request: AdminCollectionsRequest };

/** Reads a command and its arguments, or null for --help. */
function parseCommand(argv: string[]): Command | null {
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
  if (command === 'collections') {
    if (values.days !== undefined || values.revoke) {
      throw new UsageError('collections: --days and --revoke are options of premium.');
    }
    return { command, request: parseCollections(positionals.slice(1)) };
  }
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
  return { command: 'premium', request: request.data };
}

/** Reads `hide <id> | unhide <id> | reported`. */
function parseCollections(args: string[]): AdminCollectionsRequest {
  const [action, id, ...rest] = args;
  if (action === undefined) throw new UsageError('collections: say hide, unhide or reported.');
  if (action === 'reported') {
    if (args.length > 1)
      throw new UsageError(`collections: unexpected "${args.slice(1).join(' ')}".`);
    return { action };
  }
  if (action !== 'hide' && action !== 'unhide') {
    throw new UsageError(`collections: unknown action "${action}" (hide, unhide or reported).`);
  }
  if (id === undefined) throw new UsageError(`collections ${action}: name the collection’s id.`);
  if (rest.length > 0) throw new UsageError(`collections: unexpected "${rest.join(' ')}".`);
  const request = adminCollectionsRequestSchema.safeParse({ action, id });
  if (!request.success) {
    throw new UsageError(
      `collections ${action}: "${id}" ${request.error.issues[0]?.message ?? 'is not valid'}.`,
    );
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

/** The lines that say what a collections command did or found. */
export function describeCollections(
  request: AdminCollectionsRequest,
  { collections }: CollectionsResult,
): string {
  const line = (c: CollectionModeration) =>
    `${c.id}  ${c.reports} report${c.reports === 1 ? '' : 's'}  ${c.hidden ? 'hidden' : 'shown'}  ${c.name}`;
  if (request.action === 'reported') {
    return collections.length === 0 ? 'no reported collections' : collections.map(line).join('\n');
  }
  const [changed] = collections;
  if (!changed) return '';
  return `${request.action === 'hide' ? 'hid' : 'unhid'} collection ${line(changed)}`;
}

/** Runs `npm run admin -- …` with these arguments and this environment. */
export async function runAdminCli(
  argv: string[],
  env: Record<string, string | undefined>,
): Promise<CliResult> {
  let command: Command | null;
  try {
    command = parseCommand(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    return { exitCode: EXIT_USAGE, err: `error: ${error.message}\n\n${USAGE}` };
  }
  if (!command) return { exitCode: 0, out: USAGE };
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return { exitCode: EXIT_CONFIG, err: error.message };
    throw error;
  }
  try {
    if (command.command === 'collections') {
      const { result } = await runCollectionsRequest(config, command.request);
      return { exitCode: 0, out: describeCollections(command.request, result) };
    }
    const { result } = await runPremiumRequest(config, command.request);
    return { exitCode: 0, out: describeChange(result) };
  } catch (error) {
    if (error instanceof AdminCommandError) {
      return { exitCode: error.exitCode, err: `error: ${error.message}` };
    }
    throw error;
  }
}
