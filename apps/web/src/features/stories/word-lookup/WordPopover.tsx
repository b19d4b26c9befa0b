import * as Popover from '@radix-ui/react-popover';
import type { ReactNode, RefObject } from 'react';
import { isWord, MARGIN_PX, type OpenWord } from './WordLookup';

/**
 * The card as a popover anchored to the word (wide screens). Apart from WordLookup, and loaded
 * when a wide screen shows a story, so that phones and the first paint do without its library.
 */
export function WordPopover({
  open,
  anchorRef,
  headingId,
  top,
  bottom,
  close,
  children: content,
}: {
  open: OpenWord;
  anchorRef: RefObject<HTMLElement | null>;
  headingId: string;
  top: number;
  bottom: number;
  close: (returnFocus: boolean) => void;
  children: ReactNode;
}) {
  return (
    <Popover.Root open onOpenChange={(next) => !next && close(open.keyboard)}>
      <Popover.Anchor virtualRef={anchorRef as React.RefObject<HTMLElement>} />
      <Popover.Portal>
        <Popover.Content
          key={open.index}
          role="dialog"
          aria-labelledby={headingId}
          side="bottom"
          align="start"
          sideOffset={6}
          collisionPadding={{
            top: top + MARGIN_PX,
            bottom: bottom + MARGIN_PX,
            left: MARGIN_PX,
            right: MARGIN_PX,
          }}
          sticky="always"
          onOpenAutoFocus={(event) => {
            if (!open.keyboard) event.preventDefault();
          }}
          onCloseAutoFocus={(event) => event.preventDefault()}
          onEscapeKeyDown={(event) => {
            event.preventDefault();
            close(true);
          }}
          onPointerDownOutside={(event) => {
            if (isWord(event.target)) event.preventDefault();
          }}
          onFocusOutside={(event) => {
            if (isWord(event.target)) event.preventDefault();
          }}
          className="word-card z-40 w-[min(22rem,calc(100vw-1rem))] overflow-y-auto rounded-xl border border-stone-200 bg-white p-3 shadow-lg dark:border-stone-700 dark:bg-stone-900"
          style={{ maxHeight: 'var(--radix-popover-content-available-height)' }}
          data-testid="word-card"
        >
          {content}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
