import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { markersIn, openAnswer, type RawAnswer } from './answers.js';
import { comparable, firstDifference } from './normalise.js';

/** The suite opens an answer as its reader would before looking for the other workspace's markers (answers.ts). */
const MARK = 'A-mark-qwertyui';
const json = Buffer.from(JSON.stringify({ result: [{ title: `Handbook ${MARK}`, padding: 'x'.repeat(2000) }] }));
const answer = (body: Buffer, headers: Record<string, string> = {}): RawAnswer => ({
  statusCode: 200,
  headers: { 'content-type': 'application/json', ...headers },
  rawPayload: body,
});
const found = (res: RawAnswer) => markersIn(openAnswer(res), [MARK]);
const raw = (res: RawAnswer) => res.rawPayload.toString('utf8').includes(MARK);

async function workbook(rows: string[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('People');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('answers opened before the markers are looked for', () => {
  it('undoes the content-encoding: br, gzip and deflate', () => {
    for (const [encoding, bytes] of [
      ['br', brotliCompressSync(json)],
      ['gzip', gzipSync(json)],
      ['deflate', deflateSync(json)],
    ] as const) {
      const res = answer(bytes, { 'content-encoding': encoding });
      expect(raw(res), encoding).toBe(false);
      expect(found(res), encoding).toEqual([MARK]);
    }
  });

  it('reads every part of an xlsx workbook (a zip of XML), and a gzipped file', async () => {
    const xlsx = answer(await workbook([['lastName'], [MARK.toUpperCase()]]), { 'content-type': 'application/xlsx' });
    expect(raw(xlsx)).toBe(false);
    expect(found(xlsx)).toEqual([MARK]);
    const gz = answer(gzipSync(`title\n${MARK}\n`), { 'content-type': 'application/gzip' });
    expect(raw(gz)).toBe(false);
    expect(found(gz)).toEqual([MARK]);
  });

  it('unfolds an .ics calendar (lines fold at 75 octets, here inside the mark)', () => {
    const ics = 'BEGIN:VCALENDAR\r\nSUMMARY:Board meeting A-mark\r\n -qwer\r\n\ttyui\r\nEND:VCALENDAR\r\n';
    const res = answer(Buffer.from(ics), { 'content-type': 'text/calendar' });
    expect(raw(res)).toBe(false);
    expect(found(res)).toEqual([MARK]);
  });

  it('inflates the streams of a PDF, where its pages keep their text', () => {
    const page = deflateSync(`BT /F1 12 Tf (Salary of ${MARK}) Tj ET`);
    const pdf = Buffer.concat([
      Buffer.from(`%PDF-1.4\n1 0 obj << /Length ${page.length} /Filter /FlateDecode >>\nstream\n`),
      page,
      Buffer.from('\nendstream\nendobj\n%%EOF\n'),
    ]);
    const res = answer(pdf, { 'content-type': 'application/pdf' });
    expect(raw(res)).toBe(false);
    expect(found(res)).toEqual([MARK]);
  });

  it('compares two exports by content, forgetting only when the workbook was written', async () => {
    const first = openAnswer(answer(await workbook([['Eve']])));
    const again = openAnswer(answer(await workbook([['Eve']])));
    const more = openAnswer(answer(await workbook([['Eve'], ['Zebulon']])));
    expect(first.parts.find((p) => p.startsWith('docProps/core.xml'))).toMatch(/<dcterms:created[^>]*>\d{4}-/);
    expect(firstDifference(comparable(first), comparable(again))).toBeNull();
    expect(firstDifference(comparable(first), comparable(more))).not.toBeNull();
  });
});
