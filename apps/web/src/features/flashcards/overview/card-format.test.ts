import { describe, expect, it } from 'vitest';
import { relativeDue, relativePast, translationOf } from './card-format';

const NOW = Date.parse('2026-11-22T12:00:00Z');
const at = (ms: number) => new Date(NOW + ms).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('translationOf', () => {
  const card = { translation_en: 'dog', translation_es: 'perro', translation_kr: '개' };
  it('takes the interface language, Korean as kr', () => {
    expect(translationOf(card, 'en')).toBe('dog');
    expect(translationOf(card, 'es')).toBe('perro');
    expect(translationOf(card, 'kr')).toBe('개');
  });
  it('falls back to English when the translation is missing or blank', () => {
    expect(translationOf({ ...card, translation_es: '' }, 'es')).toBe('dog');
    expect(translationOf({ ...card, translation_kr: '  ' }, 'kr')).toBe('dog');
  });
});

describe('relativeDue', () => {
  it('is null for a card due at or before now (spec 3 §4)', () => {
    expect(relativeDue(at(0), NOW, 'en-US')).toBeNull();
    expect(relativeDue(at(-DAY), NOW, 'en-US')).toBeNull();
  });
  it('uses the largest unit that fits, rounded', () => {
    expect(relativeDue(at(10 * MINUTE), NOW, 'en-US')).toBe('in 10 minutes');
    expect(relativeDue(at(90 * MINUTE), NOW, 'en-US')).toBe('in 2 hours');
    expect(relativeDue(at(30 * HOUR), NOW, 'en-US')).toBe('in 1 day');
    expect(relativeDue(at(4 * DAY), NOW, 'en-US')).toBe('in 4 days');
    expect(relativeDue(at(10 * DAY), NOW, 'en-US')).toBe('in 1 week');
    expect(relativeDue(at(70 * DAY), NOW, 'en-US')).toBe('in 2 months');
    expect(relativeDue(at(800 * DAY), NOW, 'en-US')).toBe('in 2 years');
  });
  it('says a minute for anything sooner', () => {
    expect(relativeDue(at(5_000), NOW, 'en-US')).toBe('in 1 minute');
  });
  it('speaks the interface language', () => {
    expect(relativeDue(at(3 * DAY), NOW, 'es-ES')).toBe('dentro de 3 días');
    expect(relativeDue(at(3 * HOUR), NOW, 'ko-KR')).toBe('3시간 후');
  });
  it('is null for a date it cannot read', () => {
    expect(relativeDue('not a date', NOW, 'en-US')).toBeNull();
  });
});

describe('relativePast', () => {
  it('tells how long ago, and "now" within the minute', () => {
    expect(relativePast(at(-5 * MINUTE), NOW, 'en-US')).toBe('5 minutes ago');
    expect(relativePast(at(-3 * HOUR), NOW, 'en-US')).toBe('3 hours ago');
    expect(relativePast(at(-10_000), NOW, 'en-US')).toBe('now');
  });
  it('is null without a date', () => {
    expect(relativePast(null, NOW, 'en-US')).toBeNull();
  });
});
