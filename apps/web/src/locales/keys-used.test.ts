import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import communityEn from '../features/community/locales/en.json';
import en from './en.json';

// Every text the code asks for by a literal key exists in English (the app's texts, or a
// feature's namespace the app falls back to), so no screen shows a raw key such as
// "community.open". Keys built at run time (template strings) are checked where they are used.

type Tree = { [key: string]: string | Tree };

function keysOf(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );
}

const KNOWN = new Set([...keysOf(en), ...keysOf({ community: communityEn })]);
/** A plural key is written without its suffix. */
const exists = (key: string) =>
  KNOWN.has(key) || KNOWN.has(`${key}_one`) || KNOWN.has(`${key}_other`);

const SRC = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('texts asked for by the code', () => {
  it('exist in English', () => {
    const missing: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\bt\(\s*'([a-zA-Z0-9_.]+)'/g)) {
        const key = match[1] as string;
        if (!exists(key)) missing.push(`${path.relative(SRC, file)}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
