import { z } from 'zod';
import { LANGS } from '../enums.js';
import { email, id, isoDateTime } from './common.js';

/** Sections of the notification centre (modules §2); `all` is every section together. */
export const NOTIFICATION_SECTIONS = [
  'all',
  'events',
  'groups',
  'polls',
  'posts',
  'services',
  'shop',
  'resp',
  'tasks',
  'chat',
  'adapt',
  'other',
] as const;
export type NotificationSection = (typeof NOTIFICATION_SECTIONS)[number];
/** The sections an entry can belong to (every one but `all`). */
export type EntrySection = Exclude<NotificationSection, 'all'>;

/**
 * Channels a notification goes through (modules §3). `center`: the notification centre; `system`: a popup in every
 * open tab; `email`: the mailer (SMTP or the outbox); `telegram`, `teams`, `slack`: the messengers, through the
 * workspace's bot or incoming webhooks (a person's own webhook first), as pg-boss jobs with retries.
 */
export const NOTIFICATION_CHANNELS = ['center', 'system', 'email', 'telegram', 'teams', 'slack'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
/** The channels delivered by a job per (entry, channel), retried with backoff, failures listed for administrators. */
export const MESSENGER_CHANNELS = ['telegram', 'teams', 'slack'] as const;
export type MessengerChannel = (typeof MESSENGER_CHANNELS)[number];

/**
 * The notification codes the modules declare: each module's `schemas/<module>.notifications.ts` defines its
 * notifications (section, channels, variables, settings label, shipped templates) and merges its codes into this
 * interface. The server's catalogue is built from the modules (platform/catalogues.ts).
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging in the modules' catalogues
export interface ModuleNotificationCodes {}
export type NotificationCode = keyof ModuleNotificationCodes;

/** Page size of a centre section; the bell's dropdown shows the first few of `all`. */
export const NOTIFICATIONS_PAGE = 20;
/** Longest text a variable keeps in a notification (a name, a post's first words). */
export const NOTIFICATION_VAR_MAX = 200;

export const notificationSection = z.enum(NOTIFICATION_SECTIONS, 'notification_section_unknown');
export const notificationChannel = z.enum(NOTIFICATION_CHANNELS, 'notification_channel_unknown');

/** One entry of a person's centre, rendered in their language. */
export const notificationDto = z.object({
  _id: z.string(),
  code: z.string(),
  section: z.string(),
  title: z.string(),
  text: z.string(),
  /** The object's path in the app (`/post/…`, `/user/…`), or null. */
  link: z.string().nullable(),
  read: z.boolean(),
  /** Grouped entries ("Anna and 4 others"): how many others did the same. */
  others: z.number().int(),
  /** Who did it: their name and their picture (a thumbnail URL, null without a photo). */
  actor: z.object({ _id: z.string(), name: z.string(), avatar: z.string().nullable() }).nullable(),
  created: z.string(),
});
export type NotificationDto = z.infer<typeof notificationDto>;

export const notificationPage = z.object({
  result: z.array(notificationDto),
  /** Pass as `{time}` for the next page; null on the last one. */
  next: z.string().nullable(),
});
export type NotificationPage = z.infer<typeof notificationPage>;

export const unreadCounts = z.object({
  /** Unread entries of every section together. */
  count: z.number().int(),
  /**
   * Unread entries of each section the workspace has, and of `all`: `other`, and every section with a notification of
   * a module the server runs whose feature is on. The centre shows a tab for each key (none for modules not built).
   */
  sections: z.record(z.string(), z.number().int()),
});
export type UnreadCounts = z.infer<typeof unreadCounts>;

/** `{time or now}` of a section list: entries created before it. */
export const notificationTime = z.union([z.literal('now'), isoDateTime()]);
export const notificationListQuery = z.object({ read: z.enum(['0', '1'], 'validation').optional() });

export const markReadBody = z.object({ ids: z.array(id).min(1, 'required').max(200, 'too_long') });
export const markAllReadBody = z.object({ section: notificationSection.default('all') });
export const markReadResult = z.object({ result: z.object({ updated: z.number().int() }), unread: unreadCounts });

/** One row of the settings matrix (modules §3: "a list of notifications, each with name and channel"). */
export const notificationSetting = z.object({
  name: z.string().max(80),
  channel: z.array(notificationChannel).max(NOTIFICATION_CHANNELS.length),
});
export const notificationSettings = z.object({
  /** Whose settings: the person's (`user_id`) or the workspace defaults (`client_id`, administrators). */
  user_id: id.optional(),
  client_id: id.optional(),
  notifications: z.array(notificationSetting).max(100, 'too_long'),
});
export type NotificationSettingsBody = z.infer<typeof notificationSettings>;
export const notificationSettingsDto = z.object({
  user_id: z.string().nullable(),
  client_id: z.string(),
  notifications: z.array(
    z.object({
      name: z.string(),
      section: z.string(),
      channel: z.array(z.string()),
      /** The channels this row has when nobody overrides it (the workspace's, or the shipped default). */
      default: z.array(z.string()),
    }),
  ),
});
export type NotificationSettingsDto = z.infer<typeof notificationSettingsDto>;

/** `POST api/notification`: an administrator's notice to people of the workspace. */
export const sendNotificationBody = z.object({
  title: z.string().trim().min(1, 'required').max(200, 'too_long'),
  text: z.string().trim().max(2000, 'too_long').default(''),
  link: z
    .string()
    .max(500, 'too_long')
    .regex(/^\/[^/\\]/, 'link_invalid')
    .optional(),
  /** Ids of people; left out: everyone of the workspace. */
  recipients: z.array(id).max(1000, 'too_long').optional(),
});
/** `POST api/message`: a personal message to colleagues (channels of `notifications.message`). */
export const messageBody = z.object({
  recipients: z.array(id).min(1, 'required').max(50, 'too_long'),
  text: z.string().trim().min(1, 'required').max(2000, 'too_long'),
});

/** Admin panel "mail check": a test mail to an address (the administrator's own when left out). */
export const testMailBody = z.object({ to: email.optional() });
export const MAIL_STATUSES = ['kept', 'sent', 'failed'] as const;
/** One e-mail of the workspace's outbox: `kept` without SMTP, `sent`, or `failed` with the reason. */
export const outboxMailDto = z.object({
  _id: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(MAIL_STATUSES),
  error: z.string().nullable(),
  created: z.string(),
  sent_at: z.string().nullable(),
});
export type OutboxMailDto = z.infer<typeof outboxMailDto>;
export const OUTBOX_PAGE = 20;
export const outboxQuery = z.object({
  /** The `next` of the previous page: mails created before it. */
  before: isoDateTime().optional(),
});
export const outboxPage = z.object({ result: z.array(outboxMailDto), next: z.string().nullable() });
export type OutboxPage = z.infer<typeof outboxPage>;

/** The template of a code that has none of its own (modules §9 "Missing notification template code falls back to '__'"). */
export const FALLBACK_TEMPLATE = '__';
/** The variables of the fallback template `__`: those every notification has. */
export const FALLBACK_VARIABLES = ['actor', 'text'] as const;

/**
 * A workspace's own template of a notification in one language (modules §3 "Notification template"): `title` is the
 * entry's and the mail's subject, `short` the text of the centre and popups, `full` the mail's text (the short one
 * when empty). `{name}` placeholders take the event's variables as plain text.
 */
export const notifTemplateBody = z.object({
  code: z.string().max(80, 'too_long'),
  lang: z.enum(LANGS, 'validation'),
  name: z.string().trim().max(200, 'too_long').default(''),
  title: z.string().trim().min(1, 'required').max(300, 'too_long'),
  short: z.string().trim().max(1000, 'too_long').default(''),
  full: z.string().trim().max(5000, 'too_long').default(''),
});
export type NotifTemplateBody = z.infer<typeof notifTemplateBody>;
export const notifTemplateDto = z.object({
  /** Null for a shipped template the workspace has not changed. */
  _id: z.string().nullable(),
  code: z.string(),
  lang: z.enum(LANGS),
  name: z.string(),
  title: z.string(),
  short: z.string(),
  full: z.string(),
  variables: z.array(z.string()),
  custom: z.boolean(),
});
export type NotifTemplateDto = z.infer<typeof notifTemplateDto>;
/** A template filled with sample values. */
export const notifTemplatePreview = z.object({ title: z.string(), short: z.string(), full: z.string() });
export type NotifTemplatePreview = z.infer<typeof notifTemplatePreview>;

/** A secret as the server shows it back: whether it is set and its last four characters, never the whole. */
export const secretHint = z.object({ set: z.boolean(), last4: z.string().nullable() });
export type SecretHint = z.infer<typeof secretHint>;
/** A webhook URL field: https (http to 127.0.0.1/localhost only in tests); '' or null clears it. */
const webhookUrl = z.string().trim().max(1000, 'too_long').nullable().optional();

/** Admin panel "notification settings": the workspace's messenger channels. Fields left out keep their value. */
export const messengerSettingsBody = z.object({
  telegram_token: z
    .string()
    .trim()
    .max(200, 'too_long')
    .regex(/^(\d+:[\w-]+)?$/, 'telegram_token_invalid')
    .nullable()
    .optional(),
  teams_url: webhookUrl,
  slack_url: webhookUrl,
});
export type MessengerSettingsBody = z.infer<typeof messengerSettingsBody>;
export const messengerSettingsDto = z.object({
  telegram_token: secretHint,
  teams_url: secretHint,
  slack_url: secretHint,
  /** Where Telegram sends the bot's updates (`/start <code>`); null until a token is set. Administrators only. */
  telegram_webhook: z.string().nullable(),
});
export type MessengerSettingsDto = z.infer<typeof messengerSettingsDto>;

/** A person's own messenger links (profile "notifications"): their Slack/Teams webhooks and Telegram chat. */
export const personalMessengersBody = z.object({ teams_url: webhookUrl, slack_url: webhookUrl });
export type PersonalMessengersBody = z.infer<typeof personalMessengersBody>;
export const personalMessengersDto = z.object({
  teams_url: secretHint,
  slack_url: secretHint,
  /** Whether a Telegram chat is linked. */
  telegram_linked: z.boolean(),
  /** Whether the workspace has a Telegram bot (else linking is pointless). */
  telegram_available: z.boolean(),
});
export type PersonalMessengersDto = z.infer<typeof personalMessengersDto>;
/** A one-time code: the person sends `/start <code>` to the workspace's bot. */
export const telegramCodeDto = z.object({ code: z.string(), expires: z.string() });
export type TelegramCodeDto = z.infer<typeof telegramCodeDto>;

/** A messenger delivery that used up its retries (admin panel "Failed deliveries"). */
export const notificationFailureDto = z.object({
  _id: z.string(),
  channel: z.enum(MESSENGER_CHANNELS),
  user: z.object({ _id: z.string(), name: z.string() }),
  notification: z.object({ _id: z.string(), code: z.string() }),
  attempts: z.number().int(),
  error: z.string(),
  failed_at: z.string(),
});
export type NotificationFailureDto = z.infer<typeof notificationFailureDto>;
export const FAILURES_PAGE = 20;
export const failuresQuery = z.object({ page: z.coerce.number().int().min(0).max(10_000).default(0) });
export const failuresPage = z.object({ result: z.array(notificationFailureDto), total: z.number().int() });
export type FailuresPage = z.infer<typeof failuresPage>;
