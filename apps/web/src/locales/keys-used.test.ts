import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import communityEn from '../features/community/locales/en.json';
import { englishTexts, keysOf, LAZY_GROUPS } from './english.test-helper';

// Every text the code asks for by a literal key exists in English (the app's texts, or a
// feature's namespace the app falls back to), so no screen shows a raw key such as
// "community.open". Keys built at run time (template strings) are checked where they are used.

const KNOWN = new Set([...keysOf(englishTexts()), ...keysOf({ community: communityEn })]);
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

  // A group of English texts that is not in the app's frame (`en.json`) loads with the code
  // that imports its module (`texts/<group>.ts`): every module that translates a key of the
  // group imports it, so its texts are there before it renders, whichever screen it is on.
  it("come with the code that translates them, where they are not the frame's", () => {
    const TRANSLATES = /\bt\(|useTranslation|i18n\.t\(|<Trans\b|i18nKey/;
    const unregistered: string[] = [];
    for (const file of sourceFiles(SRC)) {
      if (file.startsWith(path.join(SRC, 'texts'))) continue;
      const text = readFileSync(file, 'utf8');
      if (!TRANSLATES.test(text)) continue;
      const imported = new Set(
        [...text.matchAll(/(?:from|import)\s+'(\.[^']*\/texts\/(\w+))'/g)]
          .filter(
            (found) =>
              path.resolve(path.dirname(file), found[1] as string) ===
              path.join(SRC, 'texts', found[2] as string),
          )
          .map((found) => found[2]),
      );
      for (const group of LAZY_GROUPS) {
        const named = new RegExp(`['"\`]${group}\\.[A-Za-z_$]`).test(text);
        if (named && !imported.has(group))
          unregistered.push(`${path.relative(SRC, file)}: ${group}`);
      }
    }
    expect(unregistered).toEqual([]);
  });

  it('have one module for each group of English texts, which adds it', () => {
    const modules = readdirSync(path.join(SRC, 'texts')).sort();
    expect(modules).toEqual(LAZY_GROUPS.map((group) => `${group}.ts`));
    for (const group of LAZY_GROUPS) {
      const text = readFileSync(path.join(SRC, 'texts', `${group}.ts`), 'utf8');
      expect(text, group).toContain(`import ${group} from '../locales/en/${group}.json';`);
      expect(text, group).toContain(`addEnglishTexts({ ${group} });`);
    }
  });
});
