// A finished vocabulary test's result is kept for the tab's session, per story, so that a reload
// (a change of theme, a return from another page) shows the score and the missed words again
// instead of starting the test over. "Try again" forgets it.

/** What the result screen of a story's vocabulary test shows. */
export interface TestResult {
  correct: number;
  total: number;
  /** The entries answered wrongly, in the order they were asked. */
  missedIds: number[];
  /** The missed words were saved. */
  savedMissed: boolean;
}

const keyOf = (storyId: number) => `lesefuchs.story-test.${storyId}`;

function isTestResult(value: unknown): value is TestResult {
  if (typeof value !== 'object' || value === null) return false;
  const result = value as Record<string, unknown>;
  return (
    Number.isInteger(result.correct) &&
    Number.isInteger(result.total) &&
    Array.isArray(result.missedIds) &&
    result.missedIds.every(Number.isInteger) &&
    typeof result.savedMissed === 'boolean'
  );
}

/** The story's finished test in this tab's session, or null. */
export function readTestResult(storyId: number): TestResult | null {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(keyOf(storyId)) ?? 'null');
    return isTestResult(stored) ? stored : null;
  } catch {
    return null;
  }
}

/** Keeps the story's finished test (null forgets it). */
export function writeTestResult(storyId: number, result: TestResult | null): void {
  try {
    if (result) sessionStorage.setItem(keyOf(storyId), JSON.stringify(result));
    else sessionStorage.removeItem(keyOf(storyId));
  } catch {
    // Storage blocked or full: the result stays on screen until the page is left.
  }
}
