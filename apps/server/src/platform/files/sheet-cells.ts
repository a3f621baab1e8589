// Spreadsheet exports carry text people typed (names, positions, departments, phones). A cell whose text starts
// with `=`, `+`, `-` or `@` (or a tab or carriage return) is taken for a formula by spreadsheet programs — on opening
// a CSV, or as soon as someone edits the cell — so a name like `=HYPERLINK("https://evil.example","Open")` would run
// on the reader's machine. As OWASP advises ("CSV Injection"), such text is written with a leading `'`, which keeps
// it text. Every export goes through exportCell; an import reads the prefix back off (importedCell), so an export
// imported again is unchanged.

/** An .xlsx file's media type, for every spreadsheet export's answer. */
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * exceljs, loaded on the first spreadsheet instead of at start: a server that writes none never holds it
 * (docs/operations.md "Memory").
 */
export async function loadExcel() {
  return (await import('exceljs')).default;
}

const FORMULA_START = /^[=+\-@\t\r]/;
const NEUTRALISED = /^'[=+\-@\t\r]/;

/** The value to write into an exported cell: text that a spreadsheet would read as a formula gets a leading `'`. */
export function exportCell<T>(value: T): T | string {
  return typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;
}

/** Every value of an exported row through exportCell. */
export function exportRow<T extends Record<string, unknown>>(row: T): Record<keyof T, unknown> {
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, exportCell(value)])) as Record<
    keyof T,
    unknown
  >;
}

/** An imported text cell without the `'` an export put before a formula character. */
export function importedCell(value: string): string {
  return NEUTRALISED.test(value) ? value.slice(1) : value;
}
