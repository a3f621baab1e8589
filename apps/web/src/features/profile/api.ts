import type {
  AnniversaryDto,
  AssignableRole,
  BirthdayDto,
  ClientDto,
  FollowersDto,
  HrmReport,
  ImportReport,
  InviteEmployeeBody,
  PinnedDto,
  RegisterBody,
  Rights,
  UpdateUserBody,
  UserDto,
  UserFilters,
  UsersFilterBody,
  UsersPage,
} from '@hallway/shared';
import { api } from '../../api/client';
import { dispositionName, fetchFile, saveBlob } from '../../api/download';

/** Query keys of the people side; everything under `['people']` is refreshed after a change to someone. */
export const peopleKeys = {
  all: ['people'] as const,
  person: (id: string) => ['people', 'person', id] as const,
  followers: (id: string) => ['people', 'followers', id] as const,
  list: (scope: string, filter: UsersFilterBody) => ['people', 'list', scope, filter] as const,
  filters: (clientId: string) => ['people', 'filters', clientId] as const,
  birthdays: (clientId: string, date: string) => ['people', 'birthdays', clientId, date] as const,
  anniversaries: (clientId: string, date: string) => ['people', 'anniversaries', clientId, date] as const,
};

const result = async <T>(call: Promise<{ result: T }>) => (await call).result;

export const fetchPerson = (id: string, signal?: AbortSignal) =>
  result(api<{ result: UserDto }>(`/api/user/${id}`, { signal, local: true }));

/** `PUT api/user/{id}`; answers the new token too when the owner changed their password. */
export const updatePerson = (id: string, body: UpdateUserBody) =>
  api<{ result: UserDto; token?: string }>(`/api/user/${id}`, { method: 'PUT', body, local: true });

export const setFollow = (userId: string, follow: boolean) =>
  result(
    api<{ result: UserDto }>(follow ? '/api/follow' : '/api/unfollow', {
      method: 'POST',
      body: { user_id: userId },
      local: true,
    }),
  );

export const fetchFollowers = (id: string, signal?: AbortSignal) =>
  result(api<{ result: FollowersDto }>(`/api/user/${id}/followers`, { signal, local: true }));

export const removeHrFile = (userId: string, fileId: string) =>
  result(api<{ result: UserDto }>(`/api/user/${userId}/file/${fileId}`, { method: 'DELETE', local: true }));

/** `POST api/user/filter/{workspace}`: one page of list items and the total. */
export const filterUsers = (workspace: string, body: UsersFilterBody, signal?: AbortSignal) =>
  api<UsersPage>(`/api/user/filter/${encodeURIComponent(workspace)}`, { method: 'POST', body, signal, local: true });

export const fetchUserFilters = (clientId: string, signal?: AbortSignal) =>
  result(api<{ result: UserFilters }>(`/api/user/filters/${clientId}`, { signal, local: true }));

export const togglePin = (id: string) =>
  result(api<{ result: PinnedDto }>(`/api/user/pin/${id}`, { method: 'PUT', local: true }));

export const movePin = (from: string, to: string) =>
  result(api<{ result: PinnedDto[] }>('/api/user/pin_move', { method: 'PUT', body: { from, to }, local: true }));

/** `POST api/user/invite`: the person sets their own password through the mailed link. */
export const inviteEmployee = (body: InviteEmployeeBody) =>
  result(api<{ result: UserDto }>('/api/user/invite', { method: 'POST', body, local: true }));

/** `POST api/user/invite/{id}`: a new link for someone still invited (the earlier one stops working). */
export const resendInvitation = (id: string) =>
  result(api<{ result: UserDto }>(`/api/user/invite/${id}`, { method: 'POST', local: true }));

export const registerEmployee = (body: RegisterBody) =>
  api<{ result: UserDto; message: string }>('/api/register', { method: 'POST', body, local: true });

export const setDeleted = (id: string, deleted: boolean) =>
  result(
    api<{ result: UserDto }>(`/api/user/${deleted ? 'delete' : 'undelete'}/${id}`, { method: 'PUT', local: true }),
  );

export const setRole = (id: string, role: AssignableRole, grant: boolean) =>
  result(api<{ result: UserDto }>(`/api/user/${id}/role/${role}`, { method: grant ? 'PUT' : 'DELETE', local: true }));

export const setRoleForAll = (clientId: string, role: AssignableRole, grant: boolean) =>
  api<{ role: string; users: string[] }>(`/api/clients/${clientId}/role/${role}`, {
    method: grant ? 'PUT' : 'DELETE',
    local: true,
  });

export const setRights = (id: string, rights: Partial<Rights>) =>
  result(api<{ result: UserDto }>(`/api/user/${id}/rights`, { method: 'PUT', body: { rights }, local: true }));

export const setRightsForAll = (clientId: string, rights: Partial<Rights>) =>
  api<{ rights: Partial<Rights>; users: string[] }>(`/api/clients/${clientId}/rights`, {
    method: 'PUT',
    body: { rights },
    local: true,
  });

export const importEmployees = (fileId: string) =>
  result(api<{ result: ImportReport }>('/api/user/import', { method: 'POST', body: { file_id: fileId }, local: true }));

export const loadHrm = (fileId: string) =>
  result(api<{ result: HrmReport }>('/api/user/load_hrm', { method: 'POST', body: { file_id: fileId }, local: true }));

export const resetToHrm = (userId: string) =>
  result(
    api<{ result: UserDto }>('/api/user/reset_to_hrm', { method: 'POST', body: { user_id: userId }, local: true }),
  );

export type WorkspaceChanges = Partial<
  Pick<
    ClientDto,
    | 'name'
    | 'fullName'
    | 'city'
    | 'phone'
    | 'address'
    | 'director'
    | 'telegram'
    | 'inn'
    | 'start_page'
    | 'lang'
    | 'header'
  > & {
    settings: {
      hideMoodMeter?: boolean;
      openRegistration?: boolean;
      registrationApproval?: boolean;
      defaultRights?: Partial<Rights>;
    };
  }
>;

export const updateWorkspace = (clientId: string, body: WorkspaceChanges) =>
  result(api<{ result: ClientDto }>(`/api/clients/${clientId}`, { method: 'PUT', body, local: true }));

export const fetchWorkspace = (clientId: string, signal?: AbortSignal) =>
  result(api<{ result: ClientDto }>(`/api/clients/${clientId}`, { signal, local: true }));

export const fetchBirthdays = (clientId: string, date: string, signal?: AbortSignal) =>
  result(
    api<{ result: BirthdayDto[] }>(`/api/clients/${clientId}/birthdays`, { query: { date }, signal, local: true }),
  );

export const fetchAnniversaries = (clientId: string, date: string, signal?: AbortSignal) =>
  result(
    api<{ result: AnniversaryDto[] }>(`/api/clients/${clientId}/anniversaries`, {
      query: { date },
      signal,
      local: true,
    }),
  );

/**
 * `POST api/user/export/{id}` and `.../export/all/{clientId}`: the xlsx answer, saved by the browser under the
 * server's name. A failure goes through the usual error handling and is thrown for the caller to show.
 */
export async function downloadExport(
  path: string,
  fallbackName: string,
  method: 'GET' | 'POST' = 'POST',
): Promise<string> {
  const response = await fetchFile(path, method);
  const name = dispositionName(response.headers.get('Content-Disposition'), fallbackName);
  saveBlob(await response.blob(), name);
  return name;
}
