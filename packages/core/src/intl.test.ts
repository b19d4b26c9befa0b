import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat } from './intl.ts';

describe('cached Intl formatters', () => {
  it('makes one formatter per locale and options', () => {
    expect(numberFormat('de')).toBe(numberFormat('de'));
    expect(numberFormat('de')).not.toBe(numberFormat('en'));
    expect(numberFormat('de', { maximumFractionDigits: 1 })).not.toBe(numberFormat('de'));
    expect(numberFormat('de', { maximumFractionDigits: 1 }).format(1.25)).toBe('1,3');
  });

  it('keeps formatters of different time zones apart', () => {
    const instant = new Date('2026-01-01T23:30:00Z');
    expect(dateTimeFormat('en-CA', { timeZone: 'UTC', day: '2-digit' }).format(instant)).toBe('01');
    expect(
      dateTimeFormat('en-CA', { timeZone: 'Asia/Seoul', day: '2-digit' }).format(instant),
    ).toBe('02');
  });
});
