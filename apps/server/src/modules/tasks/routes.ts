// Modules §7 "Task board" (`GET/POST api/task`, `PUT api/task_tracker/{desk_id}/{lane_id}/add_task`,
// `PUT/DELETE api/task/{id}`, `DELETE api/task_tracker/{desk_id}/lane/{lane_id}`, `PUT …/move_task`, `PUT …/finish`)
// and the calls docs/api.md "Task tracker" adds: desks (list, create, read, settings, delete, restore), lanes
// (add, rename, reorder), a task's finish and reopen, the table view and its xlsx export.
import { id, okResult, resultOf } from '@hallway/shared';
import {
  deskBody,
  deskDto,
  deskListQuery,
  deskPage,
  deskUpdateBody,
  laneBody,
  laneDeleteQuery,
  laneOrderBody,
  laneUpdateBody,
  moveTaskBody,
  taskBody,
  taskCreateBody,
  taskDto,
  taskTablePage,
  taskTableQuery,
  taskUpdateBody,
} from '@hallway/shared/tasks';
import { z } from 'zod';
import type { ModuleRoutes } from '../../platform/http/module.js';
import * as cards from './cards.js';
import { startTaskDeadlines } from './deadlines.js';
import * as desks from './desks.js';
import { sendExport } from './excel.js';
import * as table from './table.js';

const tags = ['tasks'];
const access = { right: 'task_tracker' } as const;
const desk = { 200: resultOf(deskDto) };
const task = { 200: resultOf(taskDto) };
const deskParams = z.object({ desk_id: id });
const laneParams = z.object({ desk_id: id, lane_id: id });
const taskParams = z.object({ id });
const deskKinds = { desk_id: 'desk' };
const laneKinds = { desk_id: 'desk', lane_id: 'lane' };
const taskKinds = { id: 'task' };
/** The ids a task's body names, by kind (the isolation suite fills them). */
const taskBodyIds = {
  performer: 'user',
  'co_performers[]': 'user',
  'observers[]': 'user',
  'mentions[]': 'user',
  'files[]': 'file',
};
const deskBodyIds = { 'admins[]': 'user', 'members[]': 'user', project: 'project' };

export const tasksModule: ModuleRoutes = {
  name: 'tasks',
  async routes(app, platform, services) {
    // —— Desks ——
    app.get(
      '/api/task_tracker/desks',
      {
        schema: {
          summary: 'Desks: mine (owner or administrator), shared with me (member, open desks), or a project’s',
          tags,
          querystring: deskListQuery,
          response: { 200: deskPage },
        },
        config: { access, query: { project: 'project' } },
      },
      async (req) => desks.listDesks(req.ctx, req.query),
    );

    app.post(
      '/api/task_tracker/desk',
      {
        schema: { summary: 'Create a desk, empty or from the template', tags, body: deskBody, response: desk },
        config: { access: { right: 'desk_add' }, body: deskBodyIds },
      },
      async (req) => ({ result: await desks.createDesk(req.ctx, req.body) }),
    );

    app.get(
      '/api/task_tracker/:desk_id',
      {
        schema: {
          summary: 'A desk as the kanban shows it: lanes in order with their cards in order',
          tags,
          params: deskParams,
          response: desk,
        },
        config: { access, params: deskKinds },
      },
      async (req) => ({ result: await desks.getDesk(req.ctx, req.params.desk_id) }),
    );

    app.put(
      '/api/task_tracker/:desk_id',
      {
        schema: {
          summary: 'Change a desk’s settings and people',
          tags,
          params: deskParams,
          body: deskUpdateBody,
          response: desk,
        },
        config: { access, params: deskKinds, body: { ...deskBodyIds, owner: 'user' } },
      },
      async (req) => ({ result: await desks.updateDesk(req.ctx, req.params.desk_id, req.body) }),
    );

    app.delete(
      '/api/task_tracker/:desk_id',
      {
        schema: {
          summary: 'Delete a desk with its lanes and cards',
          tags,
          params: deskParams,
          response: { 200: okResult },
        },
        config: { access, params: { desk_id: 'desk_spare' } },
      },
      async (req) => ({ result: await desks.deleteDesk(req.ctx, req.params.desk_id) }),
    );

    app.put(
      '/api/task_tracker/:desk_id/finish',
      {
        schema: { summary: 'Finish a desk and all its tasks', tags, params: deskParams, response: desk },
        config: { access, params: { desk_id: 'desk_finish' } },
      },
      async (req) => ({ result: await desks.finishDesk(req.ctx, req.params.desk_id) }),
    );

    app.put(
      '/api/task_tracker/:desk_id/restore',
      {
        schema: {
          summary: 'Restore a finished desk (the tasks its finish finished are reopened)',
          tags,
          params: deskParams,
          response: desk,
        },
        config: { access, params: { desk_id: 'desk_finish' } },
      },
      async (req) => ({ result: await desks.restoreDesk(req.ctx, req.params.desk_id) }),
    );

    // —— Lanes ——
    app.post(
      '/api/task_tracker/:desk_id/lane',
      {
        schema: { summary: 'Add a lane at the end', tags, params: deskParams, body: laneBody, response: desk },
        config: { access, params: deskKinds },
      },
      async (req) => ({ result: await desks.addLane(req.ctx, req.params.desk_id, req.body) }),
    );

    app.put(
      '/api/task_tracker/:desk_id/lane/:lane_id',
      {
        schema: {
          summary: 'Rename a lane or say whether it is a done lane',
          tags,
          params: laneParams,
          body: laneUpdateBody,
          response: desk,
        },
        config: { access, params: laneKinds },
      },
      async (req) => ({
        result: await desks.updateLane(req.ctx, req.params.desk_id, req.params.lane_id, req.body),
      }),
    );

    app.put(
      '/api/task_tracker/:desk_id/lanes',
      {
        schema: {
          summary: 'Reorder the lanes (every lane of the desk once)',
          tags,
          params: deskParams,
          body: laneOrderBody,
          response: desk,
        },
        config: { access, params: deskKinds, body: { 'lanes[]': 'lane' } },
      },
      async (req) => ({ result: await desks.orderLanes(req.ctx, req.params.desk_id, req.body.lanes) }),
    );

    app.delete(
      '/api/task_tracker/:desk_id/lane/:lane_id',
      {
        schema: {
          summary: 'Delete a lane; its cards go to the end of the lane `move_to`',
          tags,
          params: laneParams,
          querystring: laneDeleteQuery,
          response: desk,
        },
        config: { access, params: { desk_id: 'desk', lane_id: 'lane_spare' }, query: { move_to: 'lane_other' } },
      },
      async (req) => ({
        result: await desks.deleteLane(req.ctx, req.params.desk_id, req.params.lane_id, req.query.move_to),
      }),
    );

    // —— Tasks ——
    app.put(
      '/api/task_tracker/:desk_id/:lane_id/add_task',
      {
        schema: {
          summary: 'Add a card at the end of a lane',
          tags,
          params: laneParams,
          body: taskBody,
          response: task,
        },
        config: { access, params: laneKinds, body: taskBodyIds },
      },
      async (req) => ({
        result: await cards.createTask(req.ctx, req.params.desk_id, req.params.lane_id, req.body),
      }),
    );

    app.post(
      '/api/task',
      {
        schema: {
          summary: 'Create a card on a desk (its first lane unless `lane` says)',
          tags,
          body: taskCreateBody,
          response: task,
        },
        config: { access, body: { ...taskBodyIds, desk: 'desk', lane: 'lane' } },
      },
      async (req) => ({
        result: await cards.createTask(req.ctx, req.body.desk, req.body.lane ?? null, req.body),
      }),
    );

    app.get(
      '/api/task/:id',
      {
        schema: { summary: 'A task with its people, files and history', tags, params: taskParams, response: task },
        config: { access, params: taskKinds },
      },
      async (req) => ({ result: await cards.getTask(req.ctx, req.params.id) }),
    );

    app.put(
      '/api/task/:id',
      {
        schema: {
          summary: 'Change a task (with the version read: 409 `task_version_conflict` when it is stale)',
          tags,
          params: taskParams,
          body: taskUpdateBody,
          response: task,
        },
        config: { access, params: taskKinds, body: taskBodyIds },
      },
      async (req) => ({ result: await cards.updateTask(req.ctx, req.params.id, req.body) }),
    );

    app.delete(
      '/api/task/:id',
      {
        schema: { summary: 'Delete a task', tags, params: taskParams, response: { 200: okResult } },
        config: { access, params: { id: 'task_spare' } },
      },
      async (req) => ({ result: await cards.deleteTask(req.ctx, req.params.id) }),
    );

    app.put(
      '/api/task/:id/finish',
      {
        schema: { summary: 'Finish a task where it stands', tags, params: taskParams, response: task },
        config: { access, params: taskKinds },
      },
      async (req) => ({ result: await cards.setTaskStatus(req.ctx, req.params.id, true) }),
    );

    app.put(
      '/api/task/:id/reopen',
      {
        schema: { summary: 'Reopen a finished task', tags, params: taskParams, response: task },
        config: { access, params: taskKinds },
      },
      async (req) => ({ result: await cards.setTaskStatus(req.ctx, req.params.id, false) }),
    );

    app.put(
      '/api/task_tracker/:desk_id/move_task',
      {
        schema: {
          summary: 'Move a card to a place of a lane of the desk (409 `task_move_confirm_*` until confirmed)',
          tags,
          params: deskParams,
          body: moveTaskBody,
          response: {
            200: resultOf(
              z.object({ _id: z.string(), lane: z.string(), status: z.enum(['open', 'done']), version: z.number() }),
            ),
          },
        },
        config: {
          access,
          params: deskKinds,
          body: { task: 'task', lane: 'lane', before: 'task_other', after: 'task_other' },
        },
      },
      async (req) => ({ result: await cards.moveTask(req.ctx, req.params.desk_id, req.body) }),
    );

    // —— The table view ——
    app.get(
      '/api/task_tracker/:desk_id/table',
      {
        schema: {
          summary: 'The desk’s cards as a table: sort, filters, paging',
          tags,
          params: deskParams,
          querystring: taskTableQuery,
          response: { 200: taskTablePage },
        },
        config: { access, params: deskKinds, query: { performer: 'user', lane: 'lane' } },
      },
      async (req) => table.tableRows(req.ctx, req.params.desk_id, req.query),
    );

    app.get(
      '/api/task_tracker/:desk_id/excel',
      {
        schema: {
          summary: 'The table view as an xlsx workbook (the same filters and sort)',
          tags,
          params: deskParams,
          querystring: taskTableQuery,
        },
        config: { access, params: deskKinds, query: { performer: 'user', lane: 'lane' } },
      },
      async (req, reply) => sendExport(reply, await table.exportRows(req.ctx, req.params.desk_id, req.query)),
    );

    await startTaskDeadlines(platform, services, app.log);
  },
};
