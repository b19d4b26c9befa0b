// `npm run admin -- …`: the operator's command (docs/membership.md). Prints the result and exits
// 0, or prints the error and exits non-zero.
import { runAdminCli } from './admin/cli.ts';

try {
  const result = await runAdminCli(process.argv.slice(2), process.env);
  if (result.out) process.stdout.write(`${result.out}\n`);
  if (result.err) process.stderr.write(`${result.err}\n`);
  process.exitCode = result.exitCode;
} catch (error) {
  process.stderr.write(`error: ${(error as Error).stack ?? String(error)}\n`);
  process.exitCode = 1;
}
