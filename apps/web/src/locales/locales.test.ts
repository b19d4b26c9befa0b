import { describe, expect, it } from 'vitest';
import communityEn from '../features/community/locales/en.json';
import communityEs from '../features/community/locales/es.json';
import communityKr from '../features/community/locales/kr.json';
import { englishTexts, keysOf, type Tree } from './english.test-helper';
import es from './es.json';
import kr from './kr.json';

function valueAt(tree: Tree, key: string): string | Tree | undefined {
  return key
    .split('.')
    .reduce<string | Tree | undefined>(
      (node, part) => (typeof node === 'object' ? node[part] : undefined),
      tree,
    );
}

// The app's texts and those that load with a feature (features/*/locales), each with English.
const FILES: [string, Tree, Tree, Tree][] = [
  ['app', englishTexts(), es, kr],
  ['community', communityEn, communityEs, communityKr],
];

describe.each(
  FILES.flatMap(([file, english, spanish, korean]) => [
    [`${file} es`, english, spanish],
    [`${file} kr`, english, korean],
  ]),
)('locale %s', (_name, en: Tree, locale: Tree) => {
  const english = keysOf(en).sort();
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
