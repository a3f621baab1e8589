// Modules §7 "Polls" (and the calls docs/api.md "Polls" adds: answers, the results' table and "not passed", remind,
// copy); §3 Poll, §4 finish, §5 Poll, §6 Polls.
import { id, okResult, resultOf } from '@hallway/shared';
import {
  createPollBody,
  pollAnswersBody,
  pollCopy,
  pollDto,
  pollListQuery,
  pollPage,
  pollPageQuery,
  pollPeoplePage,
  pollResults,
  pollTablePage,
  updatePollBody,
} from '@hallway/shared/polls';
import { z } from 'zod';
import { assertOwnWorkspace } from '../../platform/access/tenancy.js';
import { exportRow, loadExcel, XLSX_MIME } from '../../platform/files/sheet-cells.js';
import type { ModuleRoutes } from '../../platform/http/module.js';
import { contentDisposition } from '../files/index.js';
import { startPollDeadlines } from './deadlines.js';
import * as service from './service.js';

const tags = ['polls'];
const access = { signedIn: true } as const;
const idParams = z.object({ id });
const one = { 200: resultOf(pollDto) };

export const pollsModule: ModuleRoutes = {
  name: 'polls',
  async routes(app, platform, services) {
    app.get(
      '/api/user/:clientId/polls/access_for/:userId',
      {
        schema: {
          summary: 'The polls a person may read (active, finished or all), newest first, paged',
          tags,
          params: z.object({ clientId: id, userId: id }),
          querystring: pollListQuery,
          response: { 200: pollPage },
        },
        config: { access },
      },
      async (req) => {
        assertOwnWorkspace(req.ctx, req.params.clientId);
        return service.listFor(req.ctx, req.params.userId, req.query);
      },
    );

    app.get(
      '/api/poll/:id',
      {
        schema: {
          summary: "A poll with its questions and the caller's own answers",
          tags,
          params: idParams,
          response: one,
        },
        config: { access },
      },
      async (req) => ({ result: await service.getPoll(req.ctx, req.params.id) }),
    );

    app.get(
      '/api/poll/:id/copy',
      {
        schema: {
          summary: 'A new poll’s body made of an existing one, for the editor (nothing is saved)',
          tags,
          params: idParams,
          response: { 200: resultOf(pollCopy) },
        },
        config: { access },
      },
      async (req) => ({ result: await service.copyOf(req.ctx, req.params.id) }),
    );

    app.get(
      '/api/poll/:id/results',
      {
        schema: {
          summary: 'The general results: counts per answer, ranges with the mean, texts, the response rate',
          tags,
          params: idParams,
          response: { 200: resultOf(pollResults) },
        },
        config: { access },
      },
      async (req) => ({ result: await service.results(req.ctx, req.params.id) }),
    );

    app.get(
      '/api/poll/:id/results/table',
      {
        schema: {
          summary: 'The results table: one row per response (no names in anonymous polls), paged',
          tags,
          params: idParams,
          querystring: pollPageQuery,
          response: { 200: pollTablePage },
        },
        config: { access },
      },
      async (req) => service.table(req.ctx, req.params.id, req.query.page),
    );

    app.get(
      '/api/poll/:id/results/not_passed',
      {
        schema: {
          summary: 'The recipients who have not answered, paged',
          tags,
          params: idParams,
          querystring: pollPageQuery,
          response: { 200: pollPeoplePage },
        },
        config: { access },
      },
      async (req) => service.notPassed(req.ctx, req.params.id, req.query.page),
    );

    app.get(
      '/api/poll/:poll_id/excel',
      {
        schema: {
          summary: 'The results table as an xlsx workbook (the same columns)',
          description:
            '`uid` is the person the export is for: the caller, or anyone of the workspace for administrators.',
          tags,
          params: z.object({ poll_id: id }),
          querystring: z.object({ uid: id }),
        },
        config: { access, query: { uid: 'user' } },
      },
      async (req, reply) => {
        const { row, names, rows } = await service.exportRows(req.ctx, req.params.poll_id, req.query.uid);
        const Excel = await loadExcel();
        const workbook = new Excel.Workbook();
        workbook.creator = 'Hallway';
        const sheet = workbook.addWorksheet('Responses', { views: [{ state: 'frozen', ySplit: 1 }] });
        sheet.columns = [
          ...(names
            ? [
                { header: 'Name', key: '_name', width: 28 },
                { header: 'Answered', key: '_answered', width: 22 },
              ]
            : []),
          ...row.questions.map((q) => ({ header: q.text, key: `q_${q.id}`, width: 30 })),
        ];
        sheet.getRow(1).font = { bold: true };
        for (const r of rows) {
          sheet.addRow(
            exportRow({
              ...(names ? { _name: r.person?.name ?? '', _answered: r.answered ?? '' } : {}),
              ...Object.fromEntries(row.questions.map((q) => [`q_${q.id}`, r.answers[q.id] ?? ''])),
            }),
          );
        }
        const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
        return reply
          .type(XLSX_MIME)
          .header('Content-Disposition', contentDisposition(XLSX_MIME, `poll-${row.id}.xlsx`))
          .header('Cache-Control', 'no-store')
          .send(bytes);
      },
    );

    app.post(
      '/api/poll',
      {
        schema: {
          summary: 'Create and publish a poll (its recipients are told)',
          tags,
          body: createPollBody,
          response: one,
        },
        config: { access },
      },
      async (req) => ({ result: await service.createPoll(req.ctx, req.body) }),
    );

    app.put(
      '/api/poll/:id',
      {
        schema: { summary: 'Change a poll', tags, params: idParams, body: updatePollBody, response: one },
        config: { access },
      },
      async (req) => ({ result: await service.updatePoll(req.ctx, req.params.id, req.body) }),
    );

    app.post(
      '/api/poll/:id/answers',
      {
        schema: {
          summary: "Submit the caller's answers (or replace them, where the poll allows it)",
          tags,
          params: idParams,
          body: pollAnswersBody,
          response: one,
        },
        config: { access },
      },
      async (req) => ({ result: await service.answerPoll(req.ctx, req.params.id, req.body) }),
    );

    app.post(
      '/api/poll/:id/remind',
      {
        schema: {
          summary: 'Remind the recipients who have not answered',
          tags,
          params: idParams,
          response: { 200: resultOf(z.object({ reminded: z.number().int() })) },
        },
        config: { access },
      },
      async (req) => ({ result: await service.remind(req.ctx, req.params.id) }),
    );

    app.put(
      '/api/poll/:id/finish',
      {
        schema: { summary: 'Finish a poll: answering is over', tags, params: idParams, response: one },
        config: { access },
      },
      async (req) => ({ result: await service.finishPoll(req.ctx, req.params.id) }),
    );

    app.delete(
      '/api/poll/:id',
      {
        schema: { summary: 'Delete a poll with its answers', tags, params: idParams, response: { 200: okResult } },
        config: { access },
      },
      async (req) => ({ result: await service.deletePoll(req.ctx, req.params.id) }),
    );

    await startPollDeadlines(platform, services, app.log);
  },
};
