import { useSyncExternalStore } from 'react';
import { useMediaQuery } from './use-media-query';

// Whether key hints ("Press Space", "Space or Enter") help: a keyboard is in use. Until the
// learner presses a key or touches the screen, a mouse or trackpad says a keyboard is likely;
// after that, the last of the two decides. One store for the whole app: its two listeners sit on
// the window once, so every screen knows what the learner did on the screens before it.

/** true: a key was pressed last; false: the screen was touched last; null: neither yet. */
let keyboardUsed: boolean | null = null;
let listening = false;
const subscribers = new Set<() => void>();

const MODIFIER_KEYS = new Set([
  'Alt',
  'AltGraph',
  'CapsLock',
  'Control',
  'Fn',
  'FnLock',
  'Hyper',
  'Meta',
  'NumLock',
  'OS',
  'ScrollLock',
  'Shift',
  'Super',
  'Symbol',
  'SymbolLock',
]);

/** Typing into a field, which an on-screen keyboard does too. */
function typingIntoField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement) return true;
  return (
    target instanceof HTMLInputElement &&
    !['checkbox', 'radio', 'range', 'button', 'submit', 'reset'].includes(target.type)
  );
}

function record(used: boolean) {
  if (keyboardUsed === used) return;
  keyboardUsed = used;
  for (const subscriber of subscribers) subscriber();
}

function onKeyDown(event: KeyboardEvent) {
  // 'Unidentified' and 'Process': on-screen keyboards and input methods.
  if (MODIFIER_KEYS.has(event.key) || event.key === 'Unidentified' || event.key === 'Process') {
    return;
  }
  if (typingIntoField(event.target)) return;
  record(true);
}

function onPointerDown(event: PointerEvent) {
  if (event.pointerType === 'touch') record(false);
}

function subscribe(subscriber: () => void) {
  // Listening starts with the first screen that shows a hint and then goes on for the visit.
  if (!listening) {
    listening = true;
    window.addEventListener('keydown', onKeyDown, { capture: true, passive: true });
    window.addEventListener('pointerdown', onPointerDown, { capture: true, passive: true });
  }
  subscribers.add(subscriber);
  return () => {
    subscribers.delete(subscriber);
  };
}

/** Whether to show key hints: a key pressed last, or before any input a mouse or trackpad. */
export function useKeyboardInUse(): boolean {
  const likely = useMediaQuery('(any-hover: hover) and (any-pointer: fine)');
  const used = useSyncExternalStore(
    subscribe,
    () => keyboardUsed,
    () => null,
  );
  return used ?? likely;
}
