/** A centred spinner with its message, announced to screen readers. */
export function LoadingScreen({ message }: { message: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-[40vh] flex-col items-center justify-center gap-3"
    >
      <span
        aria-hidden
        className="h-8 w-8 animate-spin rounded-full border-4 border-orange-200 border-t-orange-600 dark:border-stone-700 dark:border-t-orange-400"
      />
      <p className="text-stone-600 dark:text-stone-300">{message}</p>
    </div>
  );
}
