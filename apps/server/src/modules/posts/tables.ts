import type { CreatePostBody, PostKind, PostParentType, Reaction, RichDoc, StoredFile } from '@hallway/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from '../../platform/db/columns.js';
import { tenantKey, tenantReference } from '../../platform/db/tenant-keys.js';
import { clients } from '../clients/tables.js';
import { users } from '../users/tables.js';

export type ReactionCountsRow = Partial<Record<Reaction, number>>;

/**
 * Posts of the wall (spec portal §3 "Post"). Counters of likes, comments, views and acknowledgements live on the
 * row and change in the transaction that changes what they count, so a feed page never counts anything.
 */
export const posts = pgTable(
  'posts',
  {
    id: idColumn(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    parentType: text().$type<PostParentType>().notNull(),
    /** company and system: the workspace id; feed: the person whose feed it is; group: the group. */
    parentId: uuid().notNull(),
    parentWhere: text().notNull().default(''),
    kind: text().$type<PostKind>().notNull().default('post'),
    authorId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The plain text; for a formatted post `docText(doc)`, so rules, search and notifications read it alone. */
    text: text().notNull(),
    /** The formatted text (allow-listed TipTap JSON, docs/api.md "Formatted text"); null for a plain-text post. */
    doc: jsonb().$type<RichDoc>(),
    mentions: uuid().array().notNull().default(sql`'{}'::uuid[]`),
    /** The files as uploads presented them when attached: a page shows them without a lookup. */
    attachments: jsonb().$type<StoredFile[]>().notNull().default([]),
    mustRead: boolean().notNull().default(false),
    likesCount: integer().notNull().default(0),
    reactions: jsonb().$type<ReactionCountsRow>().notNull().default({}),
    commentsCount: integer().notNull().default(0),
    viewsCount: integer().notNull().default(0),
    acksCount: integer().notNull().default(0),
    created: createdAt(),
    updated: timestamp({ withTimezone: true }).notNull().defaultNow(),
    edited: boolean().notNull().default(false),
    /** Pinned on top of the company feed by an administrator (at most POSTS_PINNED_MAX at once), newest pin first. */
    pinnedAt: timestamp({ withTimezone: true }),
    /** When the people who had not acknowledged a must-read post were last reminded (once an hour at most). */
    remindedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    tenantKey(t),
    // The company feed, the hottest query: company and system posts of a workspace, read backwards (newest first).
    // Ascending columns: a backward scan gives ORDER BY created DESC, id DESC exactly (NULLS FIRST included).
    index('posts_company_feed_idx')
      .on(t.clientId, t.created, t.id)
      .where(sql`${t.parentType} IN ('company', 'system')`),
    // Personal feeds, groups, and the combined user feed (feeds of followed people + readable groups).
    index('posts_parent_idx').on(t.clientId, t.parentType, t.parentId, t.created, t.id),
    index('posts_author_idx').on(t.clientId, t.authorId, t.created, t.id),
    index('posts_client_created_idx').on(t.clientId, t.created, t.id),
    index('posts_thanks_idx').on(t.clientId, t.created, t.id).where(sql`${t.kind} = 'thanks'`),
    index('posts_must_read_idx').on(t.clientId, t.created, t.id).where(sql`${t.mustRead}`),
    index('posts_pinned_idx').on(t.clientId, t.pinnedAt).where(sql`${t.pinnedAt} IS NOT NULL`),
  ],
);
export type PostRow = typeof posts.$inferSelect;

/**
 * How many posts each feed holds (`feed` company | feed | group, `key` the workspace, person or group), kept in the
 * transaction that adds or removes a post: `total` and `pages` of a feed never count rows.
 */
export const postCounts = pgTable(
  'post_counts',
  {
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    feed: text().$type<'company' | 'feed' | 'group'>().notNull(),
    key: uuid().notNull(),
    count: integer().notNull().default(0),
    /**
     * The company feed's row only: moves on whenever what its first page shows may have changed, on any path (triggers
     * of the migration `company_feed_version`: a company or system post added, removed or edited beyond its counters,
     * a pin, a person's card). The page kept in memory (feed-cache.ts) serves only while it matches.
     */
    version: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.feed, t.key] })],
);

/** Who a post mentions, for the mentions feed (an index a uuid[] column cannot give under row-level security). */
export const postMentions = pgTable(
  'post_mentions',
  {
    clientId: uuid().notNull(),
    postId: uuid().notNull(),
    userId: uuid().notNull(),
    created: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.userId] }),
    tenantReference(t.postId, posts, 'cascade'),
    index('post_mentions_user_idx').on(t.clientId, t.userId, t.created),
  ],
);

/** One reaction per person per post. */
export const postReactions = pgTable(
  'post_reactions',
  {
    clientId: uuid().notNull(),
    postId: uuid().notNull(),
    userId: uuid().notNull(),
    reaction: text().$type<Reaction>().notNull(),
    created: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), tenantReference(t.postId, posts, 'cascade')],
);

/** A person's view of a post, once (modules §3 "Post view record"). */
export const postViews = pgTable(
  'post_views',
  {
    clientId: uuid().notNull(),
    postId: uuid().notNull(),
    userId: uuid().notNull(),
    where: text().notNull().default(''),
    created: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.userId] }),
    tenantReference(t.postId, posts, 'cascade'),
    index('post_views_post_created_idx').on(t.postId, t.created),
  ],
);

/**
 * Posts written for later (`publishAt`): kept apart from `posts` until their time, so no feed, counter, search or
 * notification can see them early; only their author lists them. The publishing job (scheduled.ts) creates the post
 * with the same id from `body`, checked again as its author at that time.
 */
export const scheduledPosts = pgTable(
  'scheduled_posts',
  {
    id: idColumn(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    authorId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    publishAt: timestamp({ withTimezone: true }).notNull(),
    /** The request's body as checked when scheduled (without `publishAt`). */
    body: jsonb().$type<Omit<CreatePostBody, 'publishAt'>>().notNull(),
    /** The files as uploads presented them, for the author's preview. */
    attachments: jsonb().$type<StoredFile[]>().notNull().default([]),
    created: createdAt(),
  },
  (t) => [
    index('scheduled_posts_due_idx').on(t.publishAt),
    index('scheduled_posts_author_idx').on(t.clientId, t.authorId, t.publishAt),
  ],
);
export type ScheduledPostRow = typeof scheduledPosts.$inferSelect;

/** A reader's confirmation of a must-read post. */
export const postAcks = pgTable(
  'post_acks',
  {
    clientId: uuid().notNull(),
    postId: uuid().notNull(),
    userId: uuid().notNull(),
    created: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), tenantReference(t.postId, posts, 'cascade')],
);
