import type { InterfaceLanguage } from '@lesefuchs/core/i18n/languages';
import { type MouseEvent, memo, type ReactNode, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useRenderedInSteps } from '../../lib/render-steps';
import { screenInsets } from '../../lib/screen-insets';
import type { StoryDetail, StoryToken, VocabularyEntry } from './stories-api';
import { paragraphRanges, type TextRun, textRuns } from './word-lookup/text-runs';
import { useStoryLookup } from './word-lookup/use-story-lookup';
import { type WordButtonProps, WordLookup } from './word-lookup/WordLookup';
import type { WordInfo } from './word-lookup/word-info';
import '../../texts/audio';

interface Props {
  detail: StoryDetail;
  language: InterfaceLanguage;
  /** Bold the story's target words (preference boldTargetWords). */
  boldTargets: boolean;
  /** The whole card (inline, the default) or a short one (tooltip), spec 2 §2 targetWordClickAction. */
  clickAction: 'inline' | 'tooltip';
  /** An action on the card, e.g. save the word. */
  action?: (entry: VocabularyEntry, info: WordInfo) => ReactNode;
  /** While the story's audio is on: its sentences, the one being read, and a seek to one. */
  reading?: SentenceReading;
  /** Called when a word's card opens (e.g. to pause the audio, as the learner prefers). */
  onWordOpen?: () => void;
  /** Called before a word is read aloud. */
  onSpeak?: () => void;
  /** Called once every paragraph is rendered (they come a few per task). */
  onAllRendered?: () => void;
}

/** The sentences of the audio (character ranges of the German text) for following along. */
export interface SentenceReading {
  sentences: { from: number; to: number }[];
  active: number | null;
  onSeek(index: number): void;
}

interface WordRunProps {
  text: string;
  run: Extract<TextRun, { kind: 'word' }>;
  className: string;
  button: WordButtonProps & { 'data-testid'?: string; 'data-tour'?: string };
}

/** Same props, value by value (the button's too): the word need not render again. */
function sameWordRun(a: WordRunProps, b: WordRunProps): boolean {
  if (a.text !== b.text || a.run !== b.run || a.className !== b.className) return false;
  const keys = new Set([...Object.keys(a.button), ...Object.keys(b.button)]);
  for (const key of keys) {
    if (
      a.button[key as keyof WordRunProps['button']] !==
      b.button[key as keyof WordRunProps['button']]
    )
      return false;
  }
  return true;
}

/**
 * A word with the punctuation that clings to it, laid out without a break. A memo: a tap that
 * opens a card re-renders the two words whose state changed, not the whole text.
 */
export const WordRun = memo(function WordRun({ text, run, className, button }: WordRunProps) {
  return (
    <span className="word-run">
      {text.slice(run.start, run.word.start)}
      <button type="button" className={className} {...button}>
        {text.slice(run.word.start, run.word.end)}
      </button>
      {text.slice(run.word.end, run.end)}
    </span>
  );
}, sameWordRun);

/** A run of a story's text: as it is, or a word (a button that opens its card). */
function storyRun(
  text: string,
  run: TextRun,
  tokens: StoryToken[],
  boldTargets: boolean,
  openToken: number | null,
  onWordClick: (event: MouseEvent<HTMLElement>) => void,
): ReactNode {
  if (run.kind === 'text') return text.slice(run.start, run.end);
  const token = tokens[run.token] as StoryToken;
  const open = openToken === run.token;
  return (
    <WordRun
      key={run.start}
      text={text}
      run={run}
      className={`word ${token.target && boldTargets ? 'word-target' : ''} ${open ? 'word-open' : ''}`}
      button={{
        'data-word-index': run.token,
        'aria-expanded': open,
        'aria-haspopup': 'dialog',
        onClick: onWordClick,
        'data-testid': 'story-word',
        'data-tour': token.target ? 'story-word' : undefined,
      }}
    />
  );
}

/** Paragraphs rendered at once (a phone's first screen); the rest follow a step per task. */
const FIRST_PARAGRAPHS = 3;

/**
 * A paragraph while no audio is followed. A memo: a card opening or moving re-renders the
 * paragraphs of the words it leaves and reaches, not the whole text.
 */
const PlainParagraph = memo(function PlainParagraph({
  text,
  runs,
  tokens,
  boldTargets,
  openToken,
  onWordClick,
}: {
  text: string;
  runs: TextRun[];
  tokens: StoryToken[];
  boldTargets: boolean;
  /** The open word when it is in this paragraph, else null. */
  openToken: number | null;
  onWordClick: (event: MouseEvent<HTMLElement>) => void;
}) {
  return (
    <p className="text-lg leading-relaxed">
      {runs.map((run) => storyRun(text, run, tokens, boldTargets, openToken, onWordClick))}
    </p>
  );
});

/** Runs of a paragraph grouped by the audio sentence they start in (-1: none). */
function groupBySentence(
  runs: TextRun[],
  sentences: { from: number; to: number }[],
): { sentence: number; runs: TextRun[]; start: number }[] {
  const sentenceAt = (position: number) =>
    sentences.findIndex((sentence) => sentence.from <= position && position < sentence.to);
  const groups: { sentence: number; runs: TextRun[]; start: number }[] = [];
  for (const run of runs) {
    const sentence = sentenceAt(run.kind === 'word' ? run.word.start : run.start);
    const last = groups.at(-1);
    if (last && last.sentence === sentence) last.runs.push(run);
    else groups.push({ sentence, runs: [run], start: run.start });
  }
  return groups;
}

/**
 * The German text of a story with every word a button that opens its look-up card; while the
 * audio plays, the sentence being read is highlighted and each sentence can be played from.
 */
export function TokenizedText({
  detail,
  language,
  boldTargets,
  clickAction,
  action,
  reading,
  onWordOpen,
  onSpeak,
  onAllRendered,
}: Props) {
  const { t } = useTranslation();
  const { open, onWordClick, card } = useStoryLookup(detail, language, onWordOpen);
  const text = detail.story.contentDe;
  const sentences = reading?.sentences ?? [];
  const container = useRef<HTMLDivElement>(null);

  // The sentence being read stays in view, without jumping when it already is.
  useEffect(() => {
    if (reading?.active === null || reading?.active === undefined) return;
    const active = container.current?.querySelector('.sentence-active');
    if (!active || typeof active.scrollIntoView !== 'function') return;
    const box = active.getBoundingClientRect();
    // Under the sticky header and player (whose height changes as it plays and pauses), or
    // below the fold or the docked navigation: brought to a third of the band left in view.
    const insets = screenInsets();
    const top = insets.top + 8;
    const bottom = window.innerHeight - insets.bottom - 8;
    if (box.top < top || box.bottom > bottom) {
      const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
      const room = Math.max(0, bottom - top - box.height);
      window.scrollTo({
        top: window.scrollY + box.top - top - room / 3,
        behavior: smooth ? 'smooth' : 'auto',
      });
    }
  }, [reading?.active]);

  const paragraphs = useMemo(
    () =>
      paragraphRanges(text).map((span) => {
        const runs = textRuns(text, detail.tokens, span);
        const tokens = new Set(runs.flatMap((run) => (run.kind === 'word' ? [run.token] : [])));
        return { span, runs, tokens };
      }),
    [text, detail.tokens],
  );

  const rendered = useRenderedInSteps(paragraphs, FIRST_PARAGRAPHS);
  const allRendered = rendered >= paragraphs.length;
  useEffect(() => {
    if (allRendered) onAllRendered?.();
  }, [allRendered, onAllRendered]);

  const renderRun = (run: TextRun) =>
    storyRun(text, run, detail.tokens, boldTargets, open?.index ?? null, onWordClick);

  return (
    <div
      ref={container}
      className="story-text flex flex-col gap-4"
      lang="de"
      data-tour="story-text"
    >
      {paragraphs.slice(0, rendered).map(({ span, runs, tokens }) =>
        reading ? (
          <p key={span.start} className="text-lg leading-relaxed">
            {groupBySentence(runs, sentences).map((group) =>
              group.sentence < 0 ? (
                group.runs.map(renderRun)
              ) : (
                <span
                  key={group.start}
                  className={`sentence ${group.sentence === reading.active ? 'sentence-active' : ''}`}
                  data-testid="story-sentence"
                  aria-current={group.sentence === reading.active ? 'true' : undefined}
                >
                  {group.runs[0] &&
                    sentences[group.sentence]?.from !== undefined &&
                    sentenceStartsIn(group.runs[0], sentences[group.sentence]?.from as number) && (
                      <button
                        type="button"
                        className="sentence-seek"
                        aria-label={t('audio.playFromSentence', { number: group.sentence + 1 })}
                        onClick={() => reading.onSeek(group.sentence)}
                      >
                        <span aria-hidden>▸</span>
                      </button>
                    )}
                  {group.runs.map(renderRun)}
                </span>
              ),
            )}
          </p>
        ) : (
          <PlainParagraph
            key={span.start}
            text={text}
            runs={runs}
            tokens={detail.tokens}
            boldTargets={boldTargets}
            openToken={open && tokens.has(open.index) ? open.index : null}
            onWordClick={onWordClick}
          />
        ),
      )}
      <WordLookup {...card} compact={clickAction === 'tooltip'} action={action} onSpeak={onSpeak} />
    </div>
  );
}

/** Whether an audio sentence starting at `from` starts in this run (its first word's run). */
function sentenceStartsIn(run: TextRun, from: number): boolean {
  return run.start <= from && from <= (run.kind === 'word' ? run.word.start : run.end);
}
