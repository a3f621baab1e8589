import type {
  AudienceGrantDto,
  CreateGroupBody,
  CreateProjectBody,
  GroupDetailDto,
  GroupFollow,
  GroupRole,
  ProjectRole,
  UpdateGroupBody,
  UpdateProjectBody,
} from '@hallway/shared';
import { infiniteQueryOptions, mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { showError } from '../../ui/toast';
import type { Paged } from './api';
import * as groupsApi from './api';

/** The groups' query keys: every list of groups under `lists`, each group's own data under its id. */
export const groupKeys = {
  all: ['groups'] as const,
  lists: ['groups', 'list'] as const,
  list: (scope: string, ownerId: string, search: string) => ['groups', 'list', scope, ownerId, search] as const,
  inbox: ['groups', 'inbox'] as const,
  group: (id: string) => ['groups', 'group', id] as const,
  detail: (id: string) => ['groups', 'group', id, 'detail'] as const,
  members: (id: string) => ['groups', 'group', id, 'members'] as const,
  pending: (id: string) => ['groups', 'group', id, 'pending'] as const,
  projects: ['groups', 'projects'] as const,
  project: (id: string) => ['groups', 'project', id] as const,
};

const nextPage = <T>(last: Paged<T>) => (last.page + 1 < last.pages ? last.page + 1 : undefined);

export const groupQueries = {
  /** `all`: every group the caller may see; `user`: the groups of person `ownerId`. */
  list: (scope: 'all' | 'user', ownerId: string, search: string) =>
    infiniteQueryOptions({
      queryKey: groupKeys.list(scope, ownerId, search),
      queryFn: ({ pageParam, signal }) =>
        scope === 'all'
          ? groupsApi.fetchClientGroups(ownerId, pageParam, { search }, signal)
          : groupsApi.fetchUserGroups(ownerId, pageParam, { search }, signal),
      initialPageParam: 0,
      getNextPageParam: nextPage,
      enabled: !!ownerId,
      staleTime: 30_000,
    }),

  inbox: () =>
    queryOptions({
      queryKey: groupKeys.inbox,
      queryFn: ({ signal }) => groupsApi.fetchInbox(signal),
      staleTime: 15_000,
    }),

  detail: (id: string) =>
    queryOptions({
      queryKey: groupKeys.detail(id),
      queryFn: ({ signal }) => groupsApi.fetchGroup(id, signal),
      retry: false,
      staleTime: 30_000,
    }),

  members: (id: string, search: string, role?: GroupRole) =>
    infiniteQueryOptions({
      queryKey: [...groupKeys.members(id), search, role ?? ''],
      queryFn: ({ pageParam, signal }) => groupsApi.fetchMembers(id, pageParam, { search, role }, signal),
      initialPageParam: 0,
      getNextPageParam: nextPage,
    }),

  requests: (id: string) =>
    infiniteQueryOptions({
      queryKey: [...groupKeys.pending(id), 'requests'],
      queryFn: ({ pageParam, signal }) => groupsApi.fetchRequests(id, pageParam, signal),
      initialPageParam: 0,
      getNextPageParam: nextPage,
    }),

  invitations: (id: string) =>
    infiniteQueryOptions({
      queryKey: [...groupKeys.pending(id), 'invitations'],
      queryFn: ({ pageParam, signal }) => groupsApi.fetchInvitations(id, pageParam, signal),
      initialPageParam: 0,
      getNextPageParam: nextPage,
    }),

  projects: (search: string) =>
    infiniteQueryOptions({
      queryKey: [...groupKeys.projects, search],
      queryFn: ({ pageParam, signal }) => groupsApi.fetchProjects(pageParam, { search }, signal),
      initialPageParam: 0,
      getNextPageParam: nextPage,
      staleTime: 30_000,
    }),

  project: (id: string) =>
    queryOptions({
      queryKey: groupKeys.project(id),
      queryFn: ({ signal }) => groupsApi.fetchProject(id, signal),
      retry: false,
    }),
};

/** A group's answer replaces its cached detail; lists and the inbox, which show its card, are fetched again. */
function settleGroup(client: QueryClient, group: GroupDetailDto) {
  client.setQueryData(groupKeys.detail(group._id), group);
  void client.invalidateQueries({ queryKey: groupKeys.lists });
  void client.invalidateQueries({ queryKey: groupKeys.inbox });
}

/** A membership change: the group's lists of people and the directory's cards are fetched again. */
function refreshGroup(client: QueryClient, id: string) {
  void client.invalidateQueries({ queryKey: groupKeys.group(id) });
  void client.invalidateQueries({ queryKey: groupKeys.lists });
  void client.invalidateQueries({ queryKey: groupKeys.inbox });
}

/**
 * The groups' writes. Those answering the group put it in the cache at once; the rest refetch what they changed.
 * Writes made from a list show their failure as a toast (`onError: showError`); forms show theirs inline.
 */
export const groupMutations = {
  create: (client: QueryClient) =>
    mutationOptions({
      mutationFn: (body: CreateGroupBody) => groupsApi.createGroup(body),
      onSuccess: (group) => settleGroup(client, group),
    }),

  update: (client: QueryClient, id: string) =>
    mutationOptions({
      mutationFn: (body: UpdateGroupBody) => groupsApi.updateGroup(id, body),
      onSuccess: (group) => settleGroup(client, group),
    }),

  setGrants: (client: QueryClient, id: string) =>
    mutationOptions({
      mutationFn: (grants: AudienceGrantDto[]) => groupsApi.setGroupGrants(id, grants),
      onSuccess: (group) => settleGroup(client, group),
    }),

  remove: (client: QueryClient) =>
    mutationOptions({
      mutationFn: (id: string) => groupsApi.deleteGroup(id),
      onSuccess: (_answer, id) => {
        client.removeQueries({ queryKey: groupKeys.group(id) });
        void client.invalidateQueries({ queryKey: groupKeys.lists });
      },
    }),

  /** Join, ask to join, cancel the request, accept or decline an invitation, leave. */
  membership: (client: QueryClient) =>
    mutationOptions({
      mutationFn: async ({
        id,
        action,
      }: {
        id: string;
        action: 'join' | 'cancel' | 'accept' | 'decline' | 'leave';
      }) => {
        if (action === 'join') return groupsApi.joinGroup(id);
        if (action === 'cancel') return groupsApi.cancelRequest(id);
        if (action === 'accept') return groupsApi.acceptInvitation(id);
        if (action === 'decline') await groupsApi.declineInvitation(id);
        else await groupsApi.leaveGroup(id);
        return null;
      },
      onSuccess: (group, { id }) => {
        if (group) settleGroup(client, group);
        refreshGroup(client, id);
        // The person's feeds now include or leave out the group's posts.
        void client.invalidateQueries({ queryKey: ['wall', 'feed', 'user'] });
        void client.invalidateQueries({ queryKey: ['wall', 'important-in-groups'] });
      },
      onError: showError,
    }),

  answerRequest: (client: QueryClient, id: string) =>
    mutationOptions({
      mutationFn: ({ userId, answer }: { userId: string; answer: 'approve' | 'reject' }) =>
        groupsApi.answerRequest(id, userId, answer),
      onSuccess: (group) => {
        settleGroup(client, group);
        refreshGroup(client, id);
      },
      onError: showError,
    }),

  invite: (client: QueryClient, id: string) =>
    mutationOptions({
      mutationFn: (userIds: string[]) => groupsApi.invite(id, userIds),
      onSuccess: (group) => {
        settleGroup(client, group);
        void client.invalidateQueries({ queryKey: groupKeys.pending(id) });
      },
    }),

  withdrawInvitation: (client: QueryClient, id: string) =>
    mutationOptions({
      mutationFn: (userId: string) => groupsApi.withdrawInvitation(id, userId),
      onSuccess: (group) => {
        settleGroup(client, group);
        void client.invalidateQueries({ queryKey: groupKeys.pending(id) });
      },
      onError: showError,
    }),

  toggleAdmin: (client: QueryClient, id: string) =>
    mutationOptions({
      mutationFn: ({ userId, admin }: { userId: string; admin: boolean }) => groupsApi.toggleAdmin(id, userId, admin),
      onSuccess: () => refreshGroup(client, id),
      onError: showError,
    }),

  removeMember: (client: QueryClient, id: string) =>
    mutationOptions({
      mutationFn: (userId: string) => groupsApi.removeMember(id, userId),
      onSuccess: () => refreshGroup(client, id),
    }),

  changeOwner: (client: QueryClient, id: string) =>
    mutationOptions({
      mutationFn: (userId: string) => groupsApi.changeOwner(id, userId),
      onSuccess: (group) => {
        settleGroup(client, group);
        refreshGroup(client, id);
      },
    }),

  setUserGrant: (client: QueryClient, id: string) =>
    mutationOptions({
      mutationFn: ({ userId, level }: { userId: string; level: 'read' | 'write' | 'none' }) =>
        groupsApi.setUserGrant(id, userId, level),
      onSuccess: (group) => settleGroup(client, group),
      onError: showError,
    }),

  removeUserGrant: (client: QueryClient, id: string) =>
    mutationOptions({
      mutationFn: (userId: string) => groupsApi.removeUserGrant(id, userId),
      onSuccess: (group) => settleGroup(client, group),
      onError: showError,
    }),

  follow: (client: QueryClient, id: string) =>
    mutationOptions({
      mutationFn: (follow: GroupFollow) => groupsApi.setFollow(id, follow),
      onSuccess: (group) => client.setQueryData(groupKeys.detail(id), group),
      onError: showError,
    }),

  createProject: (client: QueryClient) =>
    mutationOptions({
      mutationFn: (body: CreateProjectBody) => groupsApi.createProject(body),
      onSuccess: (project) => {
        client.setQueryData(groupKeys.project(project._id), project);
        void client.invalidateQueries({ queryKey: groupKeys.projects });
      },
    }),

  updateProject: (client: QueryClient, id: string) =>
    mutationOptions({
      mutationFn: (body: UpdateProjectBody) => groupsApi.updateProject(id, body),
      onSuccess: (project) => {
        client.setQueryData(groupKeys.project(id), project);
        void client.invalidateQueries({ queryKey: groupKeys.projects });
      },
    }),

  deleteProject: (client: QueryClient) =>
    mutationOptions({
      mutationFn: (id: string) => groupsApi.deleteProject(id),
      onSuccess: (_answer, id) => {
        client.removeQueries({ queryKey: groupKeys.project(id) });
        void client.invalidateQueries({ queryKey: groupKeys.projects });
      },
    }),

  participant: (client: QueryClient, id: string) =>
    mutationOptions({
      mutationFn: ({ userId, role }: { userId: string; role: ProjectRole | null }) =>
        role ? groupsApi.addParticipant(id, userId, role) : groupsApi.removeParticipant(id, userId),
      onSuccess: (project) => {
        client.setQueryData(groupKeys.project(id), project);
        void client.invalidateQueries({ queryKey: groupKeys.projects });
      },
      onError: showError,
    }),
};
