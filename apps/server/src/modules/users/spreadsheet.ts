// Employee spreadsheets (import, HR-system files, export): XLSX through exceljs, CSV read here.
import type { Readable } from 'node:stream';
import type { MessageCode } from '@hallway/shared';
import ExcelJS from 'exceljs';
import { AppError } from '../../platform/errors/app-error.js';

/** Bigger than any real employee list; a spreadsheet is read whole into memory. */
export const SPREADSHEET_MAX_BYTES = 10 * 1024 * 1024;
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The columns of an employee sheet, in export order; import reads the same names (case, spaces and _ ignored). */
export const EMPLOYEE_COLUMNS = [
  'login',
  'email',
  'firstName',
  'middleName',
  'lastName',
  'birthDate',
  'phone',
  'internalPhone',
  'organization',
  'inn',
  'kpp',
  'position',
  'cabinet',
  'chiefCode',
  'department',
  'workingSince',
  'gender',
  'vacationDays',
  'city',
  'telegram',
  'statusText',
  'about',
  'password',
] as const;

/** Other names HR systems and people give these columns (English and Russian), normalised like headers. */
const ALIASES: Record<string, (typeof EMPLOYEE_COLUMNS)[number]> = {
  name: 'firstName',
  имя: 'firstName',
  surname: 'lastName',
  фамилия: 'lastName',
  patronymic: 'middleName',
  отчество: 'middleName',
  mail: 'email',
  почта: 'email',
  телефон: 'phone',
  mobile: 'phone',
  должность: 'position',
  отдел: 'department',
  подразделение: 'department',
  город: 'city',
  инн: 'inn',
  кпп: 'kpp',
  организация: 'organization',
  датарождения: 'birthDate',
  birthday: 'birthDate',
  датаприема: 'workingSince',
  hired: 'workingSince',
  пол: 'gender',
};

const normalise = (header: string) => header.toLowerCase().replace(/[\s_.\-ё]/g, (c) => (c === 'ё' ? 'е' : ''));
const CANONICAL = new Map<string, string>([
  ...EMPLOYEE_COLUMNS.map((c) => [normalise(c), c] as [string, string]),
  ...Object.entries(ALIASES),
]);

/** The field a header names, or null for a column nobody reads. */
export function columnOf(header: string): string | null {
  return CANONICAL.get(normalise(header.trim())) ?? null;
}

export interface SheetRow {
  /** The row's number in the sheet (the header is row 1). */
  row: number;
  values: Record<string, unknown>;
}

/** Reads a stored file whole, refusing one past the limit before it is all in memory. */
export async function readAll(stream: Readable, limit = SPREADSHEET_MAX_BYTES): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > limit) {
      stream.destroy();
      throw new AppError(413, 'file_too_big');
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * The data rows of the first sheet of an XLSX file or a CSV file (comma, semicolon or tab; UTF-8), keyed by the
 * fields their headers name. Empty rows are skipped. Anything unreadable answers `code` (400).
 */
export async function readSpreadsheet(bytes: Buffer, code: MessageCode): Promise<SheetRow[]> {
  const isZip = bytes.length > 3 && bytes[0] === 0x50 && bytes[1] === 0x4b;
  let table: unknown[][];
  try {
    table = isZip ? await readXlsx(bytes) : readCsv(bytes);
  } catch {
    throw new AppError(400, code);
  }
  const [header = [], ...data] = table;
  const columns = header.map((h) => (typeof h === 'string' ? columnOf(h) : null));
  if (!columns.some(Boolean)) throw new AppError(400, code);
  const rows: SheetRow[] = [];
  data.forEach((cells, index) => {
    const values: Record<string, unknown> = {};
    columns.forEach((column, i) => {
      const value = cells[i];
      if (column && value !== undefined && value !== null && value !== '') values[column] = value;
    });
    if (Object.keys(values).length) rows.push({ row: index + 2, values });
  });
  return rows;
}

async function readXlsx(bytes: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const table: unknown[][] = [];
  for (let r = 1; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const cells: unknown[] = [];
    for (let c = 1; c <= Math.max(row.cellCount, sheet.columnCount); c++) cells.push(cellValue(row.getCell(c).value));
    table.push(cells);
  }
  return table;
}

/** A cell as a plain value: formulas give their result, links and rich text their text. */
function cellValue(value: ExcelJS.CellValue): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date || typeof value !== 'object') return typeof value === 'string' ? value.trim() : value;
  if ('richText' in value)
    return value.richText
      .map((part) => part.text)
      .join('')
      .trim();
  if ('text' in value) return cellValue(value.text as ExcelJS.CellValue);
  if ('result' in value) return cellValue(value.result as ExcelJS.CellValue);
  return null;
}

/** RFC 4180 CSV with the delimiter of the header line (spreadsheets in many locales write semicolons). */
export function readCsv(bytes: Buffer): string[][] {
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  if (text.includes('\u0000')) throw new Error('binary');
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = [';', '\t', ','].reduce((best, d) =>
    firstLine.split(d).length > firstLine.split(best).length ? d : best,
  );
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === delimiter) {
      row.push(cell.trim());
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(cell.trim());
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length) {
    row.push(cell.trim());
    rows.push(row);
  }
  return rows;
}

/**
 * Spreadsheets give numbers and dates where the API takes text; empty cells mean "not given". Excel drops the
 * leading zeros of a numeric INN: they are put back.
 */
export function normaliseRow(raw: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (value === null || value === undefined || value === '') continue;
    if (value instanceof Date) out[key] = value.toISOString().slice(0, 10);
    else if (key === 'vacationDays')
      out[key] = typeof value === 'number' ? value : Number(String(value).replace(',', '.'));
    else if (key === 'inn' && typeof value === 'number') out[key] = String(value).padStart(10, '0');
    else if (typeof value === 'number' || typeof value === 'boolean') out[key] = String(value);
    else out[key] = value;
  }
  return out;
}

/** An XLSX workbook of one sheet: bold, frozen header row, then the rows. */
export async function writeXlsx(
  sheetName: string,
  columns: readonly string[],
  rows: Record<string, unknown>[],
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Hallway';
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((key) => ({ header: key, key, width: Math.max(12, key.length + 4) }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
