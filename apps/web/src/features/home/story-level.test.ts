import { afterEach, describe, expect, it } from 'vitest';
import { storyLevelsOnDevice } from './story-level';

describe('the learner level on the device', () => {
  afterEach(() => localStorage.clear());

  it('reads the story-difficulty preference, keeping only real levels', () => {
    localStorage.setItem(
      'lesefuchs.preferences.reader-1',
      JSON.stringify({ storyDifficulty: ['A2', 'Z9', 'A1'] }),
    );
    expect(storyLevelsOnDevice('reader-1')).toEqual(['A1', 'A2']);
  });

  it('takes the older name, and is "all" when nothing usable is stored', () => {
    localStorage.setItem(
      'lesefuchs.preferences.guest',
      JSON.stringify({ contentDifficulty: ['B1'] }),
    );
    expect(storyLevelsOnDevice('guest')).toEqual(['B1']);
    localStorage.setItem('lesefuchs.preferences.guest', JSON.stringify({ storyDifficulty: 'all' }));
    expect(storyLevelsOnDevice('guest')).toBe('all');
    localStorage.setItem('lesefuchs.preferences.guest', '{broken');
    expect(storyLevelsOnDevice('guest')).toBe('all');
    expect(storyLevelsOnDevice('nobody')).toBe('all');
  });
});
