import type { EventLinkAnswerBody } from '@hallway/shared';
import { mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import * as calendarApi from './api';
import { calendarKeys, type RangePage } from './api';
import type { Answer, CalendarEvent, EventBody, EventsScope, PeriodicChanges, Scope } from './types';

/** A visible range's answer: its occurrences and the range's `can` (creating events). */
const rangePage = (clientId: string, scope: EventsScope, from: string, to: string) =>
  queryOptions({
    queryKey: calendarKeys.range(clientId, scope, from, to),
    queryFn: ({ signal }) => calendarApi.fetchRange(clientId, scope, from, to, signal),
    enabled: !!clientId && !!from && !!to,
    staleTime: 30_000,
  });

/** The calendar's reads (docs/api.md "Calendar and events"), one `queryOptions` per list. */
export const calendarQueries = {
  rangePage,

  /** The occurrences of a visible range; kept while the next range loads so the grid does not blink. */
  range: (clientId: string, scope: EventsScope, from: string, to: string) =>
    queryOptions({ ...rangePage(clientId, scope, from, to), select: (page: RangePage) => page.result }),

  /** One event with its members (an occurrence of a periodic one by its ISO start). */
  event: (id: string, occurrence: string | null) =>
    queryOptions({
      queryKey: calendarKeys.event(id, occurrence),
      queryFn: ({ signal }) => calendarApi.fetchEvent(id, occurrence, signal),
      staleTime: 15_000,
      retry: false,
    }),

  settings: () =>
    queryOptions({
      queryKey: calendarKeys.settings,
      queryFn: ({ signal }) => calendarApi.fetchSettings(signal),
      staleTime: 5 * 60_000,
    }),
};

/**
 * Patches an event wherever the caches show it: every range (each occurrence of a series, and its moved occurrences,
 * which have their own id and name the series), and its cards.
 */
export function patchEvent(
  client: QueryClient,
  id: string | string[],
  patch: (event: CalendarEvent) => CalendarEvent,
): void {
  const ids = new Set(Array.isArray(id) ? id : [id]);
  const hit = (event: CalendarEvent) => ids.has(event._id) || (!!event.series_id && ids.has(event.series_id));
  client.setQueriesData<RangePage>({ queryKey: calendarKeys.ranges }, (page) =>
    page ? { ...page, result: page.result.map((event) => (hit(event) ? patch(event) : event)) } : page,
  );
  for (const one of ids) {
    client.setQueriesData<CalendarEvent>({ queryKey: ['calendar', 'event', one] }, (event) =>
      event ? patch(event) : event,
    );
  }
}

/** After a write the ranges are fetched again: a periodic change moves, adds and drops occurrences server-side. */
const refresh = (client: QueryClient) => client.invalidateQueries({ queryKey: calendarKeys.all });

/**
 * The calendar's writes. The form and the drag handlers show the failures themselves (field errors, a reverted
 * move), so only the answer buttons use a toast.
 */
export const calendarMutations = {
  save: (client: QueryClient) =>
    mutationOptions({
      mutationFn: (input: {
        id?: string;
        body: EventBody;
        scope?: Scope;
        occurrence?: string | null;
      }): Promise<CalendarEvent | PeriodicChanges> => {
        if (!input.id) return calendarApi.createEvent(input.body);
        if (input.scope) {
          return calendarApi.updatePeriodic(input.id, {
            ...input.body,
            scope: input.scope,
            occurrence: input.scope === 'all' ? undefined : input.occurrence,
          });
        }
        return calendarApi.updateEvent(input.id, input.body);
      },
      onSuccess: () => refresh(client),
    }),

  remove: (client: QueryClient) =>
    mutationOptions({
      mutationFn: ({ event, scope }: { event: CalendarEvent; scope?: Scope }) =>
        scope && event.repeat
          ? calendarApi.deletePeriodic(event._id, scope, event.occurrence)
          : calendarApi.deleteEvent(event._id),
      onSuccess: () => refresh(client),
    }),

  answer: (client: QueryClient) =>
    mutationOptions({
      mutationFn: ({ id, answer }: { id: string; answer: Answer }) => calendarApi.answerEvent(id, answer),
      onSuccess: (result, { id }) => {
        // Answers hold for a whole series: every occurrence shown takes the new one.
        patchEvent(client, [id, result._id], (event) => ({
          ...event,
          myAnswer: result.myAnswer,
          counts: result.counts,
        }));
        // The organizer's list of answers in an open card changes too.
        void client.invalidateQueries({ queryKey: ['calendar', 'event'] });
      },
    }),

  /** An invitation mail's link answers for its person (the invitation page); a calendar open in this tab follows. */
  answerByLink: (client: QueryClient) =>
    mutationOptions({
      mutationFn: ({ id, ...body }: { id: string } & EventLinkAnswerBody) => calendarApi.answerByLink(id, body),
      onSuccess: (result) => patchEvent(client, result._id, (event) => ({ ...event, myAnswer: result.myAnswer })),
    }),

  reminders: (client: QueryClient) =>
    mutationOptions({
      mutationFn: ({ id, minutes }: { id: string; minutes: number[] }) => calendarApi.setReminders(id, minutes),
      onSuccess: (result) => patchEvent(client, result._id, (event) => ({ ...event, myReminders: result.myReminders })),
    }),

  regenerateFeed: (client: QueryClient) =>
    mutationOptions({
      mutationFn: calendarApi.regenerateFeed,
      onSuccess: (settings) => client.setQueryData(calendarKeys.settings, settings),
    }),
};
