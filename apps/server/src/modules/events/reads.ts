// Reading events: one with its members, a range of occurrences, and what the caller may see.
import {
  EVENT_MAX_DAYS,
  EVENT_RANGE_MAX_DAYS,
  type EventDto,
  type EventMember,
  type PersonCard,
} from '@hallway/shared';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { anyOf, constantText, rowsOf, tableRowReader } from '../../platform/db/client.js';
import { CALLER } from '../../platform/db/security.js';
import { inlineTrip, type TripStatement } from '../../platform/db/tenant.js';
import { invalidFields, notFound } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import { workspaceTimeZone } from '../clients/index.js';
import { ownTimeZone, personCardSql, personCards } from '../users/index.js';
import { eventPolicy, type Mine, seesEvent } from './policy.js';
import { presentEvent } from './presenter.js';
import { type Occurrence, occurrencesBetween, type SeriesTiming } from './recurrence.js';
import { EVENT_BOOKKEEPING, type EventRow, eventMembers, events, type ListedEvent } from './tables.js';
import { DAY_MS } from './time.js';

/** The zone a person's forms start in: their own, else the workspace's, else UTC. */
export async function effectiveTimeZone(ctx: RequestContext): Promise<string> {
  return (await ownTimeZone(ctx)) ?? (await workspaceTimeZone(ctx.db, ctx.tenant())) ?? 'UTC';
}

export const seriesTiming = (row: ListedEvent): SeriesTiming => ({
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

/** A range of the calendar: [from, to) in ms, at most EVENT_RANGE_MAX_DAYS long; null when it is not one. */
export function rangeOf(fromIso: string, toIso: string): { from: number; to: number } | null {
  const from = Date.parse(fromIso);
  const to = Date.parse(toIso);
  return to > from && to - from <= EVENT_RANGE_MAX_DAYS * DAY_MS ? { from, to } : null;
}

const { tenant: TENANT, me: ME } = CALLER;
const ORGANIZER_CARD = constantText(personCardSql(sql.raw('e.organizer_id')));

const listedColumns = tableRowReader(events, EVENT_BOOKKEEPING);

/**
 * The rows of a range the caller may see, in one statement naming the caller and the workspace by the transaction's
 * settings, kept prepared (the range's instants are its values): single events by the start index (an event lasts
 * at most EVENT_MAX_DAYS), moved occurrences through their series' visibility, series by the index of their last
 * end; and with each row its organizer's card and the caller's own answer, which `presentRange` needs of the rows
 * that are roots (series and single events).
 */
function rangeStatement({ from, to }: { from: number; to: number }, scope: 'visible' | 'mine'): TripStatement {
  const [earliest, start, end] = ['$1', '$2', '$3'];
  const seen = (r: string) => {
    const own = `${r}.organizer_id = ${ME} OR EXISTS (SELECT 1 FROM event_members m WHERE m.event_id = ${r}.id AND m.user_id = ${ME})`;
    return scope === 'mine' ? `(${own})` : `(${r}.public OR ${own})`;
  };
  const ids = `
    SELECT e.id FROM events e
    WHERE e.client_id = ${TENANT} AND e.rrule IS NULL AND e.series_id IS NULL
      AND e.starts_at >= ${earliest} AND e.starts_at < ${end} AND e.ends_at > ${start} AND ${seen('e')}
    UNION ALL
    SELECT o.id FROM events o JOIN events r ON r.id = o.series_id
    WHERE o.client_id = ${TENANT} AND o.rrule IS NULL AND o.series_id IS NOT NULL
      AND o.starts_at >= ${earliest} AND o.starts_at < ${end} AND o.ends_at > ${start} AND ${seen('r')}
    UNION ALL
    SELECT r.id FROM events r
    WHERE r.client_id = ${TENANT} AND r.rrule IS NOT NULL
      AND r.last_end > ${start} AND r.starts_at < ${end} AND ${seen('r')}`;
  // `= ANY (ARRAY(…))` reads the rows by primary key; `IN (…)` planned a hash join over the whole table.
  const text = `SELECT ${listedColumns.select('e')}, ${ORGANIZER_CARD} AS organizer_card, m.answer AS my_answer, m.reminders AS my_reminders
    FROM events e LEFT JOIN event_members m ON m.event_id = e.id AND m.user_id = ${ME}
    WHERE e.id = ANY (ARRAY(${ids}))`;
  const instants = [from - EVENT_MAX_DAYS * DAY_MS, from, to].map((ms) => new Date(ms).toISOString());
  return { name: `event_range_${scope}`, types: ['timestamptz', 'timestamptz', 'timestamptz'], text, values: instants };
}

/** A row of `rangeStatement`: the event, and when it is a root, its organizer's card and the caller's answer. */
interface RangeRow {
  row: ListedEvent;
  organizer: PersonCard | undefined;
  mine: Mine;
}

const { answer: answerColumn, reminders: remindersColumn } = getTableColumns(eventMembers);

const rangeRowsOf = (raw: Record<string, unknown>[]): RangeRow[] =>
  raw.map((r) => ({
    row: listedColumns.read(r),
    organizer: (r.organizer_card as PersonCard | null) ?? undefined,
    mine:
      r.my_answer === null || r.my_answer === undefined
        ? notMine
        : {
            answer: answerColumn.mapFromDriverValue(r.my_answer) as Mine['answer'],
            reminders: remindersColumn.mapFromDriverValue(r.my_reminders) as number[],
          },
  }));

/** The series of the moved occurrences among `rows` whose series is not among them. */
const missingRoots = (rows: RangeRow[], roots: Map<string, RangeRow>) => [
  ...new Set(rows.filter((r) => r.row.seriesId && !roots.has(r.row.seriesId)).map((r) => r.row.seriesId!)),
];
const rootsOf = (rows: RangeRow[]) => new Map(rows.filter((r) => !r.row.seriesId).map((r) => [r.row.id, r]));

/**
 * The occurrences of `rows` overlapping `range`, presented and sorted; each row with its root from `roots` (a row
 * whose root is not there is left out). Only series running in the range are expanded, and only inside it.
 */
function presentRange(
  ctx: RequestContext,
  rows: RangeRow[],
  roots: Map<string, RangeRow>,
  { from, to }: { from: number; to: number },
): EventDto[] {
  const result: EventDto[] = [];
  for (const { row } of rows) {
    const root = roots.get(row.seriesId ?? row.id);
    if (!root) continue;
    const present = (occurrence: Occurrence | null) =>
      presentEvent(ctx, row, root.row, root.organizer, root.mine, occurrence);
    if (!row.rrule) {
      result.push(present(null));
      continue;
    }
    const excluded = row.exdates.map((d) => d.getTime());
    for (const occurrence of occurrencesBetween(seriesTiming(row), from, to, excluded))
      result.push(present(occurrence));
  }
  return result.sort((a, b) => a.start.localeCompare(b.start) || a._id.localeCompare(b._id));
}

/**
 * `GET api/event/byClient/{id}` as the guard's `quickRead`: the range in one statement and one round trip. Undefined
 * (the route then runs as usual) when a moved occurrence's series is not among the rows.
 */
export function rangeRead(range: { from: number; to: number }, scope: 'visible' | 'mine') {
  return {
    sql: rangeStatement(range, scope),
    answer: (ctx: RequestContext, raw: Record<string, unknown>[]) => {
      const rows = rangeRowsOf(raw);
      const roots = rootsOf(rows);
      return missingRoots(rows, roots).length ? undefined : presentRange(ctx, rows, roots, range);
    },
  };
}

/** `GET api/event/byClient/{id}`: occurrences overlapping [from, to) (`rangeStatement`, `presentRange`). */
export async function listRange(
  ctx: RequestContext,
  fromIso: string,
  toIso: string,
  scope: 'visible' | 'mine',
): Promise<EventDto[]> {
  const range = rangeOf(fromIso, toIso);
  if (!range) throw invalidFields({ to: 'event_range_invalid' });
  const rows = rangeRowsOf(await rowsOf(ctx.db, sql.raw(inlineTrip(rangeStatement(range, scope)))));
  const roots = rootsOf(rows);
  const missing = missingRoots(rows, roots);
  if (missing.length) {
    const found = await ctx.db.select().from(events).where(anyOf(events.id, missing));
    const cards = await personCards(
      ctx.db,
      found.map((r) => r.organizerId),
    );
    const mine = await mineOf(
      ctx,
      found.map((r) => r.id),
    );
    for (const row of found) {
      roots.set(row.id, { row, organizer: cards.get(row.organizerId), mine: mine.get(row.id) ?? notMine });
    }
  }
  return presentRange(ctx, rows, roots, range);
}

/** The series (or single event) of an event the caller may see. */
export async function visibleRoot(ctx: RequestContext, id: string): Promise<EventRow> {
  return (await loadVisible(ctx, id)).root;
}
