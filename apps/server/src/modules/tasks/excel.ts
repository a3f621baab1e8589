// The table view's xlsx export (`GET api/task_tracker/{desk_id}/excel`): one row per card, the table's columns.
import type { FastifyReply } from 'fastify';
import { exportRow, loadExcel, XLSX_MIME } from '../../platform/files/sheet-cells.js';
import { contentDisposition } from '../files/index.js';
import type { exportRows } from './table.js';

/** Words of the workbook (it has one language: the export is a file, not a page). */
const STATUS = { open: 'Open', done: 'Done' } as const;

export async function sendExport(reply: FastifyReply, data: Awaited<ReturnType<typeof exportRows>>) {
  const Excel = await loadExcel();
  const workbook = new Excel.Workbook();
  workbook.creator = 'Hallway';
  const sheet = workbook.addWorksheet('Tasks', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: 'Task', key: 'name', width: 40 },
    { header: 'Lane', key: 'lane', width: 18 },
    { header: 'Status', key: 'status', width: 10 },
    { header: 'Performer', key: 'performer', width: 28 },
    { header: 'Priority', key: 'priority', width: 10 },
    { header: 'Plan date', key: 'plan_date', width: 12 },
    { header: 'Plan hours', key: 'plan_hours', width: 10 },
    { header: 'Actual hours', key: 'actual_hours', width: 10 },
    { header: 'Period start', key: 'period_start', width: 12 },
    { header: 'Period end', key: 'period_end', width: 12 },
    { header: 'Checklist', key: 'progress', width: 10 },
    { header: 'Tags', key: 'tags', width: 30 },
    { header: 'Created', key: 'created', width: 22 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const row of data.rows) {
    sheet.addRow(
      exportRow({
        name: row.name,
        lane: row.lane_name,
        status: STATUS[row.status],
        performer: row.performer_card?.name ?? '',
        priority: row.priority,
        plan_date: row.plan_date ?? '',
        plan_hours: row.plan_hours ?? '',
        actual_hours: row.actual_hours ?? '',
        period_start: row.period_start ?? '',
        period_end: row.period_end ?? '',
        progress: row.progress.total ? `${row.progress.done}/${row.progress.total}` : '',
        tags: row.tags.join(', '),
        created: row.created,
      }),
    );
  }
  const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
  return reply
    .type(XLSX_MIME)
    .header('Content-Disposition', contentDisposition(XLSX_MIME, `desk-${data.desk.id}.xlsx`))
    .header('Cache-Control', 'no-store')
    .send(bytes);
}
