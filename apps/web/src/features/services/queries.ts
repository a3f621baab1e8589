import { keepPreviousData, type QueryClient, queryOptions } from '@tanstack/react-query';
import type { RequestFilters } from './api';
import * as servicesApi from './api';

/** The services' query keys: the catalogue, the designer's list, each service or request under its id, the lists. */
export const serviceKeys = {
  all: ['services'] as const,
  catalogue: (clientId: string, search: string) => ['services', 'catalogue', clientId, search] as const,
  templates: (clientId: string) => ['services', 'templates', clientId] as const,
  one: (id: string) => ['services', 'one', id] as const,
  requests: ['services', 'requests'] as const,
  list: (userId: string, filters: RequestFilters) => ['services', 'requests', userId, filters] as const,
  ask: (clientId: string) => ['services', 'ask', clientId] as const,
};

export const serviceQueries = {
  catalogue: (clientId: string, search = '') =>
    queryOptions({
      queryKey: serviceKeys.catalogue(clientId, search),
      queryFn: ({ signal }) => servicesApi.fetchCatalogue(clientId, search, signal),
      enabled: !!clientId,
      placeholderData: keepPreviousData,
      staleTime: 30_000,
    }),
  templates: (clientId: string, enabled = true) =>
    queryOptions({
      queryKey: serviceKeys.templates(clientId),
      queryFn: ({ signal }) => servicesApi.fetchTemplates(clientId, signal),
      enabled: !!clientId && enabled,
      staleTime: 30_000,
    }),
  /** A service or a request: one id space (`template` tells which). */
  one: (id: string) =>
    queryOptions({
      queryKey: serviceKeys.one(id),
      queryFn: ({ signal }) => servicesApi.fetchBp(id, signal),
      retry: false,
      staleTime: 10_000,
    }),
  requests: (userId: string, filters: RequestFilters, enabled = true) =>
    queryOptions({
      queryKey: serviceKeys.list(userId, filters),
      queryFn: ({ signal }) => servicesApi.fetchRequests(userId, filters, signal),
      enabled: !!userId && enabled,
      placeholderData: keepPreviousData,
      staleTime: 15_000,
    }),
  ask: (clientId: string) =>
    queryOptions({
      queryKey: serviceKeys.ask(clientId),
      queryFn: ({ signal }) => servicesApi.fetchAskSettings(clientId, signal),
      enabled: !!clientId,
      staleTime: 60_000,
    }),
};

/** After a write: the catalogue, the designer's list and the lists of requests are read again. */
export const refreshServices = (client: QueryClient) => client.invalidateQueries({ queryKey: serviceKeys.all });
