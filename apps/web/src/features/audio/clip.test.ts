import { describe, expect, it } from 'vitest';
import { clipSeconds } from './clip';

const sentences = [
  { start: 0, end: 1.7, from: 0, to: 21 },
  { start: 2, end: 4.7, from: 22, to: 61 },
  { start: 5, end: 7.4, from: 62, to: 89 },
];

describe('clipSeconds', () => {
  it('is the timed sentence a range of the text falls in', () => {
    expect(clipSeconds(sentences, { from: 22, to: 61 })).toEqual({ start: 2, end: 4.7 });
    expect(clipSeconds(sentences, { from: 30, to: 40 })).toEqual({ start: 2, end: 4.7 });
  });
  it('spans every timed sentence the range overlaps', () => {
    expect(clipSeconds(sentences, { from: 10, to: 70 })).toEqual({ start: 0, end: 7.4 });
  });
  it('is null outside the timed text or without timings', () => {
    expect(clipSeconds(sentences, { from: 89, to: 100 })).toBeNull();
    expect(clipSeconds([], { from: 0, to: 10 })).toBeNull();
  });
});
