import { queueQuerySchema, rowIdParamSchema, validTimeZone } from '@lesefuchs/core';
import { z } from 'zod';

// Query strings of /api/flashcards beside the request bodies of the contract
// (packages/core/src/srs/api.ts), which the server validates as they are.

/** The learner's IANA time zone; "today" is counted in it (spec 3 §9, default UTC). */
export const timeZoneField = z
  .string()
  .max(64)
  .optional()
  .refine((zone) => zone === undefined || validTimeZone(zone) !== null, 'unknown time zone')
  .transform((zone) => zone ?? 'UTC');

const deckField = z.string().trim().min(1).max(120).default('database');

/** GET /queue: the contract's limits, plus the time zone and where the new-card page starts. */
export const queueQuery = queueQuerySchema.extend({
  timeZone: timeZoneField,
  /** The new cards' page start (new cards come in pages, ordered by creation). */
  newOffset: z.coerce.number().int().min(0).max(100_000).default(0),
});

/** GET /upcoming: cards due within `minutes` (spec 3 §7 default 240, at most a week). */
export const upcomingQuery = z.object({
  deck: deckField,
  minutes: z.coerce.number().int().min(1).max(10_080).default(240),
});

/** GET /overview: the deck selection counted and listed (every card by default). */
export const overviewQuery = z.object({ deck: deckField });

/** GET /quota, /stats, /studied-today. */
export const timeZoneQuery = z.object({ timeZone: timeZoneField });

/** A card id in the path. */
export const cardIdParam = rowIdParamSchema;
