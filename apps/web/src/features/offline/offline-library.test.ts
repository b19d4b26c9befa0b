import { AUDIO_CACHE } from '@lesefuchs/core/audio/audio';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The rules of the audio kept without being asked (an opened or bookmarked story): not on
// data-saver or a slow connection, not while the player has the story, and never pushing
// another file out of a cache that is past its trim level.

const fake = vi.hoisted(() => ({
  records: [] as { id: string; size: number }[],
  keep: vi.fn(async (_request: { storyId: number; voice: string; url: string }) => true),
  playerOn: false,
}));

vi.mock('../audio/player', () => ({
  audioCache: () => ({ records: async () => fake.records, remove: async () => undefined }),
  keepAudioOnDevice: fake.keep,
  playerOnStory: () => fake.playerOn,
}));

const { keepAudioInBackground } = await import('./offline-library');

const story = {
  id: 7,
  audioUrlDe: '/audio/7/de-amala.mp3?v=a',
  audioUrlDe2: '/audio/7/de-florian.mp3?v=b',
};
const signal = new AbortController().signal;
const MB = 1024 * 1024;

function connection(value: { saveData?: boolean; downlink?: number } | undefined) {
  Object.defineProperty(navigator, 'connection', { value, configurable: true });
}

beforeEach(() => {
  fake.records = [{ id: '1-de-amala', size: 10 * MB }];
  fake.keep.mockClear();
  fake.playerOn = false;
  connection({ downlink: 10 });
});
afterEach(() => connection(undefined));

describe('keeping a story’s audio in the background', () => {
  it('fetches the file of the learner’s voice when there is room', async () => {
    expect(await keepAudioInBackground(story, 'Florian', signal)).toBe(true);
    expect(fake.keep).toHaveBeenCalledTimes(1);
    expect(fake.keep.mock.calls[0]?.[0]).toMatchObject({
      storyId: 7,
      voice: 'Florian',
      url: '/audio/7/de-florian.mp3?v=b',
    });
  });

  it('does nothing on data-saver, on a slow connection or while the player has the story', async () => {
    connection({ saveData: true });
    expect(await keepAudioInBackground(story, 'Amala', signal)).toBe(false);
    connection({ downlink: 0.5 });
    expect(await keepAudioInBackground(story, 'Amala', signal)).toBe(false);
    connection({ downlink: 10 });
    fake.playerOn = true;
    expect(await keepAudioInBackground(story, 'Amala', signal)).toBe(false);
    expect(fake.keep).not.toHaveBeenCalled();
  });

  it('never downloads into a cache past its trim level, but checks a file already there', async () => {
    const trimLevel = AUDIO_CACHE.maxBytes * AUDIO_CACHE.trimToFraction;
    fake.records = [{ id: '1-de-amala', size: trimLevel }];
    expect(await keepAudioInBackground(story, 'Amala', signal)).toBe(false);
    expect(fake.keep).not.toHaveBeenCalled();

    fake.records = [...fake.records, { id: '7-de-amala', size: MB }];
    expect(await keepAudioInBackground(story, 'Amala', signal)).toBe(true);
    expect(fake.keep).toHaveBeenCalledTimes(1);
  });

  it('has nothing to keep for a story without audio', async () => {
    const silent = { id: 8, audioUrlDe: null, audioUrlDe2: null };
    expect(await keepAudioInBackground(silent, 'Amala', signal)).toBe(false);
    expect(fake.keep).not.toHaveBeenCalled();
  });
});
