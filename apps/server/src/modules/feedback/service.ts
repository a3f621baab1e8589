// Ideas and violation reports (portal §2 /idea, /report_violation, §5, §6, §7; docs/api.md "Ideas and violation
// reports"). An anonymous report is written without anything that leads to its author: no user id, a random id (a
// time-ordered one would date it), its day instead of its time, notifications without an actor, and its routes log
// nothing (routes.ts). Its author holds a code; the server keeps only the code's sha256.

import { createHash, randomInt } from 'node:crypto';
import type { PersonCard } from '@hallway/shared';
import {
  FEEDBACK_PAGE_SIZE,
  type FeedbackItem,
  type FeedbackKind,
  type FeedbackMessage,
  type FeedbackPage,
  type FeedbackStatus,
  type FeedbackThread,
  type RecipientsDto,
  type ReportSent,
  STATUSES_OF,
} from '@hallway/shared/feedback';
import { fileIdOf } from '@hallway/shared/files';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { authorize } from '../../platform/access/tenancy.js';
import { rowsOf } from '../../platform/db/client.js';
import { AppError, badRequest, notFound } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import { notify } from '../../platform/notify/notify.js';
import { anonymousMoment, fileRefs } from '../files/index.js';
import { assertActivePeople, personCards } from '../users/index.js';
import { itemPolicy, kindPolicy, recipientsSql } from './policy.js';
import { type FeedbackItemRow, feedbackItems, feedbackMessages, feedbackRecipients } from './tables.js';

const LINK: Record<FeedbackKind, string> = { idea: '/idea', report: '/report_violation' };
const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/**
 * Where a notification about an item leads. An anonymous report's lead to the inbox, not to the report: the
 * notifications keep their moment, and a link would tie that moment to the report (whose own time is its day).
 */
const linkTo = (row: FeedbackItemRow) =>
  row.anonymous ? `${LINK[row.kind]}?tab=inbox` : `${LINK[row.kind]}?item=${row.id}`;

const hashOf = (code: string) => createHash('sha256').update(code).digest('hex');
const newCode = () =>
  Array.from({ length: 4 }, () =>
    Array.from({ length: 5 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join(''),
  ).join('-');

/** The request's context without its person: what an anonymous report writes and notifies through. */
function unnamed(ctx: RequestContext): RequestContext {
  return {
    ...ctx,
    user: null,
    me: () => {
      throw new AppError(401, 'unauthorized');
    },
  };
}

async function recipientIds(ctx: RequestContext, kind: FeedbackKind): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(ctx.db, recipientsSql(ctx.tenant(), kind));
  return [...new Set(rows.map((r) => r.id))];
}

const isRecipient = async (ctx: RequestContext, kind: FeedbackKind) =>
  !!ctx.user && (await recipientIds(ctx, kind)).includes(ctx.user.id);

async function attachmentsOf(ctx: RequestContext, attachments: { url: string }[]) {
  return fileRefs(
    ctx,
    attachments.map((a) => fileIdOf(a.url)!),
  );
}

function present(
  row: FeedbackItemRow,
  cards: Map<string, PersonCard>,
  messages: number,
  can: { status: boolean; reply: boolean },
): FeedbackItem {
  const author = row.authorId ? (cards.get(row.authorId) ?? null) : null;
  return {
    _id: row.id,
    kind: row.kind,
    title: row.title,
    description: row.description,
    attachments: row.attachments,
    status: row.status,
    anonymous: row.anonymous,
    author_name: row.anonymous ? '' : row.authorName || author?.name || '',
    author,
    date: row.anonymous ? row.created.toISOString().slice(0, 10) : row.created.toISOString(),
    messages,
    can,
  };
}

async function messageCounts(ctx: RequestContext, ids: string[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const rows = await rowsOf<{ item_id: string; n: number }>(
    ctx.db,
    sql`SELECT item_id, count(*)::int AS n FROM feedback_messages
        WHERE client_id = ${ctx.tenant()} AND item_id = ANY(${sql.param(ids)}::uuid[]) GROUP BY item_id`,
  );
  return new Map(rows.map((r) => [r.item_id, r.n]));
}

/** `POST api/user/send_idea`: to the idea recipients, by notification and e-mail. */
export async function sendIdea(
  ctx: RequestContext,
  body: { title: string; description: string; attachments: { url: string }[] },
): Promise<FeedbackItem> {
  const files = await attachmentsOf(ctx, body.attachments);
  const [row] = await ctx.db
    .insert(feedbackItems)
    .values({
      clientId: ctx.tenant(),
      kind: 'idea',
      authorId: ctx.me().id,
      anonymous: false,
      title: body.title,
      description: body.description,
      attachments: files,
      created: new Date(),
    })
    .returning();
  await notify(ctx, {
    code: 'feedback.idea',
    recipients: await recipientIds(ctx, 'idea'),
    vars: { title: body.title },
    link: linkTo(row),
  });
  return present(row, await personCards(ctx.db, [row.authorId!]), 0, { status: false, reply: true });
}

/**
 * `POST api/user/send_viol_report`: signed with a name, or anonymous (then the answer carries the follow-up code,
 * shown this once). Neither a name nor `anonymous` is refused with 400 `report_author_required`.
 */
export async function sendReport(
  ctx: RequestContext,
  body: { anonymous: boolean; author_name: string; description: string; attachments: { url: string }[] },
): Promise<ReportSent> {
  if (!body.anonymous && !body.author_name) throw badRequest('report_author_required');
  const files = await attachmentsOf(ctx, body.attachments);
  const code = body.anonymous ? newCode() : null;
  const writer = body.anonymous ? unnamed(ctx) : ctx;
  const [row] = await ctx.db
    .insert(feedbackItems)
    .values({
      // A random id: a time-ordered one would tell when an anonymous report was sent.
      id: crypto.randomUUID(),
      clientId: ctx.tenant(),
      kind: 'report',
      authorId: body.anonymous ? null : ctx.me().id,
      anonymous: body.anonymous,
      authorName: body.anonymous ? '' : body.author_name,
      description: body.description,
      attachments: files,
      codeHash: code ? hashOf(code) : null,
      created: body.anonymous ? anonymousMoment() : new Date(),
    })
    .returning();
  await notify(writer, {
    code: 'feedback.report',
    recipients: await recipientIds(ctx, 'report'),
    link: linkTo(row),
  });
  const cards = row.authorId ? await personCards(ctx.db, [row.authorId]) : new Map();
  return { item: present(row, cards, 0, { status: false, reply: !body.anonymous }), code };
}

/** The caller's own items of a kind, or the kind's inbox for its recipients; newest first, a page at a time. */
export async function list(
  ctx: RequestContext,
  kind: FeedbackKind,
  box: 'mine' | 'inbox',
  query: { status?: FeedbackStatus; page: number },
): Promise<FeedbackPage> {
  const recipient = await isRecipient(ctx, kind);
  if (box === 'inbox') authorize(recipient);
  const where = and(
    eq(feedbackItems.clientId, ctx.tenant()),
    eq(feedbackItems.kind, kind),
    box === 'mine' ? eq(feedbackItems.authorId, ctx.me().id) : undefined,
    query.status ? eq(feedbackItems.status, query.status) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select()
      .from(feedbackItems)
      .where(where)
      .orderBy(desc(feedbackItems.created), desc(feedbackItems.id))
      .limit(FEEDBACK_PAGE_SIZE)
      .offset(query.page * FEEDBACK_PAGE_SIZE),
    ctx.db.select({ total: count() }).from(feedbackItems).where(where),
  ]);
  const [cards, counts] = await Promise.all([
    personCards(
      ctx.db,
      rows.flatMap((r) => (r.authorId ? [r.authorId] : [])),
    ),
    messageCounts(
      ctx,
      rows.map((r) => r.id),
    ),
  ]);
  return {
    items: rows.map((r) => present(r, cards, counts.get(r.id) ?? 0, canOf(ctx, r, recipient))),
    total,
    can: kindPolicy(ctx, kind, recipient),
  };
}

function canOf(ctx: RequestContext, row: FeedbackItemRow, recipient: boolean) {
  const { status, reply } = itemPolicy(ctx, row, recipient);
  return { status, reply };
}

async function itemRow(ctx: RequestContext, kind: FeedbackKind, id: string): Promise<FeedbackItemRow> {
  const [row] = await ctx.db
    .select()
    .from(feedbackItems)
    .where(and(eq(feedbackItems.clientId, ctx.tenant()), eq(feedbackItems.kind, kind), eq(feedbackItems.id, id)));
  if (!row) throw notFound('feedback_not_found');
  return row;
}

/** An item the caller may read (as its recipient or named author); refused like a missing one otherwise. */
async function readable(ctx: RequestContext, kind: FeedbackKind, id: string) {
  const row = await itemRow(ctx, kind, id);
  const recipient = await isRecipient(ctx, kind);
  const policy = itemPolicy(ctx, row, recipient);
  if (!policy.read) throw notFound('feedback_not_found');
  return { row, recipient, policy };
}

async function thread(
  ctx: RequestContext,
  row: FeedbackItemRow,
  can: { status: boolean; reply: boolean },
): Promise<FeedbackThread> {
  const messages = await ctx.db
    .select()
    .from(feedbackMessages)
    .where(and(eq(feedbackMessages.clientId, ctx.tenant()), eq(feedbackMessages.itemId, row.id)))
    .orderBy(asc(feedbackMessages.position));
  const cards = await personCards(ctx.db, [
    ...(row.authorId ? [row.authorId] : []),
    ...messages.flatMap((m) => (m.authorId ? [m.authorId] : [])),
  ]);
  const presentMessage = (m: (typeof messages)[number]): FeedbackMessage => ({
    _id: m.id,
    from: m.fromRecipient ? 'recipient' : 'author',
    person: m.authorId ? (cards.get(m.authorId) ?? null) : null,
    text: m.text,
    date: !m.fromRecipient && row.anonymous ? m.created.toISOString().slice(0, 10) : m.created.toISOString(),
  });
  return { ...present(row, cards, messages.length, can), thread: messages.map(presentMessage) };
}

export async function getItem(ctx: RequestContext, kind: FeedbackKind, id: string): Promise<FeedbackThread> {
  const { row, policy } = await readable(ctx, kind, id);
  return thread(ctx, row, { status: policy.status, reply: policy.reply });
}

/** The recipients move an item through its kind's statuses; its named author is told. */
export async function setStatus(
  ctx: RequestContext,
  kind: FeedbackKind,
  id: string,
  status: FeedbackStatus,
): Promise<FeedbackThread> {
  const { row, policy } = await readable(ctx, kind, id);
  authorize(policy.status);
  if (!STATUSES_OF[kind].includes(status)) throw badRequest('feedback_status_invalid');
  const [updated] = await ctx.db
    .update(feedbackItems)
    .set({ status })
    .where(and(eq(feedbackItems.clientId, ctx.tenant()), eq(feedbackItems.id, row.id)))
    .returning();
  if (updated.authorId && status !== row.status) {
    await notify(ctx, {
      code: 'feedback.status',
      recipients: [updated.authorId],
      vars: { title: titleOf(updated) },
      link: linkTo(updated),
    });
  }
  return thread(ctx, updated, { status: policy.status, reply: policy.reply });
}

const titleOf = (row: FeedbackItemRow) => row.title || row.description.slice(0, 80);

/**
 * One message in an item's thread, after the ones before it (the item's row is locked while its position is taken).
 * An anonymous author's message keeps no person and only its day.
 */
async function addMessage(ctx: RequestContext, row: FeedbackItemRow, fromRecipient: boolean, text: string) {
  await ctx.db.execute(
    sql`SELECT 1 FROM feedback_items WHERE client_id = ${ctx.tenant()} AND id = ${row.id} FOR UPDATE`,
  );
  const anonymousAuthor = row.anonymous && !fromRecipient;
  await ctx.db.insert(feedbackMessages).values({
    id: anonymousAuthor ? crypto.randomUUID() : undefined,
    clientId: ctx.tenant(),
    itemId: row.id,
    position: sql`(SELECT coalesce(max(position), 0) + 1 FROM feedback_messages WHERE client_id = ${ctx.tenant()} AND item_id = ${row.id})`,
    fromRecipient,
    authorId: anonymousAuthor ? null : ctx.me().id,
    text,
    created: anonymousAuthor ? anonymousMoment() : new Date(),
  });
  const vars = { title: titleOf(row), text };
  const link = linkTo(row);
  if (fromRecipient) {
    if (row.authorId) await notify(ctx, { code: 'feedback.reply', recipients: [row.authorId], vars, link });
  } else {
    const writer = anonymousAuthor ? unnamed(ctx) : ctx;
    await notify(writer, { code: 'feedback.reply', recipients: await recipientIds(ctx, row.kind), vars, link });
  }
}

/** A message in the thread: a recipient's reply, or its named author's answer. */
export async function reply(
  ctx: RequestContext,
  kind: FeedbackKind,
  id: string,
  text: string,
): Promise<FeedbackThread> {
  const { row, recipient, policy } = await readable(ctx, kind, id);
  authorize(policy.reply);
  await addMessage(ctx, row, recipient && row.authorId !== ctx.me().id, text);
  return thread(ctx, row, { status: policy.status, reply: policy.reply });
}

async function byCode(ctx: RequestContext, code: string): Promise<FeedbackItemRow> {
  const [row] = await ctx.db
    .select()
    .from(feedbackItems)
    .where(and(eq(feedbackItems.clientId, ctx.tenant()), eq(feedbackItems.codeHash, hashOf(code))));
  if (!row) throw notFound('report_code_unknown');
  return row;
}

/** An anonymous report and its thread, for whoever holds its code. */
export async function follow(ctx: RequestContext, code: string): Promise<FeedbackThread> {
  return thread(ctx, await byCode(ctx, code), { status: false, reply: true });
}

/** The anonymous author's answer in their report's thread. */
export async function followReply(ctx: RequestContext, code: string, text: string): Promise<FeedbackThread> {
  const row = await byCode(ctx, code);
  await addMessage(ctx, row, false, text);
  return thread(ctx, row, { status: false, reply: true });
}

export async function recipients(ctx: RequestContext, kind: FeedbackKind): Promise<RecipientsDto> {
  const set = await ctx.db
    .select({ id: feedbackRecipients.userId })
    .from(feedbackRecipients)
    .where(and(eq(feedbackRecipients.clientId, ctx.tenant()), eq(feedbackRecipients.kind, kind)));
  const ids = await recipientIds(ctx, kind);
  const cards = await personCards(ctx.db, ids);
  return { people: ids.flatMap((id) => cards.get(id) ?? []), fallback: set.length === 0 };
}

/** Administrators set the kind's recipients (an empty list gives the inbox back to the administrators). */
export async function setRecipients(ctx: RequestContext, kind: FeedbackKind, ids: string[]): Promise<RecipientsDto> {
  authorize(kindPolicy(ctx, kind, false).recipients);
  await assertActivePeople(ctx, ids, 'ids', 'user_not_found');
  await ctx.db
    .delete(feedbackRecipients)
    .where(and(eq(feedbackRecipients.clientId, ctx.tenant()), eq(feedbackRecipients.kind, kind)));
  const unique = [...new Set(ids)];
  if (unique.length) {
    await ctx.db.insert(feedbackRecipients).values(unique.map((userId) => ({ clientId: ctx.tenant(), kind, userId })));
  }
  return recipients(ctx, kind);
}
