import type { CardState } from '@lesefuchs/core/srs/scheduler';
import type { StudyCard } from './study-state';

/** A card for tests: due at `due`, in `state`, with a word named after its id. */
export function testCard(
  id: number | string,
  state: CardState = 'new',
  due = '2026-11-22T09:00:00.000Z',
  extra: Partial<StudyCard> = {},
): StudyCard {
  return {
    id,
    vocabulary_id: typeof id === 'number' ? 1000 + id : 5000,
    deck_name: 'default',
    difficulty_level: 'A1',
    card_state: state,
    due_at: due,
    ease_factor: 2.5,
    interval_days: state === 'review' ? 10 : 0,
    repetitions: state === 'review' ? 3 : 0,
    lapses: 0,
    learning_step: 0,
    last_reviewed_at: state === 'new' ? null : '2026-11-12T09:00:00.000Z',
    created_at: '2026-11-01T00:00:00.000Z',
    updated_at: '2026-11-01T00:00:00.000Z',
    is_leech: false,
    is_suspended: false,
    fsrs_stability: null,
    fsrs_difficulty: null,
    word: `Wort ${id}`,
    base_word: `Wort ${id}`,
    translation_en: `word ${id}`,
    translation_es: `palabra ${id}`,
    translation_kr: `단어 ${id}`,
    example_sentence: `Das ist Wort ${id}.`,
    gender: 'neuter',
    plural: null,
    part_of_speech: 'noun',
    ...extra,
  };
}
