// The native shell (Capacitor) as the web app sees it: whether it runs inside it, and the
// capabilities it adds, each with the web's behaviour as the fallback.

/** Whether the app runs inside the native shell (Capacitor's Android or iOS app). */
export function isNativeShell(): boolean {
  const capacitor = (window as { Capacitor?: { isNativePlatform?: () => boolean } }).Capacitor;
  return capacitor?.isNativePlatform?.() === true;
}

/**
 * A short vibration (a flashcard swipe's 50 ms, a wrong quiz answer): the shell's haptics, or
 * the browser's vibration where it has one. Never throws.
 */
export function vibrate(ms: number): void {
  if (isNativeShell()) {
    void import('@capacitor/haptics')
      .then(({ Haptics }) => Haptics.vibrate({ duration: ms }))
      .catch(() => undefined);
    return;
  }
  if (typeof navigator.vibrate === 'function') navigator.vibrate(ms);
}
