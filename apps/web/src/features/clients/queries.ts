import type { ClientDto } from '@hallway/shared';
import { keepPreviousData, mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { queryKeys } from '../../api/queryKeys';
import {
  type ClientFilter,
  type ClientInfoChanges,
  createClient,
  fetchClients,
  type NewClient,
  updateClient,
} from './api';

/** The superadmin's list of workspaces; the shell's workspace switcher reads the same key. */
export const clientsQueries = {
  list: (filter: ClientFilter) =>
    queryOptions({
      queryKey: queryKeys.clients(filter),
      queryFn: ({ signal }) => fetchClients(filter, signal),
      placeholderData: keepPreviousData,
    }),
};

/** A workspace changed: every list of workspaces, and the workspace itself where the session shows it. */
async function refreshClients(client: QueryClient, changed: ClientDto) {
  await client.invalidateQueries({ queryKey: queryKeys.allClients });
  await client.invalidateQueries({ queryKey: queryKeys.client(changed._id) });
}

/** Writes of the clients page; their failures go back to the form that sent them (field errors). */
export const clientsMutations = {
  create: (client: QueryClient) =>
    mutationOptions({
      mutationFn: (body: NewClient) => createClient(body),
      onSuccess: (created) => refreshClients(client, created),
    }),

  update: (client: QueryClient) =>
    mutationOptions({
      mutationFn: ({ id, changes }: { id: string; changes: ClientInfoChanges }) => updateClient(id, changes),
      onSuccess: (updated) => refreshClients(client, updated),
    }),
};
