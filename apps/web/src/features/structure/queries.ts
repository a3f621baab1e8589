import type { StructureType } from '@hallway/shared';
import { mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { peopleKeys } from '../profile';
import * as structureApi from './api';
import { type StructureTrees, structureKeys } from './api';
import { moveNode } from './tree';

/** The structure's reads (docs/api.md "Structure and vacations"). */
export const structureQueries = {
  trees: (clientId: string) =>
    queryOptions({
      queryKey: structureKeys.trees(clientId),
      queryFn: ({ signal }) => structureApi.fetchTrees(clientId, signal),
      enabled: !!clientId,
      staleTime: 30_000,
    }),

  /** Members and head of one department. */
  department: (clientId: string, type: StructureType, deptId: string) =>
    queryOptions({
      queryKey: [...structureKeys.members(clientId, type), deptId],
      queryFn: async ({ signal }) =>
        (await structureApi.fetchDeptUsers(clientId, { type, dept: deptId }, signal))[0] ?? {
          dept_id: deptId,
          users: [],
          headUser: null,
        },
      enabled: !!clientId && !!deptId,
    }),

  /** People by name and the departments they are in (the search that flies to a department). */
  personSearch: (clientId: string, type: StructureType, search: string) =>
    queryOptions({
      queryKey: structureKeys.search(clientId, type, search.toLowerCase()),
      queryFn: ({ signal }) => structureApi.fetchDeptUsers(clientId, { type, search }, signal),
      enabled: !!clientId && search.trim().length >= 2,
      staleTime: 30_000,
    }),

  /** People of the workspace to assign (the address book's search). */
  people: (workspace: string, search: string) =>
    queryOptions({
      queryKey: ['structure', 'people', workspace, search.toLowerCase()],
      queryFn: ({ signal }) => structureApi.searchPeople(workspace, search, signal),
      enabled: !!workspace && search.trim().length >= 1,
      staleTime: 30_000,
    }),
};

/**
 * After a change the trees (counts, heads), the departments' members and the people (department, chief) are read
 * again: a change in one place moves figures all the way up the tree.
 */
export const refreshStructure = (client: QueryClient) =>
  Promise.all([
    client.invalidateQueries({ queryKey: structureKeys.all }),
    client.invalidateQueries({ queryKey: peopleKeys.all }),
  ]);

export const structureMutations = {
  /** Loads a structure file (or the HRM's own) into the workspace: the report comes back, everything is read again. */
  load: (client: QueryClient, clientId: string) =>
    mutationOptions({
      mutationFn: (fileId?: string) => structureApi.loadStructure(clientId, fileId),
      onSuccess: () => refreshStructure(client),
    }),

  create: (client: QueryClient) =>
    mutationOptions({
      mutationFn: (body: { parent: string; name: string; description?: string }) => structureApi.createDepartment(body),
      onSuccess: () => refreshStructure(client),
    }),

  update: (client: QueryClient) =>
    mutationOptions({
      mutationFn: ({ id, ...body }: { id: string; name?: string; description?: string }) =>
        structureApi.updateDepartment(id, body),
      onSuccess: () => refreshStructure(client),
    }),

  /** A move shows at once (the tree is redrawn with the department under its new parent); a refusal puts it back. */
  move: (client: QueryClient, clientId: string) =>
    mutationOptions({
      mutationFn: ({ id, parent }: { id: string; parent: string }) => structureApi.updateDepartment(id, { parent }),
      onMutate: async ({ id, parent }) => {
        const key = structureKeys.trees(clientId);
        await client.cancelQueries({ queryKey: key });
        const before = client.getQueryData<StructureTrees>(key);
        if (before) {
          client.setQueryData<StructureTrees>(key, {
            ...before,
            result: before.result.map((tree) => ({ ...tree, root: moveNode(tree.root, id, parent) })),
          });
        }
        return { before };
      },
      onError: (_error, _vars, context) => {
        if (context?.before) client.setQueryData(structureKeys.trees(clientId), context.before);
      },
      onSettled: () => refreshStructure(client),
    }),

  remove: (client: QueryClient) =>
    mutationOptions({
      mutationFn: (id: string) => structureApi.deleteDepartment(id),
      onSuccess: () => refreshStructure(client),
    }),

  addPeople: (client: QueryClient, clientId: string) =>
    mutationOptions({
      mutationFn: ({ deptId, users }: { deptId: string; users: string[] }) =>
        structureApi.addDeptUsers(clientId, deptId, users),
      onSuccess: () => refreshStructure(client),
    }),

  /** Moves people into a department and/or sets its head (`head: null` clears it). */
  setMembers: (client: QueryClient) =>
    mutationOptions({
      mutationFn: (body: { dept_id: string; users?: string[]; head?: string | null }) =>
        structureApi.updateDeptUsers(body),
      onSuccess: () => refreshStructure(client),
    }),

  removePerson: (client: QueryClient) =>
    mutationOptions({
      mutationFn: ({ deptId, userId }: { deptId: string; userId: string }) =>
        structureApi.removeDeptUser(deptId, userId),
      onSuccess: () => refreshStructure(client),
    }),

  clearHead: (client: QueryClient) =>
    mutationOptions({
      mutationFn: (deptId: string) => structureApi.clearChief(deptId),
      onSuccess: () => refreshStructure(client),
    }),
};
