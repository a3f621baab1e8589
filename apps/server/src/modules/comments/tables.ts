import type { CommentParentType, Reaction, StoredFile } from '@hallway/shared';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from '../../platform/db/columns.js';
import { tenantKey, tenantReference } from '../../platform/db/tenant-keys.js';
import { clients } from '../clients/tables.js';
import { posts, type ReactionCountsRow } from '../posts/tables.js';
import { users } from '../users/tables.js';

/** What a comment thread belongs to: a post, or an object of a later module (a task, a business process). */
export type CommentSubjectType = 'post' | 'task' | 'bp';

/**
 * Comments and answers (spec portal §3 "Comment"). An answer is a comment whose parent is a comment. `subject`
 * names the object the whole thread belongs to, so a post's comments and answers load with one index range;
 * `post_id` is set for threads under a post and removes them with it.
 */
export const comments = pgTable(
  'comments',
  {
    id: idColumn(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    parentType: text().$type<CommentParentType>().notNull(),
    parentId: uuid().notNull(),
    parentWhere: text().notNull().default(''),
    subjectType: text().$type<CommentSubjectType>().notNull(),
    subjectId: uuid().notNull(),
    postId: uuid(),
    status: text().$type<'new' | 'edited'>().notNull().default('new'),
    authorId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text().notNull(),
    mentions: uuid().array().notNull().default(sql`'{}'::uuid[]`),
    attachments: jsonb().$type<StoredFile[]>().notNull().default([]),
    likesCount: integer().notNull().default(0),
    reactions: jsonb().$type<ReactionCountsRow>().notNull().default({}),
    answersCount: integer().notNull().default(0),
    created: createdAt(),
    updated: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    tenantKey(t),
    tenantReference(t.postId, posts, 'cascade'),
    index('comments_subject_idx').on(t.clientId, t.subjectType, t.subjectId, t.created),
    index('comments_author_idx').on(t.clientId, t.authorId, t.created),
    index('comments_post_idx').on(t.postId),
  ],
);
export type CommentRow = typeof comments.$inferSelect;

/** One reaction per person per comment or answer; removed with the comment. */
export const commentReactions = pgTable(
  'comment_reactions',
  {
    clientId: uuid().notNull(),
    commentId: uuid().notNull(),
    userId: uuid().notNull(),
    reaction: text().$type<Reaction>().notNull(),
    created: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] }), tenantReference(t.commentId, comments, 'cascade')],
);
