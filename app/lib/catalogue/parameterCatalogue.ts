/**
 * The parameter catalogue: the manufacturer's description of each code (name, unit, limits, default, choices),
 * read from a CSV file (docs/catalogue.md). Pure: the text comes in decoded (as parameter files are read), rows
 * are checked with zod, and a row that cannot be used is named by its line and left out.
 */
import Papa from "papaparse";
import { z } from "zod";
import { numberOf } from "./catalogueNumbers";
import { catalogueTexts, type CatalogueColumn } from "./catalogueTexts";

export interface CatalogueLimit {
  value: number;
  /** As the catalogue writes it (`2,5`): messages quote it so. */
  text: string;
}

export interface CatalogueChoice {
  value: string;
  label: string;
}

export interface CatalogueEntry {
  code: string;
  name: string;
  unit: string;
  min: CatalogueLimit | null;
  max: CatalogueLimit | null;
  default: string | null;
  choices: CatalogueChoice[] | null;
}

export interface ParameterCatalogue {
  entries: CatalogueEntry[];
  /** Entry index by code. */
  indexOfCode: Map<string, number>;
}

/** What the screen and a service record tell of the catalogue file. */
export interface CatalogueFacts {
  fileName: string;
  sha256: string;
  /** The rows that apply. */
  rowCount: number;
}

/** A catalogue as the merge uses it: the file it came from, and its entries. */
export interface LoadedCatalogue extends CatalogueFacts {
  catalogue: ParameterCatalogue;
}

export interface BadCatalogueRow {
  /** From 1, as an editor shows the file. */
  lineNumber: number;
  message: string;
}

export type CatalogueReading =
  | { kind: "read"; catalogue: ParameterCatalogue; badRows: BadCatalogueRow[] }
  | { kind: "refused"; missing: CatalogueColumn[] };

const catalogueColumns = [
  "code",
  "name",
  "unit",
  "min",
  "max",
  "default",
  "choices",
] as const satisfies readonly CatalogueColumn[];
const requiredColumns = ["code", "name"] as const satisfies readonly CatalogueColumn[];

/**
 * A row's cells by column: zod checks the shape, and the rules below give each cell its meaning. Those are plain
 * functions: zod's transforms and refinements cost about 50 µs a row, a second for 20,000 rows.
 */
const rowCellsSchema = z.object(
  Object.fromEntries(catalogueColumns.map((column) => [column, z.string()])) as Record<CatalogueColumn, z.ZodString>,
);
type RowCells = z.infer<typeof rowCellsSchema>;

/** Why a row cannot be used. */
class BadRow extends Error {}

function limitOf(column: "min" | "max", cell: string): CatalogueLimit | null {
  const text = cell.trim();
  if (text === "") return null;
  const value = numberOf(text);
  if (value === null) throw new BadRow(catalogueTexts.notANumber(column, text));
  return { value, text };
}

/** `0=off|1=on|2=auto`: values and their labels; a choice without `=` is a value without a label. */
function choicesOf(cell: string): CatalogueChoice[] | null {
  const choices: CatalogueChoice[] = [];
  for (const piece of cell.split("|")) {
    if (piece.trim() === "") continue;
    const equals = piece.indexOf("=");
    const value = (equals === -1 ? piece : piece.slice(0, equals)).trim();
    if (value === "") throw new BadRow(catalogueTexts.choiceWithoutValue(piece.trim()));
    choices.push({ value, label: equals === -1 ? "" : piece.slice(equals + 1).trim() });
  }
  return choices.length > 0 ? choices : null;
}

/** The entry a row gives; throws BadRow when it cannot be used. */
function entryOf(cells: RowCells): CatalogueEntry {
  const code = cells.code.trim();
  if (code === "") throw new BadRow(catalogueTexts.noCode);
  const min = limitOf("min", cells.min);
  const max = limitOf("max", cells.max);
  if (min && max && min.value > max.value) throw new BadRow(catalogueTexts.minAboveMax(min.text, max.text));
  const byDefault = cells.default.trim();
  return {
    code,
    name: cells.name.trim(),
    unit: cells.unit.trim(),
    min,
    max,
    default: byDefault === "" ? null : byDefault,
    choices: choicesOf(cells.choices),
  };
}

/** The columns by header name, any case and order; null for a column the file lacks. */
function columnPositions(header: readonly string[]): Record<CatalogueColumn, number | null> {
  const names = header.map((name) => name.trim().toLowerCase());
  return Object.fromEntries(
    catalogueColumns.map((column) => {
      const position = names.indexOf(column);
      return [column, position === -1 ? null : position];
    }),
  ) as Record<CatalogueColumn, number | null>;
}

const isBlankRow = (fields: readonly string[]) => fields.every((field) => field.trim() === "");

/** Line breaks inside a row's quoted fields: the row takes that many lines more. */
function lineBreaksIn(fields: readonly string[]): number {
  let count = 0;
  for (const field of fields) if (field.includes("\n")) count += field.split("\n").length - 1;
  return count;
}

/** Reads a catalogue's text: separator `;`, `,` or tab, as papaparse finds it. */
export function readCatalogue(text: string): CatalogueReading {
  let positions: Record<CatalogueColumn, number | null> | null = null;
  let missing: CatalogueColumn[] = [];
  const entries: CatalogueEntry[] = [];
  const indexOfCode = new Map<string, number>();
  const lineOfCode = new Map<string, number>();
  const badRows: BadCatalogueRow[] = [];
  // The separator is guessed on the first lines without the blank ones (a line of one field spoils the guess);
  // the whole file is then read with it, blank lines kept, so each row's line is counted as an editor shows it.
  const { delimiter } = Papa.parse<string[]>(text, {
    delimitersToGuess: [";", ",", "\t"],
    skipEmptyLines: "greedy",
    preview: 50,
  }).meta;
  const { data: rows } = Papa.parse<string[]>(text, { delimiter });
  let lineNumber = 1;
  for (const fields of rows) {
    const rowLine = lineNumber;
    lineNumber += 1 + lineBreaksIn(fields);
    if (isBlankRow(fields)) continue;
    if (!positions) {
      positions = columnPositions(fields);
      const found = positions;
      missing = requiredColumns.filter((column) => found[column] === null);
      if (missing.length > 0) break;
      continue;
    }
    const found = positions;
    const cell = (column: CatalogueColumn) => {
      const position = found[column];
      return position === null ? "" : (fields[position] ?? "");
    };
    let entry: CatalogueEntry;
    try {
      entry = entryOf(
        rowCellsSchema.parse(Object.fromEntries(catalogueColumns.map((column) => [column, cell(column)]))),
      );
    } catch (error) {
      if (!(error instanceof BadRow)) throw error;
      badRows.push({ lineNumber: rowLine, message: catalogueTexts.badRow(rowLine, error.message) });
      continue;
    }
    const firstLine = lineOfCode.get(entry.code);
    if (firstLine !== undefined) {
      badRows.push({
        lineNumber: rowLine,
        message: catalogueTexts.badRow(rowLine, catalogueTexts.duplicateCode(entry.code, firstLine)),
      });
      continue;
    }
    lineOfCode.set(entry.code, rowLine);
    indexOfCode.set(entry.code, entries.length);
    entries.push(entry);
  }
  if (!positions) return { kind: "refused", missing: [...requiredColumns] };
  if (missing.length > 0) return { kind: "refused", missing };
  return { kind: "read", catalogue: { entries, indexOfCode }, badRows };
}
