import type { RequestDto, ServiceDto, ServiceType, ServiceValues } from '@hallway/shared/services';
import { keepPreviousData, mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import type { RequestFilters, ServiceInput, StepInput } from './api';
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

/** A service's or a request's new copy replaces its cached page; every list is read again. */
function settle(client: QueryClient, bp: ServiceDto | RequestDto) {
  client.setQueryData(serviceKeys.one(bp._id), bp);
  void client.invalidateQueries({ queryKey: serviceKeys.all, predicate: (query) => query.queryKey[1] !== 'one' });
}

/** What an edit of a service sends: its fields, and its steps in their order (`_id` for those the server has). */
export interface ServiceEdit {
  service: ServiceDto;
  input: ServiceInput;
  steps: (StepInput & { _id?: string })[];
}

/**
 * Writes an edited service: its fields, then its type and steps through their own calls (docs/api.md "Services": a
 * simple service becomes multi-step before it gets more steps, and simple again once it has one).
 */
async function saveEdits({ service, input, steps }: ServiceEdit): Promise<ServiceDto> {
  const { type, steps: _steps, ...rest } = input;
  let latest = await servicesApi.updateService(service._id, rest);
  if (type === 'multi' && service.type === 'simple') latest = await servicesApi.convertService(service._id, 'multi');
  const kept = new Set(steps.flatMap((step) => (step._id ? [step._id] : [])));
  for (const old of service.steps) if (!kept.has(old._id)) await servicesApi.deleteStep(service._id, old._id);
  for (const [position, { _id, ...body }] of steps.entries()) {
    latest = _id
      ? await servicesApi.updateStep(service._id, { _id, ...body, position })
      : await servicesApi.addStep(service._id, { ...body, position });
  }
  if (type === 'simple' && service.type === 'multi') latest = await servicesApi.convertService(service._id, 'simple');
  return latest;
}

/** The services' writes; each screen shows their failures on its fields or in its dialog. */
export const serviceMutations = {
  createGroup: (client: QueryClient) =>
    mutationOptions({
      mutationFn: (name: string) => servicesApi.createGroup(name),
      onSuccess: () => refreshServices(client),
    }),
  renameGroup: (client: QueryClient) =>
    mutationOptions({
      mutationFn: ({ id, name }: { id: string; name: string }) => servicesApi.renameGroup(id, name),
      onSuccess: () => refreshServices(client),
    }),
  deleteGroup: (client: QueryClient) =>
    mutationOptions({
      mutationFn: (id: string) => servicesApi.deleteGroup(id),
      onSuccess: () => refreshServices(client),
    }),
  create: (client: QueryClient) =>
    mutationOptions({
      mutationFn: (input: ServiceInput) => servicesApi.createService(input),
      onSuccess: (service) => settle(client, service),
    }),
  edit: (client: QueryClient) =>
    mutationOptions({
      mutationFn: saveEdits,
      onSuccess: (service) => settle(client, service),
      // A failure half-way (a step refused) leaves what was written: the page reads the service again.
      onError: (_error, { service }) => void client.invalidateQueries({ queryKey: serviceKeys.one(service._id) }),
    }),
  remove: (client: QueryClient) =>
    mutationOptions({
      mutationFn: (id: string) => servicesApi.deleteService(id),
      onSuccess: (_answer, id) => {
        client.removeQueries({ queryKey: serviceKeys.one(id) });
        void refreshServices(client);
      },
    }),
  start: (client: QueryClient) =>
    mutationOptions({
      mutationFn: ({ tmpl, fields, files }: { tmpl: string; fields: ServiceValues; files: string[] }) =>
        servicesApi.startRequest(tmpl, fields, files),
      onSuccess: (request) => settle(client, request),
    }),
  pass: (client: QueryClient, id: string) =>
    mutationOptions({
      mutationFn: (body: Parameters<typeof servicesApi.passStep>[1]) => servicesApi.passStep(id, body),
      onSuccess: (request) => settle(client, request),
    }),
  ask: (client: QueryClient) =>
    mutationOptions({
      mutationFn: ({ text, attachments }: { text: string; attachments: string[] }) =>
        servicesApi.sendAsk(text, attachments),
      onSuccess: () => refreshServices(client),
    }),
};

export type { ServiceType };
