import { describe, expect, it } from 'vitest';
import { profileLevelFor } from './profile-level';

describe('profileLevelFor', () => {
  it('is the one level chosen', () => {
    expect(profileLevelFor(['B2'])).toBe('B2');
  });

  it('is the lowest of several levels, in whatever order they were chosen', () => {
    expect(profileLevelFor(['C1', 'B1', 'A2'])).toBe('A2');
  });

  it('is none when the story list starts at every level', () => {
    expect(profileLevelFor('all')).toBeNull();
    expect(profileLevelFor([])).toBeNull();
  });
});
