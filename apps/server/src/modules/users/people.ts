// Spec modules §7 "Post views and follows" (follow, unfollow), portal §4 pins, §2 address-book filters.
import type { FollowersDto, PinnedDto, UserFilters } from '@hallway/shared';
import { and, asc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { AppError, invalidFields, notFound } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import { notify } from '../../platform/notify/notify.js';
import { personCards } from './cards.js';
import { getUserRow } from './service.js';
import { follows, type UserRow, users } from './tables.js';

/** An active person of the caller's workspace, or 404: one cannot follow or pin the deleted or strangers. */
async function activePerson(ctx: RequestContext, id: string): Promise<UserRow> {
  const row = await getUserRow(ctx, id);
  if (row.deletionMark) throw notFound('user_not_found');
  return row;
}

/** `POST api/follow` and `POST api/unfollow` (`{ user_id }`): the caller's follow of a colleague. Idempotent. */
export async function setFollow(ctx: RequestContext, userId: string, follow: boolean): Promise<UserRow> {
  const me = ctx.me();
  if (userId === me.id)
    throw new AppError(400, 'cannot_follow_self', {}, { fields: { user_id: 'cannot_follow_self' } });
  const row = follow ? await activePerson(ctx, userId) : await getUserRow(ctx, userId);
  if (follow) {
    await ctx.db
      .insert(follows)
      .values({ clientId: ctx.tenant(), followerId: me.id, userId: row.id })
      .onConflictDoNothing();
    await notify(ctx, { code: 'users.follower', recipients: [row.id], link: `/user/${me.id}` });
  } else {
    await ctx.db.delete(follows).where(and(eq(follows.followerId, me.id), eq(follows.userId, row.id)));
  }
  return row;
}

/** `GET api/user/{id}/followers`: the subscribers tab, active people only, by name. */
export async function followersList(ctx: RequestContext, id: string): Promise<FollowersDto> {
  const row = await getUserRow(ctx, id);
  const activeIds = async (rows: { id: string }[]) => {
    if (!rows.length) return [];
    const active = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.clientId, ctx.tenant()),
          eq(users.deletionMark, false),
          inArray(
            users.id,
            rows.map((r) => r.id),
          ),
        ),
      )
      .orderBy(asc(users.lastName), asc(users.firstName));
    const cards = await personCards(
      ctx.db,
      active.map((a) => a.id),
    );
    return active.map((a) => cards.get(a.id)!);
  };
  const [followerRows, followingRows] = await Promise.all([
    ctx.db.select({ id: follows.followerId }).from(follows).where(eq(follows.userId, row.id)),
    ctx.db.select({ id: follows.userId }).from(follows).where(eq(follows.followerId, row.id)),
  ]);
  return { followers: await activeIds(followerRows), following: await activeIds(followingRows) };
}

/**
 * `PUT api/user/pin/{id}`: administrators pin a person to the top of the address book (after those pinned before),
 * or unpin them. Concurrent pins of one workspace take turns, so two never get the same place.
 */
export async function togglePin(ctx: RequestContext, id: string): Promise<PinnedDto> {
  const clientId = ctx.tenant();
  await ctx.db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`pins:${clientId}`}))`);
  const row = await activePerson(ctx, id);
  let pinnedNum: number | null = null;
  if (row.pinnedNum === null) {
    const [{ last }] = await ctx.db
      .select({ last: sql<number | null>`max(${users.pinnedNum})` })
      .from(users)
      .where(eq(users.clientId, clientId));
    pinnedNum = (last ?? 0) + 1;
  }
  await ctx.db.update(users).set({ pinnedNum }).where(eq(users.id, row.id));
  return { _id: row.id, pinned_num: pinnedNum };
}

/** `PUT api/user/pin_move` (`{ from, to }`): swaps the places of two pinned people (spec portal §4). */
export async function movePin(ctx: RequestContext, fromId: string, toId: string): Promise<PinnedDto[]> {
  if (fromId === toId) throw invalidFields({ to: 'validation' });
  await ctx.db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`pins:${ctx.tenant()}`}))`);
  const from = await getUserRow(ctx, fromId);
  const to = await getUserRow(ctx, toId);
  if (from.pinnedNum === null || to.pinnedNum === null) {
    throw new AppError(400, 'not_pinned', {}, { fields: { [from.pinnedNum === null ? 'from' : 'to']: 'not_pinned' } });
  }
  await ctx.db.update(users).set({ pinnedNum: to.pinnedNum }).where(eq(users.id, from.id));
  await ctx.db.update(users).set({ pinnedNum: from.pinnedNum }).where(eq(users.id, to.id));
  return [
    { _id: from.id, pinned_num: to.pinnedNum },
    { _id: to.id, pinned_num: from.pinnedNum },
  ];
}

/** `GET api/user/filters/{clientId}`: the departments and cities of the workspace's active people, sorted. */
export async function userFilters(ctx: RequestContext): Promise<UserFilters> {
  const distinct = async (column: typeof users.department | typeof users.city) => {
    const rows = await ctx.db
      .selectDistinct({ value: column })
      .from(users)
      .where(and(eq(users.clientId, ctx.tenant()), eq(users.deletionMark, false), isNotNull(column), ne(column, '')))
      .orderBy(asc(column));
    return rows.map((r) => r.value);
  };
  return { departments: await distinct(users.department), cities: await distinct(users.city) };
}
