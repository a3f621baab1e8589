// Portal §7 Users → Vacations, §5 Vacation, §8 edit_vac_error / del_vac_error; /vacations of §2.
import {
  holidaysDto,
  holidaysQuery,
  holidaysUpdate,
  id,
  personVacations,
  resultOf,
  vacationCalendarPage,
  vacationCalendarQuery,
  vacationChart,
  vacationChartQuery,
  vacationCreate,
  vacationDecision,
  vacationDto,
  vacationRequestsPage,
  vacationsAway,
  vacationUpdate,
} from '@hallway/shared';
import { z } from 'zod';
import { invalidFields } from '../../platform/errors/app-error.js';
import { XLSX_MIME } from '../../platform/files/sheet-cells.js';
import type { ModuleRoutes } from '../../platform/http/module.js';
import { contentDisposition } from '../files/index.js';
import { chart, exportChart } from './chart.js';
import { holidaysOf, replaceHolidays } from './holidays.js';
import * as service from './service.js';

const tags = ['vacations'];
const access = { right: 'vacations' } as const;
const vacationResult = { 200: resultOf(vacationDto) };
const chartQueryKinds = { dept: 'department' };

export const vacationsModule: ModuleRoutes = {
  name: 'vacations',
  routes(app) {
    app.get(
      '/api/user/vacations',
      {
        schema: {
          tags,
          summary: 'The absence chart',
          querystring: vacationChartQuery,
          response: { 200: vacationChart },
        },
        config: { access, query: chartQueryKinds },
      },
      async (req) => chart(req.ctx, req.query),
    );

    app.get(
      '/api/user/vacations/export',
      {
        schema: {
          tags,
          summary: 'The absence chart as an xlsx workbook (streamed)',
          querystring: vacationChartQuery.omit({ page: true }),
        },
        config: { access, query: chartQueryKinds },
      },
      async (req, reply) => {
        const workbook = await exportChart(req.ctx, { ...req.query, page: 0 });
        return reply
          .type(XLSX_MIME)
          .header('Content-Disposition', contentDisposition(XLSX_MIME, workbook.name))
          .header('Cache-Control', 'no-store')
          .send(workbook.stream);
      },
    );

    app.get(
      '/api/vacations/calendar',
      {
        schema: {
          tags,
          summary: 'Approved vacations crossing a range (the calendar layer)',
          querystring: vacationCalendarQuery,
          response: { 200: vacationCalendarPage },
        },
        config: { access, query: { from: 'vacation_from', to: 'vacation_to' } },
      },
      async (req) => service.calendarRange(req.ctx, req.query.from, req.query.to, req.query.page),
    );

    app.get(
      '/api/user/vacations/away',
      {
        schema: { tags, summary: 'Who is on an approved vacation today', response: { 200: vacationsAway } },
        config: { access },
      },
      async (req) => service.awayToday(req.ctx),
    );

    app.get(
      '/api/user/vacations/requests',
      {
        schema: {
          tags,
          summary: 'Vacation requests waiting for a decision',
          querystring: z.object({ page: z.coerce.number().int().min(0).default(0) }),
          response: { 200: vacationRequestsPage },
        },
        config: { access },
      },
      async (req) => service.pendingRequests(req.ctx, req.query.page),
    );

    app.get(
      '/api/user/:id/vacations',
      {
        schema: { tags, summary: "A person's vacations", params: z.object({ id }), response: { 200: personVacations } },
        config: { access, params: { id: 'user' } },
      },
      async (req) => service.personVacations(req.ctx, req.params.id),
    );

    app.post(
      '/api/user/vacation',
      {
        schema: { tags, summary: 'Request or record a vacation', body: vacationCreate, response: vacationResult },
        config: { access, body: { user: 'user' } },
      },
      async (req) => ({ result: await service.createVacation(req.ctx, req.body) }),
    );

    app.put(
      '/api/user/vacation/:id',
      {
        schema: {
          tags,
          summary: 'Change a vacation',
          params: z.object({ id }),
          body: vacationUpdate,
          response: vacationResult,
        },
        config: { access, params: { id: 'vacation' }, body: { _id: 'vacation' } },
      },
      async (req) => {
        if (req.body._id !== req.params.id) throw invalidFields({ _id: 'validation' });
        return { result: await service.updateVacation(req.ctx, req.params.id, req.body) };
      },
    );

    app.put(
      '/api/user/vacation/:id/decision',
      {
        schema: {
          tags,
          summary: 'Approve or reject a vacation request',
          params: z.object({ id }),
          body: vacationDecision,
          response: vacationResult,
        },
        config: { access, params: { id: 'vacation_request' } },
      },
      async (req) => ({ result: await service.decideVacation(req.ctx, req.params.id, req.body) }),
    );

    app.delete(
      '/api/user/vacation/:user/:id',
      {
        schema: { tags, summary: 'Delete a vacation', params: z.object({ user: id, id }), response: vacationResult },
        config: { access, params: { user: 'vacation_owner', id: 'vacation' } },
      },
      async (req) => ({ result: await service.cancelVacation(req.ctx, req.params.user, req.params.id) }),
    );

    app.get(
      '/api/vacations/holidays',
      {
        schema: {
          tags,
          summary: "The workspace's public holidays",
          querystring: holidaysQuery,
          response: { 200: holidaysDto },
        },
        config: { access },
      },
      async (req) => holidaysOf(req.ctx, req.query.year),
    );

    app.put(
      '/api/vacations/holidays',
      {
        schema: {
          tags,
          summary: "Set the workspace's public holidays (administrators)",
          body: holidaysUpdate,
          response: { 200: holidaysDto },
        },
        config: { access },
      },
      async (req) => replaceHolidays(req.ctx, req.body),
    );
  },
};
