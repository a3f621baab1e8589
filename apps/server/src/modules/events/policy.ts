import type { EventAnswer, EventDto, Rights, Role } from '@hallway/shared';
import type { RequestContext } from '../../platform/http/context.js';
import type { EventRow } from './tables.js';

/** What the caller is to an event (their member row of its series or single event). */
export interface Mine {
  answer: EventAnswer | null;
  reminders: number[];
}

/**
 * What one person may do with an event (docs/api.md "Who sees what"): the organizer and administrators edit and
 * delete it and see every member's answer; members answer. The service checks it and the presenter sends it as `can`.
 */
export function eventPolicy(ctx: RequestContext, root: Pick<EventRow, 'organizerId'>, mine: Mine): EventDto['can'] {
  const organizer = ctx.user?.id === root.organizerId;
  return { edit: organizer || ctx.isAdmin, delete: organizer || ctx.isAdmin, answer: mine.answer !== null };
}

/** An event exists for the caller when it is public, theirs, or they are among its members. */
export function seesEvent(ctx: RequestContext, root: Pick<EventRow, 'isPublic' | 'organizerId'>, mine: Mine): boolean {
  return root.isPublic || root.organizerId === ctx.user?.id || mine.answer !== null;
}

/** What the caller may do with the calendar itself: create events (both rights; sent with every range). */
export function calendarPolicy(ctx: RequestContext): { create: boolean } {
  return { create: ctx.can('calendar') && ctx.can('events_create') };
}

/**
 * The same for a colleague, from their row (`GET api/user/{clientId}/events/access_for/{userId}`): whether they may
 * use the calendar and create events.
 */
export function calendarAccessOf(person: { roles: Role[]; rights: Partial<Rights> }) {
  const admin = person.roles.includes('admin') || person.roles.includes('superadmin');
  return {
    calendar: admin || person.rights.calendar === true,
    events_create: admin || (person.rights.calendar === true && person.rights.events_create === true),
  };
}
