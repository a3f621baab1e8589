import type { EventDropArg } from '@fullcalendar/core';
import type { EventResizeDoneArg } from '@fullcalendar/interaction';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { translateCode } from '../../i18n/errors';
import { showError, showSuccess } from '../../ui/toast';
import { fetchEvent } from './api';
import { eventValues } from './EventForm';
import { calendarMutations } from './queries';
import { addDays, daysBetween, type EventValues, repeatOf, validateEvent, wallClock } from './rules';
import { useCalendarTexts } from './texts';
import { type CalendarEvent, type EventBody, type Scope, WEEKDAYS } from './types';
import { zoneDay } from './zone';

interface PendingMove {
  event: CalendarEvent;
  values: EventValues;
  revert: () => void;
}

/**
 * Drags and resizes on the grid: the event's new wall clock in its own zone, checked like the form, then saved; a
 * repeating event's move waits for the scope dialog (`pending`, `choose`, `cancel`). `instant` turns a Date of
 * FullCalendar (UTC-coerced wall clock in the page's zone) into the instant it names.
 */
export function useEventMoves(instant: (at: Date) => Date) {
  const { t } = useCalendarTexts();
  const save = useMutation(calendarMutations.save(useQueryClient()));
  const [pending, setPending] = useState<PendingMove | null>(null);

  const saveMove = async (event: CalendarEvent, values: EventValues, scope: Scope | undefined, revert: () => void) => {
    let body = bodyOf(event, values);
    if (scope === 'all' && event.repeat) {
      // The whole series moves by as many days as this occurrence did, and keeps its weekdays' spacing.
      try {
        const series = await fetchEvent(event._id, null);
        const shift = daysBetween(event.date, values.date);
        const repeat = { ...(series.repeat ?? event.repeat) };
        repeat.weekdays = repeat.weekdays.map((day) => WEEKDAYS[(((WEEKDAYS.indexOf(day) + shift) % 7) + 7) % 7]);
        const date = addDays(series.date, shift);
        const length = daysBetween(values.date, values.endDate || values.date);
        body = {
          ...bodyOf(series, eventValues(series)),
          allDay: values.allDay,
          date,
          endDate: addDays(date, length),
          startTime: values.startTime,
          endTime: values.endTime,
          repeat,
        };
      } catch (error) {
        revert();
        return showError(error);
      }
    }
    try {
      await save.mutateAsync({ id: event._id, body, scope, occurrence: event.occurrence });
      showSuccess(t('moved'));
    } catch (error) {
      revert();
      showError(error);
    }
  };

  const onMove = async (arg: EventDropArg | EventResizeDoneArg) => {
    const range = arg.event.extendedProps.event as CalendarEvent | undefined;
    const start = arg.event.start;
    if (!range || !start) return arg.revert();
    let full: CalendarEvent;
    try {
      full = await fetchEvent(range._id, range.occurrence);
    } catch (error) {
      arg.revert();
      return showError(error);
    }
    const values = eventValues(full);
    values.allDay = arg.event.allDay;
    if (arg.event.allDay) {
      values.date = zoneDay(start);
      const end = arg.event.end ? addDays(zoneDay(arg.event.end), -1) : values.date;
      values.endDate = end === values.date ? '' : end;
      values.startTime = '';
      values.endTime = '';
    } else {
      // The event keeps its own zone: the new instants, as its wall clock.
      const end = arg.event.end ?? new Date(start.getTime() + 60 * 60_000);
      const s = wallClock(instant(start), full.timeZone);
      const e = wallClock(instant(end), full.timeZone);
      values.date = s.date;
      values.startTime = s.time;
      values.endDate = e.date === s.date ? '' : e.date;
      values.endTime = e.time;
    }
    const errors = validateEvent(values, { timeZone: full.timeZone });
    const first = Object.values(errors)[0];
    if (first) {
      arg.revert();
      return showError(new Error(translateCode(first.code, first.params)));
    }
    if (full.repeat) setPending({ event: full, values, revert: arg.revert });
    else await saveMove(full, values, undefined, arg.revert);
  };

  return {
    onMove,
    pending: !!pending,
    /** The scope chosen for the waiting move. */
    choose: (scope: Scope) => {
      setPending(null);
      if (pending) void saveMove(pending.event, pending.values, scope, pending.revert);
    },
    /** The scope dialog closed: the event goes back. */
    cancel: () => {
      pending?.revert();
      setPending(null);
    },
  };
}

/** The body of a save from an event and its (moved) values; members and the rest stay as they were. */
function bodyOf(event: CalendarEvent, values: EventValues): EventBody {
  const body: EventBody = {
    name: event.name,
    description: event.description,
    color: event.color,
    link: event.link,
    place: event.place,
    allDay: values.allDay,
    date: values.date,
    startTime: values.allDay ? undefined : values.startTime,
    endTime: values.allDay ? undefined : values.endTime,
    endDate: values.endDate || values.date,
    timeZone: event.timeZone,
    members: values.members,
    departments: values.departments,
    groups: values.groups,
    public: event.public,
  };
  const repeat = event.repeat ? (repeatOf(values) ?? event.repeat) : undefined;
  if (repeat) body.repeat = repeat;
  return body;
}
