import {
  type MouseEvent,
  type ReactNode,
  type TouchEvent,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { afterIdle } from '../../../lib/idle';
import { screenInsets } from '../../../lib/screen-insets';
import { useAfterIdle } from '../../../lib/use-after-idle';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useModule } from '../../../lib/use-module';
import { WordCard, type WordCardProps } from './WordCard';
import type { WordInfo } from './word-info';
import '../../../texts/reader';

// The look-up card of a tapped word, the same in every reading mode: a popover anchored to the
// word on wide screens, a sheet above the bottom navigation on phones, always wholly in view.
// A tap on another word moves the card to it (no tap is spent closing the card); Escape, a tap
// elsewhere or a swipe down closes it, and focus returns to the word when it came from there.

/** Narrower than this, the full card is a bottom sheet. */
export const SHEET_MAX_WIDTH_PX = 640;
/** Downward travel that closes the sheet. */
const SWIPE_CLOSE_PX = 60;
export const MARGIN_PX = 8;

/** The word whose card is open, and where it is on the page. */
export interface OpenWord {
  index: number;
  anchor: HTMLElement;
  /** Opened from the keyboard: focus goes into the card and back to the word after. */
  keyboard: boolean;
}

/** Props for a word button of a text with look-ups. */
export interface WordButtonProps {
  'data-word-index': number;
  'aria-expanded': boolean;
  'aria-haspopup': 'dialog';
  onClick: (event: MouseEvent<HTMLElement>) => void;
}

/** The open word of a text, and the props that make a button open its card. */
export function useWordLookup(onOpen?: () => void) {
  const [open, setOpen] = useState<OpenWord | null>(null);
  const close = useCallback(() => setOpen(null), []);
  // One click handler for every word, the same on every render, so that the words of a long
  // text skip re-rendering when the card opens or moves (TokenizedText's WordRun is a memo).
  const latest = useRef({ open, onOpen });
  latest.current = { open, onOpen };
  const onWordClick = useCallback((event: MouseEvent<HTMLElement>) => {
    const anchor = event.currentTarget;
    const index = Number(anchor.dataset.wordIndex);
    // A click with detail 0 comes from the keyboard (Enter or Space on the button).
    const keyboard = event.detail === 0;
    if (latest.current.open?.index === index) {
      setOpen(null);
      return;
    }
    latest.current.onOpen?.();
    setOpen({ index, anchor, keyboard });
  }, []);
  const wordProps = (index: number): WordButtonProps => ({
    'data-word-index': index,
    'aria-expanded': open?.index === index,
    'aria-haspopup': 'dialog',
    onClick: onWordClick,
  });
  /** Opens the card of a word whose button is already on the page (e.g. a revealed blank). */
  const show = useCallback((index: number, keyboard: boolean) => {
    const anchor = document.querySelector<HTMLElement>(`[data-word-index="${index}"]`);
    if (anchor) setOpen({ index, anchor, keyboard });
  }, []);
  return { open, close, show, wordProps, onWordClick };
}

/** The insets, kept up to date while the card is open (the navigation slides on scroll). */
function useInsets(active: boolean) {
  const [value, setValue] = useState({ top: 0, bottom: 0 });
  useLayoutEffect(() => {
    if (!active) return;
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const next = screenInsets();
        setValue((current) =>
          current.top === next.top && current.bottom === next.bottom ? current : next,
        );
      });
    };
    setValue(screenInsets());
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    // The navigation slides with a transition: measure again when it has moved.
    document.addEventListener('transitionend', update);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
      document.removeEventListener('transitionend', update);
    };
  }, [active]);
  return value;
}

export const isWord = (target: EventTarget | null) =>
  target instanceof Element && target.closest('[data-word-index]') !== null;

type CardProps = Omit<WordCardProps, 'info' | 'onClose' | 'headingId'>;

const loadPopover = () => import('./WordPopover');
/** How long a card opened before the popover's code is in waits for it. */
const POPOVER_WAIT_MS = 500;

/** The card of the open word, as a popover or a bottom sheet. */
export function WordLookup({
  open,
  info,
  onClose,
  ...card
}: CardProps & { open: OpenWord | null; info: WordInfo | null; onClose: () => void }) {
  const phone = !useMediaQuery(`(min-width: ${SHEET_MAX_WIDTH_PX}px)`);
  const wantsPopover = !phone || Boolean(card.compact);
  const shown = open !== null && info !== null;
  const { top, bottom } = useInsets(shown);
  const headingId = useId();
  const anchorRef = useRef<HTMLElement | null>(null);
  anchorRef.current = open?.anchor ?? null;
  // A wide screen's first tap should find the popover's code in: it loads once the page is idle.
  const idle = useAfterIdle();
  const popover = useModule(loadPopover, wantsPopover && (idle || shown));
  // A card opened before the popover's code is in waits for it a moment, then (offline on a
  // first visit, say) shows as the sheet until it closes.
  const [sheetInstead, setSheetInstead] = useState(false);
  const waiting = shown && wantsPopover && !popover;
  useEffect(() => {
    if (!shown) setSheetInstead(false);
    if (!waiting) return;
    const timer = setTimeout(() => setSheetInstead(true), POPOVER_WAIT_MS);
    return () => clearTimeout(timer);
  }, [shown, waiting]);

  const close = useCallback(
    (returnFocus: boolean) => {
      onClose();
      if (returnFocus && open) open.anchor.focus({ preventScroll: true });
    },
    [onClose, open],
  );

  if (!shown) return null;
  const content = (
    <WordCard {...card} info={info} headingId={headingId} onClose={() => close(true)} />
  );
  if (waiting && !sheetInstead) return null;
  if (!wantsPopover || sheetInstead || !popover) {
    return (
      <Sheet
        key={open.index}
        open={open}
        headingId={headingId}
        top={top}
        bottom={bottom}
        onClose={close}
      >
        {content}
      </Sheet>
    );
  }
  return (
    <popover.WordPopover
      open={open}
      anchorRef={anchorRef}
      headingId={headingId}
      top={top}
      bottom={bottom}
      close={close}
    >
      {content}
    </popover.WordPopover>
  );
}

/** The phone's sheet: docked above the bottom navigation, the tapped word kept in view above it. */
function Sheet({
  open,
  headingId,
  top,
  bottom,
  onClose,
  children,
}: {
  open: OpenWord;
  headingId: string;
  top: number;
  bottom: number;
  onClose: (returnFocus: boolean) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const swipe = useRef<number | null>(null);

  // Keyboard: focus into the card. The tapped word stays visible above the sheet.
  useLayoutEffect(() => {
    const sheet = ref.current;
    if (!sheet) return;
    if (open.keyboard) sheet.focus({ preventScroll: true });
    const word = open.anchor.getBoundingClientRect();
    const sheetTop = sheet.getBoundingClientRect().top;
    if (word.bottom > sheetTop - MARGIN_PX) {
      window.scrollBy({ top: word.bottom - sheetTop + 3 * MARGIN_PX });
    }
  }, [open]);

  // Escape and a tap outside (but not on another word, which moves the card) close it.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose(true);
    };
    const onPointer = (event: PointerEvent) => {
      if (ref.current?.contains(event.target as Node) || isWord(event.target)) return;
      onClose(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer, true);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer, true);
    };
  }, [onClose]);

  const onTouchStart = (event: TouchEvent) => {
    swipe.current = event.touches[0]?.clientY ?? null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = swipe.current;
    const end = event.changedTouches[0]?.clientY;
    swipe.current = null;
    if (start !== null && end !== undefined && end - start > SWIPE_CLOSE_PX) onClose(false);
  };

  const style = useMemo(
    () => ({ bottom, maxHeight: `calc(100dvh - ${top + bottom + 2 * MARGIN_PX}px)` }),
    [top, bottom],
  );
  return createPortal(
    <div
      ref={ref}
      role="dialog"
      aria-labelledby={headingId}
      tabIndex={-1}
      onTouchStart={onTouchStart}
      onTouchEnd={onTouchEnd}
      style={style}
      className="word-card fixed inset-x-0 z-40 overflow-y-auto rounded-t-2xl border border-stone-200 bg-white px-4 pt-2 pb-4 shadow-[0_-8px_24px_rgba(0,0,0,0.12)] outline-none dark:border-stone-700 dark:bg-stone-900"
      data-testid="word-card"
    >
      <div
        aria-hidden
        className="mx-auto mb-2 h-1 w-10 rounded-full bg-stone-300 dark:bg-stone-600"
      />
      <span className="sr-only">{t('reader.lookup.swipeHint')}</span>
      {children}
    </div>,
    document.body,
  );
}
