// Modules §3 "Mailing", §4 (start/stop/restart on save), §7 "Mailing", and the export to a mailing service
// (`POST api/clients/exec_sendsay`, portal §1 "an export to a mailing service").
import { z } from 'zod';
import { TEXT_MAX } from '../limits.js';

/** What a mailing does when its schedule comes round. */
export const MAILING_ACTIONS = ['birthday_greetings', 'weekly_digest', 'people_export'] as const;
export type MailingAction = (typeof MAILING_ACTIONS)[number];

/** A five-field cron expression (minute hour day month weekday), read in the workspace's time zone. */
export const cronSchedule = z
  .string()
  .trim()
  .max(100, 'too_long')
  .regex(/^\S+(\s+\S+){4}$/, 'cron_invalid');

/** The mailing service of `people_export`: an https endpoint and its key (the key is never answered back). */
export const exportTarget = z.object({
  url: z.string().trim().max(1000, 'too_long').pipe(z.url('export_url_invalid')),
  key: z.string().trim().max(TEXT_MAX, 'too_long').optional(),
});

export const mailingCreate = z.object({
  workspace: z.string().trim().min(1, 'required').max(100, 'too_long'),
  action: z.enum(MAILING_ACTIONS),
  active: z.boolean().default(true),
  schedule: cronSchedule,
  target: exportTarget.optional(),
});
export const mailingUpdate = mailingCreate.omit({ workspace: true, action: true }).partial();

export const mailingDto = z.object({
  _id: z.string(),
  workspace: z.string(),
  action: z.enum(MAILING_ACTIONS),
  active: z.boolean(),
  schedule: z.string(),
  timeZone: z.string(),
  /** When it runs next (null: stopped). */
  next_run: z.string().nullable(),
  last_run: z.string().nullable(),
  /** What the last run did: mails sent or people exported, or why it failed. */
  last_result: z.object({ ok: z.boolean(), count: z.number().int(), error: z.string().optional() }).nullable(),
  /** The export's endpoint, and whether a key is set (never the key). */
  target: z.object({ url: z.string(), key_set: z.boolean() }).nullable(),
});
export type MailingDto = z.infer<typeof mailingDto>;

/** The §4 flags: what happened to the job on this save. */
export const mailingResult = z.object({
  result: mailingDto,
  started: z.boolean().optional(),
  stopped: z.boolean().optional(),
  restarted: z.boolean().optional(),
});
export const mailingList = z.object({ result: z.array(mailingDto) });
export const mailingListQuery = z.object({ workspace: z.string().trim().min(1).max(100).optional() });
export const exportResult = z.object({ result: z.object({ exported: z.number().int() }) });
