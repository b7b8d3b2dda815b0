/**
 * What the screen shows of a merge before download: counts, the problems a
 * page at a time, and the parameter table's first rows and counts (the rest
 * of the table comes a window at a time, see parameterTable.ts). Built from a
 * kept merge result, so a million-parameter set never crosses to the page whole.
 */
import { countOf } from "~/lib/shell/plural";
import { problemsKeyOf } from "./downloadGate";
import type { TextEncodingName } from "./parameterFile";
import type { MergeProblem, MergeResult } from "./parameterMerge";
import type { ListedFile } from "~/lib/merger/listedFile";
import type { ParameterSet } from "./parameterSet";
import type { ParameterFilter, ParameterQuery, ParameterRow } from "./parameterTable";

export interface FileSummary extends ListedFile {
  set: ParameterSet;
  parameterCount: number;
  encoding: TextEncodingName;
  problemCount: number;
  /** The first few problem messages of this file, shown in its list entry; all are in the problem pages. */
  firstProblems: string[];
  /** How the file was read, where that needs a word (UTF-16 without byte order mark, files joined with copy /b). */
  notes: string[];
}

export const problemPageSize = 100;
const problemsShownPerFile = 3;
const notesShownPerFile = 3;
/** Rows sent with the preview, so the table paints without a second round trip. */
export const firstRowCount = 60;

export interface MergeCounts {
  parameterCount: number;
  rewrittenCount: number;
  addedCount: number;
  problemCount: number;
  /** Check findings of severity note (they do not block Download). */
  noteCount: number;
}

/** The counts, and a key naming exactly the problems (for the confirmation before download). */
export interface MergeSummary extends MergeCounts {
  problemsKey: string;
}

export interface ParameterTableView extends ParameterQuery {
  /** Which merge the rows belong to: a window asked for with another id is stale. */
  mergeId: number;
  matchCount: number;
  filterCounts: Record<ParameterFilter, number>;
  /** The merge was checked against a parameter catalogue: rows carry names, and its filters apply. */
  catalogueLoaded: boolean;
  /** The first rows of the matches. */
  rows: ParameterRow[];
}

export interface MergePreview extends MergeSummary {
  files: FileSummary[];
  /** One page of every problem; pages reach all of them. */
  problems: MergeProblem[];
  problemPage: number;
  problemPageCount: number;
  table: ParameterTableView;
}

export interface PreviewRequest extends ParameterQuery {
  /** From 1; a page past the end shows the last page. */
  problemPage: number;
}

export function summaryOf(result: MergeResult): MergeSummary {
  return {
    parameterCount: result.parameterCount,
    rewrittenCount: result.rewrittenCount,
    addedCount: result.addedCount,
    problemCount: result.problems.length,
    noteCount: result.checks.filter((finding) => finding.severity === "note").length,
    problemsKey: problemsKeyOf(result.problems),
  };
}

export function buildMergePreview(
  result: MergeResult,
  summary: MergeSummary,
  files: readonly Omit<FileSummary, "problemCount" | "firstProblems" | "notes">[],
  request: PreviewRequest,
  table: ParameterTableView,
): MergePreview {
  const problemsById = new Map<string, { count: number; first: string[] }>();
  for (const problem of result.problems) {
    const ofFile = problemsById.get(problem.fileId) ?? { count: 0, first: [] };
    ofFile.count++;
    if (ofFile.first.length < problemsShownPerFile) ofFile.first.push(problem.message);
    problemsById.set(problem.fileId, ofFile);
  }
  const notesById = new Map<string, string[]>();
  for (const note of result.notes) notesById.set(note.fileId, [...(notesById.get(note.fileId) ?? []), note.message]);
  const shownNotes = (notes: string[]) =>
    notes.length <= notesShownPerFile
      ? notes
      : [...notes.slice(0, notesShownPerFile), `and ${countOf(notes.length - notesShownPerFile, "more note")}.`];
  const problemPageCount = Math.max(1, Math.ceil(result.problems.length / problemPageSize));
  const problemPage = Math.min(Math.max(1, Math.floor(request.problemPage)), problemPageCount);
  return {
    ...summary,
    files: files.map((file) => ({
      ...file,
      problemCount: problemsById.get(file.id)?.count ?? 0,
      firstProblems: problemsById.get(file.id)?.first ?? [],
      notes: shownNotes(notesById.get(file.id) ?? []),
    })),
    problems: result.problems.slice((problemPage - 1) * problemPageSize, problemPage * problemPageSize),
    problemPage,
    problemPageCount,
    table,
  };
}
