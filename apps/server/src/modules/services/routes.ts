// Modules §7 "Business processes" (and the calls docs/api.md "Services" adds: the table's export, the "ask the
// office" settings); §3 "Business process (bp)", §4, §5 "Service", §8; portal `POST api/user/send_service_req`.
import { id, okResult, resultOf } from '@hallway/shared';
import {
  addStepBody,
  bpDto,
  cataloguePage,
  catalogueQuery,
  convertServiceBody,
  createServiceBody,
  passStepBody,
  requestDto,
  requestExportQuery,
  requestListQuery,
  requestPage,
  serviceAskBody,
  serviceAskResult,
  serviceDto,
  serviceGroupBody,
  serviceGroupDto,
  serviceItem,
  serviceSettingsBody,
  serviceSettingsDto,
  startRequestBody,
  templatesPage,
  updateServiceBody,
  updateServiceGroupBody,
  updateStepBody,
} from '@hallway/shared/services';
import { z } from 'zod';
import { assertOwnWorkspace } from '../../platform/access/tenancy.js';
import type { ModuleRoutes } from '../../platform/http/module.js';
import * as ask from './ask.js';
import * as catalogue from './catalogue.js';
import { startServiceDeadlines } from './deadlines.js';
import * as designer from './designer.js';
import { sendExport } from './excel.js';
import * as requests from './requests.js';
import * as table from './table.js';
import { getService } from './templates.js';
import { getRequest } from './view.js';

const tags = ['services'];
const access = { signedIn: true } as const;
const idParams = z.object({ id });
const service = { 200: resultOf(serviceDto) };
const request = { 200: resultOf(requestDto) };
/** The ids a service's body names, by kind (the isolation suite fills them). */
const serviceBodyIds = {
  group: 'service_group',
  department_id: 'department',
  'owners[]': 'user',
  article_id: 'article',
  'steps[].people[]': 'user',
  'steps[].departments[]': 'department',
};
const stepBodyIds = { 'people[]': 'user', 'departments[]': 'department' };

export const servicesModule: ModuleRoutes = {
  name: 'services',
  async routes(app, platform, services) {
    // —— The catalogue and its groups ——
    app.get(
      '/api/service_group/byClient/:id',
      {
        schema: {
          summary: 'The catalogue: service groups with the services the caller may request or manages',
          tags,
          params: idParams,
          querystring: catalogueQuery,
          response: { 200: cataloguePage },
        },
        config: { access, params: { id: 'client' } },
      },
      async (req) => {
        assertOwnWorkspace(req.ctx, req.params.id);
        return catalogue.catalogue(req.ctx, req.query.search);
      },
    );

    app.post(
      '/api/service_group',
      {
        schema: {
          summary: 'Create a service group',
          tags,
          body: serviceGroupBody,
          response: { 200: resultOf(serviceGroupDto) },
        },
        config: { access },
      },
      async (req) => ({ result: await catalogue.createGroup(req.ctx, req.body) }),
    );

    app.put(
      '/api/service_group/:id',
      {
        schema: {
          summary: 'Rename or move a service group',
          tags,
          params: idParams,
          body: updateServiceGroupBody,
          response: { 200: resultOf(serviceGroupDto) },
        },
        config: { access, params: { id: 'service_group_empty' } },
      },
      async (req) => ({ result: await catalogue.updateGroup(req.ctx, req.params.id, req.body) }),
    );

    app.delete(
      '/api/service_group/:id',
      {
        schema: { summary: 'Delete an empty service group', tags, params: idParams, response: { 200: okResult } },
        config: { access, params: { id: 'service_group_empty' } },
      },
      async (req) => ({ result: await catalogue.deleteGroup(req.ctx, req.params.id) }),
    );

    app.get(
      '/api/bp/tmpls/:id',
      {
        schema: {
          summary: 'The services (templates) of a workspace the caller designs',
          tags,
          params: idParams,
          response: { 200: templatesPage },
        },
        config: { access, params: { id: 'client' } },
      },
      async (req) => {
        assertOwnWorkspace(req.ctx, req.params.id);
        return catalogue.templates(req.ctx);
      },
    );

    app.get(
      '/api/service/byArticle/:id',
      {
        schema: {
          summary: 'The services a knowledge-base article describes, as the caller’s catalogue shows them',
          tags,
          params: idParams,
          response: { 200: resultOf(z.array(serviceItem)) },
        },
        config: { access, params: { id: 'article' } },
      },
      async (req) => ({ result: await catalogue.byArticle(req.ctx, req.params.id) }),
    );

    // —— Requests' lists (before `/api/bp/:id`, whose static siblings these are) ——
    app.get(
      '/api/bp/runned/:user_id',
      {
        schema: {
          summary: 'My requests, the requests waiting for me, or a service’s table (with bp), filtered and paged',
          tags,
          params: z.object({ user_id: id }),
          querystring: requestListQuery,
          response: { 200: requestPage },
        },
        config: { access, query: { bp: 'service', performer: 'user' } },
      },
      async (req) => table.listRequests(req.ctx, req.params.user_id, req.query),
    );

    app.get(
      '/api/bp/:id',
      {
        schema: {
          summary: 'A request with its steps, history and comments, or a service (`template` tells which)',
          tags,
          params: idParams,
          response: { 200: resultOf(bpDto) },
        },
        config: { access, params: { id: 'bp' } },
      },
      async (req) => {
        // One id space: a request when there is one, else a service (each 404s with its own code otherwise).
        const run = await getRequest(req.ctx, req.params.id).catch((err) => {
          if (err?.code === 'service_request_not_found') return null;
          throw err;
        });
        return { result: run ?? (await getService(req.ctx, req.params.id)) };
      },
    );

    app.get(
      '/api/bp/:id/excel',
      {
        schema: {
          summary: 'A service’s table as an xlsx workbook (the same filters and sort)',
          tags,
          params: idParams,
          querystring: requestExportQuery,
        },
        config: { access, params: { id: 'service' }, query: { performer: 'user' } },
      },
      async (req, reply) => sendExport(reply, await table.exportRows(req.ctx, req.params.id, req.query)),
    );

    // —— The designer ——
    app.post(
      '/api/bp',
      {
        schema: {
          summary: 'Create a service (a template) with its form and steps',
          tags,
          body: createServiceBody,
          response: service,
        },
        config: { access, body: serviceBodyIds },
      },
      async (req) => ({ result: await designer.createService(req.ctx, req.body) }),
    );

    app.put(
      '/api/bp/:id',
      {
        schema: {
          summary: 'Change a service (its steps through the step calls, its type through convert)',
          tags,
          params: idParams,
          body: updateServiceBody,
          response: service,
        },
        config: {
          access,
          params: { id: 'service' },
          body: { group: 'service_group', department_id: 'department', 'owners[]': 'user', article_id: 'article' },
        },
      },
      async (req) => ({ result: await designer.updateService(req.ctx, req.params.id, req.body) }),
    );

    app.post(
      '/api/bp/:bp/step',
      {
        schema: {
          summary: 'Add a step to a service',
          tags,
          params: z.object({ bp: id }),
          body: addStepBody,
          response: service,
        },
        config: { access, params: { bp: 'service_multi' }, body: stepBodyIds },
      },
      async (req) => ({ result: await designer.addStep(req.ctx, req.params.bp, req.body) }),
    );

    app.put(
      '/api/bp/:bp/step',
      {
        schema: {
          summary: 'Change or move a step of a service',
          tags,
          params: z.object({ bp: id }),
          body: updateStepBody,
          response: service,
        },
        config: { access, params: { bp: 'service_multi' }, body: { _id: 'service_step', ...stepBodyIds } },
      },
      async (req) => ({ result: await designer.updateStep(req.ctx, req.params.bp, req.body) }),
    );

    // —— Requests ——
    app.post(
      '/api/bp/start',
      {
        schema: {
          summary: 'Start a request of a service (its form checked against the service’s fields)',
          tags,
          body: startRequestBody,
          response: request,
        },
        config: { access, body: { tmpl: 'service', 'files[]': 'file' } },
      },
      async (req) => {
        const started = await requests.startRequest(req.ctx, req.body);
        return { result: await getRequest(req.ctx, started) };
      },
    );

    app.post(
      '/api/bp/:bp_id/pass_step',
      {
        schema: {
          summary: 'Accept, decline (with a reason) or acknowledge the current step of a request',
          tags,
          params: z.object({ bp_id: id }),
          body: passStepBody,
          response: request,
        },
        config: { access, params: { bp_id: 'bp' }, body: { step_id: 'bp_step' } },
      },
      async (req) => {
        await requests.passStep(req.ctx, req.params.bp_id, req.body);
        return { result: await getRequest(req.ctx, req.params.bp_id) };
      },
    );

    // Before `convert` (and the settings before it too): asks may start requests of the simple service the isolation
    // suite converts afterwards.
    app.post(
      '/api/user/send_service_req',
      {
        schema: {
          summary: 'Ask the office: a text with files, to the configured recipients or as a request',
          tags,
          body: serviceAskBody,
          response: { 200: serviceAskResult },
        },
        config: { access, body: { 'attachments[]': 'file' } },
      },
      async (req) => ask.sendAsk(req.ctx, req.body),
    );

    app.get(
      '/api/service_settings/:client_id',
      {
        schema: {
          summary: 'Where the "ask the office" requests go',
          tags,
          params: z.object({ client_id: id }),
          response: { 200: resultOf(serviceSettingsDto) },
        },
        config: { access },
      },
      async (req) => {
        assertOwnWorkspace(req.ctx, req.params.client_id);
        return { result: await ask.getSettings(req.ctx) };
      },
    );

    app.put(
      '/api/service_settings/:client_id',
      {
        schema: {
          summary: 'Choose who receives the "ask the office" requests, or the service they start',
          tags,
          params: z.object({ client_id: id }),
          body: serviceSettingsBody,
          response: { 200: resultOf(serviceSettingsDto) },
        },
        config: { access, body: { 'recipients[]': 'user', service: 'service' } },
      },
      async (req) => {
        assertOwnWorkspace(req.ctx, req.params.client_id);
        return { result: await ask.saveSettings(req.ctx, req.body) };
      },
    );

    app.post(
      '/api/bp/convert/:id',
      {
        schema: {
          summary: 'Turn a simple service into a multi-step one, or back',
          tags,
          params: idParams,
          body: convertServiceBody,
          response: service,
        },
        config: { access, params: { id: 'service' } },
      },
      async (req) => ({ result: await designer.convertService(req.ctx, req.params.id, req.body.type) }),
    );

    // Deletions in this order: a step of the multi-step service, then the other service.
    app.delete(
      '/api/bp/:bp/step/:step_id',
      {
        schema: {
          summary: 'Delete a step of a service',
          tags,
          params: z.object({ bp: id, step_id: id }),
          response: service,
        },
        config: { access, params: { bp: 'service_multi', step_id: 'service_step' } },
      },
      async (req) => ({ result: await designer.deleteStep(req.ctx, req.params.bp, req.params.step_id) }),
    );

    app.delete(
      '/api/bp/:id',
      {
        schema: {
          summary: 'Delete a service (its requests keep their form and steps)',
          tags,
          params: idParams,
          response: { 200: okResult },
        },
        config: { access, params: { id: 'service' } },
      },
      async (req) => ({ result: await designer.deleteService(req.ctx, req.params.id) }),
    );

    await startServiceDeadlines(platform, services, app.log);
  },
};
