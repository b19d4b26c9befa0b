import { describe, expect, it } from 'vitest';
import en from './en.json';
import es from './es.json';
import kr from './kr.json';

type Tree = { [key: string]: string | Tree };

function keysOf(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );
}

function valueAt(tree: Tree, key: string): string | Tree | undefined {
  return key
    .split('.')
    .reduce<string | Tree | undefined>(
      (node, part) => (typeof node === 'object' ? node[part] : undefined),
      tree,
    );
}

const english = keysOf(en).sort();

describe.each([
  ['es', es],
  ['kr', kr],
])('locale %s', (_name, locale) => {
  it('has exactly the keys of en', () => {
    expect(keysOf(locale).sort()).toEqual(english);
  });
  it('has no empty text and keeps every {{placeholder}}', () => {
    for (const key of english) {
      const text = valueAt(locale, key);
      expect(typeof text === 'string' && text.trim().length > 0, key).toBe(true);
      const placeholders = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort();
      expect(placeholders(text as string), key).toEqual(placeholders(valueAt(en, key) as string));
    }
  });
});
