// Portal §7 Structure, §5 Structure, §3 Structure: the four trees, departments and their people.
import {
  departmentCreate,
  departmentDeleted,
  departmentUpdate,
  deptUsersAdd,
  deptUsersDto,
  deptUsersQuery,
  deptUsersUpdate,
  id,
  loadStructBody,
  loadStructReport,
  resultOf,
  structureNode,
  structureTrees,
} from '@hallway/shared';
import { z } from 'zod';
import { assertOwnWorkspace } from '../../platform/access/tenancy.js';
import type { ModuleRoutes } from '../../platform/http/module.js';
import { loadStruct } from './load.js';
import * as members from './members.js';
import * as service from './service.js';

const tags = ['structure'];
const reader = { right: 'structures' } as const;
const editor = { role: 'admin' } as const;
const nodeResult = { 200: resultOf(structureNode) };
const groupResult = { 200: resultOf(deptUsersDto) };

export const structureModule: ModuleRoutes = {
  name: 'structure',
  routes(app, platform) {
    app.get(
      '/api/structure/byClient/:id',
      {
        schema: {
          tags,
          summary: "The workspace's structure trees",
          params: z.object({ id }),
          response: { 200: structureTrees },
        },
        config: { access: reader, params: { id: 'client' } },
      },
      async (req) => {
        assertOwnWorkspace(req.ctx, req.params.id);
        return service.allTrees(req.ctx);
      },
    );

    app.get(
      '/api/structure/byClient/:id/dept_users',
      {
        schema: {
          tags,
          summary: "A department's members",
          params: z.object({ id }),
          querystring: deptUsersQuery,
          response: { 200: resultOf(z.array(deptUsersDto)) },
        },
        config: { access: reader, params: { id: 'client' }, query: { dept: 'department' } },
      },
      async (req) => {
        assertOwnWorkspace(req.ctx, req.params.id);
        return { result: await members.deptUsersOf(req.ctx, req.query) };
      },
    );

    app.post(
      '/api/structure',
      {
        schema: { tags, summary: 'Create a department', body: departmentCreate, response: nodeResult },
        config: { access: editor, body: { parent: 'department' } },
      },
      async (req) => ({ result: await service.createDepartment(req.ctx, req.body) }),
    );

    app.put(
      '/api/structure/:id',
      {
        schema: {
          tags,
          summary: 'Change or move a department',
          params: z.object({ id }),
          body: departmentUpdate,
          response: nodeResult,
        },
        config: { access: editor, params: { id: 'department' }, body: { parent: 'department_parent' } },
      },
      async (req) => ({ result: await service.updateDepartment(req.ctx, req.params.id, req.body) }),
    );

    app.delete(
      '/api/structure/:id',
      {
        schema: {
          tags,
          summary: 'Delete a department and the ones below it',
          params: z.object({ id }),
          response: { 200: departmentDeleted },
        },
        config: { access: editor, params: { id: 'department' } },
      },
      async (req) => ({ result: await service.deleteDepartment(req.ctx, req.params.id) }),
    );

    app.post(
      '/api/structure/load_struct',
      {
        schema: {
          tags,
          summary: 'Build the administrative tree from the HR system format (an uploaded file, or kept HR rows)',
          body: loadStructBody,
          response: { 200: resultOf(loadStructReport) },
        },
        config: {
          access: { ...editor, streaming: true },
          body: { client_id: 'client', file_id: 'structure_sheet' },
        },
      },
      async (req) => {
        assertOwnWorkspace(req.ctx, req.body.client_id);
        return { result: await loadStruct(platform, req.ctx, req.body.file_id) };
      },
    );

    const deptPath = { access: editor, params: { deptId: 'dept_unit' } };
    app.post(
      '/api/dept_users/:clientId/:deptId',
      {
        schema: {
          tags,
          summary: 'Add people to a department',
          params: z.object({ clientId: id, deptId: id }),
          body: deptUsersAdd,
          response: groupResult,
        },
        config: { ...deptPath, body: { 'users[]': 'user' } },
      },
      async (req) => {
        assertOwnWorkspace(req.ctx, req.params.clientId);
        return { result: await members.addMembers(req.ctx, req.params.deptId, req.body.users) };
      },
    );

    app.put(
      '/api/dept_users',
      {
        schema: {
          tags,
          summary: 'Move people into a department and set its head (administrators)',
          body: deptUsersUpdate,
          response: groupResult,
        },
        config: { access: editor, body: { dept_id: 'dept_unit', 'users[]': 'user', head: 'user' } },
      },
      async (req) => ({ result: await members.updateMembers(req.ctx, req.body) }),
    );

    app.delete(
      '/api/dept_users/:deptId/:userId',
      {
        schema: {
          tags,
          summary: 'Remove a person from a department',
          params: z.object({ deptId: id, userId: id }),
          response: groupResult,
        },
        config: deptPath,
      },
      async (req) => ({ result: await members.removeMember(req.ctx, req.params.deptId, req.params.userId) }),
    );

    app.put(
      '/api/dept_users/clear_chief/:id',
      {
        schema: { tags, summary: "Clear a department's head", params: z.object({ id }), response: groupResult },
        config: { access: editor, params: { id: 'dept_unit' } },
      },
      async (req) => ({ result: await members.clearChief(req.ctx, req.params.id) }),
    );
  },
};
