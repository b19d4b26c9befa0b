import { z } from 'zod';
import { EPOCH_MS_MAX, PG_INT_MAX } from './bounds.ts';

// The bounds of bounds.ts as zod schemas, apart so that a module needing only the numbers does
// not load the validation library.

/** A row id of an `integer` serial column: 1 … 2,147,483,647. */
export const rowIdSchema = z.number().int().positive().max(PG_INT_MAX);
/** The same from a path or query string. */
export const rowIdParamSchema = z.coerce.number().int().positive().max(PG_INT_MAX);
/** A count or offset that fits an `integer`. */
export const offsetParamSchema = z.coerce.number().int().min(0).max(PG_INT_MAX);
/** An instant in ms since the epoch that a `timestamp` column can hold. */
export const epochMsSchema = z.number().int().nonnegative().max(EPOCH_MS_MAX);
