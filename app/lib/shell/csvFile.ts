/**
 * The one CSV writer of the app: every export (the parameter table, the service records) goes through it, so each
 * opens the same way in a spreadsheet. UTF-8 with a byte order mark (Excel reads æøå right only then), CRLF rows,
 * every field quoted (papaparse `unparse`), and no cell a spreadsheet would run as a formula.
 */
import Papa from "papaparse";

export type CsvCell = string | number;

export interface CsvTable {
  fields: readonly string[];
  rows: readonly (readonly CsvCell[])[];
}

/** What a download of a CSV says it is. */
export const csvMimeType = "text/csv;charset=utf-8";

export const byteOrderMark = "\uFEFF";

/** The characters a spreadsheet takes as the start of a formula (or of a cell it reads as one). */
const formulaStart = /^[=+\-@\t\r]/;

/** A number as a technician writes it: `-5`, `+1.5`, `-1,5`, `2e3`. Starts with a sign, but a spreadsheet reads a number. */
const plainNumber = /^[+-]?(\d+([.,]\d*)?|[.,]\d+)([eE][+-]?\d+)?$/;

/**
 * The cell as written: text that starts like a formula (`=`, `+`, `-`, `@`, tab, carriage return) and is not a
 * plain number gets a leading `'`, so a spreadsheet shows it as text instead of running it
 * (`=HYPERLINK(…)`, `@SUM(…)`, `-1+cmd|…`). Numbers and every other text stay as they are.
 */
export function spreadsheetSafeCell(cell: CsvCell): CsvCell {
  if (typeof cell === "number" || !formulaStart.test(cell) || plainNumber.test(cell)) return cell;
  return `'${cell}`;
}

/** The table as the text of a .csv file: BOM, header line, one line per row, CRLF. */
export function csvFile({ fields, rows }: CsvTable): string {
  const csv = Papa.unparse(
    {
      fields: fields.map(spreadsheetSafeCell).map(String),
      data: rows.map((row) => row.map(spreadsheetSafeCell)),
    },
    // The neutralising is done above (papaparse's own escapeFormulae would also mark `-5`).
    { newline: "\r\n", quotes: true, escapeFormulae: false },
  );
  return `${byteOrderMark}${csv}`;
}
