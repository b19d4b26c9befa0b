// The form look-up of the vocabulary search: which entries a written form belongs to ("ging" →
// gehen, "wusste" → wissen), asked of `GET /api/vocabulary/forms`. The form table is ~1 MB and
// only the server has it; one answer is a few bytes. Asked only when online, for one word, and
// given up after a short wait, so a slow or missing network costs the search at most
// FORMS_TIMEOUT_MS and the search then answers from the device alone, as without the table.

/** The entry ids a lower-case written form belongs to, most likely first; null: no answer. */
export type FormsLookup = (form: string) => Promise<readonly number[] | null>;

/** The longest form asked about (the server refuses longer ones). */
export const FORM_MAX_LENGTH = 64;
/** How long a search waits for the form look-up before answering without it. */
export const FORMS_TIMEOUT_MS = 1_500;
/** Answers kept for the session: the forms a learner types again while refining a search. */
const CACHE_SIZE = 200;

const ONE_WORD = /^[\p{Script=Latin}]{2,}$/u;

/** The form to look up for a normalised query, or null: one word of Latin letters, two or more. */
export const formToLookUp = (lookup: string): string | null =>
  lookup.length <= FORM_MAX_LENGTH && ONE_WORD.test(lookup) ? lookup : null;

const online = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/** The server's form look-up, with a session cache; any failure is null, never an error. */
export function createFormsLookup(
  options: { fetch?: typeof fetch; timeoutMs?: number; online?: () => boolean } = {},
): FormsLookup {
  const cache = new Map<string, readonly number[]>();
  const isOnline = options.online ?? online;
  return async (form) => {
    const known = cache.get(form);
    if (known) return known;
    if (!isOnline()) return null;
    try {
      const response = await (options.fetch ?? fetch)(
        `/api/vocabulary/forms?q=${encodeURIComponent(form)}`,
        { signal: AbortSignal.timeout(options.timeoutMs ?? FORMS_TIMEOUT_MS) },
      );
      if (!response.ok) return null;
      const body = (await response.json()) as { ids?: unknown };
      if (!Array.isArray(body.ids) || !body.ids.every(Number.isInteger)) return null;
      const ids = body.ids as number[];
      if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      cache.set(form, ids);
      return ids;
    } catch {
      return null;
    }
  };
}
