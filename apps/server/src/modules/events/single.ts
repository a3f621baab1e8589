// Single events: created (a series too), changed and deleted.
import type { PeriodicEventBody } from '@hallway/shared';
import { eq, or } from 'drizzle-orm';
import { AppError } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import { calendarChanged, memberIdsOf, tellCancelled, tellChanged, tellRemoved } from './announce.js';
import {
  assertNoErrors,
  type Body,
  fieldsOf,
  insertEvent,
  invite,
  loadEditable,
  nextOccurrence,
  removedFrom,
  settingOf,
  stayed,
  touchedOf,
  worthTelling,
} from './edits.js';
import { syncMembers, wantedMembers } from './members.js';
import { effectiveTimeZone, presentOne } from './reads.js';
import { type FieldErrors, seriesOf, type Timing, timingOf } from './rules.js';
import { type EventRow, events } from './tables.js';

/** `POST api/event/` and `POST api/event/periodic_event`. */
export async function createEvent(ctx: RequestContext, body: Body & { repeat?: PeriodicEventBody['repeat'] }) {
  const me = ctx.me();
  const errors: FieldErrors = {};
  const timeZone = body.timeZone ?? (await effectiveTimeZone(ctx));
  const timing = timingOf(body, timeZone, Date.now(), true, errors);
  const plan = timing && body.repeat ? seriesOf(body.repeat, body.date, timing, errors) : null;
  const wanted = await wantedMembers(ctx, me.id, body.members ?? [], body.departments ?? [], body.groups ?? [], errors);
  assertNoErrors(errors);
  const row = await insertEvent(ctx, body, timing!, plan, me.id);
  const added = await syncMembers(ctx, row.id, me.id, wanted);
  await invite(ctx, row, added);
  calendarChanged(ctx, row.id, added);
  return presentOne(ctx, row.id);
}

const startMoved = (row: EventRow, timing: Timing) =>
  row.start.getTime() !== timing.start || row.timeZone !== timing.timeZone;

/** `PUT api/event/{id}`: a single event (a series or one of its occurrences: 400 `event_is_periodic`). */
export async function updateEvent(ctx: RequestContext, id: string, body: Body) {
  const { row } = await loadEditable(ctx, id);
  if (row.rrule || row.seriesId) throw new AppError(400, 'event_is_periodic');
  const errors: FieldErrors = {};
  const timeZone = body.timeZone ?? row.timeZone;
  const unchecked = timingOf(body, timeZone, Date.now(), false, {});
  const timing = timingOf(body, timeZone, Date.now(), !unchecked || startMoved(row, unchecked), errors);
  const wanted = await wantedMembers(
    ctx,
    row.organizerId,
    body.members ?? [],
    body.departments ?? [],
    body.groups ?? [],
    errors,
  );
  assertNoErrors(errors);
  const before = await memberIdsOf(ctx, row.id);
  const [updated] = await ctx.db
    .update(events)
    .set({
      ...fieldsOf(body),
      allDay: timing!.allDay,
      isPublic: body.public ?? row.isPublic,
      start: new Date(timing!.start),
      end: new Date(timing!.end),
      lastEnd: new Date(timing!.end),
      timeZone,
      departments: [...new Set(body.departments ?? [])],
      groups: [...new Set(body.groups ?? [])],
      updated: new Date(),
    })
    .where(eq(events.id, row.id))
    .returning();
  const added = await syncMembers(ctx, row.id, row.organizerId, wanted);
  await invite(ctx, updated, added);
  if (worthTelling(settingOf(row), settingOf(updated)))
    await tellChanged(ctx, touchedOf(updated), stayed(wanted, added));
  await tellRemoved(ctx, touchedOf(updated), removedFrom(before, wanted));
  calendarChanged(ctx, row.id, [...before, ...added]);
  return presentOne(ctx, row.id);
}

/** `DELETE api/event/{id}`: a single event, a whole series, or one moved occurrence (it stays excluded). */
export async function deleteEvent(ctx: RequestContext, id: string) {
  const { row, root } = await loadEditable(ctx, id);
  const people = await memberIdsOf(ctx, root.id);
  await ctx.db.delete(events).where(or(eq(events.id, row.id), eq(events.seriesId, row.id)));
  const next = row.rrule ? nextOccurrence(row) : row.end.getTime() > Date.now() ? row.start.getTime() : null;
  if (next !== null) await tellCancelled(ctx, touchedOf(row, next), people);
  calendarChanged(ctx, root.id, people);
  return { _id: row.id };
}
