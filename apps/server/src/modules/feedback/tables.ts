import type { FeedbackKind, FeedbackStatus } from '@hallway/shared/feedback';
import type { StoredFile } from '@hallway/shared/files';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { idColumn } from '../../platform/db/columns.js';
import { tenantKey, tenantReference } from '../../platform/db/tenant-keys.js';
import { workspaceColumn } from '../clients/tables.js';
import { users } from '../users/tables.js';

/** Who receives the workspace's ideas or reports (portal §6); none set: its administrators. */
export const feedbackRecipients = pgTable(
  'feedback_recipients',
  {
    clientId: workspaceColumn(),
    kind: text().$type<FeedbackKind>().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.kind, t.userId] })],
);

/**
 * An idea or a violation report. An anonymous report has no `author_id`, an empty `author_name`, a `created` cut to
 * its day (UTC) and the sha256 of its follow-up code; nothing else of the request is kept.
 */
export const feedbackItems = pgTable(
  'feedback_items',
  {
    id: idColumn(),
    clientId: workspaceColumn(),
    kind: text().$type<FeedbackKind>().notNull(),
    authorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    anonymous: boolean().notNull(),
    authorName: text().notNull().default(''),
    title: text().notNull().default(''),
    description: text().notNull(),
    attachments: jsonb().$type<StoredFile[]>().notNull().default([]),
    status: text().$type<FeedbackStatus>().notNull().default('new'),
    codeHash: text(),
    created: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    tenantKey(t),
    index('feedback_items_inbox_idx').on(t.clientId, t.kind, t.created, t.id),
    index('feedback_items_author_idx').on(t.clientId, t.authorId, t.kind, t.created),
    uniqueIndex('feedback_items_code_idx').on(t.codeHash),
    check(
      'feedback_items_anonymous_check',
      sql`NOT ${t.anonymous} OR (${t.authorId} IS NULL AND ${t.authorName} = '')`,
    ),
  ],
);

/** The thread of an item: the recipients' replies and its author's answers (an anonymous one's without a person). */
export const feedbackMessages = pgTable(
  'feedback_messages',
  {
    id: idColumn(),
    clientId: workspaceColumn(),
    itemId: uuid().notNull(),
    /** Its place in the thread (an anonymous author's message has only its day, so the time cannot order it). */
    position: integer().notNull(),
    fromRecipient: boolean().notNull(),
    authorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    text: text().notNull(),
    created: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    tenantReference(t.itemId, feedbackItems, 'cascade'),
    uniqueIndex('feedback_messages_position_idx').on(t.clientId, t.itemId, t.position),
  ],
);

export type FeedbackItemRow = typeof feedbackItems.$inferSelect;
