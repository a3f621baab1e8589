// Spec portal §2 wall widgets, modules §7 "Clients": the thanks and birthdays widgets.
import { birthdayDto, birthdaysQuery, feedPage, id, pageQuery, resultOf } from '@hallway/shared';
import { z } from 'zod';
import { assertOwnWorkspace } from '../../platform/access/tenancy.js';
import type { App } from '../../platform/http/module.js';
import { upcomingBirthdays } from '../users/index.js';
import { thanksFeed } from './feeds.js';
import { readableGroups } from './groups.js';

export function registerWidgetRoutes(app: App) {
  app.get(
    '/api/clients/:id/all_thanks',
    {
      schema: { tags: ['posts'], params: z.object({ id }), querystring: pageQuery, response: { 200: feedPage } },
      config: { access: { feature: 'wall' }, params: { id: 'client' } },
    },
    async (req) => {
      assertOwnWorkspace(req.ctx, req.params.id);
      return thanksFeed(req.ctx, await readableGroups(req.ctx, req.ctx.me().id), req.query.page);
    },
  );

  app.get(
    '/api/clients/:id/birthdays',
    {
      schema: {
        tags: ['users'],
        params: z.object({ id }),
        querystring: birthdaysQuery,
        response: { 200: resultOf(z.array(birthdayDto)) },
      },
      config: { access: { feature: 'birthdays' }, params: { id: 'client' } },
    },
    async (req) => {
      assertOwnWorkspace(req.ctx, req.params.id);
      const today = req.query.date ?? new Date().toISOString().slice(0, 10);
      return { result: await upcomingBirthdays(req.ctx, today) };
    },
  );
}
