import type { CardContext } from '@lesefuchs/core/srs/api';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import '../../texts/flashcards';

const SentenceClipButton = lazy(() => import('./SentenceClipButton'));

/** The sentence cut at the word's marks: [text, marked] pieces in order. */
export function markedPieces(sentence: string, marks: readonly [number, number][]) {
  const pieces: { text: string; marked: boolean }[] = [];
  let at = 0;
  for (const [from, to] of [...marks].sort((a, b) => a[0] - b[0])) {
    if (from < at || to > sentence.length || to <= from) continue;
    if (from > at) pieces.push({ text: sentence.slice(at, from), marked: false });
    pieces.push({ text: sentence.slice(from, to), marked: true });
    at = to;
  }
  if (at < sentence.length) pieces.push({ text: sentence.slice(at), marked: false });
  return pieces;
}

/**
 * A saved word's story sentence on its card: the sentence with the word marked, the story it
 * is from, and where the story's audio has the sentence, a button that plays it.
 */
export function StorySentence({ context }: { context: CardContext }) {
  const { t } = useTranslation();
  const clip =
    context.story_id !== null && context.text_from !== null && context.audio_url_de !== null;
  return (
    <figure
      className="flex w-full max-w-prose flex-col items-center gap-2"
      data-testid="story-sentence-card"
    >
      <blockquote lang="de" className="text-lg text-stone-800 leading-relaxed dark:text-stone-200">
        <span className="sr-only">{t('flashcards.card.storySentence')} </span>
        {markedPieces(context.sentence, context.marks).map((piece, index) =>
          piece.marked ? (
            <mark key={index} className="saved-word-mark">
              {piece.text}
            </mark>
          ) : (
            piece.text
          ),
        )}
      </blockquote>
      {context.story_title && (
        <figcaption className="text-sm text-stone-600 dark:text-stone-400">
          {t('flashcards.card.fromStory', { title: context.story_title })}
        </figcaption>
      )}
      {clip && (
        <Suspense fallback={null}>
          <SentenceClipButton context={context} />
        </Suspense>
      )}
    </figure>
  );
}
