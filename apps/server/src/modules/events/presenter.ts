import type { EventDto, EventMember, PersonCard } from '@hallway/shared';
import type { RequestContext } from '../../platform/http/context.js';
import { unknownPerson } from '../users/index.js';
import { eventPolicy, type Mine } from './policy.js';
import type { Occurrence } from './recurrence.js';
import type { ListedEvent } from './tables.js';
import { DAY_MS, localOf } from './time.js';

/**
 * An event as the caller sees it. `root` is the series (or the event itself) that carries the members, organizer
 * and counters; `occurrence` is one occurrence of a series (null: the row's own times).
 */
export function presentEvent(
  ctx: RequestContext,
  row: ListedEvent,
  root: ListedEvent,
  organizer: PersonCard | undefined,
  mine: Mine,
  occurrence: Occurrence | null,
  members?: EventMember[],
): EventDto {
  const start = occurrence?.start ?? row.start.getTime();
  const end = occurrence?.end ?? row.end.getTime();
  const from = localOf(start, row.timeZone);
  const to = localOf(end, row.timeZone);
  // An all-day event ends at 00:00 after its last day.
  const endDate = row.allDay ? localOf(end - DAY_MS / 2, row.timeZone).date : to.date;
  const recurrenceId = occurrence ? occurrence.start : (row.occurrence?.getTime() ?? null);
  return {
    _id: row.id,
    series_id: row.seriesId ?? (row.rrule ? row.id : null),
    occurrence: recurrenceId === null ? null : new Date(recurrenceId).toISOString(),
    name: row.name,
    description: row.description,
    color: row.color,
    link: row.link,
    place: row.place,
    allDay: row.allDay,
    start: new Date(start).toISOString(),
    end: new Date(end).toISOString(),
    timeZone: row.timeZone,
    date: from.date,
    startTime: row.allDay ? '00:00' : from.time,
    endTime: row.allDay ? '00:00' : to.time,
    endDate,
    // A moved occurrence carries its series' repetition, so it is edited and deleted as part of the series.
    repeat: row.repeat ?? root.repeat ?? null,
    rrule: row.rrule,
    public: root.isPublic,
    organizer: organizer ?? unknownPerson(root.organizerId),
    departments: root.departments,
    groups: root.groups,
    counts: {
      accept: root.countAccept,
      maybe: root.countMaybe,
      decline: root.countDecline,
      none: root.countNone,
    },
    membersCount: root.countAccept + root.countMaybe + root.countDecline + root.countNone,
    myAnswer: mine.answer,
    myReminders: mine.reminders,
    ...(members ? { members } : {}),
    can: eventPolicy(ctx, root, mine),
  };
}
