import {
  classifySwipe,
  SWIPE,
  type SwipeDirection,
  swipeFeedback,
} from '@lesefuchs/core/srs/gestures';
import type { Rating } from '@lesefuchs/core/srs/scheduler';
import { type TouchEvent as ReactTouchEvent, useCallback, useRef, useState } from 'react';
import { vibrate } from '../../lib/native';

// Swipes on the card (spec 3 §2): read with core's rules (50 px, 50–1000 ms, feedback from
// 20 px), answered with a 50 ms vibration where the device has one. Touch events and touch
// pointer events both count (a real finger sends both; a test may send either), once each.

interface Start {
  x: number;
  y: number;
  at: number;
}

export interface SwipeHandlers {
  onTouchStart: (event: ReactTouchEvent) => void;
  onTouchMove: (event: ReactTouchEvent) => void;
  onTouchEnd: (event: ReactTouchEvent) => void;
  onTouchCancel: () => void;
  onPointerDown: (event: React.PointerEvent) => void;
  onPointerMove: (event: React.PointerEvent) => void;
  onPointerUp: (event: React.PointerEvent) => void;
  onPointerCancel: () => void;
}

export function useSwipe(onSwipe: (rating: Rating | null, direction: SwipeDirection) => void) {
  const start = useRef<Start | null>(null);
  const [offset, setOffset] = useState({ dx: 0, dy: 0 });
  const [hint, setHint] = useState<SwipeDirection | null>(null);
  /** Set after a swipe, so the click a browser may send after it does not reveal the card (none
   * yet: a tap in the first 400 ms after the page loads counts). */
  const swiped = useRef(Number.NEGATIVE_INFINITY);

  const begin = useCallback((x: number, y: number) => {
    // A touch already begun (its pointer twin, or one whose end never came) is kept a while.
    if (start.current && performance.now() - start.current.at < SWIPE.maxMs) return;
    start.current = { x, y, at: performance.now() };
  }, []);
  const move = useCallback((x: number, y: number) => {
    const from = start.current;
    if (!from) return;
    const dx = x - from.x;
    const dy = y - from.y;
    const direction = swipeFeedback(dx, dy);
    setHint(direction);
    setOffset(direction ? { dx: clamp(dx), dy: clamp(dy) } : { dx: 0, dy: 0 });
  }, []);
  const end = useCallback(
    (x: number, y: number) => {
      const from = start.current;
      start.current = null;
      setOffset({ dx: 0, dy: 0 });
      setHint(null);
      if (!from) return;
      const swipe = classifySwipe({
        dx: x - from.x,
        dy: y - from.y,
        durationMs: performance.now() - from.at,
      });
      if (!swipe) return;
      swiped.current = performance.now();
      if (swipe.rating) vibrate(SWIPE.hapticMs);
      onSwipe(swipe.rating, swipe.direction);
    },
    [onSwipe],
  );
  const cancel = useCallback(() => {
    start.current = null;
    setOffset({ dx: 0, dy: 0 });
    setHint(null);
  }, []);

  const handlers: SwipeHandlers = {
    onTouchStart: (e) => {
      const t = e.touches[0];
      if (t) begin(t.clientX, t.clientY);
    },
    onTouchMove: (e) => {
      const t = e.touches[0];
      if (t) move(t.clientX, t.clientY);
    },
    onTouchEnd: (e) => {
      const t = e.changedTouches[0];
      if (t) end(t.clientX, t.clientY);
      else cancel();
    },
    onTouchCancel: cancel,
    onPointerDown: (e) => {
      if (e.pointerType === 'touch') begin(e.clientX, e.clientY);
    },
    onPointerMove: (e) => {
      if (e.pointerType === 'touch') move(e.clientX, e.clientY);
    },
    onPointerUp: (e) => {
      if (e.pointerType === 'touch') end(e.clientX, e.clientY);
    },
    // The browser cancels the pointer when it takes over a gesture; the touch events go on.
    onPointerCancel: () => undefined,
  };

  /** Whether a click right now is the tail of a swipe. */
  const justSwiped = () => performance.now() - swiped.current < 400;

  return { handlers, offset, hint, justSwiped };
}

/** The card follows the finger, but not far. */
const clamp = (value: number) => Math.max(-80, Math.min(80, value));
