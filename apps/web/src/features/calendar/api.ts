import type { EventLinkAnswerBody, EventLinkAnswerDto } from '@hallway/shared';
import { api } from '../../api/client';
import { fetchFile, saveBlob } from '../../api/download';
import type { Answer, CalendarEvent, CalendarSettings, EventBody, EventsScope, PeriodicChanges, Scope } from './types';

/** The calendar's calls (docs/api.md "Calendar and events"). Writes are `local`: the page shows their failures. */

export const calendarKeys = {
  all: ['calendar'] as const,
  ranges: ['calendar', 'range'] as const,
  range: (clientId: string, scope: EventsScope, from: string, to: string) =>
    ['calendar', 'range', clientId, scope, from, to] as const,
  event: (id: string, occurrence: string | null) => ['calendar', 'event', id, occurrence ?? ''] as const,
  settings: ['calendar', 'settings'] as const,
};

/** A range's answer: its occurrences and whether the caller may create events (`can.create`). */
export type RangePage = { result: CalendarEvent[]; can: { create: boolean } };

/** `GET api/event/byClient/{clientId}`: the occurrences overlapping [from, to). */
export const fetchRange = (clientId: string, scope: EventsScope, from: string, to: string, signal?: AbortSignal) =>
  api<RangePage>(`/api/event/byClient/${clientId}`, { query: { from, to, scope }, signal, local: true });

/** `GET api/event/{id}` with its members; an occurrence of a periodic event by its ISO start. */
export const fetchEvent = async (id: string, occurrence: string | null, signal?: AbortSignal) =>
  (
    await api<{ result: CalendarEvent }>(`/api/event/${id}`, {
      query: occurrence ? { occurrence } : undefined,
      signal,
      local: true,
    })
  ).result;

export const createEvent = async (body: EventBody) =>
  (
    await api<{ result: CalendarEvent }>(body.repeat ? '/api/event/periodic_event' : '/api/event/', {
      method: 'POST',
      body,
      local: true,
    })
  ).result;

export const updateEvent = async (id: string, body: EventBody) =>
  (await api<{ result: CalendarEvent }>(`/api/event/${id}`, { method: 'PUT', body, local: true })).result;

export const updatePeriodic = (id: string, body: EventBody & { scope: Scope; occurrence?: string | null }) =>
  api<PeriodicChanges>(`/api/event/periodic_event/${id}`, { method: 'PUT', body, local: true });

export const deleteEvent = (id: string) => api<unknown>(`/api/event/${id}`, { method: 'DELETE', local: true });

export const deletePeriodic = (id: string, scope: Scope, occurrence: string | null) =>
  api<PeriodicChanges>(`/api/event/periodic_event/${id}`, {
    method: 'DELETE',
    query: {
      all: scope === 'all',
      occurrence: scope === 'all' ? undefined : occurrence,
      following: scope === 'following' ? true : undefined,
    },
    local: true,
  });

export const answerEvent = async (id: string, answer: Answer) =>
  (
    await api<{ result: Pick<CalendarEvent, '_id' | 'myAnswer' | 'counts'> }>(`/api/event/${id}/answer`, {
      method: 'PUT',
      body: { answer },
      local: true,
    })
  ).result;

export const setReminders = async (id: string, minutes: number[]) =>
  (
    await api<{ result: Pick<CalendarEvent, '_id' | 'myReminders'> }>(`/api/event/${id}/reminders`, {
      method: 'PUT',
      body: { minutes },
      local: true,
    })
  ).result;

export const fetchSettings = async (signal?: AbortSignal) =>
  (await api<{ result: CalendarSettings }>('/api/event/settings', { signal, local: true })).result;

export const regenerateFeed = async () =>
  (await api<{ result: CalendarSettings }>('/api/event/settings/feed', { method: 'POST', local: true })).result;

/** `GET api/event/{id}/ics`: saved by the browser as `event.ics` (the call needs the bearer token, so no plain link). */
export async function downloadIcs(id: string, name: string): Promise<void> {
  const response = await fetchFile(`/api/event/${id}/ics`);
  saveBlob(await response.blob(), `${name.replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'event'}.ics`);
}

/** `PUT api/event/{id}/answer/link`: an invitation mail's link answers for its person, who need not be signed in. */
export const answerByLink = async (id: string, body: EventLinkAnswerBody) =>
  (await api<{ result: EventLinkAnswerDto }>(`/api/event/${id}/answer/link`, { method: 'PUT', body, local: true }))
    .result;
