import { z } from 'zod';
import { epochMsSchema, rowIdSchema } from '../validation/bound-schemas.ts';
import { inputSchema } from '../validation/input-schema.ts';
import { storyIdSchema } from './reading.ts';

const positiveId = rowIdSchema;

/**
 * One change to the saved words: save an entry (by id, or a typed word looked up in the word
 * list), remove one (by saved-word id, falling back to the entry id), or clear all.
 */
export const savedWordChangeSchema = z.discriminatedUnion('action', [
  z
    .object({
      action: z.literal('save'),
      vocabularyId: positiveId.optional(),
      /** A word added directly; looked up in the word list. */
      word: inputSchema('word').optional(),
      storyId: storyIdSchema.optional(),
      contextSentence: inputSchema('sentence').optional(),
      notes: inputSchema('note').optional(),
      /** When it was saved on the device (ms since epoch). */
      at: epochMsSchema.optional(),
    })
    .refine((change) => change.vocabularyId !== undefined || change.word !== undefined, {
      message: 'vocabularyId or word is required',
    }),
  z
    .object({
      action: z.literal('remove'),
      id: positiveId.optional(),
      vocabularyId: positiveId.optional(),
    })
    .refine((change) => change.id !== undefined || change.vocabularyId !== undefined, {
      message: 'id or vocabularyId is required',
    }),
  z.object({ action: z.literal('clear') }),
]);
export type SavedWordChange = z.infer<typeof savedWordChangeSchema>;

/** A guest's saved words brought along at sign-in. */
export const savedWordMigrationSchema = z.object({
  words: z
    .array(
      z.object({
        vocabularyId: positiveId,
        storyId: storyIdSchema.optional(),
        contextSentence: inputSchema('sentence').optional(),
        at: epochMsSchema.optional(),
      }),
    )
    .max(2000),
});
