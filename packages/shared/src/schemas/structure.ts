// Company structure (portal §3 Structure, §5 Structure, §7 Structure); docs/api.md "Structure and vacations".
import { z } from 'zod';
import { STRUCTURE_TYPES } from '../enums.js';
import { DEPARTMENT_DESCRIPTION_MAX, DEPARTMENT_NAME_MAX } from '../limits.js';
import { id, requiredText, text } from './common.js';
import { personCard } from './posts.js';

export const structureType = z.enum(STRUCTURE_TYPES, 'validation');

export interface StructureNodeDto {
  _id: string;
  type: (typeof STRUCTURE_TYPES)[number];
  name: string;
  description: string;
  parent: string | null;
  sort: number;
  head: z.infer<typeof personCard> | null;
  /** Members of this department. */
  count: number;
  /** Members of this department and every department below it. */
  total: number;
  children: StructureNodeDto[];
  can: { edit: boolean; delete: boolean };
}

const nodeFields = {
  _id: z.string(),
  type: structureType,
  name: z.string(),
  description: z.string(),
  parent: z.string().nullable(),
  sort: z.number().int(),
  head: personCard.nullable(),
  count: z.number().int(),
  total: z.number().int(),
  can: z.object({ edit: z.boolean(), delete: z.boolean() }),
};
export const structureNode: z.ZodType<StructureNodeDto> = z
  .lazy(() => z.object({ ...nodeFields, children: z.array(structureNode) }))
  .meta({ id: 'StructureNode' }); // recursive: the API document refers to it by this name

export const structureTrees = z.object({
  result: z.array(z.object({ type: structureType, root: structureNode })),
  can: z.object({ edit: z.boolean() }),
});

const sort = z.number().int().min(0).max(1_000_000);
export const departmentCreate = z.object({
  parent: id,
  name: requiredText(DEPARTMENT_NAME_MAX),
  description: text(DEPARTMENT_DESCRIPTION_MAX).optional(),
  sort: sort.optional(),
});
export const departmentUpdate = z.object({
  name: requiredText(DEPARTMENT_NAME_MAX).optional(),
  description: text(DEPARTMENT_DESCRIPTION_MAX).optional(),
  parent: id.optional(),
  sort: sort.optional(),
});
export const departmentDeleted = z.object({ result: z.object({ _id: z.string(), deleted: z.array(z.string()) }) });

export const loadStructBody = z.object({ client_id: id, file_id: id.optional() });
export const loadStructReport = z.object({
  departments: z.number().int(),
  placed: z.number().int(),
  errors: z.array(
    z.object({
      row: z.number().int().nullable(),
      user_id: z.string().nullable(),
      fields: z.record(z.string(), z.string()),
      message: z.string(),
    }),
  ),
});
export type LoadStructReport = z.infer<typeof loadStructReport>;

export const deptUsersDto = z.object({
  dept_id: z.string(),
  users: z.array(personCard),
  headUser: personCard.nullable(),
});
export type DeptUsersDto = z.infer<typeof deptUsersDto>;
export const deptUsersQuery = z.object({
  type: structureType.default('administrative'),
  dept: id.optional(),
  search: z.string().trim().max(100).optional(),
});
export const deptUsersAdd = z.object({ users: z.array(id).min(1, 'required').max(1000) });
export const deptUsersUpdate = z.object({
  dept_id: id,
  users: z.array(id).max(1000).optional(),
  head: id.nullable().optional(),
});
