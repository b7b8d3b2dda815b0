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
  /** The first few problem messages of this file, shown in its list entry; all are in the problem pages. */
  firstProblems: string[];
}

export const previewListLimit = 200;
export const problemPageSize = 100;
const problemsShownPerFile = 3;
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
  /** One page of every problem; pages reach all of them. */
  problems: MergeProblem[];
  problemPage: number;
  problemPageCount: number;
  table: ParameterSearch;
}

export interface PreviewRequest {
  query: string;
  /** From 1; a page past the end shows the last page. */
  problemPage: number;
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
  files: readonly Omit<FileSummary, "problemCount" | "firstProblems">[],
  request: PreviewRequest,
): MergePreview {
  const problemsById = new Map<string, { count: number; first: string[] }>();
  for (const problem of result.problems) {
    const ofFile = problemsById.get(problem.fileId) ?? { count: 0, first: [] };
    ofFile.count++;
    if (ofFile.first.length < problemsShownPerFile) ofFile.first.push(problem.message);
    problemsById.set(problem.fileId, ofFile);
  }
  const problemPageCount = Math.max(1, Math.ceil(result.problems.length / problemPageSize));
  const problemPage = Math.min(Math.max(1, Math.floor(request.problemPage)), problemPageCount);
  return {
    ...summary,
    files: files.map((file) => ({
      ...file,
      problemCount: problemsById.get(file.id)?.count ?? 0,
      firstProblems: problemsById.get(file.id)?.first ?? [],
    })),
    rewritten: firstMatches(result.parameters, (parameter) => parameter.rewritten, previewListLimit).found,
    added: firstMatches(result.parameters, (parameter) => parameter.added, previewListLimit).found,
    problems: result.problems.slice((problemPage - 1) * problemPageSize, problemPage * problemPageSize),
    problemPage,
    problemPageCount,
    table: searchParameters(result.parameters, request.query),
  };
}
