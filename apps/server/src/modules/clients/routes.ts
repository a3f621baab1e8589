// Spec portal §3 "Client", modules §7 "Clients": workspaces, their features and public branding.
import {
  CLIENT_STATUSES,
  clientDto,
  createClientBody,
  FEATURES,
  featureFlag,
  id,
  publicClientDto,
  resultOf,
  switchFeatureParams,
  updateClientBody,
} from '@hallway/shared';
import { lmsAdminsBody, lmsAdminsResult } from '@hallway/shared/learning';
import { z } from 'zod';
import type { ModuleRoutes } from '../../platform/http/module.js';
import * as service from './service.js';

export const clientsModule: ModuleRoutes = {
  name: 'clients',
  routes(app, platform) {
    app.get(
      '/api/clients',
      {
        schema: {
          tags: ['clients'],
          summary: 'List the workspaces (superadmin)',
          querystring: z.object({ search: z.string().max(100).optional(), status: z.enum(CLIENT_STATUSES).optional() }),
          response: { 200: resultOf(z.array(clientDto)) },
        },
        config: { access: { role: 'superadmin', workspace: 'optional' } },
      },
      async (req) => ({ result: await service.listClients(req.ctx, req.query) }),
    );

    app.post(
      '/api/clients',
      {
        schema: {
          tags: ['clients'],
          summary: 'Create a workspace (superadmin)',
          body: createClientBody,
          response: { 200: resultOf(clientDto) },
        },
        config: { access: { role: 'superadmin', workspace: 'optional' }, body: { 'lmsAdmins[]': 'user' } },
      },
      async (req) => ({ result: await service.createClient(req.ctx, req.body) }),
    );

    app.get(
      '/api/clients/features/all',
      {
        schema: {
          tags: ['clients'],
          summary: 'List the features a workspace can switch on',
          response: { 200: resultOf(z.array(z.object({ code: z.enum(FEATURES) }))) },
        },
        config: { access: { workspace: 'optional' } },
      },
      async () => ({ result: FEATURES.map((code) => ({ code })) }),
    );

    app.put(
      '/api/clients/features/switch/:client_id/:code',
      {
        schema: {
          tags: ['clients'],
          summary: "Switch one of a workspace's features on or off (superadmin)",
          params: switchFeatureParams,
          response: { 200: z.object({ features: z.array(featureFlag) }) },
        },
        config: { access: { role: 'superadmin', workspace: 'optional' }, params: { client_id: 'client' } },
      },
      async (req) => ({ features: await service.switchFeature(req.ctx, req.params.client_id, req.params.code) }),
    );

    app.get(
      '/api/clients/by_ws/:workspace',
      {
        schema: {
          tags: ['clients'],
          summary: 'Find a workspace by its code (the sign-in page)',
          params: z.object({ workspace: z.string().min(1).max(64) }),
          response: { 200: resultOf(publicClientDto) },
        },
        config: {
          access: {
            public: true,
            reason: 'which workspace a sign-in page belongs to, by its code: its name and branding only',
          },
          params: { workspace: 'workspace' },
        },
      },
      async (req) => ({ result: await service.clientByWorkspace(platform, req.params.workspace) }),
    );

    app.get(
      '/api/clients/:id',
      {
        schema: {
          tags: ['clients'],
          summary: 'Get a workspace',
          params: z.object({ id }),
          response: { 200: resultOf(clientDto) },
        },
        config: { access: { workspace: 'optional' }, params: { id: 'client' } },
      },
      async (req) => ({ result: await service.getClient(req.ctx, req.params.id) }),
    );

    // Modules §7 "Learning": who runs learning. Read by everyone with the right (the web shows them); named by the
    // workspace's administrators. Here because it writes `clients`; closed with the learning feature.
    app.get(
      '/api/clients/:id/settings/admins/lms',
      {
        schema: {
          tags: ['clients', 'learning'],
          summary: "The workspace's LMS administrators",
          params: z.object({ id }),
          response: { 200: lmsAdminsResult },
        },
        config: { access: { right: 'lms', feature: 'lms' }, params: { id: 'client' } },
      },
      async (req) => ({ result: await service.lmsAdminsOf(req.ctx, req.params.id) }),
    );

    app.put(
      '/api/clients/:id/settings/admins/lms',
      {
        schema: {
          tags: ['clients', 'learning'],
          summary: "Name the workspace's LMS administrators (administrators)",
          params: z.object({ id }),
          body: lmsAdminsBody,
          response: { 200: lmsAdminsResult },
        },
        config: { access: { role: 'admin', feature: 'lms' }, params: { id: 'client' }, body: { 'admins[]': 'user' } },
      },
      async (req) => ({ result: await service.setLmsAdmins(req.ctx, req.params.id, req.body.admins) }),
    );

    app.put(
      '/api/clients/:id',
      {
        schema: {
          tags: ['clients'],
          summary: "Change a workspace's details and settings",
          params: z.object({ id }),
          body: updateClientBody,
          response: { 200: resultOf(clientDto) },
        },
        config: {
          access: { role: 'admin', workspace: 'optional' },
          params: { id: 'client' },
          body: { 'lmsAdmins[]': 'user' },
        },
      },
      async (req) => {
        const result = await service.updateClient(req.ctx, req.params.id, req.body);
        // A blocked workspace's people lose their open sockets too, not only their next request.
        if (req.body.status === 'blocked') req.ctx.afterCommit(() => platform.realtime.revokeWorkspace(req.params.id));
        return { result };
      },
    );
  },
};
