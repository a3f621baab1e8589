// What creating, changing and deleting events share: form values, what members are told, the editable root.
import { EVENT_DEFAULT_COLOR, type EventBody } from '@hallway/shared';
import { AppError, invalidFields } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import { dayMoment, rangeMoment } from '../../platform/notify/moments.js';
import { notify } from '../../platform/notify/notify.js';
import { publicUrl, type Touched } from './announce.js';
import { invitationIcs } from './feed.js';
import { eventPolicy } from './policy.js';
import { loadVisible, seriesTiming } from './reads.js';
import { occurrencesBetween } from './recurrence.js';
import type { FieldErrors, SeriesPlan, Timing } from './rules.js';
import { type EventRow, events } from './tables.js';
import { DAY_MS, localOf } from './time.js';

/** The invitation's attachment type: calendars offer "accept" for a text/calendar REQUEST. */
const INVITE_CONTENT_TYPE = 'text/calendar; charset=utf-8; method=REQUEST';

export type Body = Omit<EventBody, 'members' | 'departments' | 'groups'> & {
  members?: string[];
  departments?: string[];
  groups?: string[];
};

export function assertNoErrors(errors: FieldErrors): void {
  if (Object.keys(errors).length) throw invalidFields(errors);
}

/** The texts and flags of a form as row values. */
export function fieldsOf(body: Body) {
  return {
    name: body.name,
    description: body.description ?? '',
    color: body.color ?? EVENT_DEFAULT_COLOR,
    link: body.link ?? '',
    place: body.place ?? '',
  };
}

/** The when and where of an occurrence, as members are told of changes to it. */
export type Setting = Pick<EventRow, 'timeZone' | 'allDay' | 'place' | 'link'> & { start: number; end: number };
export const settingOf = (row: EventRow): Setting => ({
  start: row.start.getTime(),
  end: row.end.getTime(),
  timeZone: row.timeZone,
  allDay: row.allDay,
  place: row.place,
  link: row.link,
});
/** Whether members hear of a change: its time, zone, place or link moved, and it is not over (before or after). */
export const worthTelling = (a: Setting, b: Setting) =>
  Math.max(a.end, b.end) > Date.now() &&
  (a.start !== b.start ||
    a.end !== b.end ||
    a.timeZone !== b.timeZone ||
    a.allDay !== b.allDay ||
    a.place !== b.place ||
    a.link !== b.link);
export const touchedOf = (row: EventRow, start = row.start.getTime()): Touched => ({
  id: row.id,
  name: row.name,
  start,
  timeZone: row.timeZone,
  allDay: row.allDay,
});
/** Members who were there before the change and are not wanted any more. */
export const removedFrom = (before: string[], wanted: { userId: string }[]) => {
  const kept = new Set(wanted.map((w) => w.userId));
  return before.filter((id) => !kept.has(id));
};
/** Members who were there before the change (the new ones get the invitation instead). */
export const stayed = (wanted: { userId: string }[], added: string[]) => {
  const fresh = new Set(added);
  return wanted.map((w) => w.userId).filter((id) => !fresh.has(id));
};

/** The page an invitation mail's answer links open (signed for each recipient: `POST api/event/{id}/answer/link`). */
export const invitationPath = (eventId: string) => `/invitation/${eventId}`;

/**
 * New members get the invitation. Its mail says when (start to end, in each recipient's zone), where, the conference
 * link, the rule of a series in words and the description, with links that accept or decline for that recipient;
 * it carries the event as `invite.ics` (METHOD:REQUEST).
 */
export async function invite(ctx: RequestContext, row: EventRow, people: string[]) {
  if (!people.length) return;
  const url = publicUrl();
  const ics = url === null ? null : await invitationIcs(ctx.db, url, row);
  const start = row.start.getTime();
  const end = row.end.getTime();
  const when = row.allDay
    ? dayMoment(localOf(start, row.timeZone).date, localOf(end - DAY_MS / 2, row.timeZone).date)
    : rangeMoment(start, end, row.timeZone);
  const answer = (value: 'accept' | 'decline') => ({ personal: invitationPath(row.id), query: `answer=${value}` });
  await notify(ctx, {
    code: 'events.invite',
    recipients: people,
    vars: {
      name: row.name,
      when,
      place: row.place,
      conference: row.link,
      repeat: row.repeat ? { repeat: row.repeat } : '',
      description: row.description,
      accept: answer('accept'),
      decline: answer('decline'),
    },
    link: `/calendar/?event=${row.id}`,
    ...(ics ? { attachments: [{ filename: 'invite.ics', content: ics, contentType: INVITE_CONTENT_TYPE }] } : {}),
  });
}

export async function insertEvent(
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
export async function loadEditable(ctx: RequestContext, id: string) {
  const loaded = await loadVisible(ctx, id, true);
  if (!eventPolicy(ctx, loaded.root, loaded.mine).edit) throw new AppError(403, 'no_access');
  return loaded;
}

export const gone = (row: EventRow) => ({ _id: row.id, occurrence: row.occurrence?.toISOString() ?? null });

/** The start of a series' first occurrence that is not over yet (null: none is left). */
export function nextOccurrence(series: EventRow, from = Date.now()): number | null {
  if (series.lastEnd.getTime() <= from) return null;
  const excluded = series.exdates.map((d) => d.getTime());
  const first = occurrencesBetween(seriesTiming(series), from, series.lastEnd.getTime(), excluded)[0];
  return first?.start ?? null;
}
