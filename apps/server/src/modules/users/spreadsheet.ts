// Employee spreadsheets (import, HR-system files, export): XLSX through exceljs, read in a worker (sheet-worker.ts).
import { EventEmitter } from 'node:events';
import { availableParallelism } from 'node:os';
import type { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import type { MessageCode } from '@hallway/shared';
import { AppError } from '../../platform/errors/app-error.js';
import { exportRow, importedCell, loadExcel } from '../../platform/files/sheet-cells.js';
import type { SheetAnswer, SheetJob } from './sheet-worker.js';

/** Bigger than any real employee list; a spreadsheet is read whole into memory. */
export const SPREADSHEET_MAX_BYTES = 10 * 1024 * 1024;

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

/** What one import may read: more rows than `register_many` takes, more columns than any employee sheet has. */
export const SHEET_LIMITS = {
  /** Data rows (the header comes on top). */
  rows: 5000,
  columns: 64,
  /** A sheet still being read after this long is refused (the worker is stopped). */
  timeMs: 30_000,
};

/** Sheets read at once; others wait their turn, so imports never take every core. */
const SHEET_READERS = Math.max(1, Math.min(2, availableParallelism() - 1));
let reading = 0;
const waiting: (() => void)[] = [];

async function inReaderSlot<T>(work: () => Promise<T>): Promise<T> {
  if (reading >= SHEET_READERS) await new Promise<void>((resolve) => waiting.push(resolve));
  reading++;
  try {
    return await work();
  } finally {
    reading--;
    waiting.shift()?.();
  }
}

// From sources (tests, `npm run dev`) the worker is TypeScript too: it starts through tsx (a dev dependency).
const fromSources = import.meta.url.endsWith('.ts');
const WORKER_URL = new URL(fromSources ? './sheet-worker.ts' : './sheet-worker.js', import.meta.url);
const WORKER_SOURCE = `import('tsx/esm/api').then((tsx) => tsx.tsImport(${JSON.stringify(WORKER_URL.href)}, ${JSON.stringify(import.meta.url)}))`;

/** Observers of sheet reading (tests prove the event loop stays free while a worker reads). */
export const sheetReading = new EventEmitter<{ start: []; end: [] }>();

/** The cells of the first sheet, read in a worker thread with the limits above. */
function readTable(bytes: Buffer, code: MessageCode, limits: typeof SHEET_LIMITS): Promise<unknown[][]> {
  const job: SheetJob = { kind: 'hallway-sheet', bytes, maxRows: limits.rows + 1, maxColumns: limits.columns };
  return inReaderSlot(
    () =>
      new Promise<unknown[][]>((resolve, reject) => {
        const worker = new Worker(fromSources ? WORKER_SOURCE : WORKER_URL, {
          eval: fromSources,
          workerData: job,
          resourceLimits: { maxOldGenerationSizeMb: 512 },
        });
        sheetReading.emit('start');
        let settled = false;
        const settle = (answer: unknown[][] | AppError) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          void worker.terminate();
          sheetReading.emit('end');
          if (answer instanceof AppError) reject(answer);
          else resolve(answer);
        };
        const timer = setTimeout(
          () => settle(new AppError(400, 'spreadsheet_too_slow', { seconds: Math.round(limits.timeMs / 1000) })),
          limits.timeMs,
        );
        worker.once('message', (answer: SheetAnswer) => {
          if ('table' in answer) settle(answer.table);
          else if (answer.error === 'too_large')
            settle(new AppError(400, 'spreadsheet_too_large', { rows: limits.rows, columns: limits.columns }));
          else settle(new AppError(400, code));
        });
        // A worker past its memory limit or one that failed to start: the sheet is as good as unreadable.
        worker.once('error', () => settle(new AppError(400, code)));
        worker.once('exit', () => settle(new AppError(400, code)));
      }),
  );
}

/**
 * The data rows of the first sheet of an XLSX file or a CSV file (comma, semicolon or tab; UTF-8), keyed by the
 * fields their headers name. Empty rows are skipped. Anything unreadable answers `code` (400); a sheet past
 * SHEET_LIMITS answers 'spreadsheet_too_large' or 'spreadsheet_too_slow'.
 */
export async function readSpreadsheet(
  bytes: Buffer,
  code: MessageCode,
  limits: typeof SHEET_LIMITS = SHEET_LIMITS,
): Promise<SheetRow[]> {
  const table = await readTable(bytes, code, limits);
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
    else if (typeof value === 'string') out[key] = importedCell(value);
    else out[key] = value;
  }
  return out;
}

/** An XLSX workbook of one sheet: bold, frozen header row, then the rows (text that reads as a formula kept text). */
export async function writeXlsx(
  sheetName: string,
  columns: readonly string[],
  rows: Record<string, unknown>[],
): Promise<Buffer> {
  const Excel = await loadExcel();
  const workbook = new Excel.Workbook();
  workbook.creator = 'Hallway';
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((key) => ({ header: key, key, width: Math.max(12, key.length + 4) }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(exportRow(row));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
