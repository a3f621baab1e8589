import type { MailingAction } from '@hallway/shared';
import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../../platform/db/columns.js';
import { clients } from '../clients/tables.js';

/**
 * Scheduled mailings (modules §3 "Mailing"): one per workspace and action, with a cron schedule read in the
 * workspace's time zone. `next_run` is the schedule's next moment while the mailing runs, null once stopped: the
 * minute job takes due rows and moves `next_run` on in the same statement, so each moment runs once.
 */
export const mailings = pgTable(
  'mailings',
  {
    id: idColumn(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    action: text().$type<MailingAction>().notNull(),
    active: boolean().notNull().default(true),
    schedule: text().notNull(),
    /** `people_export`: the mailing service's endpoint and key. */
    target: jsonb().$type<{ url: string; key?: string }>(),
    nextRun: timestamp({ withTimezone: true }),
    lastRun: timestamp({ withTimezone: true }),
    lastResult: jsonb().$type<{ ok: boolean; count: number; error?: string }>(),
    created: createdAt(),
    updated: updatedAt(),
  },
  (t) => [
    uniqueIndex('mailings_action_key').on(t.clientId, t.action),
    // The minute job reads the due mailings of every workspace.
    index('mailings_due_idx').on(t.nextRun).where(sql`${t.nextRun} IS NOT NULL`),
  ],
);
export type MailingRow = typeof mailings.$inferSelect;
