import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from '../../platform/db/columns.js';
import { users } from '../users/tables.js';

/** Single-use, expiring password reset links (only a hash of the token is kept). */
export const passwordResets = pgTable('password_resets', {
  id: idColumn(),
  clientId: uuid(),
  userId: uuid()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text().notNull().unique(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  usedAt: timestamp({ withTimezone: true }),
  created: createdAt(),
});
