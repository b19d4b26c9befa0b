import { z } from 'zod';

/** A stored record as read back (localStorage, a database column): validates its shape. */
export const rateLimitRecordSchema = z.object({
  operations: z.array(z.number().finite()),
  punishments: z.array(
    z.object({
      at: z.number().finite(),
      reason: z.enum(['minute_limit', 'day_limit']),
      operationType: z.string(),
    }),
  ),
});
