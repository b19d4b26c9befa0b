import { Eye, RotateCcw } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WordRun } from '../TokenizedText';
import { paragraphRanges, textRuns } from '../word-lookup/text-runs';
import { useStoryLookup } from '../word-lookup/use-story-lookup';
import { WordLookup } from '../word-lookup/WordLookup';
import type { ModeProps } from './types';
import '../../../texts/reader';

/**
 * Practice: a cloze of the story. Its target words are blanks; a tap on a blank reveals the word
 * and its meaning under the paragraph. When every blank is revealed the story is read.
 */
export function PracticeMode(props: ModeProps) {
  // Another story starts afresh: all blanks hidden and its own single onComplete.
  return <Practice key={props.detail.story.id} {...props} />;
}

function Practice({ detail, language, onComplete }: ModeProps) {
  const { t } = useTranslation();
  const text = detail.story.contentDe;
  const { open, close, show, wordProps, card } = useStoryLookup(detail, language);
  // Paragraphs with the indexes of their tokens, and the number of each blank in reading order.
  const { paragraphs, blankNumber } = useMemo(() => {
    const numbers = new Map<number, number>();
    const result = paragraphRanges(text).map((range) => ({
      ...range,
      tokens: detail.tokens.flatMap((token, index) =>
        token.start >= range.start && token.end <= range.end ? [index] : [],
      ),
    }));
    for (const paragraph of result) {
      for (const index of paragraph.tokens) {
        if (detail.tokens[index]?.target === true) numbers.set(index, numbers.size + 1);
      }
    }
    return { paragraphs: result, blankNumber: numbers };
  }, [text, detail.tokens]);
  const total = blankNumber.size;

  const [revealed, setRevealed] = useState<ReadonlySet<number>>(() => new Set());
  // A blank just revealed by a tap: its card opens once its word is on the page.
  const [justRevealed, setJustRevealed] = useState<{ index: number; keyboard: boolean } | null>(
    null,
  );
  useEffect(() => {
    if (!justRevealed) return;
    show(justRevealed.index, justRevealed.keyboard);
    setJustRevealed(null);
  }, [justRevealed, show]);
  const [done, setDone] = useState(false);
  const completed = useRef(false);

  const complete = () => {
    setDone(true);
    if (completed.current) return;
    completed.current = true;
    onComplete();
  };
  const update = (next: Set<number>) => {
    setRevealed(next);
    if (total > 0 && next.size === total) complete();
  };
  const reveal = (index: number, keyboard: boolean) => {
    setJustRevealed({ index, keyboard });
    if (revealed.has(index)) return;
    update(new Set(revealed).add(index));
  };
  const revealAll = () => {
    close();
    update(new Set(blankNumber.keys()));
  };
  const startAgain = () => {
    close();
    setRevealed(new Set());
    setDone(false);
  };

  const count = revealed.size;
  return (
    <section
      aria-label={t('reader.modes.practice.label')}
      className="mx-auto flex w-full max-w-3xl flex-col gap-5"
    >
      <div className="flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-5 dark:border-stone-800 dark:bg-stone-900">
        <p className="text-sm text-stone-600 dark:text-stone-300">
          {total > 0 ? t('reader.modes.practice.intro') : t('reader.modes.practice.noTargets')}
        </p>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p aria-live="polite" className="font-medium tabular-nums">
            {t('reader.modes.practice.counter', { revealed: count, total })}
            {done && total > 0 && (
              <span className="block font-normal text-sm">
                {t('reader.modes.practice.allDone')}
              </span>
            )}
          </p>
          <div className="flex flex-wrap gap-2">
            {total > 0 && count < total && (
              <button type="button" className="button-secondary" onClick={revealAll}>
                <Eye aria-hidden size={18} />
                {t('reader.modes.practice.revealAll')}
              </button>
            )}
            {count > 0 && (
              <button type="button" className="button-secondary" onClick={startAgain}>
                <RotateCcw aria-hidden size={18} />
                {t('reader.modes.practice.startAgain')}
              </button>
            )}
            {total === 0 && (
              <button
                type="button"
                className="button-primary aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
                aria-disabled={done}
                onClick={complete}
              >
                {done ? t('reader.modes.practice.finished') : t('reader.modes.practice.finish')}
              </button>
            )}
          </div>
        </div>
      </div>

      <div
        className="story-text flex flex-col gap-5 rounded-2xl border border-stone-200 bg-white p-5 sm:p-8 dark:border-stone-800 dark:bg-stone-900"
        data-testid="cloze-text"
      >
        {paragraphs.map((paragraph) => (
          <p key={paragraph.start} lang="de" className="whitespace-pre-line text-lg leading-loose">
            {textRuns(text, detail.tokens, paragraph, (index) => blankNumber.has(index)).map(
              (run) => {
                if (run.kind === 'text') return text.slice(run.start, run.end);
                const number = blankNumber.get(run.token) as number;
                const word = text.slice(run.word.start, run.word.end);
                if (revealed.has(run.token)) {
                  return (
                    <WordRun
                      key={run.start}
                      text={text}
                      run={run}
                      className={`word word-target border-orange-600 border-b-2 dark:border-orange-400 ${open?.index === run.token ? 'word-open' : ''}`}
                      button={{ ...wordProps(run.token), 'data-testid': 'story-word' }}
                    />
                  );
                }
                return (
                  <span key={run.start} className="word-run">
                    {text.slice(run.start, run.word.start)}
                    <button
                      type="button"
                      aria-label={t('reader.modes.practice.blank', { number })}
                      onClick={(event) => reveal(run.token, event.detail === 0)}
                      data-testid="cloze-blank"
                      style={{ minWidth: `${Math.min(14, Math.max(3, word.length))}ch` }}
                      className="mx-0.5 inline-flex items-end justify-center rounded-t border-stone-500 border-b-2 border-dashed bg-stone-100 px-1 align-baseline text-sm text-stone-700 leading-normal hover:bg-orange-100 focus-visible:outline-2 focus-visible:outline-orange-600 focus-visible:outline-offset-1 dark:border-stone-400 dark:bg-stone-800 dark:text-stone-200 dark:hover:bg-stone-700"
                    >
                      <span aria-hidden>{number}</span>
                    </button>
                    {text.slice(run.word.end, run.end)}
                  </span>
                );
              },
            )}
          </p>
        ))}
        <WordLookup {...card} />
      </div>
    </section>
  );
}
