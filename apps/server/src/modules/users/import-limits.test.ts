import { once } from 'node:events';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createHarness, type Harness, makeWorkspace } from '../../test/harness.js';
import { upload } from './isolation.js';
import { readSpreadsheet, SHEET_LIMITS, sheetReading } from './spreadsheet.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

async function xlsx(fill: (sheet: ExcelJS.Worksheet) => void): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  fill(workbook.addWorksheet('Sheet'));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('spreadsheet limits (import and load_hrm)', () => {
  it('refuses a tiny sheet with one cell at row 10,000 / column 100 at once, on both import paths', async () => {
    const ws = await makeWorkspace(h);
    const bytes = await xlsx((sheet) => {
      sheet.getCell(10_000, 100).value = 'far away';
    });
    expect(bytes.length).toBeLessThan(20_000);
    for (const path of ['/api/user/import', '/api/user/load_hrm']) {
      const fileId = await upload(h, ws.admin.token, 'far.xlsx', 'application/octet-stream', bytes);
      const res = await call(h, ws.admin, 'POST', path, { file_id: fileId });
      expect(res.statusCode, path).toBe(400);
      expect(res.json(), path).toMatchObject({
        code: 'spreadsheet_too_large',
        params: { rows: SHEET_LIMITS.rows, columns: SHEET_LIMITS.columns },
      });
    }
  });

  it('refuses sheets with too many columns or rows (XLSX and CSV)', async () => {
    const ws = await makeWorkspace(h);
    const wide = await xlsx((sheet) => {
      sheet.addRow(['firstName', 'lastName', 'email']);
      sheet.getCell(2, SHEET_LIMITS.columns + 1).value = 'x';
    });
    const header = 'firstName,lastName,email\n';
    const longCsv = header + 'Ann,Lee,bad\n'.repeat(SHEET_LIMITS.rows + 1);
    const wideCsv = `${header}${'x,'.repeat(SHEET_LIMITS.columns)}x\n`;
    for (const [name, bytes] of [
      ['wide.xlsx', wide],
      ['long.csv', Buffer.from(longCsv)],
      ['wide.csv', Buffer.from(wideCsv)],
    ] as const) {
      const fileId = await upload(h, ws.admin.token, name, 'application/octet-stream', bytes);
      const res = await call(h, ws.admin, 'POST', '/api/user/import', { file_id: fileId });
      expect(res.json().code, name).toBe('spreadsheet_too_large');
    }
    // Exactly at the limit is fine: every row is read (and reported, since "bad" is no e-mail).
    const atLimit = header + 'Ann,Lee,bad\n'.repeat(SHEET_LIMITS.rows);
    const fileId = await upload(h, ws.admin.token, 'limit.csv', 'text/csv', Buffer.from(atLimit));
    const res = await call(h, ws.admin, 'POST', '/api/user/import', { file_id: fileId });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.errors).toHaveLength(SHEET_LIMITS.rows);
  });

  it('stops a sheet that takes longer than the time limit', async () => {
    const bytes = await xlsx((sheet) => {
      sheet.addRow(['firstName', 'lastName', 'email']);
    });
    await expect(readSpreadsheet(bytes, 'import_file_invalid', { ...SHEET_LIMITS, timeMs: 1 })).rejects.toMatchObject({
      code: 'spreadsheet_too_slow',
    });
  });

  it('keeps answering other requests while a worker reads a big sheet', async () => {
    const ws = await makeWorkspace(h);
    const bytes = await xlsx((sheet) => {
      sheet.addRow(['firstName', 'lastName', 'email', 'position', 'department', 'city', 'about']);
      for (let r = 0; r < SHEET_LIMITS.rows; r++)
        sheet.addRow([`Name${r}`, `Last${r}`, `not-an-email-${r}`, 'Analyst', 'Finance', 'Riga', 'x'.repeat(40)]);
    });
    const fileId = await upload(h, ws.admin.token, 'big.xlsx', 'application/octet-stream', bytes);
    const order: string[] = [];
    const started = once(sheetReading, 'start');
    sheetReading.once('end', () => order.push('sheet read'));
    const importing = call(h, ws.admin, 'POST', '/api/user/import', { file_id: fileId });
    await started;
    // On the main thread this request would wait for the whole sheet; with the worker it answers meanwhile.
    const me = await call(h, ws.employee, 'GET', '/api/user/me');
    order.push('other request answered');
    expect(me.statusCode).toBe(200);
    const imported = await importing;
    expect(imported.statusCode).toBe(200);
    expect(imported.json().result.errors).toHaveLength(SHEET_LIMITS.rows);
    expect(order).toEqual(['other request answered', 'sheet read']);
  });
});
