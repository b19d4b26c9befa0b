import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * Every client operation id the server has applied, per user. Inserting the id in the same
 * transaction as the write makes a retried operation a no-op instead of a second write.
 */
export const appliedOperations = pgTable(
  'applied_operations',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    operationId: text('operation_id').notNull(),
    type: text('type').notNull(),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.operationId] })],
);
