import type { AnalyticsQuery } from '@hallway/shared/learning';
import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import * as analyticsApi from './api';

/** The analytics' query keys, under the learning module's prefix. */
export const analyticsKeys = {
  all: ['learning', 'analytics'] as const,
  one: (clientId: string, filter: AnalyticsQuery) =>
    ['learning', 'analytics', clientId, filter.user_id ?? null, filter.course_id ?? null] as const,
};

export const analyticsQueries = {
  /** The workspace's figures, optionally for one person and/or one course; the previous stays while a filter loads. */
  one: (clientId: string, filter: AnalyticsQuery) =>
    queryOptions({
      queryKey: analyticsKeys.one(clientId, filter),
      queryFn: ({ signal }) => analyticsApi.fetchAnalytics(clientId, filter, signal),
      enabled: !!clientId,
      retry: false,
      staleTime: 60_000,
      placeholderData: keepPreviousData,
    }),
};

export const analyticsMutations = {
  /** Downloads the workbook (a read, but an action of the person's with its own failure). */
  excel: (clientId: string) =>
    mutationOptions({ mutationFn: (filter: AnalyticsQuery) => analyticsApi.downloadAnalytics(clientId, filter) }),
};
