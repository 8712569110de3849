// CSV export (RFC 4180) that is also safe to open in a spreadsheet: text
// starting with a formula character is prefixed with "'" so Excel/Sheets
// show it instead of evaluating it (CSV injection).

export type CsvCell = string | number | null;

// Leading spaces count too: some spreadsheets trim them and then evaluate the formula.
const FORMULA_START = /^[ ]*[=+\-@\t\r]/;

function cellText(cell: CsvCell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell)) throw new RangeError(`CSV cell is not a finite number: ${cell}`);
    return String(cell); // real numbers (even negative) cannot carry a formula
  }
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

function quote(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function record(cells: readonly CsvCell[]): string {
  return cells.map((cell) => quote(cellText(cell))).join(',');
}

/** Every record, including the last, ends with CRLF. Rows must match the header width. */
export function toCsv(headers: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  rows.forEach((row, i) => {
    if (row.length !== headers.length) {
      throw new RangeError(`CSV row ${i + 1} has ${row.length} cells, expected ${headers.length}`);
    }
  });
  return [headers, ...rows].map((cells) => `${record(cells)}\r\n`).join('');
}
