import type { EventContentArg, EventInput } from '@fullcalendar/core';
import { IconBeach, IconCake } from '@tabler/icons-react';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { birthdaysQueries } from '../birthdays';
import { vacationQueries } from '../vacations';
import { BIRTHDAY_COLOR, VACATION_COLOR } from './palette';
import { calendarQueries } from './queries';
import { addDays } from './rules';
import { type CalendarEvent, type EventsScope, occurrenceKey } from './types';
import { asLocalDate, birthdayMonths, dayAfter } from './zone';

/** The span the grid shows: its instants, and its first and last day in the page's zone. */
export interface VisibleRange {
  from: Date;
  to: Date;
  firstDay: string;
  lastDay: string;
  title: string;
}

function toInput(event: CalendarEvent): EventInput {
  const answer = event.myAnswer;
  return {
    id: occurrenceKey(event),
    title: event.name,
    start: event.allDay ? event.date : event.start,
    end: event.allDay ? addDays(event.endDate || event.date, 1) : event.end,
    allDay: event.allDay,
    backgroundColor: event.color,
    borderColor: event.color,
    textColor: '#ffffff',
    editable: event.can.edit,
    classNames: [answer === 'decline' ? 'hw-declined' : '', answer === 'none' ? 'hw-unanswered' : ''].filter(Boolean),
    extendedProps: { event },
  };
}

/** Birthdays carry a cake, vacations a beach; events keep FullCalendar's own content (time and title). */
export function renderContent(arg: EventContentArg) {
  if (!arg.event.extendedProps.person) return true;
  const Icon = arg.event.extendedProps.vacation ? IconBeach : IconCake;
  return (
    <span className="hw-birthday-content">
      <Icon size={12} aria-hidden />
      <span>{arg.event.title}</span>
    </span>
  );
}

/**
 * What the grid shows in `range`: the events of `scope`, and the birthdays and vacations layers when they are on.
 * `events` is the events' query (its loading and failure show in the toolbar and above the grid).
 */
export function useCalendarLayers({
  clientId,
  scope,
  range,
  birthdays,
  vacations,
}: {
  clientId: string;
  scope: EventsScope;
  range: VisibleRange | null;
  birthdays: boolean;
  vacations: boolean;
}) {
  const from = range?.from.toISOString() ?? '';
  const to = range?.to.toISOString() ?? '';
  const events = useQuery({ ...calendarQueries.range(clientId, scope, from, to), placeholderData: keepPreviousData });
  // Whether the person may create events: the range's `can`, from the same answer.
  const mayCreate = useQuery({
    ...calendarQueries.rangePage(clientId, scope, from, to),
    select: (page) => page.can.create,
    placeholderData: keepPreviousData,
  }).data;
  const months =
    range && birthdays
      ? birthdayMonths(asLocalDate(range.firstDay), new Date(asLocalDate(range.lastDay).getTime() + 1))
      : [];
  const birthdayLists = useQueries({ queries: months.map((month) => birthdaysQueries.month(clientId, month)) });
  const away = useQuery(vacationQueries.calendar(range?.firstDay ?? '', range?.lastDay ?? '', vacations));

  const inputs = useMemo(() => {
    const list = (events.data ?? []).map(toInput);
    const seen = new Set<string>();
    for (const query of birthdayLists) {
      for (const person of query.data ?? []) {
        const id = `birthday-${person._id}-${person.date}`;
        if (seen.has(id)) continue;
        seen.add(id);
        list.push({
          id,
          title: person.name,
          start: person.date,
          allDay: true,
          editable: false,
          backgroundColor: BIRTHDAY_COLOR,
          borderColor: BIRTHDAY_COLOR,
          textColor: '#ffffff',
          classNames: ['hw-birthday'],
          extendedProps: { person: person._id },
        });
      }
    }
    if (vacations) {
      for (const vacation of away.data ?? []) {
        list.push({
          id: `vacation-${vacation._id}`,
          title: vacation.user.name,
          start: vacation.start,
          end: dayAfter(vacation.end),
          allDay: true,
          editable: false,
          backgroundColor: VACATION_COLOR,
          borderColor: VACATION_COLOR,
          textColor: '#ffffff',
          classNames: ['hw-vacation'],
          extendedProps: { person: vacation.user._id, vacation: vacation._id },
        });
      }
    }
    return list;
  }, [events.data, birthdayLists, away.data, vacations]);

  return { events, inputs, mayCreate };
}
