// Spec portal §2 employees administration, §4 export, §7 "Users" (export, load_hrm, reset_to_hrm), §8 HR errors.
import {
  BULK_USERS_MAX,
  bulkUsersBody,
  bulkUsersResult,
  exportSelectedBody,
  fileIdBody,
  hrmReport,
  id,
  importReport,
  LANGS,
  type Lang,
  resetToHrmBody,
  resultOf,
  userDto,
} from '@hallway/shared';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { XLSX_MIME } from '../../platform/files/sheet-cells.js';
import type { App } from '../../platform/http/module.js';
import type { Platform } from '../../platform/index.js';
import { contentDisposition } from '../files/index.js';
import { announce } from './announce.js';
import { bulkUsers } from './bulk.js';
import { loadHrm, resetToHrm } from './hrm.js';
import * as service from './service.js';
import { importTemplate } from './template.js';
import { exportAll, exportOne, exportSelected, importEmployees, type Workbook } from './transfer.js';

const idParams = z.object({ id });

function sendWorkbook(reply: FastifyReply, workbook: Workbook) {
  return reply
    .type(XLSX_MIME)
    .header('Content-Disposition', contentDisposition(XLSX_MIME, workbook.name))
    .header('Cache-Control', 'no-store')
    .send(workbook.bytes);
}

const xlsxAnswer = 'An xlsx workbook (Content-Disposition: attachment); the columns are those the import reads.';

export function adminRoutes(app: App, platform: Platform): void {
  app.post(
    '/api/user/export/:id',
    {
      schema: { tags: ['users'], summary: 'Export one employee to xlsx', description: xlsxAnswer, params: idParams },
      config: { access: { role: 'admin' } },
    },
    async (req, reply) => sendWorkbook(reply, await exportOne(req.ctx, req.params.id)),
  );

  app.post(
    '/api/user/export/all/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'Export every employee of the workspace to xlsx (`id` is the workspace)',
        description: xlsxAnswer,
        params: idParams,
      },
      config: { access: { role: 'admin' }, params: { id: 'client' } },
    },
    async (req, reply) => sendWorkbook(reply, await exportAll(req.ctx, req.params.id)),
  );

  app.post(
    '/api/user/export/selected',
    {
      schema: {
        tags: ['users'],
        summary: 'Export the chosen employees to xlsx',
        description: `${xlsxAnswer} At most ${BULK_USERS_MAX} ids; an id of nobody in the workspace: 404 \`user_not_found\`.`,
        body: exportSelectedBody,
      },
      config: { access: { role: 'admin' }, body: { 'ids[]': 'user' } },
    },
    async (req, reply) => sendWorkbook(reply, await exportSelected(req.ctx, req.body.ids)),
  );

  app.post(
    '/api/user/bulk',
    {
      schema: {
        tags: ['users'],
        summary: 'One action over chosen employees (the employees list’s selection)',
        description:
          `\`action\`: block / unblock (soft delete and restore), resend_invitation, grant_role / revoke_role ` +
          '(with `role`), set_rights (with `rights`), approve / decline (newcomers waiting for approval). ' +
          `\`ids\`: 1 to ${BULK_USERS_MAX} people of the workspace. Every person goes through the rules of the ` +
          'one-by-one route, all in one transaction; the answer lists per id `ok` or the refusal `code` ' +
          '(`cannot_delete_self`, `cannot_change_admin`, `not_invited`, `not_pending`, …). An id of nobody in the ' +
          'workspace refuses the whole call: 404 `user_not_found`, nothing done.',
        body: bulkUsersBody,
        response: { 200: bulkUsersResult },
      },
      config: { access: { role: 'admin' }, body: { 'ids[]': 'user' } },
    },
    async (req) => ({ result: await bulkUsers(platform, req.ctx, req.body) }),
  );

  app.get(
    '/api/user/import/template',
    {
      schema: {
        tags: ['users'],
        summary: 'Download an xlsx template for POST /api/user/import',
        description:
          'The columns the import reads (firstName, lastName, email first), an example row, and notes on the header ' +
          "cells in the caller's language.",
      },
      config: { access: { role: 'admin' } },
    },
    async (req, reply) => {
      const own = req.ctx.me().lang;
      const lang: Lang =
        own && (LANGS as readonly string[]).includes(own) ? (own as Lang) : platform.config.defaultLang;
      return sendWorkbook(reply, { name: 'employees-import-template.xlsx', bytes: await importTemplate(lang) });
    },
  );

  app.post(
    '/api/user/import',
    {
      schema: {
        tags: ['users'],
        summary: 'Import employees from an uploaded XLSX or CSV sheet',
        description:
          'Upload the sheet with POST /api/upload first, then send its id. The header row names the columns ' +
          '(those of the export, plus `password`); each data row goes through the rules of POST /api/register_many. ' +
          'Rows are numbered as in the sheet (the first data row is 2). An unreadable file: 400 `import_file_invalid`; ' +
          'more than 5,000 rows or 64 columns: 400 `spreadsheet_too_large`; not read in 30 s: 400 `spreadsheet_too_slow`.',
        body: fileIdBody,
        response: { 200: resultOf(importReport) },
      },
      // Streaming: the sheet is read in a worker while no transaction is held (transfer.ts inOwnWorkspace).
      config: { access: { role: 'admin', streaming: true } },
    },
    async (req) => ({ result: await importEmployees(platform, req.ctx, req.body.file_id) }),
  );

  app.post(
    '/api/user/load_hrm',
    {
      schema: {
        tags: ['users'],
        summary: "Load employees from an HR system's export (XLSX or CSV), keyed by INN",
        description:
          'Upload the file with POST /api/upload first, then send its id. Rows need a 10-digit `inn`; a row whose ' +
          'INN names an employee updates them, any other creates one (firstName, lastName, email needed). Each ' +
          'employee keeps their row for POST /api/user/reset_to_hrm. An unreadable file or one without an INN ' +
          'column: 400 `loading_hrm_error`.',
        body: fileIdBody,
        response: { 200: resultOf(hrmReport) },
      },
      config: { access: { role: 'admin', streaming: true } },
    },
    async (req) => ({ result: await loadHrm(platform, req.ctx, req.body.file_id) }),
  );

  app.post(
    '/api/user/reset_to_hrm',
    {
      schema: {
        tags: ['users'],
        summary: "Restore an employee's fields from the last HR-system import",
        description: 'Someone never imported: 400 `reseting_hrm_error`.',
        body: resetToHrmBody,
        response: { 200: resultOf(userDto) },
      },
      config: { access: { role: 'admin' } },
    },
    async (req) => ({
      result: announce(
        platform,
        req.ctx,
        await service.presentOne(req.ctx, await resetToHrm(req.ctx, req.body.user_id)),
      ),
    }),
  );
}
