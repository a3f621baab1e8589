import { z } from 'zod';
import { COMMENT_PARENT_TYPES, LIKE_TYPES, POST_PARENT_TYPES } from '../enums.js';
import { POST_TEXT_MAX, TEXT_MAX } from '../limits.js';
import { RICH_LIST_DEPTH_MAX, type RichBlock, type RichDoc, safeHref } from '../richtext.js';
import {
  COMMENT_TEXT_MAX,
  POST_ATTACHMENTS_MAX,
  POST_KINDS,
  POST_MENTIONS_MAX,
  REACTIONS,
  type Reaction,
  VIEW_FEEDS,
} from '../wall.js';
import { id, isoDate, isoDateTime } from './common.js';
import { storedFile } from './files.js';

/** Where a view, post or comment was made: a short label of the screen (`company`, `user_feed`, `post`, ...). */
export const whereLabel = z
  .string()
  .trim()
  .max(40, 'too_long')
  .regex(/^[a-z0-9_-]*$/i, 'validation');

const postText = z.string().trim().min(1, 'required').max(POST_TEXT_MAX, 'too_long');
const commentText = z.string().trim().min(1, 'required').max(COMMENT_TEXT_MAX, 'too_long');
const mentions = z.array(id).max(POST_MENTIONS_MAX, 'too_long');
/** File ids answered by `POST api/upload` (`results[].file._id`). */
const attachments = z.array(id).max(POST_ATTACHMENTS_MAX, 'too_long');

const richMark = z.discriminatedUnion('type', [
  z.object({ type: z.literal('bold') }),
  z.object({ type: z.literal('italic') }),
  z.object({
    type: z.literal('link'),
    // Only the address is kept (target, rel, class are the web's to set); javascript:, data: and the like: 400.
    attrs: z.object({
      href: z
        .string()
        .max(2000, 'too_long')
        .refine((href) => safeHref(href) !== null, 'post_link_invalid'),
    }),
  }),
]);
const richInline = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('text'),
    text: z.string().min(1, 'required').max(POST_TEXT_MAX, 'too_long'),
    marks: z.array(richMark).max(3, 'too_long').optional(),
  }),
  z.object({ type: z.literal('hardBreak') }),
]);
const richParagraph = z.object({ type: z.literal('paragraph'), content: z.array(richInline).max(2000).optional() });
const richList: z.ZodType<RichBlock> = z
  .lazy(() =>
    z.object({
      type: z.enum(['bulletList', 'orderedList']),
      content: z
        .array(
          z.object({
            type: z.literal('listItem'),
            content: z
              .array(z.union([richParagraph, richList]))
              .min(1)
              .max(50),
          }),
        )
        .min(1)
        .max(500),
    }),
  )
  .meta({ id: 'RichList' }); // recursive: the API document refers to it by this name (apps/server/…/openapi.ts)

function listDepth(blocks: readonly { type: string; content?: readonly unknown[] }[], depth = 0): number {
  let deepest = depth;
  for (const block of blocks) {
    if (block.type !== 'bulletList' && block.type !== 'orderedList') continue;
    for (const item of (block.content ?? []) as { content: { type: string; content?: unknown[] }[] }[]) {
      deepest = Math.max(deepest, listDepth(item.content, depth + 1));
    }
  }
  return deepest;
}

/**
 * A formatted text (docs/api.md "Formatted text"): TipTap JSON of allow-listed nodes and marks only; anything else
 * (an unknown node or mark, a script, a `javascript:` link) is refused with 400.
 */
export const richDoc: z.ZodType<RichDoc> = z
  .object({
    type: z.literal('doc'),
    content: z
      .array(z.union([richParagraph, richList]))
      .min(1)
      .max(2000),
  })
  .refine((doc) => listDepth(doc.content as RichBlock[]) <= RICH_LIST_DEPTH_MAX, 'too_long') as z.ZodType<RichDoc>;

export const postParentInput = z.object({
  type: z.enum(POST_PARENT_TYPES),
  /** company and system: the workspace id (may be left out); feed: the person's own id; group: the group id. */
  id: id.optional(),
  where: whereLabel.optional(),
});

export const createPostBody = z.object({
  text: postText,
  /** The formatted text; when given, the server stores `docText(doc)` as `text` (what was sent there is ignored). */
  doc: richDoc.optional(),
  parent: postParentInput.default({ type: 'company' }),
  kind: z.enum(POST_KINDS).default('post'),
  mentions: mentions.default([]),
  attachments: attachments.default([]),
  /** Administrators only. */
  mustRead: z.boolean().optional(),
  /**
   * A later publication (scheduled post): until then only its author sees it; at that time it is published like a
   * new post. At most POST_SCHEDULE_MAX_DAYS ahead; a time already past publishes at once.
   */
  publishAt: isoDateTime('post_publish_at_invalid').optional(),
});
export type CreatePostBody = z.infer<typeof createPostBody>;

export const updatePostBody = z.object({
  text: postText.optional(),
  /** The formatted text (its `docText` becomes `text`); `null` makes the post plain again. */
  doc: richDoc.nullable().optional(),
  mentions: mentions.optional(),
  attachments: attachments.optional(),
  mustRead: z.boolean().optional(),
});
export type UpdatePostBody = z.infer<typeof updatePostBody>;

/**
 * `PUT api/post/scheduled/{id}`: its author changes a scheduled post — the text (plain or formatted), the mentions,
 * the time; `publishAt: null` publishes it now.
 */
export const updateScheduledBody = z.object({
  text: postText.optional(),
  doc: richDoc.nullable().optional(),
  mentions: mentions.optional(),
  publishAt: isoDateTime('post_publish_at_invalid').nullable().optional(),
});
export type UpdateScheduledBody = z.infer<typeof updateScheduledBody>;

export const personCard = z.object({
  _id: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  position: z.string(),
});
export type PersonCard = z.infer<typeof personCard>;

export const reactionCounts = z.object(
  Object.fromEntries(REACTIONS.map((r) => [r, z.number().int()])) as Record<Reaction, z.ZodNumber>,
);
export type ReactionCounts = z.infer<typeof reactionCounts>;

const likeState = {
  /** All reactions together. */
  likes: z.number().int(),
  reactions: reactionCounts,
  /** The caller's own reaction, if any. */
  myReaction: z.enum(REACTIONS).nullable(),
};

export const postDto = z.object({
  _id: z.string(),
  kind: z.enum(POST_KINDS),
  parent: z.object({ type: z.enum(POST_PARENT_TYPES), id: z.string(), where: z.string() }),
  author: personCard,
  text: z.string(),
  /** The formatted text (docs/api.md "Formatted text"), or null for a plain-text post. */
  doc: richDoc.nullable(),
  mentions: z.array(personCard),
  /** Uploaded files; an image's `mini` is its preview. */
  attachments: z.array(storedFile),
  created: z.string(),
  updated: z.string(),
  edited: z.boolean(),
  ...likeState,
  commentsCount: z.number().int(),
  viewsCount: z.number().int(),
  viewed: z.boolean(),
  mustRead: z.boolean(),
  acknowledged: z.boolean(),
  acknowledgedCount: z.number().int(),
  /** Pinned on top of the company feed (administrators; company and system posts only). */
  pinned: z.boolean(),
  /** A scheduled post (seen only by its author): when it will be published. Null for published posts. */
  publishAt: z.string().nullable(),
  can: z.object({
    edit: z.boolean(),
    delete: z.boolean(),
    mustRead: z.boolean(),
    pin: z.boolean(),
    /** Follows who has read it (the read report, reminders): its author and administrators. Always sent. */
    readReport: z.boolean().optional(),
  }),
});
export type PostDto = z.infer<typeof postDto>;

const commentFields = {
  _id: z.string(),
  parent: z.object({
    type: z.enum(COMMENT_PARENT_TYPES),
    id: z.string(),
    postId: z.string().nullable(),
    where: z.string(),
  }),
  /** `new`, or `edited` once changed. */
  status: z.enum(['new', 'edited']),
  author: personCard,
  text: z.string(),
  mentions: z.array(personCard),
  attachments: z.array(storedFile),
  created: z.string(),
  updated: z.string(),
  ...likeState,
  answersCount: z.number().int(),
  can: z.object({ edit: z.boolean(), delete: z.boolean() }),
};
export const answerDto = z.object(commentFields);
export const commentDto = z.object({ ...commentFields, answers: z.array(answerDto) });
export type CommentDto = z.infer<typeof commentDto>;

export const singlePostDto = postDto.extend({ comments: z.array(commentDto) });

/** Feeds: pages of FEED_PAGE_SIZE; page N holds items from N*20 (spec portal §4 "Feeds"). */
export const feedPage = z.object({
  result: z.array(postDto),
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
  /**
   * What the caller may do on the wall beyond the posts listed (the composer, posts announced in realtime): write
   * system posts, mark must-read, pin company posts, edit and delete others' posts. Sent with every feed page.
   */
  can: z.object({ systemPost: z.boolean(), mustRead: z.boolean(), pin: z.boolean(), moderate: z.boolean() }).optional(),
});
export type FeedPage = z.infer<typeof feedPage>;

export const pageParam = z.coerce.number().int().min(0, 'validation').max(100_000, 'validation');
export const pageQuery = z.object({ page: pageParam.default(0) });

/** `GET api/post` filters; all optional, combined with AND. */
export const postQuery = z.object({
  parent_type: z.enum(POST_PARENT_TYPES).optional(),
  parent_id: id.optional(),
  author: id.optional(),
  mentioned: id.optional(),
  kind: z.enum(POST_KINDS).optional(),
  must_read: z.enum(['0', '1']).optional(),
  /** `1`: only must-read posts the caller has not acknowledged yet. */
  pending: z.enum(['0', '1']).optional(),
  page: pageParam.default(0),
});
export type PostQuery = z.infer<typeof postQuery>;

export const likeBody = z.object({
  like_type: z.enum(LIKE_TYPES),
  id,
  reaction: z.enum(REACTIONS).default('like'),
});
export const likeResult = z.object({
  like_type: z.enum(LIKE_TYPES),
  id: z.string(),
  post_id: z.string().nullable(),
  ...likeState,
});
export type LikeResult = z.infer<typeof likeResult>;

export const viewBody = z.object({ user_id: id, where: whereLabel.default('post') });
export const viewResult = z.object({
  view: z.object({ user_id: z.string(), time: z.string(), where: z.string() }),
  post_id: z.string(),
  where: z.string(),
  /** True when this call added the view; a person's view counts once. */
  counted: z.boolean(),
});
export const allViewBody = z.object({ user_id: id, where: z.enum(VIEW_FEEDS) });
export const allViewResult = z.object({
  /** The section of the notification centre whose counter the web clears: the feed that was marked. */
  notifSec: z.enum(VIEW_FEEDS),
  postIds: z.array(z.string()),
  userId: z.string(),
});
export const unseenQuery = z.object({ where: z.enum(VIEW_FEEDS).default('company') });
export const unseenResult = z.object({
  where: z.enum(VIEW_FEEDS),
  /** Posts by others among the feed's newest ALL_VIEW_MAX that the caller has not viewed (what "Mark all" marks). */
  count: z.number().int(),
});

const personWhen = z.object({ user: personCard, time: z.string().nullable() });
export const viewsPage = z.object({
  result: z.array(personWhen.extend({ where: z.string() })),
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});

export const mustReadBody = z.object({ mustRead: z.boolean() });
export const pinBody = z.object({ pinned: z.boolean() });
export const remindResult = z.object({ post_id: z.string(), reminded: z.number().int() });
export const ackResult = z.object({ post_id: z.string(), acknowledged: z.boolean(), time: z.string() });
export const readReportQuery = z.object({
  status: z.enum(['acknowledged', 'pending']).default('pending'),
  page: pageParam.default(0),
});
export const readReport = z.object({
  counts: z.object({ audience: z.number().int(), acknowledged: z.number().int(), pending: z.number().int() }),
  status: z.enum(['acknowledged', 'pending']),
  result: z.array(personWhen),
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});

export const createCommentBody = z.object({
  parent: z.object({ type: z.enum(COMMENT_PARENT_TYPES), id, where: whereLabel.optional() }),
  text: commentText,
  mentions: mentions.default([]),
  attachments: attachments.default([]),
});
export type CreateCommentBody = z.infer<typeof createCommentBody>;
export const updateCommentBody = z.object({
  text: commentText.optional(),
  mentions: mentions.optional(),
  attachments: attachments.optional(),
});
export type UpdateCommentBody = z.infer<typeof updateCommentBody>;
export const deleteCommentQuery = z.object({ parent_type: z.enum(COMMENT_PARENT_TYPES).optional() });

/** Birthdays widget: this month and next, nearest first. */
export const birthdayDto = z.object({
  _id: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  position: z.string(),
  department: z.string(),
  /** MM-DD */
  birthday: z.string(),
  /** The next celebration, YYYY-MM-DD (28 February for 29 February outside leap years). */
  date: z.string(),
  today: z.boolean(),
});
export type BirthdayDto = z.infer<typeof birthdayDto>;
export const birthdaysQuery = z.object({ date: isoDate.optional() });

/** Work anniversaries (beside the birthdays): whole years since `workingSince`, this month and next, nearest first. */
export const anniversaryDto = z.object({
  _id: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  position: z.string(),
  department: z.string(),
  /** `workingSince`, YYYY-MM-DD */
  since: z.string(),
  /** Whole years at the company on `date` (1 or more). */
  years: z.number().int(),
  /** The anniversary, YYYY-MM-DD (28 February for 29 February outside leap years). */
  date: z.string(),
  today: z.boolean(),
});
export type AnniversaryDto = z.infer<typeof anniversaryDto>;

/** Useful links (modules §3 "Link block"): one block per module of a workspace, edited by administrators. */
export const linksModuleCode = z.string().regex(/^[a-z][a-z0-9_]{1,31}$/, 'validation');
export const linkUrl = z.url({ protocol: /^https?$/, message: 'link_invalid' }).max(2000, 'too_long');
export const linkInput = z.object({
  title: z.string().trim().min(1, 'required').max(TEXT_MAX, 'too_long'),
  link: z.string().trim().pipe(linkUrl),
});
export const linkUpdate = linkInput.extend({ _id: id });
export const linkDto = z.object({ _id: z.string(), title: z.string(), link: z.string() });
export const linkBlockDto = z.object({
  _id: z.string(),
  client_id: z.string(),
  module: z.string(),
  enabled: z.boolean(),
  links: z.array(linkDto),
  can: z.object({ edit: z.boolean() }),
});
export type LinkBlockDto = z.infer<typeof linkBlockDto>;

/** `GET api/links_block/{client_id}/{module}`: the module's blocks, and whether the caller edits them (none yet too). */
export const linkBlocksPage = z.object({ result: z.array(linkBlockDto), can: z.object({ edit: z.boolean() }) });
export type LinkBlocksPage = z.infer<typeof linkBlocksPage>;
export const toggleLinksBody = z.object({ client_id: id, module: linksModuleCode, enabled: z.boolean().optional() });
