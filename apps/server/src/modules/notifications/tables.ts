import type { Lang, NotificationChannel } from '@hallway/shared';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../../platform/db/columns.js';
import { tenantKey, tenantReference } from '../../platform/db/tenant-keys.js';
import type { MailAttachment } from '../../platform/mail/types.js';
import type { RecipientSpec } from '../../platform/notify/notify.js';
import { clients } from '../clients/tables.js';
import { users } from '../users/tables.js';

/**
 * One call of `notify()`: written in the caller's transaction, so it exists exactly when the change that caused
 * it committed; the fan-out job turns it into centre entries batch by batch, remembering how far it got.
 */
export const notificationEvents = pgTable(
  'notification_events',
  {
    id: idColumn(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    code: text().notNull(),
    section: text().notNull(),
    link: text(),
    vars: jsonb().$type<Record<string, string>>().notNull().default({}),
    actorId: uuid(),
    recipients: jsonb().$type<RecipientSpec>().notNull(),
    /** Entries of one group key stay one unread entry ("Anna and 4 others reacted"). */
    groupKey: text(),
    /** Files the event's mails carry (an invitation's `invite.ics`), sent to every recipient. */
    attachments: jsonb().$type<MailAttachment[]>().notNull().default([]),
    /** The last recipient id a committed batch covered; the next batch starts after it. */
    cursor: uuid(),
    delivered: integer().notNull().default(0),
    doneAt: timestamp({ withTimezone: true }),
    created: createdAt(),
  },
  (t) => [tenantKey(t), index('notification_events_pending_idx').on(t.created).where(sql`done_at IS NULL`)],
);
export type NotificationEventRow = typeof notificationEvents.$inferSelect;

/** A person's notification centre. */
export const notifications = pgTable(
  'notifications',
  {
    id: idColumn(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventId: uuid().notNull(),
    code: text().notNull(),
    section: text().notNull(),
    link: text(),
    vars: jsonb().$type<Record<string, string>>().notNull().default({}),
    actorId: uuid(),
    groupKey: text(),
    /** Others who did the same while the entry stayed unread. */
    others: integer().notNull().default(0),
    /** The person's channels for this code when it was delivered; without `center` the entry is not listed. */
    channels: text().array().$type<NotificationChannel[]>().notNull(),
    inCenter: boolean().notNull().default(true),
    read: boolean().notNull().default(false),
    created: createdAt(),
  },
  (t) => [
    tenantKey(t),
    tenantReference(t.eventId, notificationEvents, 'cascade'),
    // A retried batch inserts nothing twice.
    uniqueIndex('notifications_event_user_key').on(t.eventId, t.userId).where(sql`group_key IS NULL`),
    uniqueIndex('notifications_group_key').on(t.userId, t.groupKey).where(sql`group_key IS NOT NULL AND NOT read`),
    // Section lists (newest first, read filter) and the unread counts per section.
    index('notifications_list_idx').on(t.userId, t.section, t.created).where(sql`in_center`),
    index('notifications_all_idx').on(t.userId, t.created).where(sql`in_center`),
    index('notifications_unread_idx').on(t.userId, t.section).where(sql`in_center AND NOT read`),
  ],
);
export type NotificationRow = typeof notifications.$inferSelect;

/** The settings matrix: the workspace's defaults (no user) and each person's overrides, code → channels. */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    id: idColumn(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    channels: jsonb().$type<Record<string, NotificationChannel[]>>().notNull().default({}),
    updated: updatedAt(),
  },
  (t) => [
    uniqueIndex('notification_settings_user_key').on(t.userId).where(sql`user_id IS NOT NULL`),
    uniqueIndex('notification_settings_client_key').on(t.clientId).where(sql`user_id IS NULL`),
  ],
);

/**
 * A workspace's own notification templates (`api/notif_template`), one per code (or `__`) and language; a code
 * without one uses the shipped template (templates.ts).
 */
export const notifTemplates = pgTable(
  'notif_templates',
  {
    id: idColumn(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    code: text().notNull(),
    lang: text().$type<Lang>().notNull(),
    name: text().notNull().default(''),
    title: text().notNull(),
    short: text().notNull().default(''),
    full: text().notNull().default(''),
    created: createdAt(),
    updated: updatedAt(),
  },
  (t) => [uniqueIndex('notif_templates_code_key').on(t.clientId, t.code, t.lang)],
);
export type NotifTemplateRow = typeof notifTemplates.$inferSelect;

/**
 * A workspace's messenger channels (admin panel "notification settings"): the Telegram bot's token with the secret
 * path of the webhook Telegram calls, and the Teams and Slack incoming webhooks. Secrets never leave in full.
 */
export const messengerSettings = pgTable(
  'messenger_settings',
  {
    id: idColumn(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    telegramToken: text(),
    /** The last segment of `/api/telegram/webhook/:secret`: only Telegram, told it by `setWebhook`, knows it. */
    telegramSecret: text(),
    teamsUrl: text(),
    slackUrl: text(),
    updated: updatedAt(),
  },
  (t) => [
    uniqueIndex('messenger_settings_client_key').on(t.clientId),
    uniqueIndex('messenger_settings_telegram_secret_key').on(t.telegramSecret),
  ],
);

/** A person's own messenger links: their Teams/Slack webhooks (before the workspace's) and Telegram chat. */
export const messengerLinks = pgTable(
  'messenger_links',
  {
    id: idColumn(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    teamsUrl: text(),
    slackUrl: text(),
    telegramChatId: text(),
    /** The one-time code the person sends to the bot as `/start <code>`, until it expires. */
    telegramCode: text(),
    telegramCodeExpires: timestamp({ withTimezone: true }),
    updated: updatedAt(),
  },
  (t) => [
    uniqueIndex('messenger_links_user_key').on(t.userId),
    uniqueIndex('messenger_links_telegram_code_key').on(t.clientId, t.telegramCode),
  ],
);

/**
 * One messenger delivery of a centre entry (entry × channel), written with the entry in the fan-out's batch and sent
 * by a pg-boss job whose id is this row's id, so it is queued once however often it is swept. `pending` until sent;
 * `sent`, `skipped` (the channel has no address for the person) or `failed` (its retries used up, listed for the
 * administrator with the reason). `locked_until` keeps two jobs of one delivery from sending together.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: idColumn(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    notificationId: uuid().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text().$type<'telegram' | 'teams' | 'slack'>().notNull(),
    status: text().$type<'pending' | 'sent' | 'skipped' | 'failed'>().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    error: text(),
    lockedUntil: timestamp({ withTimezone: true }),
    created: createdAt(),
    updated: updatedAt(),
  },
  (t) => [
    tenantReference(t.notificationId, notifications, 'cascade'),
    uniqueIndex('notification_deliveries_key').on(t.notificationId, t.channel),
    index('notification_deliveries_failed_idx').on(t.clientId, t.updated).where(sql`status = 'failed'`),
    index('notification_deliveries_pending_idx').on(t.created).where(sql`status = 'pending'`),
  ],
);
