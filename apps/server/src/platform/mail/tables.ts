import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from '../db/columns.js';
import type { KeptAttachment } from './types.js';

/** E-mails kept when no SMTP server is configured (and a record of what was sent when one is). */
export const outbox = pgTable(
  'outbox',
  {
    id: idColumn(),
    clientId: uuid(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text().notNull(),
    status: text().$type<'kept' | 'sent' | 'failed'>().notNull(),
    /** The files sent with it: names and types always, the content of small ones (mailer.ts). */
    attachments: jsonb().$type<KeptAttachment[]>().notNull().default([]),
    error: text(),
    created: createdAt(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.clientId, t.created)],
);
