import {
  type CreatePostBody,
  docText,
  mentionIds,
  POST_TEXT_MAX,
  POSTS_PINNED_MAX,
  type PostDto,
  type RichDoc,
  type UpdatePostBody,
} from '@hallway/shared';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { authorize } from '../../platform/access/tenancy.js';
import { rowsOf } from '../../platform/db/client.js';
import { newId } from '../../platform/db/ids.js';
import { CALLER } from '../../platform/db/security.js';
import { AppError, badRequest, invalidFields, notFound } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import { notify } from '../../platform/notify/notify.js';
import { assertGroupWritable, canReadGroup, groupPostAdded } from './groups.js';
import { isCompanyPost, mustReadAudience, postPolicy, postReaders, wallPolicy } from './policy.js';
import { presentPosts } from './presenter.js';
import { createdPostStatement, findPost, loadPostPage, movePostCount, pageOfRows } from './queries.js';
import { checkedAttachments, checkedMentions, checkThanks } from './rules.js';
import { type PostRow, postMentions, posts } from './tables.js';

/** The realtime room of a post's events: the whole workspace, or the group's room for group posts. */
export const roomOf = (row: Pick<PostRow, 'parentType' | 'parentId'>) =>
  row.parentType === 'group' ? `group:${row.parentId}` : null;

/**
 * A post the caller may read, or 404 `post_not_found` (other workspaces' posts, unreadable groups and every post of
 * a workspace whose wall is switched off alike: other modules reach posts through here, not through the guard).
 */
export async function readablePost(ctx: RequestContext, id: string, lock = false): Promise<PostRow> {
  if (!ctx.hasFeature('wall')) throw notFound('post_not_found');
  const row = await findPost(ctx.db, ctx.tenant(), id, lock);
  if (!row) throw notFound('post_not_found');
  if (row.parentType === 'group' && !(await canReadGroup(ctx, row.parentId))) throw notFound('post_not_found');
  return row;
}

/** Of `userIds`, those who may read the post `id` (postReaders): whom a comment under it may tell its text. */
export async function readersOfPost(ctx: RequestContext, id: string, userIds: string[]): Promise<string[]> {
  const row = await findPost(ctx.db, ctx.tenant(), id);
  return row ? postReaders(ctx, row, userIds) : [];
}

const parentInvalid = () =>
  new AppError(400, 'post_parent_invalid', {}, { fields: { 'parent.id': 'post_parent_invalid' } });

/** The id of a company, system or personal parent: the caller's own workspace or feed, else 400. */
function resolveOwnParent(
  ctx: RequestContext,
  parent: CreatePostBody['parent'] & { type: 'company' | 'system' | 'feed' },
): string {
  // A personal feed is its owner's own wall.
  const own = parent.type === 'feed' ? ctx.me().id : ctx.tenant();
  if (parent.id && parent.id !== own) throw parentInvalid();
  // System posts speak for the workspace itself (wallPolicy).
  if (parent.type === 'system') authorize(wallPolicy(ctx).systemPost);
  return own;
}

async function resolveParent(ctx: RequestContext, parent: CreatePostBody['parent']) {
  if (parent.type !== 'group') return resolveOwnParent(ctx, { ...parent, type: parent.type });
  if (!parent.id) throw parentInvalid();
  await assertGroupWritable(ctx, parent.id);
  return parent.id;
}

async function saveMentions(ctx: RequestContext, row: PostRow, replace: boolean) {
  if (replace) await ctx.db.delete(postMentions).where(eq(postMentions.postId, row.id));
  if (row.mentions.length) {
    await ctx.db
      .insert(postMentions)
      .values(row.mentions.map((userId) => ({ clientId: row.clientId, postId: row.id, userId, created: row.created })));
  }
}

/**
 * The text a post stores: a formatted post's plain text (`docText`), else the text sent. Empty or longer than
 * POST_TEXT_MAX: 400 with `fields.text`.
 */
function postTextOf(text: string, doc: RichDoc | null | undefined): string {
  if (!doc) return text;
  const plain = docText(doc);
  if (!plain) throw invalidFields({ text: 'required' });
  if (plain.length > POST_TEXT_MAX) throw invalidFields({ text: 'too_long' });
  return plain;
}

/** A new post's values after every rule of `POST api/post` (place, rights, mentions, thanks, files); not saved. */
export async function checkedPost(ctx: RequestContext, body: Omit<CreatePostBody, 'publishAt'>) {
  const me = ctx.me();
  if (body.mustRead) authorize(wallPolicy(ctx).mustRead);
  if (body.kind === 'thanks' && body.parent.type === 'system') {
    throw new AppError(400, 'thanks_parent_invalid', {}, { fields: { 'parent.type': 'thanks_parent_invalid' } });
  }
  const parentId = await resolveParent(ctx, body.parent);
  const text = postTextOf(body.text, body.doc);
  const mentions = await checkedMentions(ctx, text, body.mentions);
  checkThanks(body.kind, text, mentions, me.id);
  const attachments = await checkedAttachments(ctx, body.attachments);
  return {
    clientId: ctx.tenant(),
    parentType: body.parent.type,
    parentId,
    parentWhere: body.parent.where ?? '',
    kind: body.kind,
    authorId: me.id,
    text,
    doc: body.doc ?? null,
    mentions,
    attachments,
    mustRead: body.mustRead ?? false,
  };
}

/**
 * `POST api/post` (spec portal §5 "Posts"). `id`: a scheduled post keeps the id it was given when it was scheduled.
 */
export async function createPost(
  ctx: RequestContext,
  body: Omit<CreatePostBody, 'publishAt'>,
  id?: string,
): Promise<PostRow> {
  const values = await checkedPost(ctx, body);
  const [row] = await ctx.db
    .insert(posts)
    .values({ ...(id ? { id } : {}), ...values })
    .returning();
  await saveMentions(ctx, row, false);
  await notify(ctx, {
    code: row.kind === 'thanks' ? 'posts.thanks' : 'posts.mention',
    recipients: await postReaders(ctx, row, row.mentions),
    vars: { text: row.text },
    link: `/post/${row.id}`,
  });
  if (row.parentType === 'group') {
    await groupPostAdded(ctx, { id: row.id, groupId: row.parentId, text: row.text, mentions: row.mentions });
  }
  if (row.mustRead)
    await notify(ctx, {
      code: 'posts.must_read',
      // A group's must-read post is for its members.
      recipients: await mustReadAudience(ctx, row),
      vars: { text: row.text },
      link: `/post/${row.id}`,
    });
  // Last: the feed's counter row is the workspace's one hot row, held from here to the commit.
  await movePostCount(ctx.db, row, 1);
  return row;
}

/**
 * `createPost` as the guard's `quickWrite` (`createdPostStatement`), for what most people write: a post on the
 * company wall or their own feed with no mentions, attachments, must-read notice or thank-you rules; null for any
 * other, which the route writes as usual. Refuses what `checkedPost` refuses, with the same answers.
 */
export function quickCreate(ctx: RequestContext, body: Omit<CreatePostBody, 'publishAt'>) {
  const { type } = body.parent;
  if (body.kind !== 'post' || body.mustRead || body.mentions.length || body.attachments.length) return null;
  if (type !== 'company' && type !== 'feed') return null;
  const text = postTextOf(body.text, body.doc);
  if (mentionIds(text).length) return null;
  const parentId = resolveOwnParent(ctx, { ...body.parent, type });
  const values = {
    id: newId(),
    clientId: ctx.tenant(),
    parentType: type,
    parentId,
    parentWhere: body.parent.where ?? '',
    text,
    doc: body.doc ?? null,
  };
  return {
    sql: createdPostStatement(values),
    answer: (rows: Record<string, unknown>[]): PostDto => presentPosts(ctx, pageOfRows(rows).views)[0]!,
  };
}

/** `PUT api/post/{id}`: the author or an administrator; the thank-you rules hold after the change too. */
export async function updatePost(ctx: RequestContext, id: string, body: UpdatePostBody): Promise<PostRow> {
  const row = await readablePost(ctx, id, true);
  const can = postPolicy(ctx, row);
  authorize(can.edit);
  if (body.mustRead !== undefined && body.mustRead !== row.mustRead) authorize(can.mustRead);
  const doc = body.doc !== undefined ? body.doc : row.doc;
  const textChanged = body.text !== undefined || body.doc !== undefined;
  const text = doc && body.doc !== undefined ? postTextOf('', doc) : (body.text ?? row.text);
  const contentChanged = textChanged || body.mentions !== undefined || body.attachments !== undefined;
  const mentions =
    textChanged || body.mentions !== undefined
      ? await checkedMentions(ctx, text, body.mentions ?? (textChanged ? [] : row.mentions))
      : row.mentions;
  checkThanks(row.kind, text, mentions, row.authorId);
  const attachments = body.attachments ? await checkedAttachments(ctx, body.attachments) : row.attachments;
  const [updated] = await ctx.db
    .update(posts)
    .set({
      text,
      doc: body.text !== undefined && body.doc === undefined ? null : doc,
      mentions,
      attachments,
      mustRead: body.mustRead ?? row.mustRead,
      ...(contentChanged ? { edited: true, updated: sql`now()` } : {}),
    })
    .where(eq(posts.id, row.id))
    .returning();
  if (mentions !== row.mentions) await saveMentions(ctx, updated, true);
  await notify(ctx, {
    code: 'posts.mention',
    recipients: await postReaders(
      ctx,
      row,
      mentions.filter((m) => !row.mentions.includes(m)),
    ),
    vars: { text },
    link: `/post/${row.id}`,
  });
  return updated;
}

/** `DELETE api/post/{id}`: comments, likes, views and acknowledgements go with the post (foreign keys). */
export async function deletePost(ctx: RequestContext, id: string): Promise<PostRow> {
  const row = await readablePost(ctx, id, true);
  authorize(postPolicy(ctx, row).delete);
  await ctx.db.delete(posts).where(eq(posts.id, row.id));
  await movePostCount(ctx.db, row, -1);
  return row;
}

/** `PUT api/post/{id}/must_read`: administrators mark a post as one everybody must confirm having read. */
export async function setMustRead(ctx: RequestContext, id: string, mustRead: boolean): Promise<PostRow> {
  authorize(wallPolicy(ctx).mustRead);
  const row = await readablePost(ctx, id, true);
  const [updated] = await ctx.db.update(posts).set({ mustRead }).where(eq(posts.id, row.id)).returning();
  if (mustRead && !row.mustRead)
    await notify(ctx, {
      code: 'posts.must_read',
      recipients: await mustReadAudience(ctx, row),
      vars: { text: row.text },
      link: `/post/${row.id}`,
    });
  return updated;
}

/**
 * `PUT api/post/{id}/pin`: administrators pin a company (or system) post on top of the company feed, or unpin it.
 * At most POSTS_PINNED_MAX at once (409 `post_pin_limit`: unpin one first); pinning again changes nothing. Pins of a
 * workspace are counted under a transaction-scoped advisory lock, so two administrators cannot pass the limit together.
 */
export async function setPinned(ctx: RequestContext, id: string, pinned: boolean): Promise<PostRow> {
  authorize(wallPolicy(ctx).pin);
  const row = await readablePost(ctx, id, true);
  if (!isCompanyPost(row)) throw badRequest('post_pin_company_only');
  if (pinned === (row.pinnedAt !== null)) return row;
  if (pinned) {
    await rowsOf(ctx.db, sql`SELECT pg_advisory_xact_lock(hashtext(${`posts.pin:${row.clientId}`}))`);
    const [{ count }] = await ctx.db
      .select({ count: sql<number>`count(*)::int` })
      .from(posts)
      .where(and(eq(posts.clientId, row.clientId), isNotNull(posts.pinnedAt)));
    if (Number(count) >= POSTS_PINNED_MAX) throw new AppError(409, 'post_pin_limit', { max: POSTS_PINNED_MAX });
  }
  const [updated] = await ctx.db
    .update(posts)
    // clock_timestamp(): two pins in one transaction still keep their order.
    .set({ pinnedAt: pinned ? sql`clock_timestamp()` : null })
    .where(eq(posts.id, row.id))
    .returning();
  return updated;
}

/** One post with the caller's state, presented. */
export async function presentOnePost(ctx: RequestContext, id: string): Promise<PostDto> {
  const row = await readablePost(ctx, id);
  const { views } = await loadPostPage(ctx, eq(posts.id, row.id), { offset: 0, limit: 1 });
  return presentPosts(ctx, views)[0];
}

/**
 * What a one-statement comment under a post needs of this module (comments `quickComment`): `post`, the post `$1` of
 * the caller's workspace unless it is a group's (whose reading rule is the groups module's: the transaction path),
 * and `counted(added)`, its comment counter moved by the comment the CTE `added` wrote, returning the new count.
 */
export const commentedPostSql = {
  post: `SELECT id, client_id, author_id FROM posts
         WHERE id = $1 AND client_id = ${CALLER.tenant} AND parent_type <> 'group'`,
  counted: (added: string) =>
    `UPDATE posts SET comments_count = greatest(comments_count + 1, 0) FROM ${added}
     WHERE posts.id = ${added}.post_id RETURNING posts.comments_count`,
};

/** Moves a post's comment counter (comments and answers together) and answers the new count. */
export async function moveCommentCount(ctx: RequestContext, postId: string, by: number): Promise<number> {
  const [row] = await ctx.db
    .update(posts)
    .set({ commentsCount: sql`greatest(${posts.commentsCount} + ${by}, 0)` })
    .where(and(eq(posts.id, postId), eq(posts.clientId, ctx.tenant())))
    .returning({ commentsCount: posts.commentsCount });
  return row?.commentsCount ?? 0;
}
