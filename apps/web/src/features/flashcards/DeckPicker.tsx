import { LEVELS, type Level } from '@lesefuchs/core/content/taxonomy';
import { formatFlashcardDeck, parseFlashcardDeck } from '@lesefuchs/core/srs/decks';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Chip } from '../../components/Chip';
import '../../texts/flashcards';

/** A deck selection in words: "Saved words · A1 + A2", "All words". */
export function deckLabel(deck: string, t: TFunction): string {
  const { savedOnly, levels } = parseFlashcardDeck(deck);
  const parts = [
    ...(savedOnly
      ? [t('flashcards.deck.saved')]
      : levels.length === 0
        ? [t('flashcards.deck.database')]
        : []),
    ...(levels.length > 0 ? [levels.join(' + ')] : []),
  ];
  return parts.join(' · ');
}

/**
 * The deck selector (spec 3 §2): my saved words, all words (database) or level decks; several
 * levels join with + (level-a1+level-a2), and saved words can be narrowed to levels.
 */
export function DeckPicker({ deck, onChange }: { deck: string; onChange: (deck: string) => void }) {
  const { t } = useTranslation();
  const current = parseFlashcardDeck(deck);
  const set = (next: { savedOnly: boolean; levels: Level[] }) =>
    onChange(formatFlashcardDeck(next));
  const toggleLevel = (level: Level) =>
    set({
      savedOnly: current.savedOnly,
      levels: current.levels.includes(level)
        ? current.levels.filter((l) => l !== level)
        : [...current.levels, level],
    });
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 font-medium text-sm text-stone-800 dark:text-stone-200">
        {t('flashcards.deck.label')}
      </legend>
      <div className="flex flex-wrap gap-2">
        <Chip
          pressed={current.savedOnly}
          onClick={() => set({ savedOnly: !current.savedOnly, levels: current.levels })}
        >
          {t('flashcards.deck.saved')}
        </Chip>
        <Chip
          pressed={!current.savedOnly && current.levels.length === 0}
          onClick={() => set({ savedOnly: false, levels: [] })}
        >
          {t('flashcards.deck.database')}
        </Chip>
        {LEVELS.map((level) => (
          <Chip
            key={level}
            pressed={current.levels.includes(level)}
            onClick={() => toggleLevel(level)}
          >
            {level}
          </Chip>
        ))}
      </div>
    </fieldset>
  );
}
