// Intl formatters, made once per locale and options. Constructing one costs about a millisecond
// on a phone (ICU loads its data), and the app formats days and numbers on every render.

const formatters = new Map<string, unknown>();

function cached<T>(kind: string, locale: string, options: object | undefined, make: () => T): T {
  const key = `${kind}|${locale}|${options ? JSON.stringify(options) : ''}`;
  let formatter = formatters.get(key) as T | undefined;
  if (formatter === undefined) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter;
}

export const dateTimeFormat = (locale: string, options?: Intl.DateTimeFormatOptions) =>
  cached('date', locale, options, () => new Intl.DateTimeFormat(locale, options));

export const numberFormat = (locale: string, options?: Intl.NumberFormatOptions) =>
  cached('number', locale, options, () => new Intl.NumberFormat(locale, options));

export const relativeTimeFormat = (locale: string, options?: Intl.RelativeTimeFormatOptions) =>
  cached('relative', locale, options, () => new Intl.RelativeTimeFormat(locale, options));

export const listFormat = (locale: string, options?: Intl.ListFormatOptions) =>
  cached('list', locale, options, () => new Intl.ListFormat(locale, options));

export const collator = (locale: string, options?: Intl.CollatorOptions) =>
  cached('collator', locale, options, () => new Intl.Collator(locale, options));
