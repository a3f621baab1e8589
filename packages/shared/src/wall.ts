import type { COMMENT_PARENT_TYPES, LIKE_TYPES, POST_PARENT_TYPES } from './enums.js';

/**
 * The company wall (spec portal §3 Post and Comment, §5 Posts, §7 "Posts and comments"; modules §7 "Post views",
 * "Link blocks"). Mention markup inside a text is `@[Display name](user:<uuid>)`; the plain text of a post is the
 * text with each mention shown as `@Display name`, and length rules count that plain text.
 *
 * This module holds the wall's values without zod, so the web's wall bundles none of the schemas.
 */

/** Emoji reactions beyond like: one per person per post, comment or answer. */
export const REACTIONS = ['like', 'love', 'laugh', 'wow', 'sad', 'celebrate'] as const;
export type Reaction = (typeof REACTIONS)[number];

/** A thank-you post has its own look and feeds the thanks widget. */
export const POST_KINDS = ['post', 'thanks'] as const;
export type PostKind = (typeof POST_KINDS)[number];
export type PostParentType = (typeof POST_PARENT_TYPES)[number];
export type CommentParentType = (typeof COMMENT_PARENT_TYPES)[number];
export type LikeType = (typeof LIKE_TYPES)[number];

/** The two feeds `PUT api/post/all/view` can mark as viewed. */
export const VIEW_FEEDS = ['company', 'user_feed'] as const;
export type ViewFeed = (typeof VIEW_FEEDS)[number];

/** Realtime `post.viewed` to the person's own room: posts they viewed in one of their tabs; `all` after "Mark all". */
export interface PostsViewedEvent {
  postIds: string[];
  where: string;
  all: boolean;
}

export const COMMENT_TEXT_MAX = 5000;
export const POST_MENTIONS_MAX = 50;
export const POST_ATTACHMENTS_MAX = 20;
/** `PUT api/post/all/view` marks at most this many of the feed's newest posts in one call. */
export const ALL_VIEW_MAX = 1000;
/** Page size of the viewers list and of the must-read report. */
export const PEOPLE_PAGE_SIZE = 50;
/** The thanks widget shows this many recent thank-you posts per page. */
export const THANKS_PAGE_SIZE = 10;

/** A mention inside a text: `@[Name](user:{id})`. Global: use it with `matchAll` or `replace`. */
export const MENTION_MARKUP =
  /@\[([^\]\n]{1,200})\]\(user:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\)/gi;

/** The markup of one mention, as the web inserts it after a mention search. */
export const mentionMarkup = (userId: string, name: string) =>
  `@[${name.replace(/[[\]\n]/g, ' ').trim()}](user:${userId})`;

/** Ids of the people a text mentions through markup, each once, in order of appearance. */
export function mentionIds(text: string): string[] {
  return [...new Set([...text.matchAll(MENTION_MARKUP)].map((m) => m[2].toLowerCase()))];
}

/** The text as a reader sees it: mentions become `@Name`. Length rules apply to this. */
export const plainText = (text: string) => text.replace(MENTION_MARKUP, (_m, name: string) => `@${name}`).trim();
