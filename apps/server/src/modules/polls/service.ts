// Modules §7 "Polls" and the calls docs/api.md "Polls" adds; §4 finish, §5 Poll, §6 Polls.
import { randomUUID } from 'node:crypto';
import type { AudienceGrant, PersonCard } from '@hallway/shared';
import {
  type CreatePollBody,
  POLL_LIST_KINDS,
  POLL_PAGE_SIZE,
  POLL_TABLE_PAGE_SIZE,
  POLL_TEXTS_MAX,
  type PollAnswersBody,
  type PollDto,
  type PollItem,
  type PollListQuery,
  type PollQuestionDto,
  type PollResults,
  type StoredAnswer,
  type UpdatePollBody,
} from '@hallway/shared/polls';
import { and, asc, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import {
  callerGrantPerson,
  deleteGrants,
  type GrantPerson,
  grantedSql,
  grantPerson,
  grantsOf,
  peopleRows,
  setGrants,
} from '../../platform/access/grants.js';
import { authorize } from '../../platform/access/tenancy.js';
import { rowsOf, type Tx } from '../../platform/db/client.js';
import { AppError, notFound } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import { instantMoment } from '../../platform/notify/moments.js';
import { notify } from '../../platform/notify/notify.js';
import { personCardSql, personCards, personIsAdmin, unknownPerson } from '../users/index.js';
import { mayExportFor, mayListFor, POLL_KIND, pollPolicy, pollsPolicy, readableSql, recipientSql } from './policy.js';
import { answerText, checkAnswers, checkName, checkQuestions, refuse } from './rules.js';
import { type PollRow, pollParticipants, pollResponses, polls } from './tables.js';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const responsesSql = sql<number>`(SELECT count(*)::int FROM poll_participants p WHERE p.poll_id = ${polls.id})`;
const answeredSql = (userId: string) =>
  sql<boolean>`EXISTS (SELECT 1 FROM poll_participants p WHERE p.poll_id = ${polls.id} AND p.user_id = ${userId})`;

interface Found {
  row: PollRow;
  recipient: boolean;
  answered: boolean;
  responses: number;
  author: PersonCard | null;
}

type Can = ReturnType<typeof pollPolicy>;

function presentItem(ctx: RequestContext, f: Found, can: Can = pollPolicy(ctx, f.row, f)): PollItem {
  const { row } = f;
  const { read: _read, manage: _manage, ...sent } = can;
  return {
    _id: row.id,
    client_id: row.clientId,
    name: row.name,
    description: row.description,
    type: row.type,
    author: f.author ?? unknownPerson(row.authorId),
    created: iso(row.created)!,
    deadline: iso(row.deadline),
    finished: row.finishedAt !== null,
    finished_at: iso(row.finishedAt),
    allow_change: row.allowChange,
    questions_count: row.questions.length,
    responses: Number(f.responses),
    answered: f.answered,
    can: sent,
  };
}

/**
 * A poll the caller may read, with their state (404 `poll_not_found` otherwise, as for a foreign id). `lock`: `share`
 * for a submission (many at once; a finish waits for them), `update` to change the poll.
 */
async function findPoll(ctx: RequestContext, id: string, lock?: 'share' | 'update') {
  const me = await callerGrantPerson(ctx);
  const query = ctx.db
    .select({
      row: polls,
      recipient: recipientSql(ctx.tenant(), me),
      answered: answeredSql(me.id),
      responses: responsesSql,
      author: personCardSql(polls.authorId) as SQL<PersonCard | null>,
    })
    .from(polls)
    .where(and(eq(polls.id, id), eq(polls.clientId, ctx.tenant())));
  const [found] = lock ? await query.for(lock, { of: polls }) : await query;
  if (!found) throw notFound('poll_not_found');
  const f: Found = { ...found, responses: Number(found.responses) };
  const can = pollPolicy(ctx, f.row, f);
  if (!can.read) throw notFound('poll_not_found');
  return { ...f, can };
}

/** How many people the poll is for (its grants' recipients, or everyone of the workspace). */
async function recipientCount(ctx: RequestContext, row: PollRow): Promise<number> {
  const [counted] = await rowsOf<{ n: number }>(
    ctx.db,
    sql`SELECT count(*)::int AS n FROM ${recipientsSql(ctx, row)} r`,
  );
  return Number(counted.n);
}

/** The recipients of a poll as a derived table `(id)`; `pending`: only those who have not answered. */
function recipientsSql(ctx: RequestContext, row: PollRow, pending = false): SQL {
  const clientId = ctx.tenant();
  const granted = row.restricted
    ? grantedSql(clientId, POLL_KIND, sql`${row.id}::uuid`, peopleRows('u'), 'read')
    : sql`TRUE`;
  const waiting = pending
    ? sql`AND NOT EXISTS (SELECT 1 FROM poll_participants p WHERE p.poll_id = ${row.id} AND p.user_id = u.id)`
    : sql``;
  return sql`(SELECT u.id, u.last_name, u.first_name FROM users u
    WHERE u.client_id = ${clientId} AND NOT u.deletion_mark AND ${granted} ${waiting})`;
}

/** Who has not answered yet, as ids (the reminder, "remind"). */
export async function pendingIds(ctx: RequestContext, row: PollRow): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(ctx.db, sql`SELECT r.id FROM ${recipientsSql(ctx, row, true)} r`);
  return rows.map((r) => r.id);
}

/** The rules of a whole poll (§5), on the state it would have after the change. */
function checkPoll(
  body: Pick<CreatePollBody, 'name' | 'type' | 'allow_change'> & { deadline?: string | null },
  grants: number,
  deadlineChanged: boolean,
) {
  const name = checkName(body.name);
  if (body.type === 'closed' && grants === 0) throw refuse('poll_recipients_required', 'grants');
  if (body.type === 'anonymous' && body.allow_change) throw refuse('poll_anonymous_no_change', 'allow_change');
  if (deadlineChanged && body.deadline && new Date(body.deadline).getTime() <= Date.now()) {
    throw refuse('poll_deadline_past', 'deadline');
  }
  return name;
}

async function applyGrants(ctx: RequestContext, id: string, grants: AudienceGrant[]) {
  await setGrants(ctx, POLL_KIND, id, grants);
  await ctx.db
    .update(polls)
    .set({ restricted: grants.length > 0 })
    .where(eq(polls.id, id));
}

/** `POST api/poll`: a poll, published at once; its recipients are told (`polls.new`). */
export async function createPoll(ctx: RequestContext, body: CreatePollBody): Promise<PollDto> {
  authorize(pollsPolicy(ctx).create);
  const name = checkPoll(body, body.grants.length, true);
  const questions = checkQuestions(body.questions);
  const [row] = await ctx.db
    .insert(polls)
    .values({
      clientId: ctx.tenant(),
      authorId: ctx.me().id,
      name,
      description: body.description,
      type: body.type,
      questions,
      allowChange: body.allow_change,
      deadline: body.deadline ? new Date(body.deadline) : null,
    })
    .returning();
  if (body.grants.length) await applyGrants(ctx, row.id, body.grants);
  const restricted = body.grants.length > 0;
  await notify(ctx, {
    code: 'polls.new',
    recipients: restricted ? await pendingIds(ctx, { ...row, restricted }) : 'everyone',
    vars: { name, deadline: row.deadline ? instantMoment(row.deadline, 'UTC') : '' },
    link: `/poll/${row.id}`,
  });
  return getPoll(ctx, row.id);
}

/**
 * `PUT api/poll/{id}`: changes the fields given, checked as a whole poll again. Once somebody answered, the questions
 * and the type stay (409 `poll_has_answers`); a finished poll changes no more (409 `poll_finished`).
 */
export async function updatePoll(ctx: RequestContext, id: string, body: UpdatePollBody): Promise<PollDto> {
  const found = await findPoll(ctx, id, 'update');
  authorize(found.can.manage);
  const { row } = found;
  if (row.finishedAt) throw new AppError(409, 'poll_finished');
  const questions = body.questions !== undefined ? checkQuestions(body.questions) : row.questions;
  const type = body.type ?? row.type;
  const changesAnswers =
    type !== row.type || (body.questions !== undefined && shape(questions) !== shape(row.questions));
  if (changesAnswers && found.responses > 0) throw new AppError(409, 'poll_has_answers');
  const grants = body.grants ?? (await grantsOf(ctx, POLL_KIND, id));
  const deadline = body.deadline !== undefined ? body.deadline : iso(row.deadline);
  const name = checkPoll(
    { name: body.name ?? row.name, type, allow_change: body.allow_change ?? row.allowChange, deadline },
    grants.length,
    body.deadline !== undefined && deadline !== iso(row.deadline),
  );
  const newDeadline = deadline ? new Date(deadline) : null;
  await ctx.db
    .update(polls)
    .set({
      name,
      description: body.description ?? row.description,
      type,
      questions,
      allowChange: body.allow_change ?? row.allowChange,
      deadline: newDeadline,
      // A new deadline gets its own reminder.
      ...(iso(newDeadline) !== iso(row.deadline) ? { remindedAt: null } : {}),
    })
    .where(eq(polls.id, id));
  if (body.grants !== undefined) await applyGrants(ctx, id, body.grants as AudienceGrant[]);
  return getPoll(ctx, id);
}

/**
 * When an anonymous poll finishes, its answer rows are written again in a random order with new random ids, and its
 * participation rows are rewritten, all in one transaction: afterwards not even PostgreSQL's own row bookkeeping (the
 * transaction that wrote a row, its place in the table) pairs an answer with the person who gave it. While the poll
 * runs, a person with superuser access to the database server could still compare those (docs/api.md "Polls").
 */
export async function mixAnonymous(db: Tx, pollId: string): Promise<void> {
  await db.execute(sql`WITH old AS (DELETE FROM poll_responses WHERE poll_id = ${pollId} RETURNING client_id, poll_id, answers)
    INSERT INTO poll_responses (id, client_id, poll_id, answers)
    SELECT gen_random_uuid(), client_id, poll_id, answers FROM old ORDER BY random()`);
  await db.execute(sql`UPDATE poll_participants SET day = day WHERE poll_id = ${pollId}`);
}

/** Questions compared by what they say (a jsonb column keeps its keys in its own order). */
const shape = (questions: PollQuestionDto[]) =>
  JSON.stringify(
    questions.map((q) => [q.id, q.text, q.kind, q.mandatory, q.range, q.answers.map((a) => [a.id, a.text])]),
  );

/** `PUT api/poll/{id}/finish`: answering is over (modules §4). */
export async function finishPoll(ctx: RequestContext, id: string): Promise<PollDto> {
  const found = await findPoll(ctx, id, 'update');
  authorize(found.can.manage);
  if (found.row.finishedAt) throw new AppError(409, 'poll_finished');
  await ctx.db.update(polls).set({ finishedAt: new Date() }).where(eq(polls.id, id));
  if (found.row.type === 'anonymous') await mixAnonymous(ctx.db, id);
  return getPoll(ctx, id);
}

/** `DELETE api/poll/{id}`: the poll with its answers and grants. */
export async function deletePoll(ctx: RequestContext, id: string): Promise<boolean> {
  const found = await findPoll(ctx, id, 'update');
  authorize(found.can.delete);
  await deleteGrants(ctx, POLL_KIND, [id]);
  await ctx.db.delete(polls).where(and(eq(polls.id, id), eq(polls.clientId, ctx.tenant())));
  return true;
}

/** `GET api/poll/{id}`: the poll with its questions, the caller's own answers (not in anonymous polls), and `can`. */
export async function getPoll(ctx: RequestContext, id: string): Promise<PollDto> {
  const found = await findPoll(ctx, id);
  const { row } = found;
  let mine: Record<string, StoredAnswer> | null = null;
  if (row.type !== 'anonymous' && found.answered) {
    const [response] = await ctx.db
      .select({ answers: pollResponses.answers })
      .from(pollResponses)
      .where(and(eq(pollResponses.pollId, id), eq(pollResponses.userId, ctx.me().id)));
    mine = response?.answers ?? null;
  }
  return presentPoll(ctx, found, mine);
}

/** A poll as `GET api/poll/{id}` answers it, from what was found and the caller's own answers. */
async function presentPoll(
  ctx: RequestContext,
  found: Found & { can: Can },
  mine: Record<string, StoredAnswer> | null,
): Promise<PollDto> {
  const { row, can } = found;
  return {
    ...presentItem(ctx, found, can),
    questions: row.questions,
    grants: can.manage ? await grantsOf(ctx, POLL_KIND, row.id) : [],
    recipients: await recipientCount(ctx, row),
    my_answers: mine,
  };
}

/**
 * `GET api/user/{clientId}/polls/access_for/{userId}`: the polls that person may read (active, finished or all),
 * newest first, paged. The caller asks for themself; administrators for anyone.
 */
export async function listFor(ctx: RequestContext, userId: string, query: PollListQuery) {
  authorize(mayListFor(ctx, userId));
  const clientId = ctx.tenant();
  const person: GrantPerson | null =
    userId === ctx.me().id ? await callerGrantPerson(ctx) : await grantPerson(ctx, userId);
  if (!person) throw notFound('user_not_found');
  const admin = await personIsAdmin(ctx, userId);
  const where = [eq(polls.clientId, clientId), readableSql(clientId, person, admin)];
  if (query.status === 'active') where.push(isNull(polls.finishedAt));
  if (query.status === 'finished') where.push(isNotNull(polls.finishedAt));
  const me = await callerGrantPerson(ctx);
  const rows = await ctx.db
    .select({
      row: polls,
      // `can` is the caller's; `answered` is the listed person's.
      recipient: recipientSql(clientId, me),
      answered: answeredSql(userId),
      mineAnswered: answeredSql(me.id),
      responses: responsesSql,
      author: personCardSql(polls.authorId) as SQL<PersonCard | null>,
    })
    .from(polls)
    .where(and(...where))
    .orderBy(desc(polls.created), desc(polls.id))
    .limit(POLL_PAGE_SIZE)
    .offset(query.page * POLL_PAGE_SIZE);
  const [counted] = await ctx.db
    .select({ total: sql<number>`count(*)::int` })
    .from(polls)
    .where(and(...where));
  return {
    result: rows.map((r) => {
      const f = { ...r, responses: Number(r.responses) };
      return presentItem(ctx, f, pollPolicy(ctx, r.row, { ...f, answered: r.mineAnswered }));
    }),
    total: Number(counted.total),
    page: query.page,
    can: pollsPolicy(ctx),
  };
}

/**
 * `POST api/poll/{id}/answers`: the caller's answer set. One per person — the participation key refuses a second one
 * (409 `poll_already_answered`) unless the author allows changes, when it replaces the first (never in anonymous
 * polls). In an anonymous poll the participation row says only that the caller answered (and the day); the answer
 * row gets a random id and no person, no time.
 */
export async function answerPoll(ctx: RequestContext, id: string, body: PollAnswersBody): Promise<PollDto> {
  const found = await findPoll(ctx, id, 'share');
  const { row } = found;
  if (row.finishedAt) throw new AppError(409, 'poll_finished');
  if (!found.recipient) throw new AppError(403, 'poll_not_recipient');
  const answers = checkAnswers(row.questions, body.answers);
  const userId = ctx.me().id;
  const clientId = ctx.tenant();
  const replace = row.allowChange && row.type !== 'anonymous';
  const participation = ctx.db.insert(pollParticipants).values({ clientId, pollId: id, userId });
  if (replace) {
    // The row lock of the upsert lines up one person's concurrent submissions: the last one stays.
    await participation.onConflictDoUpdate({
      target: [pollParticipants.pollId, pollParticipants.userId],
      set: { day: sql`current_date` },
    });
  } else {
    const claimed = await participation.onConflictDoNothing().returning({ userId: pollParticipants.userId });
    if (!claimed.length) throw new AppError(409, 'poll_already_answered');
  }
  const anonymous = row.type === 'anonymous';
  const insert = ctx.db.insert(pollResponses).values({
    id: randomUUID(),
    clientId,
    pollId: id,
    userId: anonymous ? null : userId,
    answered: anonymous ? null : new Date(),
    answers,
  });
  if (replace) {
    await insert.onConflictDoUpdate({
      target: [pollResponses.pollId, pollResponses.userId],
      set: { answers, answered: new Date() },
    });
  } else await insert;
  // The poll as it is now, from what was read under the lock: the caller has answered (one response more unless
  // this set replaced their earlier one) and their answers are the ones just kept.
  const after = { ...found, answered: true, responses: found.responses + (found.answered ? 0 : 1) };
  return presentPoll(ctx, { ...after, can: pollPolicy(ctx, row, after) }, anonymous ? null : answers);
}

/** A poll whose results the caller may see (403 otherwise). */
async function resultsPoll(ctx: RequestContext, id: string, what: 'results' | 'table' | 'not_passed') {
  const found = await findPoll(ctx, id);
  authorize(found.can[what]);
  return found;
}

/** `GET api/poll/{id}/results`: the "general" tab — counts per answer, ranges with the mean, texts, the rate. */
export async function results(ctx: RequestContext, id: string): Promise<PollResults> {
  const found = await resultsPoll(ctx, id, 'results');
  const { row } = found;
  const from = sql`FROM poll_responses r CROSS JOIN LATERAL jsonb_each(r.answers) AS q(key, value)
    WHERE r.poll_id = ${id} AND r.client_id = ${ctx.tenant()}`;
  const answered = await rowsOf<{ key: string; n: number }>(
    ctx.db,
    sql`SELECT q.key, count(*)::int AS n ${from} GROUP BY q.key`,
  );
  const options = await rowsOf<{ key: string; option: string; n: number }>(
    ctx.db,
    sql`SELECT q.key, o.option, count(*)::int AS n FROM poll_responses r
      CROSS JOIN LATERAL jsonb_each(r.answers) AS q(key, value)
      CROSS JOIN LATERAL jsonb_array_elements_text(CASE WHEN jsonb_typeof(q.value->'options') = 'array'
        THEN q.value->'options' ELSE '[]'::jsonb END) AS o(option)
      WHERE r.poll_id = ${id} AND r.client_id = ${ctx.tenant()}
      GROUP BY q.key, o.option`,
  );
  const values = await rowsOf<{ key: string; v: number; n: number }>(
    ctx.db,
    sql`SELECT q.key, (q.value->>'value')::int AS v, count(*)::int AS n ${from} AND q.value ? 'value'
      GROUP BY q.key, v`,
  );
  const texts = await rowsOf<{ key: string; text: string }>(
    ctx.db,
    sql`SELECT key, text FROM (SELECT q.key, q.value->>'text' AS text,
        row_number() OVER (PARTITION BY q.key ORDER BY r.id) AS n ${from} AND q.value ? 'text') t
      WHERE n <= ${POLL_TEXTS_MAX} ORDER BY key, n`,
  );
  const recipients = await recipientCount(ctx, row);
  const responses = found.responses;
  return {
    _id: row.id,
    name: row.name,
    type: row.type,
    finished: row.finishedAt !== null,
    responses,
    recipients,
    rate: recipients ? Math.min(1, responses / recipients) : 0,
    questions: row.questions.map((q) => {
      const base = {
        id: q.id,
        text: q.text,
        kind: q.kind,
        mandatory: q.mandatory,
        answered: Number(answered.find((a) => a.key === q.id)?.n ?? 0),
      };
      if (POLL_LIST_KINDS.includes(q.kind)) {
        const count = (o: string) => Number(options.find((x) => x.key === q.id && x.option === o)?.n ?? 0);
        return { ...base, options: q.answers.map((o) => ({ id: o.id, text: o.text, count: count(o.id) })) };
      }
      if (q.kind === 'range') {
        const range = q.range ?? 0;
        const distribution = Array.from({ length: range }, (_, i) =>
          Number(values.find((x) => x.key === q.id && Number(x.v) === i + 1)?.n ?? 0),
        );
        const total = distribution.reduce((a, b) => a + b, 0);
        const sum = distribution.reduce((a, n, i) => a + n * (i + 1), 0);
        return { ...base, range, distribution, mean: total ? Math.round((sum / total) * 100) / 100 : null };
      }
      return { ...base, texts: texts.filter((t) => t.key === q.id).map((t) => t.text) };
    }),
    can: presentItem(ctx, found, found.can).can,
  };
}

/** The responses of a page (or all of them): people and times only where the poll names them. */
async function responseRows(ctx: RequestContext, row: PollRow, page: number | null) {
  const named = row.type !== 'anonymous';
  const query = ctx.db
    .select({
      id: pollResponses.id,
      userId: pollResponses.userId,
      answered: pollResponses.answered,
      answers: pollResponses.answers,
    })
    .from(pollResponses)
    .where(and(eq(pollResponses.pollId, row.id), eq(pollResponses.clientId, ctx.tenant())))
    // Anonymous responses by their random id: an order that follows nothing.
    .orderBy(...(named ? [asc(pollResponses.answered), asc(pollResponses.id)] : [asc(pollResponses.id)]));
  const rows =
    page === null ? await query : await query.limit(POLL_TABLE_PAGE_SIZE).offset(page * POLL_TABLE_PAGE_SIZE);
  const cards = named
    ? await personCards(
        ctx.db,
        rows.flatMap((r) => (r.userId ? [r.userId] : [])),
      )
    : new Map();
  return rows.map((r) => ({
    _id: r.id,
    person: named && r.userId ? (cards.get(r.userId) ?? unknownPerson(r.userId)) : null,
    answered: named ? iso(r.answered) : null,
    answers: Object.fromEntries(row.questions.map((q) => [q.id, answerText(q, r.answers[q.id])])),
  }));
}

/** `GET api/poll/{id}/results/table`: the "table" tab, one row per response (no names in anonymous polls). */
export async function table(ctx: RequestContext, id: string, page: number) {
  const { row, can, responses } = await resultsPoll(ctx, id, 'table');
  return {
    columns: row.questions.map((q) => ({ id: q.id, text: q.text })),
    names: can.names,
    result: await responseRows(ctx, row, page),
    total: responses,
    page,
  };
}

/** `GET api/poll/{id}/results/not_passed`: the recipients who have not answered, by name, paged. */
export async function notPassed(ctx: RequestContext, id: string, page: number) {
  const { row } = await resultsPoll(ctx, id, 'not_passed');
  const pending = recipientsSql(ctx, row, true);
  const rows = await rowsOf<{ id: string }>(
    ctx.db,
    sql`SELECT r.id FROM ${pending} r ORDER BY r.last_name, r.first_name, r.id
      LIMIT ${POLL_TABLE_PAGE_SIZE} OFFSET ${page * POLL_TABLE_PAGE_SIZE}`,
  );
  const [counted] = await rowsOf<{ n: number }>(ctx.db, sql`SELECT count(*)::int AS n FROM ${pending} r`);
  const cards = await personCards(
    ctx.db,
    rows.map((r) => r.id),
  );
  return {
    result: rows.map((r) => cards.get(r.id) ?? unknownPerson(r.id)),
    total: Number(counted.n),
    page,
  };
}

/** `POST api/poll/{id}/remind`: tells the recipients who have not answered (`polls.reminder`). */
export async function remind(ctx: RequestContext, id: string) {
  const { row } = await resultsPoll(ctx, id, 'not_passed');
  if (row.finishedAt) throw new AppError(409, 'poll_finished');
  const people = await pendingIds(ctx, row);
  await tellPending(ctx, row, people);
  return { reminded: people.filter((p) => p !== ctx.user?.id).length };
}

/** The reminder to the people given (the "remind" button and the day-before-the-deadline job). */
export async function tellPending(ctx: RequestContext, row: PollRow, people: string[]) {
  await notify(ctx, {
    code: 'polls.reminder',
    recipients: people,
    vars: { name: row.name, deadline: row.deadline ? instantMoment(row.deadline, 'UTC') : '' },
    link: `/poll/${row.id}`,
  });
}

/**
 * `GET api/poll/{poll_id}/excel?uid=`: the table's columns as an xlsx sheet, every response. `uid` is the person the
 * export is for: the caller, or anyone of the workspace for administrators (404 `user_not_found` otherwise).
 */
export async function exportRows(ctx: RequestContext, id: string, uid: string) {
  authorize(mayExportFor(ctx, uid));
  if (!(await grantPerson(ctx, uid))) throw notFound('user_not_found');
  const { row, can } = await resultsPoll(ctx, id, 'table');
  return { row, names: can.names, rows: await responseRows(ctx, row, null) };
}

/** `GET api/poll/{id}/copy`: a new poll's body from this one (no deadline), for the editor. */
export async function copyOf(ctx: RequestContext, id: string) {
  const found = await findPoll(ctx, id);
  authorize(found.can.copy);
  const { row } = found;
  return {
    name: row.name,
    description: row.description,
    type: row.type,
    // The same keys: they name parts of one poll only, so the copy's answers are as independent as its id.
    questions: row.questions,
    grants: found.can.manage || !row.restricted ? await grantsOf(ctx, POLL_KIND, id) : [],
    allow_change: row.allowChange,
    deadline: null,
  };
}
