import { z } from 'zod';
import type { QueuePolicy } from '../sync/queue-policy.ts';
import { epochMsSchema, rowIdSchema } from '../validation/bound-schemas.ts';

// Words a learner marked known ("I know this"): one per user and vocabulary entry (a lemma, not
// a written form), kept on the device for a guest and synced for a signed-in learner.

/** The sync queue type of marked-known words. */
export const KNOWN_WORD_SYNC_TYPE = 'known-words';

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

/** The most words a guest brings along at sign-in in one request (ids only: 120 KB at most). */
export const KNOWN_WORD_MIGRATION_MAX = 20_000;

/** A guest's marked-known words brought along at sign-in (added to the account's). */
export const knownWordMigrationSchema = z.object({
  vocabularyIds: z.array(rowIdSchema).max(KNOWN_WORD_MIGRATION_MAX),
});

/**
 * A mark is sent at once (the learner sees the story cards change and expects another device to
 * agree); when that fails it stays queued and is retried, sent when the browser comes online,
 * and by beacon when the page goes. Never dropped: a lost undo would leave a word known.
 */
export const KNOWN_WORD_QUEUE: QueuePolicy = {
  size: 1,
  intervalMs: 15_000,
  maxWaitMs: 15_000,
  hardFlush: 20,
  dropAfterMs: null,
  minGapMs: 0,
  retries: 3,
  backoffBaseMs: 1_000,
  backoffCapMs: 10_000,
};
