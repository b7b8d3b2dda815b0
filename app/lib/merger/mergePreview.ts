/**
 * What the screen shows of a merge before download: counts, what was
 * rewritten and added, the problems, and a searchable table. Built from a kept
 * merge result; lists are capped so a million-parameter set never crosses to
 * the page whole.
 */
import { problemsKeyOf } from "./downloadGate";
import type { TextEncodingName } from "./parameterFile";
import type { MergedParameter, MergeProblem, MergeResult } from "./parameterMerge";
import type { ParameterFileRecord } from "./parameterFileStore";
import type { ParameterSet } from "./parameterSet";

export interface FileSummary extends ParameterFileRecord {
  set: ParameterSet;
  parameterCount: number;
  encoding: TextEncodingName;
  problemCount: number;
}

export const previewListLimit = 200;
const previewTableLimit = 100;

export interface MergeCounts {
  parameterCount: number;
  rewrittenCount: number;
  addedCount: number;
  problemCount: number;
}

/** The counts, and a key naming exactly the problems (for the confirmation before download). */
export interface MergeSummary extends MergeCounts {
  problemsKey: string;
}

export interface MergePreview extends MergeSummary {
  files: FileSummary[];
  /** The first previewListLimit of each. */
  rewritten: MergedParameter[];
  added: MergedParameter[];
  problems: MergeProblem[];
  table: ParameterSearch;
}

export interface ParameterSearch {
  query: string;
  rows: MergedParameter[];
  matchCount: number;
}

export function summaryOf(result: MergeResult): MergeSummary {
  return {
    parameterCount: result.parameters.length,
    rewrittenCount: result.rewrittenCount,
    addedCount: result.addedCount,
    problemCount: result.problems.length,
    problemsKey: problemsKeyOf(result.problems),
  };
}

function firstMatches<T>(items: readonly T[], matches: (item: T) => boolean, limit: number) {
  const found: T[] = [];
  let matchCount = 0;
  for (const item of items) {
    if (!matches(item)) continue;
    matchCount++;
    if (found.length < limit) found.push(item);
  }
  return { found, matchCount };
}

/** Parameters whose code or value contains the query, case-insensitive; an empty query matches all. */
function searchParameters(parameters: readonly MergedParameter[], query: string): ParameterSearch {
  const needle = query.trim().toLowerCase();
  const { found, matchCount } = firstMatches(
    parameters,
    (parameter) =>
      needle === "" || parameter.code.toLowerCase().includes(needle) || parameter.value.toLowerCase().includes(needle),
    previewTableLimit,
  );
  return { query, rows: found, matchCount };
}

export function buildMergePreview(
  result: MergeResult,
  summary: MergeSummary,
  files: readonly Omit<FileSummary, "problemCount">[],
  query: string,
): MergePreview {
  const problemCountById = new Map<string, number>();
  for (const problem of result.problems) {
    problemCountById.set(problem.fileId, (problemCountById.get(problem.fileId) ?? 0) + 1);
  }
  return {
    ...summary,
    files: files.map((file) => ({ ...file, problemCount: problemCountById.get(file.id) ?? 0 })),
    rewritten: firstMatches(result.parameters, (parameter) => parameter.rewritten, previewListLimit).found,
    added: firstMatches(result.parameters, (parameter) => parameter.added, previewListLimit).found,
    problems: result.problems.slice(0, previewListLimit),
    table: searchParameters(result.parameters, query),
  };
}
