// Who takes part in an event: people by id, departments by name and groups by id, resolved to people when the event
// is saved.
import type { EventAnswer } from '@hallway/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import { users } from '../users/tables.js';
import type { FieldErrors } from './rules.js';
import { eventMembers, events } from './tables.js';

export interface WantedMember {
  userId: string;
  via: 'person' | 'department' | 'group';
  department: string | null;
}

/**
 * The member rows an event's form asks for: the organizer, the people named (active people of the workspace, else
 * `member_unknown`), every active person of the departments named, and the members of the groups named (through the
 * groups module's `groupWall`; a group the caller may not read: 404 `group_not_found`). The organizer counts as a
 * participant, so an event of the organizer alone is one member.
 */
export async function wantedMembers(
  ctx: RequestContext,
  organizerId: string,
  people: string[],
  departments: string[],
  groups: string[],
  errors: FieldErrors,
): Promise<WantedMember[]> {
  const clientId = ctx.tenant();
  const wanted = new Map<string, WantedMember>();
  const ids = [...new Set(people)];
  if (ids.length) {
    const found = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.clientId, clientId), eq(users.deletionMark, false), inArray(users.id, ids)));
    if (found.length !== ids.length) {
      errors.members = 'member_unknown';
      return [];
    }
    for (const { id } of found) wanted.set(id, { userId: id, via: 'person', department: null });
  }
  const names = [...new Set(departments)];
  if (names.length) {
    const staff = await ctx.db
      .select({ id: users.id, department: users.department })
      .from(users)
      .where(
        and(
          eq(users.clientId, clientId),
          eq(users.deletionMark, false),
          inArray(users.department, names),
          sql`NOT ('superadmin' = ANY (${users.roles}))`,
        ),
      );
    for (const person of staff) {
      if (!wanted.has(person.id))
        wanted.set(person.id, { userId: person.id, via: 'department', department: person.department });
    }
  }
  const groupIds = [...new Set(groups)];
  if (groupIds.length) {
    const groupWall = ctx.services.groupWall;
    const found = new Set<string>();
    for (const groupId of groupIds) {
      if (!groupWall || !(await groupWall.canRead(ctx, groupId))) throw new AppError(404, 'group_not_found');
      for (const userId of await groupWall.members(ctx, groupId)) found.add(userId);
    }
    const people = found.size
      ? await ctx.db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.clientId, clientId), eq(users.deletionMark, false), inArray(users.id, [...found])))
      : [];
    for (const person of people) {
      if (!wanted.has(person.id)) wanted.set(person.id, { userId: person.id, via: 'group', department: null });
    }
  }
  wanted.delete(organizerId);
  return [{ userId: organizerId, via: 'person', department: null }, ...wanted.values()];
}

/**
 * Makes the event's member rows the wanted ones: people who stay keep their answer and reminders, new ones start
 * with `none` (the organizer with `accept`), then the counters are recounted. The caller holds the event's row lock,
 * which answers take first too, so the recount sees every committed answer. Answers the people added.
 */
export async function syncMembers(
  ctx: RequestContext,
  eventId: string,
  organizerId: string,
  wanted: WantedMember[],
  carry: Map<string, { answer: EventAnswer; reminders: number[] }> = new Map(),
): Promise<string[]> {
  const clientId = ctx.tenant();
  const current = await ctx.db
    .select({ userId: eventMembers.userId })
    .from(eventMembers)
    .where(eq(eventMembers.eventId, eventId));
  const had = new Set(current.map((r) => r.userId));
  const keep = new Set(wanted.map((w) => w.userId));
  const gone = [...had].filter((id) => !keep.has(id));
  if (gone.length) {
    await ctx.db.delete(eventMembers).where(and(eq(eventMembers.eventId, eventId), inArray(eventMembers.userId, gone)));
  }
  const added = wanted.filter((w) => !had.has(w.userId));
  for (let i = 0; i < added.length; i += 1000) {
    await ctx.db.insert(eventMembers).values(
      added.slice(i, i + 1000).map((w) => {
        const carried = carry.get(w.userId);
        return {
          clientId,
          eventId,
          userId: w.userId,
          via: w.via,
          department: w.department,
          answer: w.userId === organizerId ? ('accept' as const) : (carried?.answer ?? ('none' as const)),
          ...(carried ? { reminders: carried.reminders } : {}),
        };
      }),
    );
  }
  // People who stay may have moved between "named" and "by department".
  for (const w of wanted) {
    if (!had.has(w.userId)) continue;
    await ctx.db
      .update(eventMembers)
      .set({ via: w.via, department: w.department })
      .where(
        and(
          eq(eventMembers.eventId, eventId),
          eq(eventMembers.userId, w.userId),
          sql`(${eventMembers.via}, coalesce(${eventMembers.department}, '')) IS DISTINCT FROM (${w.via}, ${w.department ?? ''})`,
        ),
      );
  }
  await recount(ctx, eventId);
  return added.map((w) => w.userId);
}

/** The event's answer counters from its member rows (under the event's row lock). */
export const recountStatement = (eventId: string) => sql`
    UPDATE events SET
      count_accept = c.accept, count_maybe = c.maybe, count_decline = c.decline, count_none = c.none
    FROM (SELECT count(*) FILTER (WHERE answer = 'accept')::int AS accept,
                 count(*) FILTER (WHERE answer = 'maybe')::int AS maybe,
                 count(*) FILTER (WHERE answer = 'decline')::int AS decline,
                 count(*) FILTER (WHERE answer = 'none')::int AS none
          FROM event_members WHERE event_id = ${eventId}) c
    WHERE ${events.id} = ${eventId}`;

export async function recount(ctx: RequestContext, eventId: string): Promise<void> {
  await ctx.db.execute(recountStatement(eventId));
}
