import { z } from 'zod';
import { epochMsSchema, rowIdSchema } from '../validation/bound-schemas.ts';

/** A story id as clients send it: a positive integer (spec 2 §5 ignores null/'undefined'). */
export const storyIdSchema = rowIdSchema;

/** One change to a reading list (read stories or bookmarks): add, remove one, or clear all. */
export const readingChangeSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('add'),
    storyId: storyIdSchema,
    /** When it happened on the device (ms since epoch); the server's time when absent. */
    at: epochMsSchema.optional(),
  }),
  z.object({ action: z.literal('remove'), storyId: storyIdSchema }),
  z.object({ action: z.literal('clear') }),
]);
export type ReadingChange = z.infer<typeof readingChangeSchema>;

/** A guest's list brought along at sign-in. */
export const readingMigrationSchema = z.object({
  entries: z.array(z.object({ storyId: storyIdSchema, at: epochMsSchema.optional() })).max(1000),
});
