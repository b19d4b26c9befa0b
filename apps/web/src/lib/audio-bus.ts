/**
 * The app-wide "stop audio" signal: route changes, page hide and the side navigation call
 * `stopAllAudio()`; anything that plays sound listens with `onStopAudio`.
 */
const STOP_EVENT = 'lesefuchs:stop-audio';

export function stopAllAudio(): void {
  window.dispatchEvent(new Event(STOP_EVENT));
  window.speechSynthesis?.cancel();
}

export function onStopAudio(listener: () => void): () => void {
  window.addEventListener(STOP_EVENT, listener);
  return () => window.removeEventListener(STOP_EVENT, listener);
}
