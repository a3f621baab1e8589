import type {
  AssignableRole,
  BulkUsersBody,
  HrmReport,
  ImportReport,
  InviteEmployeeBody,
  RegisterBody,
  Rights,
  UsersFilterBody,
} from '@hallway/shared';
import { keepPreviousData, mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { showError } from '../../ui/toast';
import {
  fetchWorkspace,
  filterUsers,
  importEmployees,
  inviteEmployee,
  loadHrm,
  peopleKeys,
  registerEmployee,
  resendInvitation,
  resetToHrm,
  setDeleted,
  setRights,
  setRightsForAll,
  setRole,
  setRoleForAll,
  updateWorkspace,
  type WorkspaceChanges,
} from '../profile';
import { bulkUsers } from './api';

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

  /** Invites someone by e-mail; the lists show them as invited. */
  invite: (client: QueryClient) =>
    mutationOptions({
      mutationFn: (body: InviteEmployeeBody) => inviteEmployee(body),
      onSuccess: () => refreshPeople(client),
    }),

  /** A new link for someone still invited (the earlier one stops working). */
  resendInvitation: (client: QueryClient) =>
    mutationOptions({
      mutationFn: (id: string) => resendInvitation(id),
      onSuccess: () => refreshPeople(client),
    }),

  /** An administrator registers someone with a password. */
  register: (client: QueryClient) =>
    mutationOptions({
      mutationFn: (body: RegisterBody) => registerEmployee(body),
      onSuccess: () => refreshPeople(client),
    }),

  /** An xlsx of employees (`import`) or an HRM export (`hrm`) loaded: the report comes back, the lists change. */
  importFile: (client: QueryClient) =>
    mutationOptions({
      mutationFn: ({ kind, fileId }: { kind: 'import' | 'hrm'; fileId: string }): Promise<ImportReport | HrmReport> =>
        kind === 'hrm' ? loadHrm(fileId) : importEmployees(fileId),
      onSuccess: () => refreshPeople(client),
    }),

  /** One action on many people at once (approve, decline, delete, rights…): each person's outcome comes back. */
  bulk: (client: QueryClient) =>
    mutationOptions({
      mutationFn: (body: BulkUsersBody) => bulkUsers(body),
      // Some may have changed even when the answer failed: the lists are read again either way.
      onSettled: () => refreshPeople(client),
    }),

  /** A role or a right of one person: the answer is the fresh person (`usePersonUpdated` shows it). */
  setRole: () =>
    mutationOptions({
      mutationFn: ({ id, role, grant }: { id: string; role: AssignableRole; grant: boolean }) =>
        setRole(id, role, grant),
    }),
  setRights: () =>
    mutationOptions({
      mutationFn: ({ id, rights }: { id: string; rights: Partial<Rights> }) => setRights(id, rights),
    }),

  /** A role or right for everyone of the workspace: every person shown may have changed. */
  setForAll: (client: QueryClient, clientId: string) =>
    mutationOptions({
      mutationFn: (
        change: { kind: 'right'; rights: Partial<Rights> } | { kind: 'role'; role: AssignableRole; grant: boolean },
      ): Promise<{ users: string[] }> =>
        change.kind === 'right'
          ? setRightsForAll(clientId, change.rights)
          : setRoleForAll(clientId, change.role, change.grant),
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
