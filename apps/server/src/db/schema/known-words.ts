import { index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { owner } from './activity.ts';
import { vocabulary } from './content.ts';

/**
 * Words a learner marked known ("I know this"), one row per user and vocabulary entry (a lemma):
 * with the flashcards past learning, the known set that story coverage is counted from.
 */
export const knownWords = pgTable(
  'user_known_words',
  {
    userId: owner(),
    vocabularyId: integer('vocabulary_id')
      .notNull()
      .references(() => vocabulary.id, { onDelete: 'cascade' }),
    knownAt: timestamp('known_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.vocabularyId] }),
    // An entry removed by an import deletes its marks through the foreign key.
    index('user_known_words_vocabulary').on(table.vocabularyId),
  ],
);
