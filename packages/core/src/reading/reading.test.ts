import { describe, expect, it } from 'vitest';
import { readingChangeSchema } from './reading.ts';
import { parseStoryId } from './story-id.ts';

describe('reading changes', () => {
  it('accepts add, remove and clear, and refuses anything else', () => {
    expect(readingChangeSchema.safeParse({ action: 'add', storyId: 3, at: 1 }).success).toBe(true);
    expect(readingChangeSchema.safeParse({ action: 'remove', storyId: 3 }).success).toBe(true);
    expect(readingChangeSchema.safeParse({ action: 'clear' }).success).toBe(true);
    expect(readingChangeSchema.safeParse({ action: 'add', storyId: 0 }).success).toBe(false);
    expect(readingChangeSchema.safeParse({ action: 'add', storyId: '3' }).success).toBe(false);
    expect(readingChangeSchema.safeParse({ action: 'toggle', storyId: 3 }).success).toBe(false);
  });

  it('ignores null, "null", "undefined" and non-numbers as story ids', () => {
    expect(parseStoryId('12')).toBe(12);
    expect(parseStoryId(12)).toBe(12);
    for (const value of [
      null,
      undefined,
      'null',
      'undefined',
      '',
      '0',
      '-1',
      '1.5',
      'abc',
      '012',
    ]) {
      expect(parseStoryId(value), String(value)).toBeNull();
    }
  });
});
