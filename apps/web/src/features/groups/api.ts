import type {
  AudienceGrantDto,
  CreateGroupBody,
  CreateProjectBody,
  GroupDetailDto,
  GroupFollow,
  GroupInboxDto,
  GroupMemberDto,
  GroupPage,
  GroupRole,
  PersonCard,
  ProjectDto,
  ProjectRole,
  UpdateGroupBody,
  UpdateProjectBody,
} from '@hallway/shared';
import { api } from '../../api/client';

/** The groups' calls (docs/api.md "Groups and projects"). Everything is `local`: the screens show their failures. */

export interface Paged<T> {
  result: T[];
  page: number;
  pages: number;
  total: number;
}
export type GroupPendingDto = { user: PersonCard; by: PersonCard | null; created: string };
export type ListFilter = { search?: string };
type Detail = { result: GroupDetailDto };

const local = { local: true } as const;
const detail = async (promise: Promise<Detail>) => (await promise).result;

export const fetchClientGroups = (clientId: string, page: number, filter: ListFilter, signal?: AbortSignal) =>
  api<GroupPage>(`/api/group/byClient/${clientId}`, {
    query: { page, search: filter.search || undefined },
    signal,
    ...local,
  });

export const fetchUserGroups = (userId: string, page: number, filter: ListFilter, signal?: AbortSignal) =>
  api<GroupPage>(`/api/group/byUser/${userId}`, {
    query: { page, search: filter.search || undefined },
    signal,
    ...local,
  });

/** The directory's "requests" tab (answered as `{ result: groupInboxDto }`). */
export const fetchInbox = async (signal?: AbortSignal) =>
  (await api<{ result: GroupInboxDto }>('/api/group/inbox', { signal, ...local })).result;

/** A missing or invisible group is the page's own not-found state, not the global page. */
export const fetchGroup = (id: string, signal?: AbortSignal) =>
  detail(api<Detail>(`/api/group/${id}`, { signal, ...local }));

export const createGroup = (body: CreateGroupBody) =>
  detail(api<Detail>('/api/group/', { method: 'POST', body, ...local }));

export const updateGroup = (id: string, body: UpdateGroupBody) =>
  detail(api<Detail>(`/api/group/${id}`, { method: 'PUT', body, ...local }));

export const deleteGroup = (id: string) => api<unknown>(`/api/group/${id}`, { method: 'DELETE', ...local });

export const setGroupGrants = (id: string, grants: AudienceGrantDto[]) =>
  detail(api<Detail>(`/api/group/${id}/grants`, { method: 'PUT', body: { grants }, ...local }));

export const setUserGrant = (id: string, userId: string, level: 'read' | 'write' | 'none') =>
  detail(api<Detail>(`/api/group/${id}/grants/user/${userId}`, { method: 'POST', body: { level }, ...local }));

export const removeUserGrant = (id: string, userId: string) =>
  detail(api<Detail>(`/api/group/${id}/grants/user/${userId}`, { method: 'DELETE', ...local }));

export const changeOwner = (id: string, userId: string) =>
  detail(api<Detail>(`/api/group/${id}/owner/${userId}`, { method: 'PUT', ...local }));

/** Joins a public group, asks to join a closed one, or accepts an invitation. */
export const joinGroup = (id: string) => detail(api<Detail>(`/api/group/${id}/join`, { method: 'POST', ...local }));

export const cancelRequest = (id: string) =>
  detail(api<Detail>(`/api/group/${id}/request`, { method: 'DELETE', ...local }));

export const acceptInvitation = (id: string) =>
  detail(api<Detail>(`/api/group/${id}/invitation/accept`, { method: 'POST', ...local }));

export const declineInvitation = (id: string) =>
  api<unknown>(`/api/group/${id}/invitation/decline`, { method: 'POST', ...local });

export const leaveGroup = (id: string) => api<unknown>(`/api/group/${id}/leave`, { method: 'POST', ...local });

export const fetchRequests = (id: string, page: number, signal?: AbortSignal) =>
  api<Paged<GroupPendingDto>>(`/api/group/${id}/requests`, { query: { page }, signal, ...local });

export const fetchInvitations = (id: string, page: number, signal?: AbortSignal) =>
  api<Paged<GroupPendingDto>>(`/api/group/${id}/invitations`, { query: { page }, signal, ...local });

export const answerRequest = (id: string, userId: string, answer: 'approve' | 'reject') =>
  detail(api<Detail>(`/api/group/${id}/requests/${userId}/${answer}`, { method: 'POST', ...local }));

export const invite = (id: string, userIds: string[]) =>
  detail(api<Detail>(`/api/group/${id}/invitations`, { method: 'POST', body: { user_ids: userIds }, ...local }));

export const withdrawInvitation = (id: string, userId: string) =>
  detail(api<Detail>(`/api/group/${id}/invitations/${userId}`, { method: 'DELETE', ...local }));

export const fetchMembers = (
  id: string,
  page: number,
  filter: { search?: string; role?: GroupRole },
  signal?: AbortSignal,
) =>
  api<Paged<GroupMemberDto>>(`/api/group/${id}/members`, {
    query: { page, search: filter.search || undefined, role: filter.role },
    signal,
    ...local,
  });

export const toggleAdmin = async (id: string, userId: string, admin: boolean) =>
  (
    await api<{ result: GroupMemberDto }>(`/api/group/${id}/members/${userId}/admin`, {
      method: 'PUT',
      body: { admin },
      ...local,
    })
  ).result;

export const removeMember = (id: string, userId: string) =>
  api<unknown>(`/api/group/${id}/members/${userId}`, { method: 'DELETE', ...local });

export const setFollow = (id: string, follow: GroupFollow) =>
  detail(api<Detail>(`/api/group/${id}/follow`, { method: 'PUT', body: { follow }, ...local }));

type ProjectAnswer = { result: ProjectDto };
const project = async (promise: Promise<ProjectAnswer>) => (await promise).result;

export const fetchProjects = (page: number, filter: ListFilter & { mine?: boolean }, signal?: AbortSignal) =>
  api<Paged<ProjectDto>>('/api/project/', {
    query: { page, search: filter.search || undefined, mine: filter.mine ? '1' : undefined },
    signal,
    ...local,
  });

export const fetchProject = (id: string, signal?: AbortSignal) =>
  project(api<ProjectAnswer>(`/api/project/${id}`, { signal, ...local }));

export const createProject = (body: CreateProjectBody) =>
  project(api<ProjectAnswer>('/api/project/', { method: 'POST', body, ...local }));

export const updateProject = (id: string, body: UpdateProjectBody) =>
  project(api<ProjectAnswer>(`/api/project/${id}`, { method: 'PUT', body, ...local }));

export const deleteProject = (id: string) => api<unknown>(`/api/project/${id}`, { method: 'DELETE', ...local });

export const addParticipant = (projectId: string, userId: string, role: ProjectRole) =>
  project(
    api<ProjectAnswer>('/api/projectParticipant/', {
      method: 'POST',
      body: { project_id: projectId, user_id: userId, role },
      ...local,
    }),
  );

export const removeParticipant = (projectId: string, userId: string) =>
  project(api<ProjectAnswer>(`/api/projectParticipant/${projectId}/${userId}`, { method: 'DELETE', ...local }));
