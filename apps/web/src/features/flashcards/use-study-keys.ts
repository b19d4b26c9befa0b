import { keyAction } from '@lesefuchs/core/srs/gestures';
import type { Rating } from '@lesefuchs/core/srs/scheduler';
import { useEffect, useRef } from 'react';

/**
 * Keyboard answers (spec 3 §2): space reveals or rates good, 1 again, 2 good, 3 easy. Keys
 * typed into a field are the field's; space on a focused button or link presses that control.
 */
export function useStudyKeys(
  enabled: boolean,
  revealed: boolean,
  onReveal: () => void,
  onRate: (rating: Rating) => void,
) {
  const latest = useRef({ revealed, onReveal, onRate });
  latest.current = { revealed, onReveal, onRate };
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat || event.ctrlKey || event.metaKey || event.altKey)
        return;
      const target = event.target instanceof Element ? event.target : null;
      if (
        target?.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]')
      )
        return;
      if (event.key === ' ' && target?.closest('button, a[href], summary, [role="button"]')) return;
      const action = keyAction(event.key, latest.current.revealed);
      if (!action) return;
      event.preventDefault();
      if (action.kind === 'reveal') latest.current.onReveal();
      else latest.current.onRate(action.rating);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}
