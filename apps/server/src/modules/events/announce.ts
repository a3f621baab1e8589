// What members hear of an event's changes: notifications (`events.changed`, `events.cancelled`) in the request's
// transaction, and the realtime `event.changed` after its commit so open calendars refetch (docs/api.md "Calendar and
// events").
import { eq } from 'drizzle-orm';
import type { RequestContext } from '../../platform/http/context.js';
import type { Platform } from '../../platform/index.js';
import { dayMoment, instantMoment, type Moment } from '../../platform/notify/moments.js';
import { notify } from '../../platform/notify/notify.js';
import { announce } from '../../platform/realtime/announce.js';
import { eventMembers } from './tables.js';
import { localOf } from './time.js';

/** The platform arrives when the module registers its routes; realtime has no other way to reach the service. */
let platform: Platform | null = null;
export function useRealtime(p: Platform): void {
  platform = p;
}
/** The installation's public address (the `.ics` links to the calendar), once the module registered its routes. */
export const publicUrl = () => platform?.config.publicUrl ?? null;

/** More people than this get one workspace-wide `event.changed` (an id only) instead of a message per person. */
export const PERSONAL_ROOMS_MAX = 200;

/** The ids of an event's members (the organizer included). */
export async function memberIdsOf(ctx: RequestContext, eventId: string): Promise<string[]> {
  const rows = await ctx.db
    .select({ userId: eventMembers.userId })
    .from(eventMembers)
    .where(eq(eventMembers.eventId, eventId));
  return rows.map((r) => r.userId);
}

/** When an occurrence starts, as its notifications say it: the day of an all-day event, else the instant. */
export function whenText(start: number, zone: string, allDay: boolean): Moment {
  return allDay ? dayMoment(localOf(start, zone).date) : instantMoment(start, zone);
}

/** What a change is about: the event's name and the (new) start of the occurrence or series it touched. */
export interface Touched {
  /** The event (or series) the entry opens. */
  id: string;
  name: string;
  start: number;
  timeZone: string;
  allDay: boolean;
}

const linkOf = (id: string) => `/calendar/?event=${id}`;

/** Members (never the actor: `notify()` leaves them out) learn that the time, place or link changed. */
export async function tellChanged(ctx: RequestContext, touched: Touched, people: string[]): Promise<void> {
  if (!people.length) return;
  await notify(ctx, {
    code: 'events.changed',
    recipients: people,
    vars: { name: touched.name, when: whenText(touched.start, touched.timeZone, touched.allDay) },
    link: linkOf(touched.id),
  });
}

/** People taken off an event's members learn it; the entry opens the calendar (they no longer see the event). */
export async function tellRemoved(ctx: RequestContext, touched: Touched, people: string[]): Promise<void> {
  if (!people.length) return;
  await notify(ctx, {
    code: 'events.removed',
    recipients: people,
    vars: { name: touched.name, when: whenText(touched.start, touched.timeZone, touched.allDay) },
    link: '/calendar/',
  });
}

/**
 * Members learn that an event, an occurrence or a series from an occurrence on was cancelled; `when` is the start of
 * the first occurrence cancelled. The entry opens the calendar (the event may be gone).
 */
export async function tellCancelled(ctx: RequestContext, touched: Omit<Touched, 'id'>, people: string[]) {
  if (!people.length) return;
  await notify(ctx, {
    code: 'events.cancelled',
    recipients: people,
    vars: { name: touched.name, when: whenText(touched.start, touched.timeZone, touched.allDay) },
    link: '/calendar/',
  });
}

/**
 * After the commit, `event.changed { _id }` (the series or single event) goes to the personal rooms of everyone
 * concerned, the actor's other tabs included; beyond PERSONAL_ROOMS_MAX people, once to the whole workspace.
 */
export function calendarChanged(ctx: RequestContext, eventId: string, people: Iterable<string>): void {
  if (!platform) return;
  const everyone = [...new Set(people)];
  if (ctx.user) everyone.push(ctx.user.id);
  const rooms = [...new Set(everyone)];
  const payload = { _id: eventId };
  if (rooms.length > PERSONAL_ROOMS_MAX) {
    announce(platform, ctx, null, 'event.changed', payload);
    return;
  }
  for (const userId of rooms) announce(platform, ctx, `user:${userId}`, 'event.changed', payload);
}
