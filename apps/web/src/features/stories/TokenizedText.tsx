import { ARTICLE_OF, type InterfaceLanguage, splitSentences } from '@lesefuchs/core';
import * as Popover from '@radix-ui/react-popover';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StoryDetail, StoryToken, VocabularyEntry } from './stories-api';
import { translationIn } from './stories-api';

/** What a tap on a word shows: its entry, or the entries of a compound's parts. */
export interface WordInfo {
  text: string;
  /** The sentence the word stands in, e.g. to save with the word. */
  sentence: string;
  entry: VocabularyEntry | null;
  parts: VocabularyEntry[];
  target: boolean;
}

/** The entry (or parts) behind a token. */
export function wordInfo(
  detail: StoryDetail,
  token: StoryToken,
  byId: Map<number, VocabularyEntry>,
): WordInfo {
  const sentence = splitSentences(detail.story.contentDe).find(
    (candidate) => candidate.start <= token.start && token.start < candidate.end,
  );
  return {
    text: detail.story.contentDe.slice(token.start, token.end),
    sentence: sentence?.text ?? '',
    entry: token.vocabularyId === null ? null : (byId.get(token.vocabularyId) ?? null),
    parts: (token.parts ?? [])
      .map((id) => byId.get(id))
      .filter((entry): entry is VocabularyEntry => !!entry),
    target: token.target === true,
  };
}

/** der/die/das coloured by gender, then the word without its article. */
export function EntryWord({ entry }: { entry: VocabularyEntry }) {
  const article = entry.gender ? ARTICLE_OF[entry.gender] : null;
  const word = article ? entry.word.replace(/^(der|die|das)\s+/, '') : entry.word;
  return (
    <span>
      {article && <span className={`article article-${entry.gender}`}>{article} </span>}
      <span className="font-semibold">{word}</span>
    </span>
  );
}

/** The meaning of a tapped word in the learner's language, with an optional action. */
export function WordMeaning({
  info,
  language,
  action,
}: {
  info: WordInfo;
  language: InterfaceLanguage;
  action?: (entry: VocabularyEntry, info: WordInfo) => ReactNode;
}) {
  const { t } = useTranslation();
  if (info.entry) {
    return (
      <span className="flex flex-col gap-1" data-testid="word-meaning">
        <EntryWord entry={info.entry} />
        <span>{translationIn(info.entry, language)}</span>
        {info.entry.plural && (
          <span className="text-stone-500 text-xs dark:text-stone-400">
            {t('reader.plural', { plural: info.entry.plural })}
          </span>
        )}
        {action?.(info.entry, info)}
      </span>
    );
  }
  if (info.parts.length > 1) {
    return (
      <span className="flex flex-col gap-1" data-testid="word-meaning">
        <span className="font-semibold">{info.text}</span>
        <span className="text-stone-500 text-xs dark:text-stone-400">{t('reader.compound')}</span>
        {info.parts.map((part) => (
          <span key={part.id}>
            <EntryWord entry={part} /> — {translationIn(part, language)}
          </span>
        ))}
      </span>
    );
  }
  return (
    <span data-testid="word-meaning">
      <span className="font-semibold">{info.text}</span> — {t('reader.noEntry')}
    </span>
  );
}

interface Props {
  detail: StoryDetail;
  language: InterfaceLanguage;
  /** Bold the story's target words (preference boldTargetWords). */
  boldTargets: boolean;
  /** Show the meaning under the paragraph (inline) or in a popover (tooltip). */
  clickAction: 'inline' | 'tooltip';
  /** An action under the meaning, e.g. save the word. */
  action?: (entry: VocabularyEntry, info: WordInfo) => ReactNode;
  /** While the story's audio is on: its sentences, the one being read, and a seek to one. */
  reading?: SentenceReading;
}

/** The sentences of the audio (character ranges of the German text) for following along. */
export interface SentenceReading {
  sentences: { from: number; to: number }[];
  active: number | null;
  onSeek(index: number): void;
}

/** Pieces of a paragraph grouped by the audio sentence they stand in (-1: between sentences). */
function groupBySentence(
  pieces: { start: number; end: number; node: ReactNode }[],
  sentences: { from: number; to: number }[],
): { sentence: number; nodes: ReactNode[]; start: number }[] {
  const sentenceAt = (position: number) =>
    sentences.findIndex((sentence) => sentence.from <= position && position < sentence.to);
  const groups: { sentence: number; nodes: ReactNode[]; start: number }[] = [];
  for (const piece of pieces) {
    const sentence = sentenceAt(piece.start);
    const last = groups[groups.length - 1];
    if (last && last.sentence === sentence) last.nodes.push(piece.node);
    else groups.push({ sentence, nodes: [piece.node], start: piece.start });
  }
  return groups;
}

/** Text between words, cut where an audio sentence starts or ends. */
function textPieces(
  text: string,
  start: number,
  end: number,
  sentences: { from: number; to: number }[],
): { start: number; end: number; node: ReactNode }[] {
  const cuts = [
    ...new Set(
      sentences
        .flatMap((sentence) => [sentence.from, sentence.to])
        .filter((at) => at > start && at < end),
    ),
  ].sort((a, b) => a - b);
  const bounds = [start, ...cuts, end];
  return bounds.slice(0, -1).map((from, index) => {
    const to = bounds[index + 1] as number;
    return { start: from, end: to, node: text.slice(from, to) };
  });
}

/**
 * The German text of a story with every word a button: a tap shows the meaning inline under
 * its paragraph or in a popover, as the learner prefers (spec 2 §2, targetWordClickAction).
 */
export function TokenizedText({
  detail,
  language,
  boldTargets,
  clickAction,
  action,
  reading,
}: Props) {
  const { t } = useTranslation();
  const byId = useMemo(
    () => new Map(detail.vocabulary.map((entry) => [entry.id, entry])),
    [detail.vocabulary],
  );
  const [open, setOpen] = useState<number | null>(null);
  const text = detail.story.contentDe;
  const sentences = reading?.sentences ?? [];
  const container = useRef<HTMLDivElement>(null);

  // The sentence being read stays in view, without jumping when it already is.
  useEffect(() => {
    if (reading?.active === null || reading?.active === undefined) return;
    const active = container.current?.querySelector('.sentence-active');
    if (!active || typeof active.scrollIntoView !== 'function') return;
    const box = active.getBoundingClientRect();
    // Above the sticky header and player, or below the fold.
    if (box.top < 220 || box.bottom > window.innerHeight - 40) {
      const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
      active.scrollIntoView({ block: 'center', behavior: smooth ? 'smooth' : 'auto' });
    }
  }, [reading?.active]);

  // Paragraphs with their tokens, keeping the text between words as written.
  const paragraphs = useMemo(() => {
    const result: { start: number; end: number; tokens: number[] }[] = [];
    let start = 0;
    for (const part of text.split(/\n\s*\n/)) {
      const from = text.indexOf(part, start);
      const to = from + part.length;
      const tokens = detail.tokens
        .map((token, index) => ({ token, index }))
        .filter(({ token }) => token.start >= from && token.end <= to)
        .map(({ index }) => index);
      result.push({ start: from, end: to, tokens });
      start = to;
    }
    return result;
  }, [text, detail.tokens]);

  return (
    <div
      ref={container}
      className="story-text flex flex-col gap-4"
      lang="de"
      data-tour="story-text"
    >
      {paragraphs.map((paragraph) => {
        const pieces: { start: number; end: number; node: ReactNode }[] = [];
        let cursor = paragraph.start;
        let openInfo: WordInfo | null = null;
        for (const index of paragraph.tokens) {
          const token = detail.tokens[index] as StoryToken;
          if (token.start > cursor)
            pieces.push(...textPieces(text, cursor, token.start, sentences));
          const info = wordInfo(detail, token, byId);
          if (open === index) openInfo = info;
          const button = (
            <button
              key={index}
              type="button"
              data-tour={token.target ? 'story-word' : undefined}
              data-testid="story-word"
              aria-expanded={open === index}
              onClick={() => setOpen(open === index ? null : index)}
              className={`word ${token.target && boldTargets ? 'word-target' : ''} ${open === index ? 'word-open' : ''}`}
            >
              {info.text}
            </button>
          );
          const node =
            clickAction === 'tooltip' ? (
              <Popover.Root
                key={index}
                open={open === index}
                onOpenChange={(next) => setOpen(next ? index : null)}
              >
                <Popover.Trigger asChild>{button}</Popover.Trigger>
                <Popover.Portal>
                  <Popover.Content
                    sideOffset={6}
                    className="z-40 max-w-72 rounded-xl border border-stone-200 bg-white p-3 text-sm shadow-lg dark:border-stone-700 dark:bg-stone-900"
                  >
                    <WordMeaning info={info} language={language} action={action} />
                  </Popover.Content>
                </Popover.Portal>
              </Popover.Root>
            ) : (
              button
            );
          pieces.push({ start: token.start, end: token.end, node });
          cursor = token.end;
        }
        if (cursor < paragraph.end) {
          pieces.push(...textPieces(text, cursor, paragraph.end, sentences));
        }
        const content = reading
          ? groupBySentence(pieces, sentences).map((group) =>
              group.sentence < 0 ? (
                group.nodes
              ) : (
                <span
                  key={group.start}
                  className={`sentence ${group.sentence === reading.active ? 'sentence-active' : ''}`}
                  data-testid="story-sentence"
                  aria-current={group.sentence === reading.active ? 'true' : undefined}
                >
                  {sentences[group.sentence]?.from === group.start && (
                    <button
                      type="button"
                      className="sentence-seek"
                      aria-label={t('audio.playFromSentence', { number: group.sentence + 1 })}
                      onClick={() => reading.onSeek(group.sentence)}
                    >
                      <span aria-hidden>▸</span>
                    </button>
                  )}
                  {group.nodes}
                </span>
              ),
            )
          : pieces.map((piece) => piece.node);
        return (
          <div key={paragraph.start}>
            <p className="text-lg leading-relaxed">{content}</p>
            {clickAction === 'inline' && openInfo && (
              <div
                role="status"
                className="mt-2 rounded-xl border border-orange-200 bg-orange-50 p-3 text-sm dark:border-stone-700 dark:bg-stone-900"
              >
                <WordMeaning info={openInfo} language={language} action={action} />
              </div>
            )}
          </div>
        );
      })}
    </div>
  );
}
