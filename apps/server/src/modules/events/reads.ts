// Reading events: one with its members, a range of occurrences, and what the caller may see.
import { EVENT_MAX_DAYS, EVENT_RANGE_MAX_DAYS, type EventDto, type EventMember } from '@hallway/shared';
import { and, eq, sql } from 'drizzle-orm';
import { anyOf } from '../../platform/db/client.js';
import { invalidFields, notFound } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import { workspaceTimeZone } from '../clients/index.js';
import { ownTimeZone, personCards } from '../users/index.js';
import { eventPolicy, type Mine, seesEvent } from './policy.js';
import { presentEvent } from './presenter.js';
import { type Occurrence, occurrencesBetween, type SeriesTiming } from './recurrence.js';
import { type EventRow, eventMembers, events } from './tables.js';
import { DAY_MS } from './time.js';

/** The zone a person's forms start in: their own, else the workspace's, else UTC. */
export async function effectiveTimeZone(ctx: RequestContext): Promise<string> {
  return (await ownTimeZone(ctx)) ?? (await workspaceTimeZone(ctx.db, ctx.tenant())) ?? 'UTC';
}

export const seriesTiming = (row: EventRow): SeriesTiming => ({
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
    .where(and(eq(eventMembers.userId, me), anyOf(eventMembers.eventId, [...new Set(rootIds)])));
  return new Map(rows.map((r) => [r.eventId, { answer: r.answer, reminders: r.reminders }]));
}
const notMine: Mine = { answer: null, reminders: [] };

/** An event row of the workspace the caller may see, with its root (series); else 404 `event_not_found`. */
export async function loadVisible(ctx: RequestContext, id: string, lock = false) {
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
  if (!seesEvent(ctx, root, mine)) throw notFound('event_not_found');
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

export async function presentOne(ctx: RequestContext, id: string): Promise<EventDto> {
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
    for (const root of await ctx.db.select().from(events).where(anyOf(events.id, missing))) roots.set(root.id, root);
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

/** The series (or single event) of an event the caller may see. */
export async function visibleRoot(ctx: RequestContext, id: string): Promise<EventRow> {
  return (await loadVisible(ctx, id)).root;
}
