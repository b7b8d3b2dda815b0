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

function limitSchema(column: "min" | "max") {
  return z
    .string()
    .trim()
    .transform((text, context): CatalogueLimit | null => {
      if (text === "") return null;
      const value = numberOf(text);
      if (value !== null) return { value, text };
      context.addIssue({ code: z.ZodIssueCode.custom, message: catalogueTexts.notANumber(column, text) });
      return z.NEVER;
    });
}

/** `0=off|1=on|2=auto`: values and their labels; a choice without `=` is a value without a label. */
const choicesSchema = z
  .string()
  .trim()
  .transform((text, context): CatalogueChoice[] | null => {
    if (text === "") return null;
    const choices: CatalogueChoice[] = [];
    for (const piece of text.split("|")) {
      if (piece.trim() === "") continue;
      const equals = piece.indexOf("=");
      const value = (equals === -1 ? piece : piece.slice(0, equals)).trim();
      if (value === "") {
        context.addIssue({ code: z.ZodIssueCode.custom, message: catalogueTexts.choiceWithoutValue(piece.trim()) });
        return z.NEVER;
      }
      choices.push({ value, label: equals === -1 ? "" : piece.slice(equals + 1).trim() });
    }
    return choices.length > 0 ? choices : null;
  });

const rowSchema = z
  .object({
    code: z.string().trim().min(1, catalogueTexts.noCode),
    name: z.string().trim(),
    unit: z.string().trim(),
    min: limitSchema("min"),
    max: limitSchema("max"),
    default: z
      .string()
      .trim()
      .transform((text) => (text === "" ? null : text)),
    choices: choicesSchema,
  })
  .superRefine((row, context) => {
    if (row.min && row.max && row.min.value > row.max.value)
      context.addIssue({
        code: z.ZodIssueCode.custom,
        message: catalogueTexts.minAboveMax(row.min.text, row.max.text),
      });
  });

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

/** Reads a catalogue's text: separator `;`, `,` or tab, as papaparse finds it. */
export function readCatalogue(text: string): CatalogueReading {
  let positions: Record<CatalogueColumn, number | null> | null = null;
  let missing: CatalogueColumn[] = [];
  const entries: CatalogueEntry[] = [];
  const indexOfCode = new Map<string, number>();
  const lineOfCode = new Map<string, number>();
  const badRows: BadCatalogueRow[] = [];
  // Papaparse gives where each row ends; a row starts where the one before ended (a quoted field may hold a line break).
  let rowStart = 0;
  let lineNumber = 1;
  Papa.parse<string[]>(text, {
    delimitersToGuess: [";", ",", "\t"],
    // Blank lines would spoil the guess of the separator (a line of one field): left out, and counted below.
    skipEmptyLines: "greedy",
    step: ({ data: fields, meta }) => {
      let index = rowStart;
      // The lines papaparse skipped before this row: blank, or separators only.
      for (let lineEnd = text.indexOf("\n", index); lineEnd !== -1 && lineEnd < meta.cursor - 1;) {
        if (text.slice(index, lineEnd).split(meta.delimiter).join("").trim() !== "") break;
        lineNumber++;
        index = lineEnd + 1;
        lineEnd = text.indexOf("\n", index);
      }
      const rowLine = lineNumber;
      for (; index < meta.cursor; index++) if (text.charCodeAt(index) === 0x0a) lineNumber++;
      rowStart = meta.cursor;
      if (missing.length > 0 || isBlankRow(fields)) return;
      if (!positions) {
        positions = columnPositions(fields);
        const found = positions;
        missing = requiredColumns.filter((column) => found[column] === null);
        return;
      }
      const found = positions;
      const cell = (column: CatalogueColumn) => {
        const position = found[column];
        return position === null ? "" : (fields[position] ?? "");
      };
      const parsed = rowSchema.safeParse(Object.fromEntries(catalogueColumns.map((column) => [column, cell(column)])));
      if (!parsed.success) {
        badRows.push({ lineNumber: rowLine, message: catalogueTexts.badRow(rowLine, parsed.error.issues[0]!.message) });
        return;
      }
      const entry = parsed.data;
      const firstLine = lineOfCode.get(entry.code);
      if (firstLine !== undefined) {
        badRows.push({
          lineNumber: rowLine,
          message: catalogueTexts.badRow(rowLine, catalogueTexts.duplicateCode(entry.code, firstLine)),
        });
        return;
      }
      lineOfCode.set(entry.code, rowLine);
      indexOfCode.set(entry.code, entries.length);
      entries.push(entry);
    },
  });
  if (!positions) return { kind: "refused", missing: [...requiredColumns] };
  if (missing.length > 0) return { kind: "refused", missing };
  return { kind: "read", catalogue: { entries, indexOfCode }, badRows };
}
