// CSV export (RFC 4180) that is also safe to open in a spreadsheet: text
// starting with a formula character is prefixed with "'" so Excel/Sheets
// show it instead of evaluating it (CSV injection).

import { centsToDecimalString, type Cents } from './money';

/** An amount of money, written as a plain decimal ('1330.00', '-0.50'), never prefixed. */
export interface CsvAmount {
  readonly cents: Cents;
}

export type CsvCell = string | number | null | CsvAmount;

/** Leads a downloaded file so Excel reads it as UTF-8 (names with accents, 'KES 1,330.00'). */
export const CSV_BOM = '\uFEFF';

export const csvAmount = (cents: Cents): CsvAmount => ({ cents });

// Leading spaces count too: some spreadsheets trim them and then evaluate the formula.
const FORMULA_START = /^[ ]*[=+\-@\t\r]/;

function cellText(cell: CsvCell): string {
  if (cell === null) return '';
  if (typeof cell === 'object') return centsToDecimalString(cell.cents);
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell)) throw new RangeError(`CSV cell is not a finite number: ${cell}`);
    return String(cell); // real numbers (even negative) cannot carry a formula
  }
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

function quote(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record without its line ending: for files written a row at a time (a streamed export). */
export function csvRecord(cells: readonly CsvCell[]): string {
  return cells.map((cell) => quote(cellText(cell))).join(',');
}

/** Every record, including the last, ends with CRLF. Rows must match the header width. */
export function toCsv(headers: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  rows.forEach((row, i) => {
    if (row.length !== headers.length) {
      throw new RangeError(`CSV row ${i + 1} has ${row.length} cells, expected ${headers.length}`);
    }
  });
  return [headers, ...rows].map((cells) => `${csvRecord(cells)}\r\n`).join('');
}
