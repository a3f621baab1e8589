// Periodic events: changing and deleting a whole series, one occurrence, or it and the following ones.
import type { EventChanges, EventDto, PeriodicEventUpdate } from '@hallway/shared';
import { eq, inArray, or, sql } from 'drizzle-orm';
import { AppError, invalidFields } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import { calendarChanged, memberIdsOf, tellCancelled, tellChanged, tellRemoved } from './announce.js';
import {
  assertNoErrors,
  fieldsOf,
  gone,
  insertEvent,
  invite,
  loadEditable,
  nextOccurrence,
  removedFrom,
  type Setting,
  settingOf,
  stayed,
  touchedOf,
  worthTelling,
} from './edits.js';
import { syncMembers, type WantedMember, wantedMembers } from './members.js';
import { presentOne, seriesTiming } from './reads.js';
import { hasOccurrence, occurrencesBetween, type Repeat, ruleText } from './recurrence.js';
import { type FieldErrors, type SeriesPlan, seriesOf, type Timing, timingOf } from './rules.js';
import { type EventRow, eventMembers, events } from './tables.js';
import { DAY_MS, floatOf, localOf } from './time.js';

async function overridesOf(ctx: RequestContext, seriesId: string) {
  return ctx.db.select().from(events).where(eq(events.seriesId, seriesId));
}

/** The occurrence a request names: one the rule makes (or a moved one that exists), else 400. */
function occurrenceOf(series: EventRow, iso: string | undefined, overrides: EventRow[]): number {
  const at = iso ? Date.parse(iso) : Number.NaN;
  const known =
    Number.isFinite(at) &&
    (overrides.some((o) => o.occurrence?.getTime() === at) || hasOccurrence(seriesTiming(series), at));
  if (!known) throw invalidFields({ occurrence: 'occurrence_not_found' });
  return at;
}

/** The start and end of a series' occurrence at `at` as its rule makes it. */
function occurrenceAt(series: EventRow, at: number): { start: number; end: number } {
  const made = occurrencesBetween(seriesTiming(series), at, at + 1).find((o) => o.start === at);
  return made ?? { start: at, end: at + series.end.getTime() - series.start.getTime() };
}

/** Ends a series before an occurrence: its rule gets an UNTIL of the day before; null when nothing is left. */
function truncated(series: EventRow, at: number): { repeat: Repeat; rrule: string; lastEnd: number } | null {
  const dayBefore = new Date(floatOf(localOf(at, series.timeZone).date) - DAY_MS).toISOString().slice(0, 10);
  const repeat: Repeat = { ...series.repeat!, until: dayBefore, count: null };
  const timing = { ...seriesTiming(series), repeat };
  const left = occurrencesBetween(timing, series.start.getTime(), at);
  if (!left.length) return null;
  return { repeat, rrule: ruleText(repeat, series.timeZone), lastEnd: left.at(-1)!.end };
}

async function presentSeriesRows(ctx: RequestContext, ids: string[]) {
  const out: EventDto[] = [];
  for (const id of ids) out.push(await presentOne(ctx, id));
  return out;
}

/**
 * `PUT api/event/periodic_event/{id}`: `all` changes the series (moved occurrences are dropped when its timing
 * changes), `this` moves or edits one occurrence, `following` ends the series before the occurrence and starts a
 * new one there. Answers the lists changed, deleted, new (portal §3).
 */
export async function updatePeriodic(
  ctx: RequestContext,
  id: string,
  body: PeriodicEventUpdate,
): Promise<EventChanges> {
  const { root: series } = await loadEditable(ctx, id);
  if (!series.rrule) throw new AppError(400, 'event_not_periodic');
  const overrides = await overridesOf(ctx, series.id);
  if (body.scope === 'this') return updateOccurrence(ctx, series, overrides, body);
  const change = await plannedChange(ctx, series, overrides, body);
  if (body.scope === 'all' || change.at === series.start.getTime())
    return rewriteSeries(ctx, series, overrides, change);
  return splitSeries(ctx, series, overrides, change);
}

/** `this`: the occurrence becomes (or its moved row is changed to) what the form says. */
async function updateOccurrence(
  ctx: RequestContext,
  series: EventRow,
  overrides: EventRow[],
  body: PeriodicEventUpdate,
): Promise<EventChanges> {
  const errors: FieldErrors = {};
  const timeZone = body.timeZone ?? series.timeZone;
  const now = Date.now();
  const at = occurrenceOf(series, body.occurrence, overrides);
  const existing = overrides.find((o) => o.occurrence?.getTime() === at);
  const current = existing ? existing.start.getTime() : at;
  const unchecked = timingOf(body, timeZone, now, false, {});
  const timing = timingOf(body, timeZone, now, !unchecked || unchecked.start !== current, errors);
  assertNoErrors(errors);
  const values = {
    ...fieldsOf(body),
    allDay: timing!.allDay,
    start: new Date(timing!.start),
    end: new Date(timing!.end),
    lastEnd: new Date(timing!.end),
    timeZone,
  };
  const people = await memberIdsOf(ctx, series.id);
  const known = existing ? settingOf(existing) : { ...settingOf(series), ...occurrenceAt(series, at) };
  const next: Setting = { ...values, start: timing!.start, end: timing!.end };
  const tell = async (row: EventRow) => {
    if (worthTelling(known, next)) await tellChanged(ctx, touchedOf(row), people);
    calendarChanged(ctx, series.id, people);
  };
  if (existing) {
    const [updated] = await ctx.db
      .update(events)
      .set({ ...values, updated: new Date() })
      .where(eq(events.id, existing.id))
      .returning();
    await tell(updated);
    return { changed: await presentSeriesRows(ctx, [existing.id]), deleted: [], new: [] };
  }
  const [created] = await ctx.db
    .insert(events)
    .values({
      clientId: series.clientId,
      seriesId: series.id,
      occurrence: new Date(at),
      organizerId: series.organizerId,
      isPublic: series.isPublic,
      departments: series.departments,
      groups: series.groups,
      ...values,
    })
    .returning();
  await ctx.db
    .update(events)
    .set({ exdates: sql`array_append(${events.exdates}, ${new Date(at).toISOString()}::timestamptz)` })
    .where(eq(events.id, series.id));
  await tell(created);
  return { changed: [], deleted: [], new: await presentSeriesRows(ctx, [created.id]) };
}

/** What `all` and `following` change: checked timing, plan and members, and whether members are told. */
interface Change {
  body: PeriodicEventUpdate;
  /** The occurrence the change starts at (the first for `all`). */
  at: number;
  timeZone: string;
  timing: Timing;
  plan: SeriesPlan;
  wanted: WantedMember[];
  /** The members before the change. */
  before: string[];
  /** Whether the occurrence at `at` moved, or the pattern of a series not yet over changed. */
  tell: boolean;
}

async function plannedChange(
  ctx: RequestContext,
  series: EventRow,
  overrides: EventRow[],
  body: PeriodicEventUpdate,
): Promise<Change> {
  const errors: FieldErrors = {};
  const timeZone = body.timeZone ?? series.timeZone;
  const now = Date.now();
  const at = body.scope === 'following' ? occurrenceOf(series, body.occurrence, overrides) : series.start.getTime();
  const repeatInput = body.repeat ?? series.repeat!;
  const unchecked = timingOf(body, timeZone, now, false, {});
  const timing = timingOf(body, timeZone, now, !unchecked || unchecked.start !== at, errors);
  const plan = timing ? seriesOf(repeatInput, body.date, timing, errors) : null;
  const wanted = await wantedMembers(
    ctx,
    series.organizerId,
    body.members ?? [],
    body.departments ?? [],
    body.groups ?? [],
    errors,
  );
  assertNoErrors(errors);
  const before = await memberIdsOf(ctx, series.id);
  // What members of the occurrence at `at` knew, and what it becomes (the first occurrence of the plan).
  const was: Setting = { ...settingOf(series), ...occurrenceAt(series, at) };
  const becomes: Setting = {
    ...fieldsOf(body),
    allDay: timing!.allDay,
    timeZone,
    start: plan!.occurrences[0].start,
    end: plan!.occurrences[0].end,
  };
  // A new pattern (period, interval, weekdays) of a series not yet over is a change too.
  const newPattern =
    Math.max(series.lastEnd.getTime(), plan!.occurrences.at(-1)!.end) > now &&
    (plan!.repeat.period !== series.repeat!.period ||
      plan!.repeat.interval !== series.repeat!.interval ||
      plan!.repeat.weekdays.join() !== series.repeat!.weekdays.join());
  return {
    body,
    at,
    timeZone,
    timing: timing!,
    plan: plan!,
    wanted,
    before,
    tell: newPattern || worthTelling(was, becomes),
  };
}

/** `all` (or `following` from the first occurrence): the series itself changes. */
async function rewriteSeries(
  ctx: RequestContext,
  series: EventRow,
  overrides: EventRow[],
  { body, timeZone, timing, plan, wanted, before, tell }: Change,
): Promise<EventChanges> {
  const timingChanged =
    plan.occurrences[0].start !== series.start.getTime() ||
    plan.occurrences[0].end !== series.end.getTime() ||
    plan.rrule !== series.rrule ||
    timeZone !== series.timeZone ||
    timing.allDay !== series.allDay;
  const dropped = timingChanged ? overrides : [];
  if (dropped.length)
    await ctx.db.delete(events).where(
      inArray(
        events.id,
        dropped.map((o) => o.id),
      ),
    );
  const droppedAt = new Set(dropped.map((o) => o.occurrence!.getTime()));
  await ctx.db
    .update(events)
    .set({
      ...fieldsOf(body),
      allDay: timing.allDay,
      isPublic: body.public ?? series.isPublic,
      start: new Date(plan.occurrences[0].start),
      end: new Date(plan.occurrences[0].end),
      lastEnd: new Date(plan.occurrences.at(-1)!.end),
      timeZone,
      rrule: plan.rrule,
      repeat: plan.repeat,
      exdates: series.exdates.filter((d) => !droppedAt.has(d.getTime())),
      departments: [...new Set(body.departments ?? [])],
      groups: [...new Set(body.groups ?? [])],
      updated: new Date(),
    })
    .where(eq(events.id, series.id));
  // The texts of the series apply to its moved occurrences too.
  const kept = overrides.filter((o) => !droppedAt.has(o.occurrence!.getTime()));
  if (kept.length) {
    await ctx.db
      .update(events)
      .set({
        ...fieldsOf(body),
        isPublic: body.public ?? series.isPublic,
        departments: [...new Set(body.departments ?? [])],
        groups: [...new Set(body.groups ?? [])],
      })
      .where(
        inArray(
          events.id,
          kept.map((o) => o.id),
        ),
      );
  }
  const [updated] = await ctx.db.select().from(events).where(eq(events.id, series.id));
  const added = await syncMembers(ctx, series.id, series.organizerId, wanted);
  await invite(ctx, updated, added);
  if (tell) await tellChanged(ctx, touchedOf(updated), stayed(wanted, added));
  await tellRemoved(ctx, touchedOf(updated), removedFrom(before, wanted));
  calendarChanged(ctx, series.id, [...before, ...added]);
  return { changed: await presentSeriesRows(ctx, [series.id]), deleted: dropped.map(gone), new: [] };
}

/** `following`: the old series ends the day before the occurrence, a new series starts there. */
async function splitSeries(
  ctx: RequestContext,
  series: EventRow,
  overrides: EventRow[],
  { body, at, timing, plan, wanted, before, tell }: Change,
): Promise<EventChanges> {
  const deleted = await endSeriesBefore(ctx, series, overrides, at);
  const carry = await answersOf(ctx, series.id);
  const created = await insertEvent(ctx, body, timing, plan, series.organizerId);
  const added = await syncMembers(ctx, created.id, series.organizerId, wanted, carry);
  await invite(
    ctx,
    created,
    added.filter((person) => !carry.has(person)),
  );
  if (tell) {
    await tellChanged(
      ctx,
      touchedOf(created),
      added.filter((person) => carry.has(person)),
    );
  }
  calendarChanged(ctx, series.id, [...before, ...added]);
  return {
    changed: await presentSeriesRows(ctx, [series.id]),
    deleted,
    new: await presentSeriesRows(ctx, [created.id]),
  };
}

async function answersOf(ctx: RequestContext, eventId: string) {
  const rows = await ctx.db
    .select({ userId: eventMembers.userId, answer: eventMembers.answer, reminders: eventMembers.reminders })
    .from(eventMembers)
    .where(eq(eventMembers.eventId, eventId));
  return new Map(rows.map((r) => [r.userId, { answer: r.answer, reminders: r.reminders }]));
}

/** Ends a series before `at` (at a later occurrence than its first); its moved occurrences from then on go. */
async function endSeriesBefore(ctx: RequestContext, series: EventRow, overrides: EventRow[], at: number) {
  const later = overrides.filter((o) => o.occurrence!.getTime() >= at);
  if (later.length)
    await ctx.db.delete(events).where(
      inArray(
        events.id,
        later.map((o) => o.id),
      ),
    );
  const cut = truncated(series, at);
  if (!cut) throw invalidFields({ occurrence: 'occurrence_not_found' });
  await ctx.db
    .update(events)
    .set({
      repeat: cut.repeat,
      rrule: cut.rrule,
      lastEnd: new Date(cut.lastEnd),
      exdates: series.exdates.filter((d) => d.getTime() < at),
      updated: new Date(),
    })
    .where(eq(events.id, series.id));
  return later.map(gone);
}

/** `DELETE api/event/periodic_event/{id}?all=&occurrence=&following=`. */
export async function deletePeriodic(
  ctx: RequestContext,
  id: string,
  query: { all: 'true' | 'false'; occurrence?: string; following: 'true' | 'false' },
): Promise<EventChanges> {
  const { root: series } = await loadEditable(ctx, id);
  if (!series.rrule) throw new AppError(400, 'event_not_periodic');
  const overrides = await overridesOf(ctx, series.id);
  const people = await memberIdsOf(ctx, series.id);
  calendarChanged(ctx, series.id, people);
  const deleteAll = async () => {
    await ctx.db.delete(events).where(or(eq(events.id, series.id), eq(events.seriesId, series.id)));
    const next = nextOccurrence(series);
    if (next !== null) await tellCancelled(ctx, touchedOf(series, next), people);
    return { changed: [], deleted: [gone(series), ...overrides.map(gone)], new: [] };
  };
  if (query.all === 'true') return deleteAll();
  const at = occurrenceOf(series, query.occurrence, overrides);
  if (query.following === 'true') {
    if (at <= series.start.getTime()) return deleteAll();
    const deleted = await endSeriesBefore(ctx, series, overrides, at);
    const next = nextOccurrence(series, Math.max(at, Date.now()));
    if (next !== null) await tellCancelled(ctx, touchedOf(series, next), people);
    return { changed: await presentSeriesRows(ctx, [series.id]), deleted, new: [] };
  }
  const moved = overrides.find((o) => o.occurrence?.getTime() === at);
  const cancelled = moved ? settingOf(moved) : { ...settingOf(series), ...occurrenceAt(series, at) };
  if (cancelled.end > Date.now()) {
    await tellCancelled(ctx, moved ? touchedOf(moved) : touchedOf(series, cancelled.start), people);
  }
  if (moved) await ctx.db.delete(events).where(eq(events.id, moved.id));
  else {
    await ctx.db
      .update(events)
      .set({ exdates: sql`array_append(${events.exdates}, ${new Date(at).toISOString()}::timestamptz)` })
      .where(eq(events.id, series.id));
  }
  return {
    changed: await presentSeriesRows(ctx, [series.id]),
    deleted: [moved ? gone(moved) : { _id: series.id, occurrence: new Date(at).toISOString() }],
    new: [],
  };
}
