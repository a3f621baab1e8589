import type {
  PersonCard,
  VacationCalendarPage,
  VacationChart,
  VacationDto,
  VacationRequestsPage,
} from '@hallway/shared';
import { api } from '../../api/client';
import { dispositionName, fetchFile, saveBlob } from '../../api/download';

/** Query keys of the vacations module; everything under `['vacations']` is refreshed after a change. */
export const vacationKeys = {
  all: ['vacations'] as const,
  chart: (query: ChartQuery) => ['vacations', 'chart', query] as const,
  person: (userId: string) => ['vacations', 'person', userId] as const,
  requests: (page: number) => ['vacations', 'requests', page] as const,
  holidays: (year: number) => ['vacations', 'holidays', year] as const,
  away: (clientId: string) => ['vacations', 'away', clientId] as const,
  calendar: (from: string, to: string) => ['vacations', 'calendar', from, to] as const,
};

export interface ChartQuery {
  from: string;
  to: string;
  dept?: string;
  search?: string;
  page?: number;
}

export interface PersonVacations {
  result: { user: PersonCard; balance: number; used: number; left: number; vacations: VacationDto[] };
  can: { create: boolean };
}

export interface VacationInput {
  start: string;
  end: string;
  comment?: string;
}

const result = async <T>(call: Promise<{ result: T }>) => (await call).result;

/** `GET api/user/vacations`: the absence chart's page of people, grouped by department. */
export const fetchChart = (query: ChartQuery, signal?: AbortSignal) =>
  api<VacationChart>('/api/user/vacations', { query: { ...query }, signal, local: true });

export const fetchPersonVacations = (userId: string, signal?: AbortSignal) =>
  api<PersonVacations>(`/api/user/${userId}/vacations`, { signal, local: true });

export const fetchRequests = (page: number, signal?: AbortSignal) =>
  api<VacationRequestsPage>('/api/user/vacations/requests', {
    query: { page },
    signal,
    local: true,
  });

export interface Holiday {
  date: string;
  name: string;
}

/** `GET api/vacations/holidays?year=`: the year's holidays, and whether the reader may change them. */
export const fetchHolidays = (year: number, signal?: AbortSignal) =>
  api<{ result: Holiday[]; can: { edit: boolean } }>('/api/vacations/holidays', {
    query: { year },
    signal,
    local: true,
  });

/** `PUT api/vacations/holidays`: the year's holidays replaced by these. */
export const saveHolidays = (year: number, days: Holiday[]) =>
  api<{ result: Holiday[]; can: { edit: boolean } }>('/api/vacations/holidays', {
    method: 'PUT',
    body: { year, days },
    local: true,
  });

/** Everyone on an approved vacation today (the "away" badge). */
export const fetchAway = (signal?: AbortSignal) =>
  result(api<{ result: { user_id: string; end: string }[] }>('/api/user/vacations/away', { signal, local: true }));

export const createVacation = (body: VacationInput & { user?: string }) =>
  result(api<{ result: VacationDto }>('/api/user/vacation', { method: 'POST', body, local: true }));

export const updateVacation = (id: string, body: VacationInput) =>
  result(
    api<{ result: VacationDto }>(`/api/user/vacation/${id}`, {
      method: 'PUT',
      body: { _id: id, ...body },
      local: true,
    }),
  );

export const decideVacation = (id: string, status: 'approved' | 'declined', comment?: string) =>
  result(
    api<{ result: VacationDto }>(`/api/user/vacation/${id}/decision`, {
      method: 'PUT',
      body: comment ? { status, comment } : { status },
      local: true,
    }),
  );

export const deleteVacation = (userId: string, id: string) =>
  result(api<{ result: VacationDto }>(`/api/user/vacation/${userId}/${id}`, { method: 'DELETE', local: true }));

/**
 * `GET api/user/vacations/export`: the chart as xlsx, saved under the server's name. `onProgress` gets the share
 * received (0–1) when the server sends the length, or null while it is unknown.
 */
export async function downloadChart(query: Omit<ChartQuery, 'page'>, onProgress: (share: number | null) => void) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, String(value));
  const response = await fetchFile(`/api/user/vacations/export?${params}`);
  const total = Number(response.headers.get('content-length')) || 0;
  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.length;
      onProgress(total ? received / total : null);
    }
  }
  const blob = new Blob(chunks as BlobPart[], {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
  const name = dispositionName(response.headers.get('content-disposition'), `vacations-${query.from}-${query.to}.xlsx`);
  saveBlob(blob, name);
  return name;
}

/** The calendar layer's vacations: at most this many pages of `GET api/vacations/calendar` are read. */
const CALENDAR_PAGES_MAX = 10;

/** `GET api/vacations/calendar`: every approved vacation crossing [from, to] (YYYY-MM-DD, inclusive), page by page. */
export async function fetchCalendarVacations(from: string, to: string, signal?: AbortSignal) {
  const first = await api<VacationCalendarPage>('/api/vacations/calendar', { query: { from, to, page: 0 }, signal });
  const all = [...first.result];
  for (let page = 1; page < Math.min(first.pages, CALENDAR_PAGES_MAX); page++) {
    all.push(
      ...(await api<VacationCalendarPage>('/api/vacations/calendar', { query: { from, to, page }, signal })).result,
    );
  }
  return all;
}
