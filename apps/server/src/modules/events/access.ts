// The small calls around events: who may use the calendar, creating with both rights, one event's `.ics`.
import type { PeriodicEventBody } from '@hallway/shared';
import { and, eq } from 'drizzle-orm';
import { authorize } from '../../platform/access/tenancy.js';
import { notFound } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import type { Platform } from '../../platform/index.js';
import { users } from '../users/tables.js';
import { eventIcs as icsOf } from './feed.js';
import { calendarAccessOf, calendarPolicy } from './policy.js';
import { visibleRoot } from './reads.js';
import { createEvent } from './single.js';

/** `POST api/event/` and `…/periodic_event`: `events_create` (the route) and `calendar` (calendarPolicy). */
export function create(ctx: RequestContext, body: Parameters<typeof createEvent>[1] | PeriodicEventBody) {
  authorize(calendarPolicy(ctx).create);
  return createEvent(ctx, body);
}

/** `GET api/user/{clientId}/events/access_for/{userId}`: whether a colleague may use the calendar and create events. */
export async function accessFor(ctx: RequestContext, userId: string) {
  const [person] = await ctx.db
    .select({ rights: users.rights, roles: users.roles })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.clientId, ctx.tenant()), eq(users.deletionMark, false)));
  if (!person) throw notFound('user_not_found');
  return { user_id: userId, ...calendarAccessOf(person) };
}

export async function eventIcs(platform: Platform, ctx: RequestContext, id: string) {
  return icsOf(platform, ctx, await visibleRoot(ctx, id));
}
