import { describe, expect, it } from 'vitest';
import { bytesToSave, type StorySize, totalBytesToSave } from './story-sizes';

const withBoth: StorySize = {
  id: 1,
  textBytes: 10_000,
  audioBytes: { Amala: 200_000, Florian: 180_000 },
};
const amalaOnly: StorySize = {
  id: 2,
  textBytes: 8_000,
  audioBytes: { Amala: 150_000, Florian: null },
};
const silent: StorySize = { id: 3, textBytes: 5_000, audioBytes: { Amala: null, Florian: null } };

describe('bytes to save a story for offline', () => {
  it('is the text and the audio file of the voice the player would play', () => {
    expect(bytesToSave(withBoth, 'Amala')).toBe(210_000);
    expect(bytesToSave(withBoth, 'Florian')).toBe(190_000);
    // No Florian file: Amala's is played, and saved.
    expect(bytesToSave(amalaOnly, 'Florian')).toBe(158_000);
    expect(bytesToSave(silent, 'Amala')).toBe(5_000);
    expect(bytesToSave(undefined, 'Amala')).toBeNull();
  });

  it('adds up for a level, and is unknown when one story is', () => {
    const sizes = new Map([withBoth, amalaOnly, silent].map((size) => [size.id, size]));
    expect(totalBytesToSave(sizes, [1, 2, 3], 'Florian')).toBe(353_000);
    expect(totalBytesToSave(sizes, [], 'Amala')).toBe(0);
    expect(totalBytesToSave(sizes, [1, 4], 'Amala')).toBeNull();
    expect(totalBytesToSave(undefined, [1], 'Amala')).toBeNull();
  });
});
