/** A load that failed: the message as an alert, and a button that tries again. */
export function LoadError({
  message,
  retryLabel,
  onRetry,
}: {
  message: string;
  retryLabel: string;
  onRetry: () => void;
}) {
  return (
    <div role="alert" className="flex flex-col items-start gap-3">
      <p>{message}</p>
      <button type="button" className="button-secondary" onClick={onRetry}>
        {retryLabel}
      </button>
    </div>
  );
}
