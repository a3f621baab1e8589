// Modules §3 "Link block", §5 (title and valid link), §7 "Link blocks": the useful-links widget.
import {
  id,
  linkBlockDto,
  linkBlocksPage,
  linkInput,
  linksModuleCode,
  linkUpdate,
  resultOf,
  toggleLinksBody,
} from '@hallway/shared';
import { z } from 'zod';
import { assertOwnWorkspace } from '../../platform/access/tenancy.js';
import type { ModuleRoutes } from '../../platform/http/module.js';
import { linksPolicy } from './policy.js';
import * as service from './service.js';

const blockParams = z.object({ block_id: id });
const blockResult = { 200: resultOf(linkBlockDto) };
const editor = { role: 'admin' } as const;

export const linksModule: ModuleRoutes = {
  name: 'links',
  routes(app) {
    app.get(
      '/api/links_block/:client_id/:module',
      {
        schema: {
          tags: ['links'],
          summary: "A module's blocks of useful links",
          params: z.object({ client_id: id, module: linksModuleCode }),
          response: { 200: linkBlocksPage },
        },
        config: { access: { signedIn: true }, params: { module: 'links_module' } },
      },
      async (req) => {
        assertOwnWorkspace(req.ctx, req.params.client_id);
        return {
          result: await service.blocksOfModule(req.ctx, req.params.module),
          can: { edit: linksPolicy(req.ctx).edit },
        };
      },
    );

    app.get(
      '/api/links_block/:id',
      {
        schema: {
          tags: ['links'],
          summary: 'Get a block of useful links',
          params: z.object({ id }),
          response: blockResult,
        },
        config: { access: { signedIn: true } },
      },
      async (req) => ({ result: await service.getBlock(req.ctx, req.params.id) }),
    );

    app.put(
      '/api/links_block/toggle',
      {
        schema: {
          tags: ['links'],
          summary: "Switch a module's links block on or off (administrators)",
          body: toggleLinksBody,
          response: blockResult,
        },
        config: { access: editor },
      },
      async (req) => {
        assertOwnWorkspace(req.ctx, req.body.client_id);
        return { result: await service.toggleBlock(req.ctx, req.body.module, req.body.enabled) };
      },
    );

    const blockPath = { access: editor, params: { block_id: 'links_block', link_id: 'link' } };
    app.post(
      '/api/links_block/:block_id/link',
      {
        schema: {
          tags: ['links'],
          summary: 'Add a link to a block',
          params: blockParams,
          body: linkInput,
          response: blockResult,
        },
        config: blockPath,
      },
      async (req) => ({ result: await service.addLink(req.ctx, req.params.block_id, req.body) }),
    );

    app.put(
      '/api/links_block/:block_id/link',
      {
        schema: {
          tags: ['links'],
          summary: 'Change a link of a block',
          params: blockParams,
          body: linkUpdate,
          response: blockResult,
        },
        config: blockPath,
      },
      async (req) => ({ result: await service.updateLink(req.ctx, req.params.block_id, req.body) }),
    );

    app.delete(
      '/api/links_block/:block_id/link/:link_id',
      {
        schema: {
          tags: ['links'],
          summary: 'Remove a link from a block',
          params: blockParams.extend({ link_id: id }),
          response: blockResult,
        },
        config: blockPath,
      },
      async (req) => ({ result: await service.deleteLink(req.ctx, req.params.block_id, req.params.link_id) }),
    );
  },
};
