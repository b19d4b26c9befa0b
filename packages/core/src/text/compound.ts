import type { FormsTable } from './resolve.ts';

/** Linking elements that may join the parts of a German compound (Fugenelemente). */
const LINKS = ['', 's', 'es', 'n', 'en', 'er', 'e'] as const;
const MIN_PART = 3;

const nounKeyOf = (forms: FormsTable, form: string) =>
  forms[form]?.find(
    (target) => target.particle === undefined && /\|(noun|proper noun)$/.test(target.key),
  )?.key;

const anyKeyOf = (forms: FormsTable, form: string) =>
  forms[form]?.find((target) => target.particle === undefined)?.key;

/**
 * Splits a compound noun into known words, longest head first ("Bahnhofsuhr" → Bahnhof, Uhr):
 * every part before the last is a word of the table, optionally followed by a linking element;
 * the last part is a noun form. Returns the entry keys of the parts, or null when the word is
 * not made of known words.
 */
export function splitCompound(word: string, forms: FormsTable, depth = 0): string[] | null {
  const lower = word.toLowerCase();
  if (depth > 3 || lower.length < MIN_PART * 2) return null;
  for (let cut = lower.length - MIN_PART; cut >= MIN_PART; cut--) {
    const rest = lower.slice(cut);
    const tail = nounKeyOf(forms, rest) ?? splitCompound(rest, forms, depth + 1);
    if (!tail) continue;
    const head = lower.slice(0, cut);
    for (const link of LINKS) {
      if (link && !head.endsWith(link)) continue;
      const stem = head.slice(0, head.length - link.length);
      if (stem.length < MIN_PART) continue;
      const headKey = anyKeyOf(forms, stem) ?? anyKeyOf(forms, `${stem}e`);
      if (headKey) return [headKey, ...(Array.isArray(tail) ? tail : [tail])];
    }
  }
  return null;
}
