import type { DeptUsersDto, LoadStructReport, StructureNodeDto, StructureType, UserDto } from '@hallway/shared';
import { api } from '../../api/client';

/** Query keys of the structure module; everything under `['structure']` is refreshed after a change. */
export const structureKeys = {
  all: ['structure'] as const,
  trees: (clientId: string) => ['structure', 'trees', clientId] as const,
  members: (clientId: string, type: StructureType) => ['structure', 'members', clientId, type] as const,
  search: (clientId: string, type: StructureType, search: string) =>
    ['structure', 'search', clientId, type, search] as const,
};

export interface StructureTree {
  type: StructureType;
  root: StructureNodeDto;
}
export interface StructureTrees {
  result: StructureTree[];
  can: { edit: boolean };
}

const result = async <T>(call: Promise<{ result: T }>) => (await call).result;

/** `GET api/structure/byClient/{id}`: the four trees and whether the caller may edit them. */
export const fetchTrees = (clientId: string, signal?: AbortSignal) =>
  api<StructureTrees>(`/api/structure/byClient/${clientId}`, { signal, local: true });

/** `GET api/structure/byClient/{id}/dept_users`: members and heads of one tree's departments (or a search). */
export const fetchDeptUsers = (
  clientId: string,
  query: { type: StructureType; dept?: string; search?: string },
  signal?: AbortSignal,
) =>
  result(
    api<{ result: DeptUsersDto[] }>(`/api/structure/byClient/${clientId}/dept_users`, { query, signal, local: true }),
  );

export interface DepartmentInput {
  name?: string;
  description?: string;
  parent?: string;
  sort?: number;
}

export const createDepartment = (body: DepartmentInput & { parent: string; name: string }) =>
  result(api<{ result: StructureNodeDto }>('/api/structure', { method: 'POST', body, local: true }));

export const updateDepartment = (id: string, body: DepartmentInput) =>
  result(api<{ result: StructureNodeDto }>(`/api/structure/${id}`, { method: 'PUT', body, local: true }));

export const deleteDepartment = (id: string) =>
  result(
    api<{ result: { _id: string; deleted: string[] } }>(`/api/structure/${id}`, { method: 'DELETE', local: true }),
  );

export const addDeptUsers = (clientId: string, deptId: string, users: string[]) =>
  result(
    api<{ result: DeptUsersDto }>(`/api/dept_users/${clientId}/${deptId}`, {
      method: 'POST',
      body: { users },
      local: true,
    }),
  );

/** `PUT api/dept_users`: moves `users` into the department, then sets (or with null clears) its head. */
export const updateDeptUsers = (body: { dept_id: string; users?: string[]; head?: string | null }) =>
  result(api<{ result: DeptUsersDto }>('/api/dept_users', { method: 'PUT', body, local: true }));

export const removeDeptUser = (deptId: string, userId: string) =>
  result(api<{ result: DeptUsersDto }>(`/api/dept_users/${deptId}/${userId}`, { method: 'DELETE', local: true }));

export const clearChief = (deptId: string) =>
  result(api<{ result: DeptUsersDto }>(`/api/dept_users/clear_chief/${deptId}`, { method: 'PUT', local: true }));

/** People of the workspace by name, for assigning them to a department (the address book's search). */
export const searchPeople = async (workspace: string, search: string, signal?: AbortSignal) =>
  (
    await api<{ result: UserDto[] }>(`/api/user/filter/${encodeURIComponent(workspace)}`, {
      method: 'POST',
      body: { search, limit: 10 },
      signal,
      local: true,
    })
  ).result;

/** `POST api/structure/load_struct`: the administrative tree from the HR format (a file, or the kept HR rows). */
export const loadStructure = (clientId: string, fileId?: string) =>
  result(
    api<{ result: LoadStructReport }>('/api/structure/load_struct', {
      method: 'POST',
      body: fileId ? { client_id: clientId, file_id: fileId } : { client_id: clientId },
      local: true,
    }),
  );
