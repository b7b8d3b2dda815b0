/**
 * The table of every parameter of the new PAR.txt: filters, search, the rows of
 * one window, each parameter's history, and the CSV export. The worker keeps
 * the matching row numbers per filter and search, so scrolling asks only for a
 * slice and never searches again.
 */
import type { MergeCheckName } from "./mergeChecks";
import {
  addedFlag,
  forEachUsedEntry,
  parameterAt,
  rewrittenFlag,
  type MergeCheckFinding,
  type MergedParameter,
  type MergeResult,
  type ParameterSetting,
} from "./parameterMerge";
import { csvFile } from "~/lib/shell/csvFile";
import { catalogueTexts } from "~/lib/catalogue/catalogueTexts";
import { catalogueEntryOf } from "./catalogueMatch";
import { rangeIncludes } from "./textRanges";

export const parameterFilters = ["all", "rewritten", "added", "checked", "differs-from-default"] as const;
export type ParameterFilter = (typeof parameterFilters)[number];

/** How the screen names each filter. */
export const parameterFilterLabels: Record<ParameterFilter, string> = {
  all: "All",
  rewritten: "Rewritten",
  added: "Added",
  checked: "With a check",
  "differs-from-default": catalogueTexts.differsFromDefault,
};

/** Filters that need a parameter catalogue: the screen offers them only with one. */
export const catalogueFilters: readonly ParameterFilter[] = ["differs-from-default"];

export interface ParameterCheck {
  kind: MergeCheckName;
  severity: MergeCheckFinding["severity"];
  message: string;
}

export interface ParameterRow extends MergedParameter {
  /** Place in PAR.txt, from 0. */
  index: number;
  /** From the parameter catalogue, where it has the code. */
  name?: string;
  unit?: string;
  checks: ParameterCheck[];
}

export interface ParameterQuery {
  filter: ParameterFilter;
  query: string;
}

/** Findings by parameter index, built once per merge. */
export function checksByParameter(checks: readonly MergeCheckFinding[]): Map<number, ParameterCheck[]> {
  const byIndex = new Map<number, ParameterCheck[]>();
  for (const { parameterIndex, kind, severity, message } of checks) {
    const found = byIndex.get(parameterIndex);
    if (found) found.push({ kind, severity, message });
    else byIndex.set(parameterIndex, [{ kind, severity, message }]);
  }
  return byIndex;
}

export function filterCountsOf(
  result: MergeResult,
  checks: ReadonlyMap<number, unknown>,
): Record<ParameterFilter, number> {
  return {
    all: result.parameterCount,
    rewritten: result.rewrittenCount,
    added: result.addedCount,
    checked: checks.size,
    "differs-from-default": result.catalogue?.differsFromDefaultCount ?? 0,
  };
}

/** Per catalogue entry, whether its name holds the needle (lower case): search matches names too. */
function namesMatching(result: MergeResult, needle: string): Uint8Array | null {
  const entries = result.catalogue?.loaded.catalogue.entries;
  if (!entries || needle === "") return null;
  return Uint8Array.from(entries, (entry) => (entry.name.toLowerCase().includes(needle) ? 1 : 0));
}

/** Row numbers (PAR.txt order) that pass the filter and contain the query in code, value or name, case-insensitive. */
export function matchingRows(
  result: MergeResult,
  checks: ReadonlyMap<number, unknown>,
  { filter, query }: ParameterQuery,
): Int32Array {
  const needle = query.trim().toLowerCase();
  const flagWanted = filter === "rewritten" ? rewrittenFlag : filter === "added" ? addedFlag : 0;
  const matches = new Int32Array(result.parameterCount);
  let matchCount = 0;
  const nameMatches = namesMatching(result, needle);
  const entryOfParameter = result.catalogue?.entryOfParameter;
  const differs = result.catalogue?.differsFromDefault;
  forEachUsedEntry(result, (index, parsed, entry) => {
    if (flagWanted !== 0 && (result.parameterFlags[index]! & flagWanted) === 0) return;
    if (filter === "checked" && !checks.has(index)) return;
    if (filter === "differs-from-default" && differs?.[index] !== 1) return;
    if (
      needle !== "" &&
      !(nameMatches && entryOfParameter![index]! !== -1 && nameMatches[entryOfParameter![index]!] === 1) &&
      !rangeIncludes(parsed.text, parsed.codeStart[entry]!, parsed.codeEnd[entry]!, needle) &&
      !rangeIncludes(parsed.text, parsed.valueStart[entry]!, parsed.valueEnd[entry]!, needle)
    )
      return;
    matches[matchCount++] = index;
  });
  return matches.slice(0, matchCount);
}

export function rowsAt(
  result: MergeResult,
  checks: ReadonlyMap<number, ParameterCheck[]>,
  rowNumbers: Int32Array,
  from: number,
  count: number,
): ParameterRow[] {
  const rows: ParameterRow[] = [];
  const end = Math.min(rowNumbers.length, Math.max(0, from) + count);
  for (let position = Math.max(0, from); position < end; position++) {
    const index = rowNumbers[position]!;
    const named = catalogueEntryOf(result.catalogue, index);
    rows.push({
      ...parameterAt(result, index),
      index,
      checks: checks.get(index) ?? [],
      ...(named ? { name: named.name, unit: named.unit } : {}),
    });
  }
  return rows;
}

/** The value a parameter had before the value used: the standard value when rewritten, else the last overwritten. */
export function previousValueOf(parameter: MergedParameter): string | undefined {
  return parameter.standardValue ?? parameter.overwritten?.at(-1)?.value;
}

export interface HistoryStep extends ParameterSetting {
  used: boolean;
  /** Why this line's value is used, or what overwrote it. */
  why: string;
}

function whyUsed(winner: ParameterSetting, before: ParameterSetting | undefined): string {
  if (!before) return "The only line that sets this code.";
  if (winner.set === "customer" && before.set === "standard")
    return "Used: the customer set wins over the standard set.";
  if (winner.path !== before.path) return "Used: a later file in the same set wins over an earlier one.";
  return "Used: a later line in the same file wins.";
}

/** Every line that set this code, in merge order, the used one last, each with why. */
export function historyOf(parameter: MergedParameter): HistoryStep[] {
  const winner: ParameterSetting = { ...parameter.source, value: parameter.value };
  const earlier = parameter.overwritten ?? [];
  return [
    ...earlier.map((setting) => ({
      ...setting,
      used: false,
      why: `Overwritten by ${winner.path} line ${winner.lineNumber}.`,
    })),
    { ...winner, used: true, why: whyUsed(winner, earlier.at(-1)) },
  ];
}

export const parameterTableCsvColumns = ["code", "value", "set", "file", "line", "old value", "checks"] as const;

/** With a parameter catalogue, the name and unit follow the code. */
export const namedParameterTableCsvColumns = ["code", "name", "unit", ...parameterTableCsvColumns.slice(1)] as const;

/** The rows as CSV (the app's one CSV writer), with a header line; checks joined by " | ". */
export function parameterTableCsv(rows: readonly ParameterRow[], withCatalogue = false): string {
  return csvFile({
    fields: withCatalogue ? namedParameterTableCsvColumns : parameterTableCsvColumns,
    rows: rows.map((row) => [
      row.code,
      ...(withCatalogue ? [row.name ?? "", row.unit ?? ""] : []),
      row.value,
      row.source.set,
      row.source.path,
      row.source.lineNumber,
      previousValueOf(row) ?? "",
      row.checks.map((check) => check.message).join(" | "),
    ]),
  });
}

export const parameterTableCsvName = "PAR-parameters.csv";
