import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/**
 * zod's setting as zod reads it, in a fresh process that loads browser-setup and then zod (the
 * order of the app's entry), as a page when `page` (a `document` exists) or as the server.
 */
function jitlessAfterSetup(page: boolean): string {
  const script = `
    ${page ? 'globalThis.document = {};' : ''}
    await import(${JSON.stringify(new URL('./browser-setup.ts', import.meta.url).href)});
    const { config } = await import('zod/v4/core');
    process.stdout.write(String(config().jitless));
  `;
  return execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: new URL('.', import.meta.url),
    encoding: 'utf8',
  });
}

describe('browser setup', () => {
  it("turns zod's code generation off in a page, set before zod loads", () => {
    expect(jitlessAfterSetup(true)).toBe('true');
  });

  it('leaves the server its compiled parsers', () => {
    expect(jitlessAfterSetup(false)).toBe('undefined');
  });
});
