import { describe, expect, it } from 'vitest';
import { epochMsSchema, rowIdParamSchema, rowIdSchema } from './bound-schemas.ts';
import { EPOCH_MS_MAX, PG_INT_MAX, unsafeTextProblem, unsafeValueProblem } from './bounds.ts';

describe('row ids', () => {
  it('accept 1 … 2,147,483,647 and refuse what an integer column cannot hold', () => {
    expect(rowIdSchema.safeParse(1).success).toBe(true);
    expect(rowIdSchema.safeParse(PG_INT_MAX).success).toBe(true);
    expect(rowIdSchema.safeParse(PG_INT_MAX + 1).success).toBe(false);
    expect(rowIdSchema.safeParse(0).success).toBe(false);
    expect(rowIdSchema.safeParse(1.5).success).toBe(false);
    expect(rowIdParamSchema.safeParse('2147483648').success).toBe(false);
    expect(rowIdParamSchema.parse('42')).toBe(42);
  });

  it('bound instants to what a timestamp column holds', () => {
    expect(epochMsSchema.safeParse(Date.UTC(2026, 10, 25)).success).toBe(true);
    expect(epochMsSchema.safeParse(EPOCH_MS_MAX + 1).success).toBe(false);
    expect(epochMsSchema.safeParse(-1).success).toBe(false);
  });
});

describe('unsafe text', () => {
  it.each([
    ['a\u0000b', 'Text may not contain the NUL character.'],
    ['\ud800', 'Text may not contain an unpaired surrogate.'],
    ['x\udc00', 'Text may not contain an unpaired surrogate.'],
    ['\udc00\ud800', 'Text may not contain an unpaired surrogate.'],
  ])('refuses %j', (text, message) => {
    expect(unsafeTextProblem(text)).toBe(message);
  });

  it.each(['Straße', '김민지', '🦊 Fuchs', ''])('lets %j pass', (text) => {
    expect(unsafeTextProblem(text)).toBeNull();
  });

  it('finds a bad string anywhere in a JSON value, keys included', () => {
    expect(unsafeValueProblem({ a: [1, { b: 'ok' }] })).toBeNull();
    expect(unsafeValueProblem({ a: [1, { b: 'x\u0000' }] })).toMatch(/NUL/);
    expect(unsafeValueProblem({ 'k\ud800': 1 })).toMatch(/surrogate/);
    expect(unsafeValueProblem(null)).toBeNull();
  });

  it('refuses a value nested past 64 levels instead of walking it', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 100; i++) deep = [deep];
    expect(unsafeValueProblem(deep)).toBe('The request is nested too deeply.');
  });
});
