import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import shell from './en.json';

export type Tree = { [key: string]: string | Tree };

const GROUPS_DIR = path.resolve(import.meta.dirname, 'en');

/** The English groups that load with the code using them (`locales/en/<group>.json`). */
export const LAZY_GROUPS: string[] = readdirSync(GROUPS_DIR)
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.slice(0, -'.json'.length))
  .sort();

/** Every English text of the app: the frame's (`en.json`) and each group's, as one tree. */
export function englishTexts(): Tree {
  const tree: Tree = { ...shell };
  for (const group of LAZY_GROUPS) {
    tree[group] = JSON.parse(readFileSync(path.join(GROUPS_DIR, `${group}.json`), 'utf8')) as Tree;
  }
  return tree;
}

export function keysOf(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );
}
