import { z } from 'zod';
import { id } from './common.js';

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
  'adapt',
  'other',
] as const;
export type NotificationSection = (typeof NOTIFICATION_SECTIONS)[number];
/** The sections an entry can belong to (every one but `all`). */
export type EntrySection = Exclude<NotificationSection, 'all'>;

/**
 * Channels a notification goes through (modules §3). `center`: the notification centre; `system`: a popup in every
 * open tab; `email`: the mailer (SMTP or the outbox). Telegram, Teams and Slack are not built yet and refused.
 */
export const NOTIFICATION_CHANNELS = ['center', 'system', 'email'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/**
 * Every notification the product sends, its centre section and the channels it has unless the workspace or the
 * person chose otherwise. A module that emits a new one adds it here and its template to its module.ts.
 */
export const NOTIFICATION_CODES = {
  'posts.mention': { section: 'posts', channels: ['center', 'system'] },
  'posts.thanks': { section: 'posts', channels: ['center', 'system', 'email'] },
  'posts.comment': { section: 'posts', channels: ['center', 'system'] },
  'posts.reply': { section: 'posts', channels: ['center', 'system'] },
  'posts.reaction': { section: 'posts', channels: ['center'] },
  'posts.must_read': { section: 'posts', channels: ['center', 'system', 'email'] },
  'users.follower': { section: 'other', channels: ['center', 'system'] },
  'users.rights_changed': { section: 'other', channels: ['center', 'system', 'email'] },
  'notifications.message': { section: 'other', channels: ['center', 'system'] },
  'events.invite': { section: 'events', channels: ['center', 'system', 'email'] },
  'events.reminder': { section: 'events', channels: ['center', 'system', 'email'] },
} as const satisfies Record<string, { section: EntrySection; channels: readonly NotificationChannel[] }>;
export type NotificationCode = keyof typeof NOTIFICATION_CODES;
export const isNotificationCode = (code: string): code is NotificationCode => Object.hasOwn(NOTIFICATION_CODES, code);

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
  actor: z.object({ _id: z.string(), name: z.string() }).nullable(),
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
  sections: z.record(z.string(), z.number().int()),
});
export type UnreadCounts = z.infer<typeof unreadCounts>;

/** `{time or now}` of a section list: entries created before it. */
export const notificationTime = z.union([z.literal('now'), z.iso.datetime({ offset: true, error: 'validation' })]);
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
