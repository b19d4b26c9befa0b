import type { InterfaceLanguage } from '@lesefuchs/core/i18n/languages';
import { relativeTimeFormat } from '@lesefuchs/core/intl';
import type { FlashcardCard } from '@lesefuchs/core/srs/api';

/** The card's meaning in the interface language; English when that translation is missing. */
export function translationOf(
  card: Pick<FlashcardCard, 'translation_en' | 'translation_es' | 'translation_kr'>,
  language: InterfaceLanguage,
): string {
  const translation = {
    en: card.translation_en,
    es: card.translation_es,
    kr: card.translation_kr,
  }[language];
  return translation?.trim() ? translation : card.translation_en;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/**
 * When a card is due, relative to `now` ("in 10 minutes", "in 3 days"), or null when it is due
 * already (at or before now, spec 3 §4). The largest unit that fits is used, rounded to the
 * nearest whole one; anything under a minute is "in 1 minute". Always numeric: "tomorrow" would
 * be wrong for a card due in 30 hours.
 */
export function relativeDue(dueAt: string, now: number, locale: string): string | null {
  const due = Date.parse(dueAt);
  if (Number.isNaN(due) || due <= now) return null;
  const ms = due - now;
  const format = relativeTimeFormat(locale, { numeric: 'always' });
  for (const [unit, size] of UNITS) {
    if (ms >= size) return format.format(Math.round(ms / size), unit);
  }
  return format.format(1, 'minute');
}

/** When a card was last reviewed, relative to `now` ("5 minutes ago"), or null if never. */
export function relativePast(at: string | null, now: number, locale: string): string | null {
  if (!at) return null;
  const then = Date.parse(at);
  if (Number.isNaN(then)) return null;
  const ms = Math.max(0, now - then);
  const format = relativeTimeFormat(locale, { numeric: 'always' });
  for (const [unit, size] of UNITS) {
    if (ms >= size) return format.format(-Math.round(ms / size), unit);
  }
  return relativeTimeFormat(locale, { numeric: 'auto' }).format(0, 'second');
}
