import type { InterfaceLanguage } from '@lesefuchs/core/i18n/languages';
import { useMemo } from 'react';
import type { StoryDetail } from '../stories-api';
import { useWordLookup } from './WordLookup';
import { sentenceTranslation, storyTextIn, type WordInfo, wordInfo } from './word-info';

/**
 * The look-up of a story's words, for any mode that shows its text: the open word, the props
 * that make a button open its card, and the card's own props (`<WordLookup {...card} />`).
 */
export function useStoryLookup(
  detail: StoryDetail,
  language: InterfaceLanguage,
  onOpen?: () => void,
) {
  const byId = useMemo(
    () => new Map(detail.vocabulary.map((entry) => [entry.id, entry])),
    [detail.vocabulary],
  );
  const translate = useMemo(() => {
    const translated = storyTextIn(detail, language);
    if (!translated) return undefined;
    return (info: WordInfo) =>
      info.sentence
        ? sentenceTranslation(detail.story.contentDe, translated, info.sentence.start)
        : null;
  }, [detail, language]);
  const { open, close, show, wordProps, onWordClick } = useWordLookup(onOpen);
  const card = {
    open,
    info: open ? wordInfo(detail, open.index, byId) : null,
    onClose: close,
    language,
    translate,
  };
  return { open, close, show, wordProps, onWordClick, card };
}
