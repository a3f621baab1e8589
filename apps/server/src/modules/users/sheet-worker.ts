// Reads an employee spreadsheet in a worker thread (spreadsheet.ts starts it with a time limit): a hostile sheet
// costs this thread, never the event loop every workspace shares. Imports nothing of the app, so it starts the same
// from the build and from sources.
import { Readable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import ExcelJS from 'exceljs';

export interface SheetJob {
  kind: 'hallway-sheet';
  bytes: Uint8Array;
  /** Rows the sheet may have, the header included. */
  maxRows: number;
  maxColumns: number;
}

export type SheetAnswer = { table: unknown[][] } | { error: 'too_large' | 'unreadable' };

class TooLarge extends Error {}

/**
 * The first sheet, streamed row by row. Rows and columns are bounded while reading: the first row past the limits
 * (whatever the sheet's `<dimension>` claims) stops the read, so a sheet with one cell at row 1,000,000 costs
 * one row, not a million.
 */
async function readXlsx({ bytes, maxRows, maxColumns }: SheetJob): Promise<unknown[][]> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([Buffer.from(bytes)]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    // Styles tell dates from numbers.
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  const table: unknown[][] = [];
  for await (const sheet of reader) {
    for await (const row of sheet) {
      if (row.number > maxRows) throw new TooLarge();
      const values = row.values as ExcelJS.CellValue[];
      if (values.length - 1 > maxColumns) throw new TooLarge();
      const cells: unknown[] = [];
      for (let c = 1; c < values.length; c++) cells.push(cellValue(values[c]));
      table[row.number - 1] = cells;
    }
    break;
  }
  return Array.from(table, (cells) => cells ?? []);
}

/** A cell as a plain value: formulas give their result, links and rich text their text. */
function cellValue(value: ExcelJS.CellValue | undefined): unknown {
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
export function readCsv({ bytes, maxRows, maxColumns }: SheetJob): string[][] {
  const text = Buffer.from(bytes)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  if (text.includes('\u0000')) throw new Error('binary');
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = [';', '\t', ','].reduce((best, d) =>
    firstLine.split(d).length > firstLine.split(best).length ? d : best,
  );
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell.trim());
    cell = '';
    if (row.length > maxColumns) throw new TooLarge();
  };
  const endRow = () => {
    endCell();
    rows.push(row);
    row = [];
    if (rows.length > maxRows) throw new TooLarge();
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === delimiter) endCell();
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endRow();
    } else cell += ch;
  }
  if (cell !== '' || row.length) endRow();
  return rows;
}

export async function readSheet(job: SheetJob): Promise<SheetAnswer> {
  const isZip = job.bytes.length > 3 && job.bytes[0] === 0x50 && job.bytes[1] === 0x4b;
  try {
    return { table: isZip ? await readXlsx(job) : readCsv(job) };
  } catch (err) {
    return { error: err instanceof TooLarge ? 'too_large' : 'unreadable' };
  }
}

const job = workerData as SheetJob | undefined;
if (parentPort && job?.kind === 'hallway-sheet') {
  const port = parentPort;
  readSheet(job).then((answer) => port.postMessage(answer));
}
