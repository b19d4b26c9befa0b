import { describe, expect, it } from 'vitest';
import { effectiveAudio, needsPremium } from './audio-settings';
import { playRequestFor } from './play-request';

describe('the audio a learner hears', () => {
  it('is their own choice for a premium member', () => {
    expect(effectiveAudio({ audioSpeed: '1.5', audioVoice: 'Florian' }, true)).toEqual({
      speed: '1.5',
      voice: 'Florian',
    });
  });

  it('is 1.0 and Amala for everyone else, whatever was stored', () => {
    expect(effectiveAudio({ audioSpeed: '0.7', audioVoice: 'Florian' }, false)).toEqual({
      speed: '1.0',
      voice: 'Amala',
    });
    expect(effectiveAudio({ audioSpeed: '1.0', audioVoice: 'Amala' }, false)).toEqual({
      speed: '1.0',
      voice: 'Amala',
    });
  });

  it('knows which choices need premium', () => {
    expect(needsPremium({ audioSpeed: '0.7' })).toBe(true);
    expect(needsPremium({ audioSpeed: '1.5' })).toBe(true);
    expect(needsPremium({ audioVoice: 'Florian' })).toBe(true);
    expect(needsPremium({ audioSpeed: '1.0', audioVoice: 'Amala' })).toBe(false);
  });
});

describe('what plays for a story', () => {
  const story = { id: 4, audioUrlDe: '/audio/4/de-amala.mp3?v=a', audioUrlDe2: null };

  it('takes the chosen voice’s file, Amala’s when there is no Florian file', () => {
    expect(
      playRequestFor(
        { ...story, audioUrlDe2: '/audio/4/de-florian.mp3?v=f' },
        { voice: 'Florian', speed: 1.5 },
      ),
    ).toMatchObject({ voice: 'Florian', url: '/audio/4/de-florian.mp3?v=f', speed: 1.5 });
    expect(playRequestFor(story, { voice: 'Florian', speed: 1 })).toMatchObject({
      voice: 'Amala',
      url: '/audio/4/de-amala.mp3?v=a',
      language: 'de',
    });
  });

  it('has no URL (speech) when the story has no file', () => {
    expect(
      playRequestFor({ ...story, audioUrlDe: null }, { voice: 'Amala', speed: 1 }, 'Hallo.'),
    ).toMatchObject({ url: null, text: 'Hallo.' });
  });
});
