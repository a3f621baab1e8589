import {
  type CommentDto,
  type CommentParentType,
  type CreateCommentBody,
  type LikeResult,
  type LikeType,
  mentionIds,
  type PersonCard,
  type Reaction,
  type UpdateCommentBody,
} from '@hallway/shared';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { authorize } from '../../platform/access/tenancy.js';
import { constantText, tableRowReader } from '../../platform/db/client.js';
import { newId } from '../../platform/db/ids.js';
import { CALLER } from '../../platform/db/security.js';
import type { TripStatement } from '../../platform/db/tenant.js';
import { AppError, notFound } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import { notify, notifyInStatement } from '../../platform/notify/notify.js';
import {
  checkedAttachments,
  checkedMentions,
  commentedPostSql,
  moveCommentCount,
  movedCounts,
  reactionCounts,
  readersOfPost,
  toggleReaction,
} from '../posts/index.js';
import type { ReactionCountsRow } from '../posts/tables.js';
import { personCardSql, personCards } from '../users/index.js';
import { type CommentSubject, resolveSubject } from './parents.js';
import { commentPolicy } from './policy.js';
import { presentComment, threadOf } from './presenter.js';
import { type CommentRow, commentReactions, comments } from './tables.js';

/** A comment the caller may read, with its thread's subject; 404 otherwise. */
async function readableComment(ctx: RequestContext, id: string, lock = false) {
  const query = ctx.db
    .select()
    .from(comments)
    .where(and(eq(comments.id, id), eq(comments.clientId, ctx.tenant())));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('comment_not_found');
  const subject = await resolveSubject(ctx, row.subjectType, row.subjectId);
  return { row, subject };
}

export interface CommentChange {
  row: CommentRow;
  subject: CommentSubject;
  /** The post's comment count after the change, for threads under a post. */
  commentsCount: number | null;
}

const COMMENTER_CARD = constantText(personCardSql(sql.raw('c.author_id')));
const commentColumns = tableRowReader(comments);

/**
 * `createComment` as one statement (the guard's `quickWrite`) for what most comments are: plain text under a post
 * that is not a group's (the groups module's reading rule stays in the transaction), no mentions or attachments;
 * null for any other, which the route writes as usual. The post's parts are the posts module's (`commentedPostSql`),
 * read as row-level security lets the caller see it; the comment, the post's counter and the author's notice (`notifyInStatement`) are one statement, kept prepared.
 * Its answer is undefined when the statement wrote nothing (no such post, a group's post): the route then answers.
 */
export function quickComment(ctx: RequestContext, body: CreateCommentBody) {
  if (body.parent.type !== 'post' || body.mentions.length || body.attachments.length) return null;
  if (!ctx.hasFeature('wall') || mentionIds(body.text).length) return null;
  const postId = body.parent.id;
  const notice = notifyInStatement(
    ctx,
    { code: 'posts.comment', vars: { text: body.text }, link: `/post/${postId}` },
    { sql: 'p.author_id', from: 'FROM p, c' },
    5,
  );
  const text = `WITH p AS (${commentedPostSql.post}),
      c AS (INSERT INTO comments (id, client_id, parent_type, parent_id, parent_where, subject_type, subject_id, post_id,
                                  author_id, text)
            SELECT $2, p.client_id, 'post', p.id, $3, 'post', p.id, p.id, ${CALLER.me}, $4 FROM p RETURNING *),
      counted AS (${commentedPostSql.counted('c')})${notice ? `,\n      notified AS (${notice.sql})` : ''}
    SELECT c.*, ${COMMENTER_CARD} AS author, (SELECT comments_count FROM counted) AS comments_now,
           ${notice ? '(SELECT id FROM notified)' : 'NULL'} AS notified
    FROM c`;
  const statement: TripStatement = {
    name: notice ? 'comment_on_post_noticed' : 'comment_on_post',
    types: ['uuid', 'uuid', 'text', 'text', ...(notice?.types ?? [])],
    text,
    values: [postId, newId(), body.parent.where ?? '', body.text, ...(notice?.values ?? [])],
  };
  return {
    statement,
    answer: (rows: Record<string, unknown>[]) => {
      const [raw] = rows;
      if (!raw) return undefined;
      if (raw.notified) notice?.stored();
      const row = commentColumns.read(raw);
      const cards = new Map([[row.authorId, raw.author as PersonCard]]);
      const change: CommentChange = {
        row,
        subject: { type: 'post', id: postId, postId, authorId: null, room: null },
        commentsCount: Number(raw.comments_now),
      };
      return { change, comment: presentComment(row, cards, null, commentPolicy(ctx, row)) };
    },
  };
}

/**
 * `POST api/comment`. A comment's parent is its subject (post, task, bp); an answer's parent is a comment. Answers
 * are one level deep: answering an answer answers the comment it belongs to.
 */
export async function createComment(ctx: RequestContext, body: CreateCommentBody): Promise<CommentChange> {
  const me = ctx.me();
  const parentType: CommentParentType = body.parent.type;
  let parentId = body.parent.id;
  let subject: CommentSubject;
  // Who the new comment answers: the comment's author for a reply, else the thread's object's.
  let answered: string | null;
  if (parentType === 'comment') {
    const parent = await readableComment(ctx, parentId, true);
    answered = parent.row.authorId;
    if (parent.row.parentType === 'comment') {
      parentId = parent.row.parentId;
    }
    subject = parent.subject;
  } else {
    subject = await resolveSubject(ctx, parentType, parentId);
    answered = subject.authorId;
  }
  const mentions = await checkedMentions(ctx, body.text, body.mentions);
  const attachments = await checkedAttachments(ctx, body.attachments);
  const [row] = await ctx.db
    .insert(comments)
    .values({
      clientId: ctx.tenant(),
      parentType,
      parentId,
      parentWhere: body.parent.where ?? '',
      subjectType: subject.type,
      subjectId: subject.id,
      postId: subject.postId,
      authorId: me.id,
      text: body.text,
      mentions,
      attachments,
    })
    .returning();
  if (parentType === 'comment') {
    await ctx.db
      .update(comments)
      .set({ answersCount: sql`${comments.answersCount} + 1` })
      .where(eq(comments.id, parentId));
  }
  const commentsCount = subject.postId ? await moveCommentCount(ctx, subject.postId, 1) : null;
  if (subject.postId)
    await notify(ctx, {
      code: parentType === 'comment' ? 'posts.reply' : 'posts.comment',
      // Only while they may still read the post (an author who left a private group is not told its text).
      recipients: answered ? await readersOfPost(ctx, subject.postId, [answered]) : [],
      vars: { text: body.text },
      link: `/post/${subject.postId}`,
    });
  if (subject.postId)
    await notify(ctx, {
      code: 'posts.mention',
      recipients: await readersOfPost(ctx, subject.postId, mentions),
      vars: { text: body.text },
      link: `/post/${subject.postId}`,
    });
  if (subject.commented) await subject.commented(ctx, { id: row.id, text: body.text, mentions });
  return { row, subject, commentsCount };
}

/** `PUT api/comment/{id}`: its author or an administrator. */
export async function updateComment(ctx: RequestContext, id: string, body: UpdateCommentBody): Promise<CommentChange> {
  const { row, subject } = await readableComment(ctx, id, true);
  authorize(commentPolicy(ctx, row).edit);
  const text = body.text ?? row.text;
  const mentions =
    body.text !== undefined || body.mentions !== undefined
      ? await checkedMentions(ctx, text, body.mentions ?? (body.text !== undefined ? [] : row.mentions))
      : row.mentions;
  const attachments = body.attachments ? await checkedAttachments(ctx, body.attachments) : row.attachments;
  const [updated] = await ctx.db
    .update(comments)
    .set({ text, mentions, attachments, status: 'edited', updated: sql`now()` })
    .where(eq(comments.id, row.id))
    .returning();
  return { row: updated, subject, commentsCount: null };
}

/**
 * `DELETE api/comment/{id}?parent_type=`: its author or an administrator; a comment goes with its answers.
 * `parent_type`, when given, must be the comment's own (a comment id sent as an answer is not found).
 */
export async function deleteComment(
  ctx: RequestContext,
  id: string,
  parentType: CommentParentType | undefined,
): Promise<CommentChange> {
  const { row, subject } = await readableComment(ctx, id, true);
  if (parentType && parentType !== row.parentType) throw notFound('comment_not_found');
  authorize(commentPolicy(ctx, row).delete);
  const answers =
    row.parentType === 'comment'
      ? []
      : await ctx.db
          .delete(comments)
          .where(
            and(eq(comments.clientId, row.clientId), eq(comments.parentType, 'comment'), eq(comments.parentId, row.id)),
          )
          .returning({ id: comments.id });
  await ctx.db.delete(comments).where(eq(comments.id, row.id));
  if (row.parentType === 'comment') {
    await ctx.db
      .update(comments)
      .set({ answersCount: sql`greatest(${comments.answersCount} - 1, 0)` })
      .where(eq(comments.id, row.parentId));
  }
  const commentsCount = subject.postId ? await moveCommentCount(ctx, subject.postId, -(1 + answers.length)) : null;
  return { row, subject, commentsCount };
}

/** A thread (comments with answers) of a subject the caller has already been allowed to read. */
export async function threadOfSubject(
  ctx: RequestContext,
  subjectType: CommentSubject['type'],
  subjectId: string,
): Promise<CommentDto[]> {
  const me = ctx.me().id;
  const rows = await ctx.db
    .select()
    .from(comments)
    .where(
      and(
        eq(comments.clientId, ctx.tenant()),
        eq(comments.subjectType, subjectType),
        eq(comments.subjectId, subjectId),
      ),
    )
    .orderBy(asc(comments.created), asc(comments.id));
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [cards, reactions] = await Promise.all([
    personCards(
      ctx.db,
      rows.flatMap((r) => [r.authorId, ...r.mentions]),
    ),
    ctx.db
      .select({ commentId: commentReactions.commentId, reaction: commentReactions.reaction })
      .from(commentReactions)
      .where(and(eq(commentReactions.userId, me), inArray(commentReactions.commentId, ids))),
  ]);
  return threadOf(ctx, rows, cards, new Map(reactions.map((r) => [r.commentId, r.reaction])));
}

/** One comment as the caller sees it (answers are not included). */
export async function presentOne(ctx: RequestContext, row: CommentRow) {
  const [cards, [mine]] = await Promise.all([
    personCards(ctx.db, [row.authorId, ...row.mentions]),
    ctx.db
      .select({ reaction: commentReactions.reaction })
      .from(commentReactions)
      .where(and(eq(commentReactions.commentId, row.id), eq(commentReactions.userId, ctx.me().id))),
  ]);
  return presentComment(row, cards, mine?.reaction ?? null, commentPolicy(ctx, row));
}

/**
 * `POST api/post/like` for comments and answers: `like_type` must say which it is. The comment row is locked
 * first, like a post's.
 */
export async function reactToComment(
  ctx: RequestContext,
  likeType: Exclude<LikeType, 'post'>,
  id: string,
  reaction: Reaction,
): Promise<{ result: LikeResult; subject: CommentSubject }> {
  const me = ctx.me();
  const { row, subject } = await readableComment(ctx, id, true);
  const isAnswer = row.parentType === 'comment';
  if (isAnswer !== (likeType === 'answer')) {
    throw new AppError(404, 'like_type_mismatch', { like_type: likeType });
  }
  const mine = and(eq(commentReactions.commentId, row.id), eq(commentReactions.userId, me.id));
  const [current] = await ctx.db.select({ reaction: commentReactions.reaction }).from(commentReactions).where(mine);
  const { next, changes, total } = toggleReaction(current?.reaction ?? null, reaction);
  if (!next) await ctx.db.delete(commentReactions).where(mine);
  else if (current) await ctx.db.update(commentReactions).set({ reaction: next, created: sql`now()` }).where(mine);
  else
    await ctx.db
      .insert(commentReactions)
      .values({ clientId: row.clientId, commentId: row.id, userId: me.id, reaction });
  const [counts] = await ctx.db
    .update(comments)
    .set({
      likesCount: sql`greatest(${comments.likesCount} + ${total}, 0)`,
      reactions: movedCounts(comments.reactions, changes),
    })
    .where(eq(comments.id, row.id))
    .returning({ likesCount: comments.likesCount, reactions: comments.reactions });
  return {
    result: {
      like_type: likeType,
      id: row.id,
      post_id: row.postId,
      likes: counts.likesCount,
      reactions: reactionCounts(counts.reactions as ReactionCountsRow),
      myReaction: next,
    },
    subject,
  };
}

/**
 * The posts a person commented on or answered under, most recent comment first (`GET api/post/comments_feed`).
 */
export async function commentedPosts(ctx: RequestContext, userId: string, offset: number, limit: number) {
  const where = and(
    eq(comments.clientId, ctx.tenant()),
    eq(comments.authorId, userId),
    eq(comments.subjectType, 'post'),
  );
  const latest = sql<Date>`max(${comments.created})`;
  const [rows, [count]] = await Promise.all([
    ctx.db
      .select({ postId: comments.subjectId })
      .from(comments)
      .where(where)
      .groupBy(comments.subjectId)
      .orderBy(desc(latest), desc(comments.subjectId))
      .limit(limit)
      .offset(offset),
    ctx.db
      .select({ total: sql<number>`count(DISTINCT ${comments.subjectId})::int` })
      .from(comments)
      .where(where),
  ]);
  return { ids: rows.map((r) => r.postId), total: count?.total ?? 0 };
}
