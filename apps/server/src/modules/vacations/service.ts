// Vacations (portal §5 Vacation: later than now, no overlap, within the balance; §6 rights vacations,
// vacations_edit): requests, the chief's decision, changes and cancellation.
import {
  VACATION_CALENDAR_PAGE,
  VACATION_LENGTH_MAX_DAYS,
  VACATION_RANGE_MAX_DAYS,
  VACATION_REQUESTS_PAGE,
  type VacationDto,
} from '@hallway/shared';
import { and, asc, desc, eq, gte, lte, ne, type SQL, sql } from 'drizzle-orm';
import { authorize } from '../../platform/access/tenancy.js';
import { rowsOf } from '../../platform/db/client.js';
import { AppError, invalidFields, notFound } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import { dayMoment } from '../../platform/notify/moments.js';
import { notify } from '../../platform/notify/notify.js';
import { lockVacationBalance, personCards, unknownPerson } from '../users/index.js';
import { users } from '../users/tables.js';
import { daysBetween, rangeTooLong, today, workingDays } from './calendar.js';
import { LIVE, mayChangeVacation, personVacationsPolicy, vacationPolicy, vacationsPolicy } from './policy.js';
import { type VacationRow, vacations } from './tables.js';

type Owned = VacationRow & { chief: string | null };

export async function present(ctx: RequestContext, rows: Owned[]): Promise<VacationDto[]> {
  const cards = await personCards(
    ctx.db,
    rows.flatMap((r) => [r.userId, ...(r.approverId ? [r.approverId] : [])]),
  );
  return rows.map((r) => ({
    _id: r.id,
    user: cards.get(r.userId) ?? unknownPerson(r.userId),
    start: r.start,
    end: r.end,
    days: r.days,
    status: r.status,
    approver: r.approverId ? (cards.get(r.approverId) ?? unknownPerson(r.approverId)) : null,
    decided: r.decided?.toISOString() ?? null,
    comment: r.comment,
    created: r.created.toISOString(),
    can: vacationPolicy(ctx, r),
  }));
}

/** Vacations with their owner's chief, of the caller's workspace. */
export function ownedQuery(ctx: RequestContext, where: SQL | undefined) {
  return ctx.db
    .select({ vacation: vacations, chief: users.chief })
    .from(vacations)
    .innerJoin(users, eq(users.id, vacations.userId))
    .where(and(eq(vacations.clientId, ctx.tenant()), where));
}
const flat = (rows: { vacation: VacationRow; chief: string | null }[]): Owned[] =>
  rows.map((r) => ({ ...r.vacation, chief: r.chief }));

async function findVacation(ctx: RequestContext, id: string): Promise<Owned> {
  const [row] = flat(await ownedQuery(ctx, eq(vacations.id, id)));
  if (!row) throw notFound('vacation_not_found');
  return row;
}

/** The rules of §5 for a person's vacation from `start` to `end` (`except`: the vacation being changed). */
async function checkPlan(
  ctx: RequestContext,
  userId: string,
  balance: number,
  plan: { start: string; end: string },
  except?: string,
): Promise<number> {
  if (plan.start <= today())
    throw new AppError(400, 'vacation_start_past', {}, { fields: { start: 'vacation_start_past' } });
  if (plan.end < plan.start)
    throw new AppError(400, 'vacation_end_before_start', {}, { fields: { end: 'vacation_end_before_start' } });
  if (daysBetween(plan.start, plan.end) >= VACATION_LENGTH_MAX_DAYS) {
    throw new AppError(
      400,
      'vacation_too_long',
      { days: VACATION_LENGTH_MAX_DAYS },
      { fields: { end: 'vacation_too_long' } },
    );
  }
  const days = await workingDays(ctx, plan.start, plan.end);
  if (days === 0) throw new AppError(400, 'vacation_no_days', {}, { fields: { end: 'vacation_no_days' } });
  const [other] = await rowsOf<{ overlap: boolean; used: number }>(
    ctx.db,
    sql`SELECT coalesce(bool_or(start <= ${plan.end} AND "end" >= ${plan.start}), false) AS overlap,
               coalesce(sum(days), 0)::int AS used
        FROM vacations
        WHERE client_id = ${ctx.tenant()} AND user_id = ${userId} AND status IN ('requested', 'approved')
          ${except ? sql`AND id <> ${except}` : sql``}`,
  );
  if (other.overlap) throw new AppError(400, 'vacation_overlap', {}, { fields: { start: 'vacation_overlap' } });
  const left = balance - other.used;
  if (days > left) {
    throw new AppError(
      400,
      'vacation_over_balance',
      { left: Math.max(0, left) },
      { fields: { end: 'vacation_over_balance' } },
    );
  }
  return days;
}

/** A vacation's days as its notifications say them, in the recipient's language. */
const dates = (row: { start: string; end: string; days: number }) => ({
  start: dayMoment(row.start),
  end: dayMoment(row.end),
  days: row.days,
});

/**
 * `POST api/user/vacation`: one's own request (the chief is asked), or with `vacations_edit` a vacation entered for
 * someone else, approved at once. The person's row is locked first, so concurrent requests run one at a time.
 */
export async function createVacation(
  ctx: RequestContext,
  input: { start: string; end: string; comment?: string; user?: string },
): Promise<VacationDto> {
  const me = ctx.me().id;
  const userId = input.user ?? me;
  const forOther = userId !== me;
  if (forOther) authorize(vacationsPolicy(ctx).createForOthers);
  const person = await lockVacationBalance(ctx.db, ctx.tenant(), userId);
  if (!person) throw new AppError(404, 'user_not_found', {}, { fields: { user: 'user_not_found' } });
  const days = await checkPlan(ctx, userId, person.vacationDays, input);
  const [row] = await ctx.db
    .insert(vacations)
    .values({
      clientId: ctx.tenant(),
      userId,
      start: input.start,
      end: input.end,
      days,
      status: forOther ? 'approved' : 'requested',
      approverId: forOther ? me : null,
      decided: forOther ? new Date() : null,
      comment: input.comment ?? '',
    })
    .returning();
  if (forOther) {
    await notify(ctx, { code: 'vacations.approved', recipients: [userId], vars: dates(row), link: '/vacations' });
  } else if (person.chief) {
    await notify(ctx, {
      code: 'vacations.requested',
      recipients: [person.chief],
      vars: dates(row),
      link: '/vacations',
    });
  }
  return (await present(ctx, [{ ...row, chief: person.chief }]))[0];
}

/**
 * `PUT api/user/vacation/{id}`: new dates (and comment). The owner changes their own before it starts, and a
 * change sends an approved vacation back to the chief; `vacations_edit` changes anyone's, keeping its status.
 */
export async function updateVacation(
  ctx: RequestContext,
  id: string,
  input: { start: string; end: string; comment?: string },
): Promise<VacationDto> {
  const found = await findVacation(ctx, id);
  const person = await lockVacationBalance(ctx.db, ctx.tenant(), found.userId);
  const row = await findVacation(ctx, id);
  authorize(mayChangeVacation(ctx, row));
  if (!vacationPolicy(ctx, row).edit) throw new AppError(400, 'edit_vac_error');
  const days = await checkPlan(ctx, row.userId, person?.vacationDays ?? 0, input, row.id);
  // The owner's change is asked of the chief again; `vacations_edit` keeps its status.
  const backToChief = !vacationsPolicy(ctx).manage;
  const [saved] = await ctx.db
    .update(vacations)
    .set({
      start: input.start,
      end: input.end,
      days,
      ...(input.comment !== undefined ? { comment: input.comment } : {}),
      ...(backToChief ? { status: 'requested' as const, approverId: null, decided: null } : {}),
    })
    .where(eq(vacations.id, row.id))
    .returning();
  if (backToChief && row.chief) {
    await notify(ctx, { code: 'vacations.requested', recipients: [row.chief], vars: dates(saved), link: '/vacations' });
  }
  return (await present(ctx, [{ ...saved, chief: row.chief }]))[0];
}

/** `PUT api/user/vacation/{id}/decision`: the person's chief (or `vacations_edit`) approves or declines a request. */
export async function decideVacation(
  ctx: RequestContext,
  id: string,
  input: { status: 'approved' | 'declined'; comment?: string },
): Promise<VacationDto> {
  const found = await findVacation(ctx, id);
  await lockVacationBalance(ctx.db, ctx.tenant(), found.userId);
  const row = await findVacation(ctx, id);
  if (row.status !== 'requested') throw new AppError(400, 'edit_vac_error');
  authorize(vacationPolicy(ctx, row).decide);
  const [saved] = await ctx.db
    .update(vacations)
    .set({
      status: input.status,
      approverId: ctx.me().id,
      decided: new Date(),
      ...(input.comment !== undefined ? { comment: input.comment } : {}),
    })
    .where(eq(vacations.id, row.id))
    .returning();
  await notify(ctx, {
    code: input.status === 'approved' ? 'vacations.approved' : 'vacations.declined',
    recipients: [row.userId],
    vars: { ...dates(saved), comment: input.comment ?? '' },
    link: '/vacations',
  });
  return (await present(ctx, [{ ...saved, chief: row.chief }]))[0];
}

/** `DELETE api/user/vacation/{user}/{id}`: cancels (kept for history; its days are free again). */
export async function cancelVacation(ctx: RequestContext, userId: string, id: string): Promise<VacationDto> {
  const found = await findVacation(ctx, id);
  if (found.userId !== userId) throw notFound('vacation_not_found');
  await lockVacationBalance(ctx.db, ctx.tenant(), found.userId);
  const row = await findVacation(ctx, id);
  authorize(mayChangeVacation(ctx, row));
  if (!vacationPolicy(ctx, row).delete) throw new AppError(400, 'del_vac_error');
  const [saved] = await ctx.db
    .update(vacations)
    .set({ status: 'cancelled' })
    .where(eq(vacations.id, row.id))
    .returning();
  return (await present(ctx, [{ ...saved, chief: row.chief }]))[0];
}

/** `GET api/user/{id}/vacations`: a person's vacations and balance, for them, their chief and `vacations_edit`. */
export async function personVacations(ctx: RequestContext, userId: string) {
  const [person] = await ctx.db
    .select({ id: users.id, chief: users.chief, vacationDays: users.vacationDays })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.clientId, ctx.tenant())));
  if (!person) throw notFound('user_not_found');
  const can = personVacationsPolicy(ctx, person);
  authorize(can.read);
  const rows = flat(await ownedQuery(ctx, eq(vacations.userId, userId)).orderBy(desc(vacations.start)).limit(200));
  const used = rows.filter((r) => LIVE.includes(r.status)).reduce((sum, r) => sum + r.days, 0);
  const [card] = (await personCards(ctx.db, [userId])).values();
  return {
    result: {
      user: card ?? unknownPerson(userId),
      balance: person.vacationDays,
      used,
      left: person.vacationDays - used,
      vacations: await present(ctx, rows),
    },
    can: { create: can.create },
  };
}

/** `GET api/user/vacations/requests`: requests waiting for the caller's decision, earliest first. */
export async function pendingRequests(ctx: RequestContext, page: number) {
  const me = ctx.me().id;
  const where = and(
    eq(vacations.clientId, ctx.tenant()),
    eq(vacations.status, 'requested'),
    ne(vacations.userId, me),
    vacationsPolicy(ctx).manage ? undefined : eq(users.chief, me),
  );
  const [{ total }] = await ctx.db
    .select({ total: sql<number>`count(*)::int` })
    .from(vacations)
    .innerJoin(users, eq(users.id, vacations.userId))
    .where(where);
  const rows = flat(
    await ownedQuery(ctx, where)
      .orderBy(vacations.start, vacations.id)
      .limit(VACATION_REQUESTS_PAGE)
      .offset(page * VACATION_REQUESTS_PAGE),
  );
  return {
    result: await present(ctx, rows),
    page,
    pages: Math.ceil(total / VACATION_REQUESTS_PAGE),
    total,
    can: { createForOthers: vacationsPolicy(ctx).createForOthers },
  };
}

/** `GET api/user/vacations/away`: who is on an approved vacation today (the "away" badge). */
export async function awayToday(ctx: RequestContext) {
  const day = today();
  const rows = await rowsOf<{ user_id: string; end: string }>(
    ctx.db,
    sql`SELECT user_id, max("end")::text AS "end" FROM vacations
        WHERE client_id = ${ctx.tenant()} AND status = 'approved' AND "end" >= ${day} AND start <= ${day}
        GROUP BY user_id`,
  );
  return { result: rows };
}

/**
 * `GET api/vacations/calendar`: approved vacations crossing [from, to] (the calendar's "Vacations" layer), by start,
 * a page at a time (the status index: workspace, status, end).
 */
export async function calendarRange(ctx: RequestContext, from: string, to: string, page: number) {
  if (to < from) throw invalidFields({ to: 'validation' });
  if (daysBetween(from, to) >= VACATION_RANGE_MAX_DAYS) throw rangeTooLong(VACATION_RANGE_MAX_DAYS);
  const where = and(
    eq(vacations.clientId, ctx.tenant()),
    eq(vacations.status, 'approved'),
    gte(vacations.end, from),
    lte(vacations.start, to),
  );
  const [{ total }] = await ctx.db.select({ total: sql<number>`count(*)::int` }).from(vacations).where(where);
  const rows = await ctx.db
    .select({ id: vacations.id, userId: vacations.userId, start: vacations.start, end: vacations.end })
    .from(vacations)
    .where(where)
    .orderBy(asc(vacations.start), asc(vacations.id))
    .limit(VACATION_CALENDAR_PAGE)
    .offset(page * VACATION_CALENDAR_PAGE);
  const cards = await personCards(
    ctx.db,
    rows.map((r) => r.userId),
  );
  return {
    result: rows.map((r) => ({
      _id: r.id,
      user: cards.get(r.userId) ?? unknownPerson(r.userId),
      start: r.start,
      end: r.end,
    })),
    page,
    pages: Math.ceil(total / VACATION_CALENDAR_PAGE),
    total,
    from,
    to,
  };
}
