// Spec portal §3 "Employee", §5 "Employees", §6 roles and rights, §7 "Users".

import {
  clientDto,
  clientRoleParam,
  forClientQuery,
  id,
  isUuid,
  partialRights,
  resultOf,
  rightsSchema,
  roleParam,
  USERS_PAGE_SIZE,
  updateUserBody,
  userDto,
  usersFilterBody,
  usersPage,
} from '@hallway/shared';
import { z } from 'zod';
import { assertOwnWorkspace, assertOwnWorkspaceCode } from '../../platform/access/tenancy.js';
import { sessionToken } from '../../platform/auth/session.js';
import { notFound } from '../../platform/errors/app-error.js';
import type { ModuleRoutes } from '../../platform/http/module.js';
import { adminRoutes } from './admin-routes.js';
import { announce } from './announce.js';
import { startBirthdayNotices } from './birthday-notices.js';
import { peopleRoutes } from './people-routes.js';
import * as service from './service.js';

const idParams = z.object({ id });
/**
 * Any 8-4-4-4-12 hex id (PostgreSQL's uuid), not only RFC 4122 ones as `id` demands: a link to someone who does
 * not exist is "not found" (404), not a bad request.
 */
const personParams = z.object({ id: z.string().max(64) });

export const usersModule: ModuleRoutes = {
  name: 'users',
  async routes(app, platform, services) {
    app.get(
      '/api/user/me',
      {
        schema: {
          tags: ['users'],
          summary: 'The signed-in person, with their workspace',
          response: {
            200: resultOf(
              z.object({
                user: userDto,
                rights: rightsSchema,
                roles: z.array(z.string()),
                client: clientDto.nullable(),
                follows: z.array(z.string()).describe('Ids of the people the person follows (the user feed).'),
              }),
            ),
          },
        },
        config: { access: { workspace: 'optional' } },
      },
      async (req) => ({ result: await service.ownInfo(req.ctx) }),
    );

    app.get(
      '/api/user/for_client/:clientId',
      {
        schema: {
          tags: ['users'],
          summary: "List a workspace's people",
          description:
            'Everyone of the workspace as list items with their followers (pinned first, then by name), or one ' +
            'page with `limit` and `page` (page N starts at N*limit). `deleted=1`: the soft-deleted people ' +
            '(administrators).',
          params: z.object({ clientId: id }),
          querystring: forClientQuery,
          response: { 200: usersPage },
        },
        config: { access: { signedIn: true } },
      },
      async (req) => {
        assertOwnWorkspace(req.ctx, req.params.clientId);
        const { deleted, page, limit } = req.query;
        return service.findUsers(req.ctx, {
          withFollowers: true,
          deleted: deleted === '1',
          limit,
          offset: limit ? (page ?? 0) * limit : 0,
        });
      },
    );

    app.post(
      '/api/user/filter/:workspace',
      {
        schema: {
          tags: ['users'],
          summary: "Search and filter a workspace's people",
          params: z.object({ workspace: z.string().max(64) }),
          body: usersFilterBody,
          response: { 200: usersPage },
        },
        config: { access: { signedIn: true }, params: { workspace: 'workspace' } },
      },
      async (req) => {
        assertOwnWorkspaceCode(req.ctx, req.params.workspace);
        const { page, limit, ...filter } = req.body;
        const size = limit ?? USERS_PAGE_SIZE;
        return service.findUsers(req.ctx, { ...filter, limit: size, offset: (page ?? 0) * size });
      },
    );

    app.get(
      '/api/user/:id',
      {
        schema: {
          tags: ['users'],
          summary: "Get a person's profile",
          description: 'An unknown or malformed id answers 404 `user_not_found`.',
          params: personParams,
          response: { 200: resultOf(userDto) },
        },
        config: { access: { signedIn: true } },
      },
      async (req) => {
        if (!isUuid(req.params.id)) throw notFound('user_not_found');
        return { result: await service.presentOne(req.ctx, await service.getUserRow(req.ctx, req.params.id)) };
      },
    );

    app.put(
      '/api/user/:id',
      {
        schema: {
          tags: ['users'],
          summary: "Change a person's profile",
          params: idParams,
          body: updateUserBody,
          response: { 200: resultOf(userDto).extend({ token: z.string().optional() }) },
        },
        config: { access: { workspace: 'optional' } },
      },
      async (req) => {
        const { user, passwordChanged } = await service.updateUser(platform, req.ctx, req.params.id, req.body);
        return {
          result: announce(platform, req.ctx, await service.presentOne(req.ctx, user)),
          ...(passwordChanged ? { token: sessionToken(platform.tokens, user) } : {}),
        };
      },
    );

    for (const [path, deleted, summary] of [
      ['/api/user/delete/:id', true, 'Mark an employee deleted (administrators)'],
      ['/api/user/undelete/:id', false, "Take back an employee's deletion (administrators)"],
    ] as const) {
      app.put(
        path,
        {
          schema: { tags: ['users'], summary, params: idParams, response: { 200: resultOf(userDto) } },
          config: { access: { role: 'admin' } },
        },
        async (req) => ({
          result: announce(
            platform,
            req.ctx,
            await service.presentOne(req.ctx, await service.setDeleted(platform, req.ctx, req.params.id, deleted)),
          ),
        }),
      );
    }

    for (const [method, grant, verb] of [
      ['PUT', true, 'Give'],
      ['DELETE', false, 'Take away'],
    ] as const) {
      app.route({
        method,
        url: '/api/user/:id/role/:role',
        schema: {
          tags: ['users'],
          summary: `${verb} a person's role (administrators)`,
          params: roleParam,
          response: { 200: resultOf(userDto) },
        },
        config: { access: { role: 'admin' } },
        handler: async (req) => ({
          result: announce(
            platform,
            req.ctx,
            await service.presentOne(req.ctx, await service.changeRole(req.ctx, req.params.id, req.params.role, grant)),
          ),
        }),
      });
      app.route({
        method,
        url: '/api/clients/:clientId/role/:role',
        schema: {
          tags: ['users'],
          summary: `${verb} a role of every person of the workspace (administrators)`,
          params: clientRoleParam,
          response: { 200: z.object({ role: z.string(), users: z.array(z.string()) }) },
        },
        config: { access: { role: 'admin' } },
        handler: async (req) => service.changeRoleForAll(req.ctx, req.params.clientId, req.params.role, grant),
      });
    }

    app.put(
      '/api/user/:id/rights',
      {
        schema: {
          tags: ['users'],
          summary: "Set a person's rights (administrators)",
          params: idParams,
          body: z.object({ rights: partialRights }),
          response: { 200: resultOf(userDto) },
        },
        config: { access: { role: 'admin' } },
      },
      async (req) => ({
        result: announce(
          platform,
          req.ctx,
          await service.presentOne(req.ctx, await service.setRights(req.ctx, req.params.id, req.body.rights)),
        ),
      }),
    );

    app.put(
      '/api/clients/:clientId/rights',
      {
        schema: {
          tags: ['users'],
          summary: 'Set the rights of every active employee (administrators)',
          params: z.object({ clientId: id }),
          body: z.object({ rights: partialRights }),
          response: { 200: z.object({ rights: partialRights, users: z.array(z.string()) }) },
        },
        config: { access: { role: 'admin' } },
      },
      async (req) => service.setRightsForAll(req.ctx, req.params.clientId, req.body.rights),
    );

    peopleRoutes(app, platform);
    adminRoutes(app, platform);
    await startBirthdayNotices(platform, services, app.log);
  },
};
