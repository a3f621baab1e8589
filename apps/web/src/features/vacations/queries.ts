import { keepPreviousData, mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import * as vacationsApi from './api';
import { type ChartQuery, type Holiday, type VacationInput, vacationKeys } from './api';

/** The vacations' reads (docs/api.md "Structure and vacations"). */
export const vacationQueries = {
  chart: (query: ChartQuery, enabled = true) =>
    queryOptions({
      queryKey: vacationKeys.chart(query),
      queryFn: ({ signal }) => vacationsApi.fetchChart(query, signal),
      placeholderData: keepPreviousData,
      enabled,
    }),

  /** Approved vacations of the calendar's visible days (its "Vacations" layer). */
  calendar: (from: string, to: string, enabled = true) =>
    queryOptions({
      queryKey: vacationKeys.calendar(from, to),
      queryFn: ({ signal }) => vacationsApi.fetchCalendarVacations(from, to, signal),
      placeholderData: keepPreviousData,
      enabled: enabled && !!from && !!to,
      staleTime: 60_000,
    }),

  person: (userId: string) =>
    queryOptions({
      queryKey: vacationKeys.person(userId),
      queryFn: ({ signal }) => vacationsApi.fetchPersonVacations(userId, signal),
      enabled: !!userId,
    }),

  requests: (page: number) =>
    queryOptions({
      queryKey: vacationKeys.requests(page),
      queryFn: ({ signal }) => vacationsApi.fetchRequests(page, signal),
      placeholderData: keepPreviousData,
    }),

  holidays: (year: number) =>
    queryOptions({
      queryKey: vacationKeys.holidays(year),
      queryFn: ({ signal }) => vacationsApi.fetchHolidays(year, signal),
      staleTime: 60 * 60_000,
    }),

  /** Who is away today, for the badges of the profile and the address book. */
  away: (clientId: string, enabled: boolean) =>
    queryOptions({
      queryKey: vacationKeys.away(clientId),
      queryFn: async ({ signal }) =>
        new Map((await vacationsApi.fetchAway(signal)).map((entry) => [entry.user_id, entry.end])),
      enabled: enabled && !!clientId,
      staleTime: 5 * 60_000,
    }),
};

/** A vacation changes the chart, the person's balance, the requests and maybe who is away: all read again. */
const refresh = (client: QueryClient) => client.invalidateQueries({ queryKey: vacationKeys.all });

export const vacationMutations = {
  create: (client: QueryClient) =>
    mutationOptions({
      mutationFn: (body: VacationInput & { user?: string }) => vacationsApi.createVacation(body),
      onSuccess: () => refresh(client),
    }),

  update: (client: QueryClient) =>
    mutationOptions({
      mutationFn: ({ id, ...body }: VacationInput & { id: string }) => vacationsApi.updateVacation(id, body),
      onSuccess: () => refresh(client),
    }),

  decide: (client: QueryClient) =>
    mutationOptions({
      mutationFn: ({ id, status }: { id: string; status: 'approved' | 'declined' }) =>
        vacationsApi.decideVacation(id, status),
      onSuccess: () => refresh(client),
    }),

  /** A year's holidays change working-day counts everywhere: everything under `['vacations']` is read again. */
  saveHolidays: (client: QueryClient) =>
    mutationOptions({
      mutationFn: ({ year, days }: { year: number; days: Holiday[] }) => vacationsApi.saveHolidays(year, days),
      onSuccess: () => refresh(client),
    }),

  remove: (client: QueryClient) =>
    mutationOptions({
      mutationFn: ({ userId, id }: { userId: string; id: string }) => vacationsApi.deleteVacation(userId, id),
      onSuccess: () => refresh(client),
    }),
};
