import { options } from 'preact';

/**
 * From now on, effects run as soon as a render is done (in a microtask) rather than after the
 * next frame. React runs the effects of a render caused by a tap or a key press before the next
 * input event is handled; Preact waits for the next frame (up to 35 ms). A listener that an
 * effect subscribes, such as Escape closing the word card or "3" grading the card just revealed
 * by Space, must see the very next key.
 *
 * The app turns this on after its first paint (main.tsx): the first render's effects, which
 * start the page's requests, wait for that paint as React's would. The component tests turn it
 * on before they start.
 */
export function runEffectsRightAfterRender(): void {
  options.requestAnimationFrame = (callback) => queueMicrotask(callback);
}
