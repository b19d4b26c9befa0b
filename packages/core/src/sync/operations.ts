import { z } from 'zod';
import { epochMsSchema } from '../validation/bound-schemas.ts';
import { OPERATION_ID_MAX, SYNC_BATCH_MAX } from './limits.ts';

/** One queued write: its client-made id and its payload, whose shape depends on the queue type. */
export const syncOperationSchema = z.object({
  /** Client-made id; the server applies each id at most once per user. */
  id: z.string().min(8).max(OPERATION_ID_MAX),
  /** When the client queued it (ms since epoch). */
  queuedAt: epochMsSchema.optional(),
  /** The write itself, validated by the handler of the queue type. */
  payload: z.unknown(),
});

/** Body of `POST /api/sync`, also sent by `navigator.sendBeacon` on page hide. */
export const syncRequestSchema = z.object({
  /** The queue the operations come from, e.g. "bookmarks". */
  type: z
    .string()
    .min(1)
    .max(40)
    .regex(/^[a-z][a-z0-9-]*$/),
  operations: z.array(syncOperationSchema).min(1).max(SYNC_BATCH_MAX),
});

export type SyncOperation = z.infer<typeof syncOperationSchema>;
export type SyncRequest = z.infer<typeof syncRequestSchema>;

/** What the server did with each operation id. */
export type SyncOutcome = 'applied' | 'duplicate' | 'rejected';

export interface SyncResponse {
  results: { id: string; outcome: SyncOutcome; message?: string }[];
}
