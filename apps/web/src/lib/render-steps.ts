import { useEffect, useLayoutEffect, useRef, useState } from 'react';

/**
 * Main-thread time each later step's render aims at, by default. Its effects, style and layout
 * come on top (together about three times the render, for items laid out as they come), and the
 * next step may meet a busier moment than the last: the task stays under 50 ms (no long task).
 */
const STEP_BUDGET_MS = 6;
/** The first later step, before any is measured: small, since a slow phone may be the reader. */
const FIRST_LATER_STEP = 2;
const MAX_STEP = 24;

/**
 * How many of `items` to render: `first` at once (a screenful), then more a step per task, each
 * step sized by how long the last one took, so a long list never holds the main thread (a tap
 * in between is answered at once) and a fast device is not slowed down. A new `items` starts over.
 */
export function useRenderedInSteps(
  items: readonly unknown[],
  first: number,
  budgetMs = STEP_BUDGET_MS,
): number {
  const [rendered, setRendered] = useState(first);
  const [list, setList] = useState(items);
  const step = useRef({ size: FIRST_LATER_STEP, startedAt: 0 });
  if (list !== items) {
    setList(items);
    setRendered(first);
  }
  // After a step's commit, its cost sets the size of the next one.
  useLayoutEffect(() => {
    const { size, startedAt } = step.current;
    if (startedAt === 0 || rendered === 0) return;
    const elapsed = Math.max(performance.now() - startedAt, 0.5);
    step.current = {
      size: Math.min(MAX_STEP, Math.max(1, Math.floor((size * budgetMs) / elapsed))),
      startedAt: 0,
    };
  }, [rendered, budgetMs]);
  useEffect(() => {
    if (rendered >= items.length) return;
    const timer = setTimeout(() => {
      step.current.startedAt = performance.now();
      setRendered((count) => count + step.current.size);
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
