import {
  EVENT_DEFAULT_COLOR,
  EVENT_MAX_DAYS,
  EVENT_RANGE_MAX_DAYS,
  type EventAnswer,
  type EventBody,
  type EventChanges,
  type EventDto,
  type EventMember,
  type PeriodicEventBody,
  type PeriodicEventUpdate,
} from '@hallway/shared';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { AppError, invalidFields, notFound } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import { notify } from '../../platform/notify/notify.js';
import { workspaceTimeZone } from '../clients/index.js';
import { ownTimeZone, personCards } from '../users/index.js';
import {
  calendarChanged,
  memberIdsOf,
  publicUrl,
  type Touched,
  tellCancelled,
  tellChanged,
  tellRemoved,
  whenText,
} from './announce.js';
import { invitationIcs } from './feed.js';
import { syncMembers, wantedMembers } from './members.js';
import { eventPolicy, type Mine, presentEvent } from './presenter.js';
import {
  hasOccurrence,
  type Occurrence,
  occurrencesBetween,
  type Repeat,
  ruleText,
  type SeriesTiming,
} from './recurrence.js';
import { type FieldErrors, type SeriesPlan, seriesOf, type Timing, timingOf } from './rules.js';
import { type EventRow, eventMembers, events } from './tables.js';
import { DAY_MS, floatOf, localOf } from './time.js';

/** The invitation's attachment type: calendars offer "accept" for a text/calendar REQUEST. */
const INVITE_CONTENT_TYPE = 'text/calendar; charset=utf-8; method=REQUEST';

type Body = Omit<EventBody, 'members' | 'departments' | 'groups'> & {
  members?: string[];
  departments?: string[];
  groups?: string[];
};

/** The zone a person's forms start in: their own, else the workspace's, else UTC. */
export async function effectiveTimeZone(ctx: RequestContext): Promise<string> {
  return (await ownTimeZone(ctx)) ?? (await workspaceTimeZone(ctx.db, ctx.tenant())) ?? 'UTC';
}

const seriesTiming = (row: EventRow): SeriesTiming => ({
  start: row.start.getTime(),
  end: row.end.getTime(),
  timeZone: row.timeZone,
  repeat: row.repeat!,
});

async function mineOf(ctx: RequestContext, rootIds: string[]): Promise<Map<string, Mine>> {
  const me = ctx.user?.id;
  if (!me || !rootIds.length) return new Map();
  const rows = await ctx.db
    .select({ eventId: eventMembers.eventId, answer: eventMembers.answer, reminders: eventMembers.reminders })
    .from(eventMembers)
    .where(and(eq(eventMembers.userId, me), inArray(eventMembers.eventId, [...new Set(rootIds)])));
  return new Map(rows.map((r) => [r.eventId, { answer: r.answer, reminders: r.reminders }]));
}
const notMine: Mine = { answer: null, reminders: [] };

/** An event row of the workspace the caller may see, with its root (series); else 404 `event_not_found`. */
async function loadVisible(ctx: RequestContext, id: string, lock = false) {
  const [row] = await ctx.db
    .select()
    .from(events)
    .where(and(eq(events.id, id), eq(events.clientId, ctx.tenant())));
  if (!row) throw notFound('event_not_found');
  const rootId = row.seriesId ?? row.id;
  const query = ctx.db.select().from(events).where(eq(events.id, rootId));
  const [root] = lock ? await query.for('no key update') : await query;
  if (!root) throw notFound('event_not_found');
  const mine = (await mineOf(ctx, [root.id])).get(root.id) ?? notMine;
  const visible = root.isPublic || root.organizerId === ctx.user?.id || mine.answer !== null;
  if (!visible) throw notFound('event_not_found');
  // The locked read of the row itself: the root's lock came first, so a concurrent edit has finished.
  const [fresh] = lock && row.id !== root.id ? await ctx.db.select().from(events).where(eq(events.id, id)) : [row];
  if (!fresh) throw notFound('event_not_found');
  return { row: lock && row.id === root.id ? root : fresh, root, mine };
}

async function presentRows(
  ctx: RequestContext,
  items: { row: EventRow; root: EventRow; occurrence: Occurrence | null }[],
) {
  const cards = await personCards(
    ctx.db,
    items.map((i) => i.root.organizerId),
  );
  const mine = await mineOf(
    ctx,
    items.map((i) => i.root.id),
  );
  return items.map((i) =>
    presentEvent(ctx, i.row, i.root, cards.get(i.root.organizerId), mine.get(i.root.id) ?? notMine, i.occurrence),
  );
}

async function presentOne(ctx: RequestContext, id: string): Promise<EventDto> {
  const { row, root } = await loadVisible(ctx, id);
  const [dto] = await presentRows(ctx, [{ row, root, occurrence: null }]);
  return dto;
}

/** Members with their answers: all answers to the organizer and administrators, otherwise only one's own. */
async function membersOf(ctx: RequestContext, root: EventRow): Promise<EventMember[]> {
  const rows = await ctx.db
    .select({
      userId: eventMembers.userId,
      answer: eventMembers.answer,
      via: eventMembers.via,
      department: eventMembers.department,
    })
    .from(eventMembers)
    .where(eq(eventMembers.eventId, root.id));
  const cards = await personCards(
    ctx.db,
    rows.map((r) => r.userId),
  );
  const seesAnswers = eventPolicy(ctx, root, notMine).edit;
  return rows
    .map((r) => ({
      user: cards.get(r.userId) ?? { _id: r.userId, name: '', avatar: null, position: '' },
      answer: seesAnswers || r.userId === ctx.user?.id ? r.answer : ('none' as const),
      via: r.via,
      department: r.department,
    }))
    .sort((a, b) => a.user.name.localeCompare(b.user.name));
}

/** `GET api/event/{id}[?occurrence=]`: one event with its members. */
export async function getEvent(ctx: RequestContext, id: string, occurrence?: string): Promise<EventDto> {
  const { row, root, mine } = await loadVisible(ctx, id);
  let occ: Occurrence | null = null;
  if (occurrence && row.rrule) {
    const at = Date.parse(occurrence);
    occ = occurrencesBetween(seriesTiming(row), at, at + 1).find((o) => o.start === at) ?? null;
    if (!occ) throw invalidFields({ occurrence: 'occurrence_not_found' });
  }
  const cards = await personCards(ctx.db, [root.organizerId]);
  return presentEvent(ctx, row, root, cards.get(root.organizerId), mine, occ, await membersOf(ctx, root));
}

/**
 * `GET api/event/byClient/{id}`: occurrences overlapping [from, to). Single events and moved occurrences come from
 * the start index (an event lasts at most EVENT_MAX_DAYS), series from the index of their last end; only series
 * running in the range are expanded, and only inside it.
 */
export async function listRange(
  ctx: RequestContext,
  fromIso: string,
  toIso: string,
  scope: 'visible' | 'mine',
): Promise<EventDto[]> {
  const from = Date.parse(fromIso);
  const to = Date.parse(toIso);
  if (!(to > from) || to - from > EVENT_RANGE_MAX_DAYS * DAY_MS) throw invalidFields({ to: 'event_range_invalid' });
  const rows = await rangeRows(ctx, new Date(from), new Date(to), scope);
  const roots = new Map<string, EventRow>();
  for (const row of rows) if (!row.seriesId) roots.set(row.id, row);
  const missing = [...new Set(rows.filter((r) => r.seriesId && !roots.has(r.seriesId)).map((r) => r.seriesId!))];
  if (missing.length) {
    for (const root of await ctx.db.select().from(events).where(inArray(events.id, missing))) roots.set(root.id, root);
  }
  const items: { row: EventRow; root: EventRow; occurrence: Occurrence | null }[] = [];
  for (const row of rows) {
    const root = roots.get(row.seriesId ?? row.id);
    if (!root) continue;
    if (!row.rrule) {
      items.push({ row, root, occurrence: null });
      continue;
    }
    const excluded = row.exdates.map((d) => d.getTime());
    for (const occurrence of occurrencesBetween(seriesTiming(row), from, to, excluded)) {
      items.push({ row, root, occurrence });
    }
  }
  const result = await presentRows(ctx, items);
  return result.sort((a, b) => a.start.localeCompare(b.start) || a._id.localeCompare(b._id));
}

/**
 * The rows of a range the caller may see, in one statement: single events by the start index (an event lasts at
 * most EVENT_MAX_DAYS), moved occurrences through their series' visibility, series by the index of their last end.
 */
export async function rangeRows(ctx: RequestContext, from: Date, to: Date, scope: 'visible' | 'mine') {
  const clientId = ctx.tenant();
  const me = ctx.me().id;
  const earliest = new Date(from.getTime() - EVENT_MAX_DAYS * DAY_MS).toISOString();
  const [start, end] = [from.toISOString(), to.toISOString()];
  const seen = (alias: string) => {
    const r = sql.raw(alias);
    const own = sql`${r}.organizer_id = ${me} OR EXISTS (SELECT 1 FROM event_members m WHERE m.event_id = ${r}.id AND m.user_id = ${me})`;
    return scope === 'mine' ? sql`(${own})` : sql`(${r}.public OR ${own})`;
  };
  const ids = sql`
    SELECT e.id FROM events e
    WHERE e.client_id = ${clientId} AND e.rrule IS NULL AND e.series_id IS NULL
      AND e.starts_at >= ${earliest} AND e.starts_at < ${end} AND e.ends_at > ${start} AND ${seen('e')}
    UNION ALL
    SELECT o.id FROM events o JOIN events r ON r.id = o.series_id
    WHERE o.client_id = ${clientId} AND o.rrule IS NULL AND o.series_id IS NOT NULL
      AND o.starts_at >= ${earliest} AND o.starts_at < ${end} AND o.ends_at > ${start} AND ${seen('r')}
    UNION ALL
    SELECT r.id FROM events r
    WHERE r.client_id = ${clientId} AND r.rrule IS NOT NULL
      AND r.last_end > ${start} AND r.starts_at < ${end} AND ${seen('r')}`;
  return ctx.db
    .select()
    .from(events) // `= ANY (ARRAY(…))` reads the rows by primary key; `IN (…)` planned a hash join over the whole table.
    .where(sql`${events.id} = ANY (ARRAY(${ids}))`);
}

function assertNoErrors(errors: FieldErrors): void {
  if (Object.keys(errors).length) throw invalidFields(errors);
}

/** The texts and flags of a form as row values. */
function fieldsOf(body: Body) {
  return {
    name: body.name,
    description: body.description ?? '',
    color: body.color ?? EVENT_DEFAULT_COLOR,
    link: body.link ?? '',
    place: body.place ?? '',
  };
}

/** The when and where of an occurrence, as members are told of changes to it. */
type Setting = Pick<EventRow, 'timeZone' | 'allDay' | 'place' | 'link'> & { start: number; end: number };
const settingOf = (row: EventRow): Setting => ({
  start: row.start.getTime(),
  end: row.end.getTime(),
  timeZone: row.timeZone,
  allDay: row.allDay,
  place: row.place,
  link: row.link,
});
/** Whether members hear of a change: its time, zone, place or link moved, and it is not over (before or after). */
const worthTelling = (a: Setting, b: Setting) =>
  Math.max(a.end, b.end) > Date.now() &&
  (a.start !== b.start ||
    a.end !== b.end ||
    a.timeZone !== b.timeZone ||
    a.allDay !== b.allDay ||
    a.place !== b.place ||
    a.link !== b.link);
const touchedOf = (row: EventRow, start = row.start.getTime()): Touched => ({
  id: row.id,
  name: row.name,
  start,
  timeZone: row.timeZone,
  allDay: row.allDay,
});
/** Members who were there before the change and are not wanted any more. */
const removedFrom = (before: string[], wanted: { userId: string }[]) => {
  const kept = new Set(wanted.map((w) => w.userId));
  return before.filter((id) => !kept.has(id));
};
/** Members who were there before the change (the new ones get the invitation instead). */
const stayed = (wanted: { userId: string }[], added: string[]) => {
  const fresh = new Set(added);
  return wanted.map((w) => w.userId).filter((id) => !fresh.has(id));
};

/** New members get the invitation; its e-mail carries the event as `invite.ics` (METHOD:REQUEST). */
async function invite(ctx: RequestContext, row: EventRow, people: string[]) {
  if (!people.length) return;
  const url = publicUrl();
  const ics = url === null ? null : await invitationIcs(ctx.db, url, row);
  await notify(ctx, {
    code: 'events.invite',
    recipients: people,
    vars: { name: row.name, when: whenText(row.start.getTime(), row.timeZone, row.allDay) },
    link: `/calendar/?event=${row.id}`,
    ...(ics ? { attachments: [{ filename: 'invite.ics', content: ics, contentType: INVITE_CONTENT_TYPE }] } : {}),
  });
}

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

async function insertEvent(
  ctx: RequestContext,
  body: Body,
  timing: Timing,
  plan: SeriesPlan | null,
  organizerId: string,
  extra: Partial<typeof events.$inferInsert> = {},
) {
  const first = plan?.occurrences[0];
  const last = plan?.occurrences.at(-1);
  const [row] = await ctx.db
    .insert(events)
    .values({
      clientId: ctx.tenant(),
      ...fieldsOf(body),
      allDay: timing.allDay,
      isPublic: body.public ?? false,
      start: new Date(first?.start ?? timing.start),
      end: new Date(first?.end ?? timing.end),
      timeZone: timing.timeZone,
      rrule: plan?.rrule ?? null,
      repeat: plan?.repeat ?? null,
      lastEnd: new Date(last?.end ?? timing.end),
      organizerId,
      departments: [...new Set(body.departments ?? [])],
      groups: [...new Set(body.groups ?? [])],
      ...extra,
    })
    .returning();
  return row;
}

/** The root (single event or series) the caller may change, locked; 403 for people who may not. */
async function loadEditable(ctx: RequestContext, id: string) {
  const loaded = await loadVisible(ctx, id, true);
  if (!eventPolicy(ctx, loaded.root, loaded.mine).edit) throw new AppError(403, 'no_access');
  return loaded;
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

const gone = (row: EventRow) => ({ _id: row.id, occurrence: row.occurrence?.toISOString() ?? null });

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
  const errors: FieldErrors = {};
  const timeZone = body.timeZone ?? series.timeZone;
  const now = Date.now();

  if (body.scope === 'this') {
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

  const firstOccurrence = series.start.getTime();
  const at = body.scope === 'following' ? occurrenceOf(series, body.occurrence, overrides) : firstOccurrence;
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

  if (body.scope === 'all' || at === firstOccurrence) {
    const timingChanged =
      plan!.occurrences[0].start !== series.start.getTime() ||
      plan!.occurrences[0].end !== series.end.getTime() ||
      plan!.rrule !== series.rrule ||
      timeZone !== series.timeZone ||
      timing!.allDay !== series.allDay;
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
        allDay: timing!.allDay,
        isPublic: body.public ?? series.isPublic,
        start: new Date(plan!.occurrences[0].start),
        end: new Date(plan!.occurrences[0].end),
        lastEnd: new Date(plan!.occurrences.at(-1)!.end),
        timeZone,
        rrule: plan!.rrule,
        repeat: plan!.repeat,
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
    if (newPattern || worthTelling(was, becomes)) await tellChanged(ctx, touchedOf(updated), stayed(wanted, added));
    await tellRemoved(ctx, touchedOf(updated), removedFrom(before, wanted));
    calendarChanged(ctx, series.id, [...before, ...added]);
    return { changed: await presentSeriesRows(ctx, [series.id]), deleted: dropped.map(gone), new: [] };
  }

  // This and the following ones: the old series ends the day before, a new series starts here.
  const deleted = await endSeriesBefore(ctx, series, overrides, at);
  const carry = await answersOf(ctx, series.id);
  const created = await insertEvent(ctx, body, timing!, plan, series.organizerId);
  const added = await syncMembers(ctx, created.id, series.organizerId, wanted, carry);
  await invite(
    ctx,
    created,
    added.filter((person) => !carry.has(person)),
  );
  if (newPattern || worthTelling(was, becomes)) {
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

/** The start of a series' first occurrence that is not over yet (null: none is left). */
function nextOccurrence(series: EventRow, from = Date.now()): number | null {
  if (series.lastEnd.getTime() <= from) return null;
  const excluded = series.exdates.map((d) => d.getTime());
  const first = occurrencesBetween(seriesTiming(series), from, series.lastEnd.getTime(), excluded)[0];
  return first?.start ?? null;
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

/**
 * `PUT api/event/{id}/answer`: a member's answer for every occurrence. The event's row is locked first (as edits
 * do), then the counters move by one in SQL, so concurrent answers never lose a count.
 */
export async function answerEvent(ctx: RequestContext, id: string, answer: Exclude<EventAnswer, 'none'>) {
  const { root, mine } = await loadVisible(ctx, id, true);
  if (mine.answer === null) throw new AppError(403, 'event_not_member');
  const me = ctx.me().id;
  const [old] = await ctx.db
    .select({ answer: eventMembers.answer })
    .from(eventMembers)
    .where(and(eq(eventMembers.eventId, root.id), eq(eventMembers.userId, me)))
    .for('update');
  if (old.answer !== answer) {
    await ctx.db
      .update(eventMembers)
      .set({ answer, answered: new Date() })
      .where(and(eq(eventMembers.eventId, root.id), eq(eventMembers.userId, me)));
    const column = (a: EventAnswer) => sql.raw(`count_${a}`);
    await ctx.db.execute(
      sql`UPDATE events SET ${column(old.answer)} = ${column(old.answer)} - 1, ${column(answer)} = ${column(answer)} + 1
          WHERE id = ${root.id}`,
    );
  }
  const [counted] = await ctx.db.select().from(events).where(eq(events.id, root.id));
  calendarChanged(ctx, root.id, [root.organizerId]);
  return {
    _id: root.id,
    myAnswer: answer,
    counts: {
      accept: counted.countAccept,
      maybe: counted.countMaybe,
      decline: counted.countDecline,
      none: counted.countNone,
    },
  };
}

/** `PUT api/event/{id}/reminders`: a member's own reminder offsets. */
export async function setReminders(ctx: RequestContext, id: string, minutes: number[]) {
  const { root, mine } = await loadVisible(ctx, id);
  if (mine.answer === null) throw new AppError(403, 'event_not_member');
  const sorted = [...minutes].sort((a, b) => a - b);
  await ctx.db
    .update(eventMembers)
    .set({ reminders: sorted })
    .where(and(eq(eventMembers.eventId, root.id), eq(eventMembers.userId, ctx.me().id)));
  return { _id: root.id, myReminders: sorted };
}

/** The series (or single event) of an event the caller may see. */
export async function visibleRoot(ctx: RequestContext, id: string): Promise<EventRow> {
  return (await loadVisible(ctx, id)).root;
}
