import { type InputHTMLAttributes, type ReactNode, useId } from 'react';

/** A labelled input with its hint or error below, wired for screen readers. */
export function Field({
  label,
  error,
  hint,
  required,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string | null;
  hint?: ReactNode;
}) {
  const id = useId();
  const messageId = `${id}-message`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium text-sm text-stone-800 dark:text-stone-200">
        {label}
        {required && <span aria-hidden>*</span>}
      </label>
      <input
        id={id}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? messageId : undefined}
        className="rounded-lg border border-stone-300 bg-white px-3 py-2 text-stone-900 outline-none focus-visible:border-orange-600 focus-visible:ring-2 focus-visible:ring-orange-600/30 aria-[invalid]:border-red-600 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-100"
        {...input}
      />
      {(error || hint) && (
        <div
          id={messageId}
          className={
            error
              ? 'text-red-700 text-sm dark:text-red-400'
              : 'text-sm text-stone-600 dark:text-stone-400'
          }
        >
          {error || hint}
        </div>
      )}
    </div>
  );
}

/** A message about the whole form: an error, a success or a notice carried from another page. */
export function FormMessage({
  tone,
  children,
}: {
  tone: 'error' | 'success' | 'info';
  children: ReactNode;
}) {
  const styles = {
    error:
      'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950/50 dark:text-red-200',
    success:
      'border-green-300 bg-green-50 text-green-900 dark:border-green-800 dark:bg-green-950/50 dark:text-green-200',
    info: 'border-sky-300 bg-sky-50 text-sky-900 dark:border-sky-800 dark:bg-sky-950/50 dark:text-sky-200',
  }[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-lg border p-3 text-sm ${styles}`}
    >
      {children}
    </div>
  );
}

/** The centred card the account pages share. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby="page-title" className="mx-auto w-full max-w-md py-6">
      <h1 id="page-title" className="page-title">
        {title}
      </h1>
      {subtitle && <p className="mt-1 text-stone-600 dark:text-stone-300">{subtitle}</p>}
      <div className="mt-6 flex flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm dark:border-stone-800 dark:bg-stone-900">
        {children}
      </div>
    </section>
  );
}
