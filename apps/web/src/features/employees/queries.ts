import type { UsersFilterBody } from '@hallway/shared';
import { keepPreviousData, mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { showError } from '../../ui/toast';
import {
  fetchWorkspace,
  filterUsers,
  peopleKeys,
  resetToHrm,
  setDeleted,
  updateWorkspace,
  type WorkspaceChanges,
} from '../profile/api';

const workspaceKey = (clientId: string) => [...peopleKeys.all, 'workspace', clientId] as const;

/** The employees page's reads; a person's rights use the profile module's `profileQueries.person`. */
export const employeesQueries = {
  /** One page of the administrators' list; the previous page stays while the next loads. */
  list: (workspace: string, filter: UsersFilterBody) =>
    queryOptions({
      queryKey: peopleKeys.list(`admin:${workspace}`, filter),
      queryFn: ({ signal }) => filterUsers(workspace, filter, signal),
      enabled: !!workspace,
      placeholderData: keepPreviousData,
    }),

  /** Someone found by name on the server, for workspaces of any size. */
  picker: (workspace: string, search: string) =>
    queryOptions({
      queryKey: peopleKeys.list(`picker:${workspace}`, { search, limit: 20 }),
      queryFn: ({ signal }) => filterUsers(workspace, { search: search || undefined, limit: 20 }, signal),
      enabled: !!workspace,
    }),

  workspace: (clientId: string) =>
    queryOptions({
      queryKey: workspaceKey(clientId),
      queryFn: ({ signal }) => fetchWorkspace(clientId, signal),
      enabled: !!clientId,
    }),
};

/** Everything under `['people']`: lists, profiles and counts that a change to someone may touch. */
const refreshPeople = (client: QueryClient) => client.invalidateQueries({ queryKey: peopleKeys.all });

export const employeesMutations = {
  /** Marks someone deleted, or restores them; the confirm dialog shows a failure. */
  setDeleted: (client: QueryClient) =>
    mutationOptions({
      mutationFn: ({ id, deleted }: { id: string; deleted: boolean }) => setDeleted(id, deleted),
      onSuccess: () => refreshPeople(client),
    }),

  resetToHrm: (client: QueryClient) =>
    mutationOptions({
      mutationFn: (id: string) => resetToHrm(id),
      onSuccess: () => refreshPeople(client),
      onError: showError,
    }),

  updateWorkspace: (client: QueryClient, clientId: string) =>
    mutationOptions({
      mutationFn: (changes: WorkspaceChanges) => updateWorkspace(clientId, changes),
      onSuccess: (updated) => {
        client.setQueryData(workspaceKey(clientId), updated);
        // The shell shows the workspace too (name, start page, language): it reloads it.
        void client.invalidateQueries({ queryKey: ['me'] });
        void client.invalidateQueries({ queryKey: ['client'] });
      },
    }),
};
