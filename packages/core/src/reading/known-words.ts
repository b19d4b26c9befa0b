import { z } from 'zod';
import { epochMsSchema, rowIdSchema } from '../validation/bound-schemas.ts';
import { KNOWN_WORD_MIGRATION_MAX } from './known-words-policy.ts';

// Words a learner marked known ("I know this"): one per user and vocabulary entry (a lemma, not
// a written form), kept on the device for a guest and synced for a signed-in learner.

/** One change: mark an entry known, or take the mark back (the undo). */
export const knownWordChangeSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('add'),
    vocabularyId: rowIdSchema,
    /** When it was marked on the device (ms since epoch); the server's time when absent. */
    at: epochMsSchema.optional(),
  }),
  z.object({ action: z.literal('remove'), vocabularyId: rowIdSchema }),
]);
export type KnownWordChange = z.infer<typeof knownWordChangeSchema>;

/** A guest's marked-known words brought along at sign-in (added to the account's). */
export const knownWordMigrationSchema = z.object({
  vocabularyIds: z.array(rowIdSchema).max(KNOWN_WORD_MIGRATION_MAX),
});
