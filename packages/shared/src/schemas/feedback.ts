import { z } from 'zod';
import { LONG_TEXT_MAX, TEXT_MAX } from '../limits.js';
import { id } from './common.js';
import { FILE_URL, storedFile } from './files.js';
import { personCard } from './posts.js';

/**
 * Ideas and violation reports (portal §1 "anonymous violation reporting (menu name 'no_silent') and an ideas
 * channel", §2 /idea and /report_violation, §5 Forms, §6 recipients of ideas and reports, §7 `POST
 * api/user/send_idea`, `POST api/user/send_viol_report`; docs/api.md "Ideas and violation reports").
 *
 * Both go to the workspace's recipients of their kind (a setting; the administrators while none is set), who answer
 * in a thread and move the status. An anonymous report keeps nothing that leads to its author: no user id, no
 * address, its day instead of its time; its author follows it with a secret code the server keeps only as a hash.
 */
export const FEEDBACK_KINDS = ['idea', 'report'] as const;
export type FeedbackKind = (typeof FEEDBACK_KINDS)[number];
/** The path segment of each kind's calls: `/api/ideas/…`, `/api/reports/…`. */
export const FEEDBACK_PATHS: Record<FeedbackKind, string> = { idea: 'ideas', report: 'reports' };

export const IDEA_STATUSES = ['new', 'review', 'accepted', 'declined'] as const;
export const REPORT_STATUSES = ['new', 'review', 'resolved', 'dismissed'] as const;
export const FEEDBACK_STATUSES = ['new', 'review', 'accepted', 'declined', 'resolved', 'dismissed'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];
export const STATUSES_OF: Record<FeedbackKind, readonly FeedbackStatus[]> = {
  idea: IDEA_STATUSES,
  report: REPORT_STATUSES,
};

export const FEEDBACK_TITLE_MAX = TEXT_MAX;
export const FEEDBACK_TEXT_MAX = LONG_TEXT_MAX;
export const FEEDBACK_MESSAGE_MAX = 2000;
export const FEEDBACK_ATTACHMENTS_MAX = 10;
export const FEEDBACK_RECIPIENTS_MAX = 50;
export const FEEDBACK_PAGE_SIZE = 20;
/** The follow-up code: 4 groups of 5 characters of an alphabet without look-alikes (about 100 bits). */
export const FOLLOW_CODE_PATTERN = /^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{5}(-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{5}){3}$/;

/** An attachment as the spec sends it (portal §7): the upload's `url` (`/api/files/{id}`) and its `fileName`. */
export const feedbackAttachment = z.object({
  url: z.string().regex(FILE_URL, 'file_not_found'),
  fileName: z.string().max(TEXT_MAX, 'too_long'),
});
const attachments = z.array(feedbackAttachment).max(FEEDBACK_ATTACHMENTS_MAX, 'too_long').default([]);

/** Portal §5: each field of an idea is required. */
export const ideaBody = z.object({
  title: z.string('idea_title_required').trim().min(1, 'idea_title_required').max(FEEDBACK_TITLE_MAX, 'too_long'),
  description: z
    .string('idea_description_required')
    .trim()
    .min(1, 'idea_description_required')
    .max(FEEDBACK_TEXT_MAX, 'too_long'),
  attachments,
});
export type IdeaBody = z.input<typeof ideaBody>;

/**
 * Portal §5: a report needs its author's name or the anonymous mode, and a detailed description. The name is the
 * one the author gives (prefilled with their own); `anonymous: true` ignores it.
 */
export const reportBody = z.object({
  anonymous: z.boolean().default(false),
  author_name: z.string().trim().max(TEXT_MAX, 'too_long').default(''),
  description: z
    .string('report_description_required')
    .trim()
    .min(1, 'report_description_required')
    .max(FEEDBACK_TEXT_MAX, 'too_long'),
  attachments,
});
export type ReportBody = z.input<typeof reportBody>;

export const feedbackMessageBody = z.object({
  text: z
    .string('feedback_message_required')
    .trim()
    .min(1, 'feedback_message_required')
    .max(FEEDBACK_MESSAGE_MAX, 'too_long'),
});
export const followBody = z.object({
  code: z.string().trim().toUpperCase().regex(FOLLOW_CODE_PATTERN, 'report_code_unknown'),
});
export const followMessageBody = followBody.extend(feedbackMessageBody.shape);
export const statusBody = z.object({ status: z.enum(FEEDBACK_STATUSES, 'feedback_status_invalid') });
export const recipientsBody = z.object({ ids: z.array(id).max(FEEDBACK_RECIPIENTS_MAX, 'too_long') });

export const feedbackListQuery = z.object({
  status: z.enum(FEEDBACK_STATUSES, 'feedback_status_invalid').optional(),
  page: z.coerce.number().int().min(0).max(10_000).default(0),
});

export const feedbackMessage = z.object({
  _id: z.string(),
  /** The recipients' side or the author's. */
  from: z.enum(['recipient', 'author']),
  /** The recipient who wrote it, or the named author; null for an anonymous author. */
  person: personCard.nullable(),
  text: z.string(),
  /** The time; of an anonymous author's message only its day (`YYYY-MM-DD`). */
  date: z.string(),
});
export type FeedbackMessage = z.infer<typeof feedbackMessage>;

export const feedbackCan = z.object({ status: z.boolean(), reply: z.boolean() });

export const feedbackItem = z.object({
  _id: z.string(),
  kind: z.enum(FEEDBACK_KINDS),
  title: z.string(),
  description: z.string(),
  attachments: z.array(storedFile),
  status: z.enum(FEEDBACK_STATUSES),
  anonymous: z.boolean(),
  /** The name a named report was sent under, or the idea's author's name; '' when anonymous. */
  author_name: z.string(),
  /** The author's card; null when anonymous. */
  author: personCard.nullable(),
  /** When it was sent; of an anonymous report only the day (`YYYY-MM-DD`). */
  date: z.string(),
  /** How many messages its thread has. */
  messages: z.number().int(),
  can: feedbackCan,
});
export type FeedbackItem = z.infer<typeof feedbackItem>;

export const feedbackThread = feedbackItem.extend({ thread: z.array(feedbackMessage) });
export type FeedbackThread = z.infer<typeof feedbackThread>;

export const feedbackPage = z.object({
  items: z.array(feedbackItem),
  total: z.number().int(),
  /** What the caller may do on this kind's pages. */
  can: z.object({ inbox: z.boolean(), send: z.boolean(), recipients: z.boolean() }),
});
export type FeedbackPage = z.infer<typeof feedbackPage>;

/** `send_viol_report`: the report, and for an anonymous one the follow-up code, shown this once. */
export const reportSent = z.object({ item: feedbackItem, code: z.string().nullable() });
export type ReportSent = z.infer<typeof reportSent>;

export const recipientsDto = z.object({
  people: z.array(personCard),
  /** True while no recipient is set: the administrators receive. */
  fallback: z.boolean(),
});
export type RecipientsDto = z.infer<typeof recipientsDto>;
