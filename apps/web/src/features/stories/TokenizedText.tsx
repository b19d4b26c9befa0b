import { ARTICLE_OF, type InterfaceLanguage, splitSentences } from '@lesefuchs/core';
import * as Popover from '@radix-ui/react-popover';
import { type ReactNode, useMemo, useState } from 'react';
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
}

/**
 * The German text of a story with every word a button: a tap shows the meaning inline under
 * its paragraph or in a popover, as the learner prefers (spec 2 §2, targetWordClickAction).
 */
export function TokenizedText({ detail, language, boldTargets, clickAction, action }: Props) {
  const byId = useMemo(
    () => new Map(detail.vocabulary.map((entry) => [entry.id, entry])),
    [detail.vocabulary],
  );
  const [open, setOpen] = useState<number | null>(null);
  const text = detail.story.contentDe;

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
    <div className="story-text flex flex-col gap-4" lang="de" data-tour="story-text">
      {paragraphs.map((paragraph) => {
        const pieces: ReactNode[] = [];
        let cursor = paragraph.start;
        let openInfo: WordInfo | null = null;
        for (const index of paragraph.tokens) {
          const token = detail.tokens[index] as StoryToken;
          if (token.start > cursor) pieces.push(text.slice(cursor, token.start));
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
          pieces.push(
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
            ),
          );
          cursor = token.end;
        }
        if (cursor < paragraph.end) pieces.push(text.slice(cursor, paragraph.end));
        return (
          <div key={paragraph.start}>
            <p className="text-lg leading-relaxed">{pieces}</p>
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
