// Spec portal §4 "Activity tracking", modules §7 "Analytics": session reports and module visits.
import { DATE_YEAR_MAX, id, isoDateTime, okResult } from '@hallway/shared';
import { z } from 'zod';
import type { ModuleRoutes } from '../../platform/http/module.js';
import * as service from './service.js';

/** Times arrive as ISO strings or epoch milliseconds, within the years the server accepts. */
const instant = z
  .union([
    isoDateTime(),
    z
      .number()
      .int()
      .positive()
      .max(Date.UTC(DATE_YEAR_MAX + 1, 0, 1) - 1, 'date_out_of_range'),
  ])
  .transform((v) => new Date(v));

export const analyticsModule: ModuleRoutes = {
  name: 'analytics',
  routes(app) {
    app.post(
      '/api/analytics/visitors',
      {
        schema: {
          tags: ['analytics'],
          summary: 'Record a visit session of the caller',
          body: z.object({ sessionStart: instant, currentTime: instant, userId: id, clientId: id }),
          response: { 200: okResult },
        },
        config: { access: { signedIn: true } },
      },
      async (req) => {
        await service.recordSession(req.ctx, req.body);
        return { result: true };
      },
    );

    app.post(
      '/api/analytics/modules',
      {
        schema: {
          tags: ['analytics'],
          summary: 'Record a visit of the caller to a module',
          body: z.object({ module: z.string().min(1).max(60), date: instant, userId: id, clientId: id }),
          response: { 200: okResult },
        },
        config: { access: { signedIn: true } },
      },
      async (req) => {
        await service.recordModuleVisit(req.ctx, req.body);
        return { result: true };
      },
    );
  },
};
