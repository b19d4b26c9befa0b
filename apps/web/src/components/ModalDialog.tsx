import { forwardRef, type ReactNode, useId } from 'react';

/**
 * A modal dialog (the platform's `<dialog>`, opened with `showModal()`): named by its title,
 * described by `description` when given, its content below. Escape and the content's own
 * buttons close it.
 */
export const ModalDialog = forwardRef<
  HTMLDialogElement,
  { title: ReactNode; description?: ReactNode; children: ReactNode }
>(function ModalDialog({ title, description, children }, ref) {
  const titleId = useId();
  const descriptionId = useId();
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl bg-white p-5 text-stone-900 backdrop:bg-black/50 dark:bg-stone-900 dark:text-stone-100"
    >
      <div className="flex flex-col gap-4">
        <h2 id={titleId} className="font-semibold text-lg">
          {title}
        </h2>
        {description && <p id={descriptionId}>{description}</p>}
        {children}
      </div>
    </dialog>
  );
});
