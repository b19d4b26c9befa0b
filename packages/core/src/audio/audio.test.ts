import { describe, expect, it } from 'vitest';
import { clampAudioSpeed, clampSpeechRate, nextAudioSpeed, speechLanguage } from './audio.ts';

describe('audio speeds', () => {
  it('cycles 0.7 → 1 → 1.5 → 0.7', () => {
    expect(nextAudioSpeed('0.7')).toBe('1.0');
    expect(nextAudioSpeed('1.0')).toBe('1.5');
    expect(nextAudioSpeed('1.5')).toBe('0.7');
  });

  it('clamps the playback rate to 0.25–2 and the speech rate to 0.5–2', () => {
    expect(clampAudioSpeed(0.1)).toBe(0.25);
    expect(clampAudioSpeed(3)).toBe(2);
    expect(clampAudioSpeed(1.5)).toBe(1.5);
    expect(clampAudioSpeed(Number.NaN)).toBe(1);
    expect(clampSpeechRate(0.25)).toBe(0.5);
    expect(clampSpeechRate(2.5)).toBe(2);
  });

  it('normalises languages to German or English voices', () => {
    expect(speechLanguage('de')).toBe('de-DE');
    expect(speechLanguage('EN')).toBe('en-US');
    expect(speechLanguage('kr')).toBe('de-DE');
  });
});
