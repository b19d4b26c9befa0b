import { beforeEach, describe, expect, it } from 'vitest';
import { readTestResult, writeTestResult } from './test-result';

describe('a finished vocabulary test in the session', () => {
  beforeEach(() => sessionStorage.clear());

  it('is read back per story, and forgotten on request', () => {
    const result = { correct: 7, total: 9, missedIds: [12, 40], savedMissed: false };
    writeTestResult(1, result);
    expect(readTestResult(1)).toEqual(result);
    expect(readTestResult(2)).toBeNull();
    writeTestResult(1, null);
    expect(readTestResult(1)).toBeNull();
  });

  it('ignores what is not a result', () => {
    sessionStorage.setItem('lesefuchs.story-test.3', '{"correct":"7"}');
    expect(readTestResult(3)).toBeNull();
    sessionStorage.setItem('lesefuchs.story-test.3', 'not json');
    expect(readTestResult(3)).toBeNull();
  });
});
