import { useEffect, useLayoutEffect, useRef, useState } from 'react';

/**
 * Main-thread time each later step's render aims at. Its effects, style and layout come on top
 * (together about three times the render), and Lighthouse's simulated phone counts a task four
 * times as long as it took: the task stays under 50 ms there too (no long task, no blocking
 * time). A larger budget completes a long list sooner; see docs/decisions.md.
 */
const STEP_BUDGET_MS = 6;
/** The first later step, before any is measured: small, since a slow phone may be the reader. */
const FIRST_LATER_STEP = 2;
const MAX_STEP = 24;

export interface StepOptions<T> {
  /** What makes an item the same as one drawn before; the item itself by default. */
  keyOf?: (item: T) => unknown;
}

/** How many of the first `limit` items are the same, in the same places, in both lists. */
function samePrefix<T>(
  before: readonly T[],
  after: readonly T[],
  limit: number,
  keyOf: (item: T) => unknown,
): number {
  const end = Math.min(limit, before.length, after.length);
  let index = 0;
  while (index < end && keyOf(before[index] as T) === keyOf(after[index] as T)) index++;
  return index;
}

const itself = (item: unknown) => item;

/**
 * How many of `items` to render: `first` at once (a screenful), then more a step per task, each
 * step sized by how long the last one took, so a long list never holds the main thread (a tap
 * in between is answered at once) and a fast device is not slowed down. When `items` changes,
 * the items drawn that stay the same in their places stay drawn (a changed mark, more of the
 * same list), and the list goes on in steps from the first that differs (a new filter starts
 * again from a screenful): a page never shrinks under the reader for a change of one item.
 */
export function useRenderedInSteps<T>(
  items: readonly T[],
  first: number,
  { keyOf = itself }: StepOptions<T> = {},
): number {
  const [rendered, setRendered] = useState(first);
  const [list, setList] = useState(items);
  const step = useRef({ size: FIRST_LATER_STEP, startedAt: 0 });
  if (list !== items) {
    setList(items);
    setRendered(Math.max(first, samePrefix(list, items, rendered, keyOf)));
  }
  // After a step's commit, its cost sets the size of the next one.
  useLayoutEffect(() => {
    const { size, startedAt } = step.current;
    if (startedAt === 0 || rendered === 0) return;
    const elapsed = Math.max(performance.now() - startedAt, 0.5);
    step.current = {
      size: Math.min(MAX_STEP, Math.max(1, Math.floor((size * STEP_BUDGET_MS) / elapsed))),
      startedAt: 0,
    };
  }, [rendered]);
  useEffect(() => {
    if (rendered >= items.length) return;
    const timer = setTimeout(() => {
      step.current.startedAt = performance.now();
      setRendered((count) => Math.min(items.length, count + step.current.size));
    }, 0);
    return () => clearTimeout(timer);
  }, [rendered, items.length]);
  return rendered;
}

/**
 * False in the first render and true from a task after it: what lies below the first screen
 * renders after the first paint, in its own task, instead of lengthening the first one.
 */
export function useAfterFirstPaint(): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setAfter(true), 0);
    return () => clearTimeout(timer);
  }, []);
  return after;
}
