// The table tab's xlsx export (`GET api/bp/{id}/excel`): one row per request, the table's columns then the form's.

import type { FastifyReply } from 'fastify';
import { exportRow, loadExcel, XLSX_MIME } from '../../platform/files/sheet-cells.js';
import { contentDisposition } from '../files/index.js';
import type { exportRows } from './table.js';

/** Status words of the workbook (it has one language: the export is a file, not a page). */
const STATUS = { active: 'In progress', success: 'Done', rejected: 'Declined' } as const;

export async function sendExport(reply: FastifyReply, data: Awaited<ReturnType<typeof exportRows>>) {
  const Excel = await loadExcel();
  const workbook = new Excel.Workbook();
  workbook.creator = 'Hallway';
  const sheet = workbook.addWorksheet('Requests', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: 'Requester', key: '_requester', width: 28 },
    { header: 'Started', key: '_created', width: 22 },
    { header: 'Status', key: '_status', width: 14 },
    { header: 'Step', key: '_step', width: 24 },
    { header: 'Performers', key: '_performers', width: 30 },
    { header: 'Due', key: '_due', width: 12 },
    { header: 'Finished', key: '_finished', width: 22 },
    ...data.fields.map((f) => ({ header: f.name, key: `f_${f.key}`, width: 30 })),
  ];
  sheet.getRow(1).font = { bold: true };
  for (const row of data.rows) {
    sheet.addRow(
      exportRow({
        _requester: row.requester.name,
        _created: row.created,
        _status: STATUS[row.status],
        _step: row.step?.name ?? '',
        _performers: row.step?.performers.map((p) => p.name).join('; ') ?? '',
        _due: row.due_date ?? '',
        _finished: row.finished_at ?? '',
        ...Object.fromEntries(data.fields.map((f) => [`f_${f.key}`, row.values[f.key] ?? ''])),
      }),
    );
  }
  const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
  return reply
    .type(XLSX_MIME)
    .header('Content-Disposition', contentDisposition(XLSX_MIME, `service-${data.service.id}.xlsx`))
    .header('Cache-Control', 'no-store')
    .send(bytes);
}
