import { splitSentences } from '@lesefuchs/core/text/tokenize';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StoryDetail } from '../stories-api';
import { WordRun } from '../TokenizedText';
import { paragraphRanges, type Span, textRuns } from '../word-lookup/text-runs';
import { useStoryLookup } from '../word-lookup/use-story-lookup';
import { WordLookup } from '../word-lookup/WordLookup';
import { isControlTarget, type ModeProps } from './types';
import '../../../texts/reader';

/** Longest page of the focus mode before a paragraph is split into groups of sentences. */
export const FOCUS_PAGE_CHARS = 600;

/**
 * The pages of the focus mode: one paragraph each, and a long paragraph (or a story without blank
 * lines) split into groups of whole sentences of at most `maxChars` (a longer sentence alone).
 */
export function focusPages(text: string, maxChars = FOCUS_PAGE_CHARS): Span[] {
  return paragraphRanges(text).flatMap((paragraph) => {
    if (paragraph.end - paragraph.start <= maxChars) return [paragraph];
    const sentences = splitSentences(text.slice(paragraph.start, paragraph.end));
    const starts: number[] = [];
    let groupStart: number | null = null;
    for (const sentence of sentences) {
      if (groupStart === null || sentence.end - groupStart > maxChars) {
        groupStart = sentence.start;
        starts.push(sentence.start);
      }
    }
    if (starts.length < 2) return [paragraph];
    // Each group runs up to the next one, so no character of the paragraph is lost.
    return starts.map((start, index) => {
      const next = starts[index + 1];
      const end = next === undefined ? paragraph.end - paragraph.start : next;
      const slice = text.slice(paragraph.start + start, paragraph.start + end);
      return {
        start: paragraph.start + start,
        end: paragraph.start + start + slice.trimEnd().length,
      };
    });
  });
}

/**
 * The German text of one range with every word a button that opens its look-up card (the same
 * card as in the normal mode).
 */
export function RangeText({
  detail,
  range,
  language,
  className,
}: {
  detail: StoryDetail;
  range: Span;
  language: ModeProps['language'];
  className: string;
}) {
  const { open, wordProps, card } = useStoryLookup(detail, language);
  const text = detail.story.contentDe;
  return (
    <>
      <p lang="de" className={`whitespace-pre-line ${className}`}>
        {textRuns(text, detail.tokens, range).map((run) =>
          run.kind === 'text' ? (
            text.slice(run.start, run.end)
          ) : (
            <WordRun
              key={run.start}
              text={text}
              run={run}
              className={`word ${open?.index === run.token ? 'word-open' : ''}`}
              button={{ ...wordProps(run.token), 'data-testid': 'story-word' }}
            />
          ),
        )}
      </p>
      <WordLookup {...card} />
    </>
  );
}

/**
 * The focus reader: one page of the story at a time in a calm, large layout with Previous/Next
 * and "n / total"; on the last page the finish button. ArrowLeft/ArrowRight turn the page.
 */
export function FocusReader({
  detail,
  language,
  finishLabel,
  onFinish,
  finishDisabled = false,
}: {
  detail: StoryDetail;
  language: ModeProps['language'];
  finishLabel: string;
  onFinish: () => void;
  finishDisabled?: boolean;
}) {
  const { t } = useTranslation();
  const text = detail.story.contentDe;
  const pages = useMemo(() => focusPages(text), [text]);
  const [page, setPage] = useState(0);
  const total = pages.length;
  const current = Math.min(page, Math.max(0, total - 1));
  const isLast = current >= total - 1;

  const move = useCallback(
    (step: number) =>
      setPage((shown) => Math.min(Math.max(0, shown + step), Math.max(0, total - 1))),
    [total],
  );
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || isControlTarget(event.target)) return;
      if (event.key === 'ArrowLeft') move(-1);
      else if (event.key === 'ArrowRight') move(1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [move]);

  const range = pages[current];
  return (
    <section
      aria-label={t('reader.modes.focus.label')}
      className="mx-auto flex w-full max-w-3xl flex-col gap-5 rounded-2xl border border-stone-200 bg-white p-5 sm:p-8 dark:border-stone-800 dark:bg-stone-900"
    >
      {range ? (
        <div aria-live="polite" className="min-h-40">
          <RangeText
            key={range.start}
            detail={detail}
            range={range}
            language={language}
            className="text-xl leading-loose text-stone-800 sm:text-2xl sm:leading-loose dark:text-stone-100"
          />
        </div>
      ) : (
        <p>{t('reader.modes.focus.empty')}</p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3 border-stone-200 border-t pt-4 dark:border-stone-800">
        <button
          type="button"
          className="button-secondary aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
          aria-disabled={current === 0}
          onClick={() => move(-1)}
        >
          <ChevronLeft aria-hidden size={18} />
          {t('reader.modes.focus.previous')}
        </button>
        <span className="text-sm text-stone-600 tabular-nums dark:text-stone-300">
          <span className="sr-only">{t('reader.modes.focus.pageLabel')} </span>
          {t('reader.modes.focus.position', { current: total === 0 ? 0 : current + 1, total })}
        </span>
        <button
          type="button"
          className="button-primary aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
          aria-disabled={isLast && finishDisabled}
          onClick={() => (isLast ? onFinish() : move(1))}
        >
          {isLast ? finishLabel : t('reader.modes.focus.next')}
          {!isLast && <ChevronRight aria-hidden size={18} />}
        </button>
      </div>
    </section>
  );
}

/** Focused reading: a paragraph at a time; "Finish" on the last one marks the story read. */
export function FocusMode(props: ModeProps) {
  // Another story starts afresh: its first page and its own single onComplete.
  return <Focus key={props.detail.story.id} {...props} />;
}

function Focus({ detail, language, onComplete }: ModeProps) {
  const { t } = useTranslation();
  const completed = useRef(false);
  const [done, setDone] = useState(false);
  const finish = () => {
    if (completed.current) return;
    completed.current = true;
    setDone(true);
    onComplete();
  };
  return (
    <div className="flex flex-col gap-4">
      <FocusReader
        detail={detail}
        language={language}
        finishLabel={done ? t('reader.modes.focus.finished') : t('reader.modes.focus.finish')}
        finishDisabled={done}
        onFinish={finish}
      />
      <p role="status" className="text-center text-sm text-stone-600 dark:text-stone-300">
        {done ? t('reader.modes.common.markedRead') : ''}
      </p>
    </div>
  );
}
