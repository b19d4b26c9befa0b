import { LEECH_NEVER } from '@lesefuchs/core/preferences/preferences';
import { DEFAULT_SRS_SETTINGS } from '@lesefuchs/core/srs/scheduler';
import { describe, expect, it } from 'vitest';
import {
  draftDiffers,
  draftOf,
  leechThresholdChoices,
  parseDraft,
  parseSteps,
  type SettingsDraft,
} from './settings-form';

const draft = (change: Partial<SettingsDraft> = {}): SettingsDraft => ({
  ...draftOf(DEFAULT_SRS_SETTINGS),
  ...change,
});

describe('draftOf', () => {
  it('shows the saved settings as the learner types them', () => {
    expect(draftOf(DEFAULT_SRS_SETTINGS)).toEqual({
      dailyNew: '1000',
      dailyReview: '200',
      learningSteps: '1 10',
      relearningSteps: '10',
      leechThreshold: '8',
      leechAction: 'suspend',
      scheduler: 'sm2',
      retention: '90',
    });
  });
  it('shows the stored 50 as never', () => {
    expect(draftOf({ ...DEFAULT_SRS_SETTINGS, leech_threshold: LEECH_NEVER }).leechThreshold).toBe(
      'never',
    );
  });
});

describe('parseSteps', () => {
  it('reads minutes separated by spaces or commas', () => {
    expect(parseSteps('1 10')).toEqual([1, 10]);
    expect(parseSteps(' 1, 10 ,30 ')).toEqual([1, 10, 30]);
    expect(parseSteps('0.5 5')).toEqual([0.5, 5]);
  });
  it('refuses an empty list, a step that is not a positive number of minutes up to a day, and more than 10', () => {
    expect(parseSteps('  ')).toEqual({ key: 'stepsEmpty' });
    expect(parseSteps('1 abc')).toEqual({ key: 'stepsInvalid', values: { max: 1440 } });
    expect(parseSteps('0 10')).toEqual({ key: 'stepsInvalid', values: { max: 1440 } });
    expect(parseSteps('1441')).toEqual({ key: 'stepsInvalid', values: { max: 1440 } });
    expect(parseSteps('1 2 3 4 5 6 7 8 9 10 11')).toEqual({
      key: 'stepsTooMany',
      values: { max: 10 },
    });
  });
});

describe('parseDraft', () => {
  it('turns the form into the update the server schema accepts', () => {
    expect(
      parseDraft(
        draft({
          dailyNew: '20',
          dailyReview: '150',
          learningSteps: '1, 10, 60',
          relearningSteps: '5 20',
          leechThreshold: 'never',
          leechAction: 'tag',
          scheduler: 'fsrs',
          retention: '85',
        }),
      ),
    ).toEqual({
      ok: true,
      update: {
        daily_new_cards: 20,
        daily_review_cards: 150,
        learning_steps: [1, 10, 60],
        relearning_steps: [5, 20],
        leech_threshold: LEECH_NEVER,
        leech_action: 'tag',
        scheduler: 'fsrs',
        request_retention: 0.85,
      },
    });
  });
  it('reports every field to fix at once', () => {
    const parsed = parseDraft(
      draft({
        dailyNew: '-1',
        dailyReview: '2.5',
        learningSteps: '',
        relearningSteps: 'ten',
        leechThreshold: '50',
        retention: '100',
      }),
    );
    expect(parsed).toEqual({
      ok: false,
      errors: {
        dailyNew: { key: 'wholeNumber', values: { min: 0, max: 9999 } },
        dailyReview: { key: 'wholeNumber', values: { min: 0, max: 9999 } },
        learningSteps: { key: 'stepsEmpty' },
        relearningSteps: { key: 'stepsInvalid', values: { max: 1440 } },
        leechThreshold: { key: 'wholeNumber', values: { min: 1, max: 49 } },
        retention: { key: 'retention', values: { min: 70, max: 99 } },
      },
    });
  });
  it('accepts the limits themselves', () => {
    const parsed = parseDraft(draft({ dailyNew: '0', dailyReview: '9999', retention: '70' }));
    expect(parsed.ok).toBe(true);
  });
  it('refuses an empty count instead of reading it as 0', () => {
    expect(parseDraft(draft({ dailyNew: '' })).ok).toBe(false);
  });
});

describe('draftDiffers', () => {
  it('is false for the saved settings, however the steps are spaced', () => {
    expect(draftDiffers(draft(), DEFAULT_SRS_SETTINGS)).toBe(false);
    expect(draftDiffers(draft({ learningSteps: '1,10' }), DEFAULT_SRS_SETTINGS)).toBe(false);
  });
  it('is true after a change', () => {
    expect(draftDiffers(draft({ scheduler: 'fsrs' }), DEFAULT_SRS_SETTINGS)).toBe(true);
    expect(draftDiffers(draft({ learningSteps: '1 10 30' }), DEFAULT_SRS_SETTINGS)).toBe(true);
  });
});

describe('leechThresholdChoices', () => {
  it('offers the usual counts and keeps the learner own value in order', () => {
    expect(leechThresholdChoices('8')).toEqual([3, 4, 5, 6, 7, 8, 10, 12, 15, 20]);
    expect(leechThresholdChoices('9')).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 12, 15, 20]);
    expect(leechThresholdChoices('never')).toEqual([3, 4, 5, 6, 7, 8, 10, 12, 15, 20]);
  });
});
