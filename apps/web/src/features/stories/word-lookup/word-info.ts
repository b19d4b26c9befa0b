import type { InterfaceLanguage } from '@lesefuchs/core/i18n/languages';
import type { FormTag } from '@lesefuchs/core/text/form-tags';
import { type Sentence, splitSentences } from '@lesefuchs/core/text/tokenize';
import type { StoryDetail, StoryToken, VocabularyEntry } from '../stories-api';
import { paragraphRanges } from './text-runs';

/** Everything the look-up card shows about one tapped word of a story. */
export interface WordInfo {
  /** The token's index in the story. */
  index: number;
  /** The word as written. */
  text: string;
  /** The sentence the word stands in (to save with the word, to translate on demand). */
  sentence: Sentence | null;
  /** The entry the word resolves to in its sentence. */
  entry: VocabularyEntry | null;
  /** For a compound without an entry of its own: the entries of its parts. */
  parts: VocabularyEntry[];
  /** Other entries the written form can be of ("weiß": also the adjective white). */
  alternatives: VocabularyEntry[];
  /** What the written form is of its entry (tags of the form table). */
  form: readonly FormTag[];
  /** Part of a separable verb written apart ("holt … ab"). */
  separable: boolean;
  /** A name without an entry (a person, a place). */
  name: StoryToken['name'] | null;
  /** One of the story's target words. */
  target: boolean;
}

const entriesOf = (ids: readonly number[] | undefined, byId: Map<number, VocabularyEntry>) =>
  (ids ?? []).map((id) => byId.get(id)).filter((entry): entry is VocabularyEntry => !!entry);

/** The look-up of one token of a story. */
export function wordInfo(
  detail: StoryDetail,
  index: number,
  byId: Map<number, VocabularyEntry>,
): WordInfo | null {
  const token = detail.tokens[index];
  if (!token) return null;
  const text = detail.story.contentDe;
  const sentence =
    splitSentences(text).find(
      (candidate) => candidate.start <= token.start && token.start < candidate.end,
    ) ?? null;
  return {
    index,
    text: text.slice(token.start, token.end),
    sentence,
    entry: token.vocabularyId === null ? null : (byId.get(token.vocabularyId) ?? null),
    parts: entriesOf(token.parts, byId),
    alternatives: entriesOf(token.alternatives, byId).filter(
      (entry) => entry.id !== token.vocabularyId,
    ),
    form: token.form ?? [],
    separable: token.separable === true,
    name: token.name ?? null,
    target: token.target === true,
  };
}

/**
 * The translation of the German sentence at `position`: the sentence at the same place of the
 * same paragraph when both paragraphs have as many sentences, otherwise the whole paragraph
 * (the stories are translated paragraph by paragraph, not always sentence by sentence).
 */
export function sentenceTranslation(
  german: string,
  translated: string,
  position: number,
): { text: string; whole: boolean } | null {
  const germanParagraphs = paragraphRanges(german);
  const index = germanParagraphs.findLastIndex((paragraph) => paragraph.start <= position);
  const range = germanParagraphs[index];
  const translationRange = paragraphRanges(translated)[index];
  if (!range || !translationRange) return null;
  const paragraph = german.slice(range.start, range.end);
  const translation = translated.slice(translationRange.start, translationRange.end);
  const germanSentences = splitSentences(paragraph);
  const translatedSentences = splitSentences(translation);
  const at = germanSentences.findIndex((sentence) => range.start + sentence.end > position);
  if (germanSentences.length === translatedSentences.length && at >= 0) {
    return { text: translatedSentences[at]?.text ?? translation, whole: false };
  }
  return { text: translation, whole: true };
}

/** The story's text in the learner's language (Spanish and Korean fall back to English). */
export function storyTextIn(detail: StoryDetail, language: InterfaceLanguage): string {
  const { story } = detail;
  if (language === 'es') return story.contentEs ?? story.contentEn ?? '';
  if (language === 'kr') return story.contentKr ?? story.contentEn ?? '';
  return story.contentEn ?? '';
}

/** The sentence where the story first uses the entry, to save with the word; null if nowhere. */
export function sentenceOfEntry(detail: StoryDetail, entryId: number): string | null {
  const token = detail.tokens.find((candidate) => candidate.vocabularyId === entryId);
  if (!token) return null;
  const sentence = splitSentences(detail.story.contentDe).find(
    (candidate) => candidate.start <= token.start && token.start < candidate.end,
  );
  return sentence?.text ?? null;
}
