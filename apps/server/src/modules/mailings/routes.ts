// Modules §7 "Mailing" and `POST api/clients/exec_sendsay` (§7 Clients): administrators of the workspace.
import {
  exportResult,
  id,
  mailingCreate,
  mailingList,
  mailingListQuery,
  mailingResult,
  mailingUpdate,
  okResult,
} from '@hallway/shared';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { inTenant } from '../../platform/db/tenant.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { ModuleRoutes } from '../../platform/http/module.js';
import { exportPeople, startMailings } from './runner.js';
import * as service from './service.js';
import { mailings } from './tables.js';

const tags = ['mailings'];
const admin = { role: 'admin' } as const;
const config = { access: admin, params: { id: 'mailing' } };
const jobParams = z.object({ job: z.string().min(3).max(200) });
const jobConfig = { access: admin, params: { job: 'mailing_job' } };

export const mailingsModule: ModuleRoutes = {
  name: 'mailings',
  async routes(app, platform) {
    const allow = platform.config.outboundAllow;

    app.post(
      '/api/mailing',
      {
        schema: { tags, summary: 'Create a mailing', body: mailingCreate, response: { 200: mailingResult } },
        config: { access: admin },
      },
      async (req) => service.create(req.ctx, allow, req.body),
    );

    app.get(
      '/api/mailing',
      {
        schema: {
          tags,
          summary: "The workspace's mailings",
          querystring: mailingListQuery,
          response: { 200: mailingList },
        },
        config: { access: admin },
      },
      async (req) => ({ result: await service.list(req.ctx, req.query.workspace) }),
    );

    app.get(
      '/api/mailing/:id',
      {
        schema: { tags, summary: 'Get a mailing', params: z.object({ id }), response: { 200: mailingResult } },
        config,
      },
      async (req) => ({ result: await service.getOne(req.ctx, req.params.id) }),
    );

    app.put(
      '/api/mailing/:id',
      {
        schema: {
          tags,
          summary: "Change a mailing's schedule, target or state",
          params: z.object({ id }),
          body: mailingUpdate,
          response: { 200: mailingResult },
        },
        config,
      },
      async (req) => service.update(req.ctx, allow, req.params.id, req.body),
    );

    app.delete(
      '/api/mailing/:id',
      { schema: { tags, summary: 'Delete a mailing', params: z.object({ id }), response: { 200: okResult } }, config },
      async (req) => service.remove(req.ctx, req.params.id),
    );

    app.put(
      '/api/mailing/startJob/:workspace',
      {
        schema: {
          tags,
          summary: 'Start every mailing of a workspace again (administrators)',
          params: z.object({ workspace: z.string().min(1).max(100) }),
          response: { 200: z.object({ result: mailingList.shape.result, started: z.boolean() }) },
        },
        config: { access: admin },
      },
      async (req) => service.startAll(req.ctx, req.params.workspace),
    );

    app.put(
      '/api/mailing/restartJob/:job',
      {
        schema: { tags, summary: 'Restart a mailing', params: jobParams, response: { 200: mailingResult } },
        config: jobConfig,
      },
      async (req) => service.restart(req.ctx, req.params.job),
    );

    app.put(
      '/api/mailing/stopJob/:job',
      {
        schema: { tags, summary: 'Stop a mailing', params: jobParams, response: { 200: mailingResult } },
        config: jobConfig,
      },
      async (req) => service.stop(req.ctx, req.params.job),
    );

    // No transaction is held while the mailing service answers (`streaming`: short transactions of its own).
    app.post(
      '/api/clients/exec_sendsay',
      {
        schema: { tags, summary: 'Export the people to the mailing service now', response: { 200: exportResult } },
        config: { access: { ...admin, streaming: true } },
      },
      async (req) => {
        const clientId = req.ctx.tenant();
        const [row] = await inTenant(platform.database, { clientId }, (tx) =>
          tx
            .select({ target: mailings.target })
            .from(mailings)
            .where(and(eq(mailings.clientId, clientId), eq(mailings.action, 'people_export'))),
        );
        if (!row?.target) throw new AppError(400, 'export_not_configured');
        return { result: { exported: await exportPeople(platform, clientId, row.target) } };
      },
    );

    await startMailings(platform, app.log);
  },
};
