/**
 * The merge worker's state: the files it has read (by id) and the last merge,
 * so that a search, a page of the preview or a download reuses the merge
 * instead of reading and merging every file again. A change of the files or of
 * their sets merges again; a change of line ending only writes PAR.txt again.
 */
import {
  buildMergePreview,
  firstRowCount,
  summaryOf,
  type MergeCounts,
  type MergePreview,
  type MergeSummary,
  type PreviewRequest,
} from "./mergePreview";
import { encodeParFile, writeParFile, type LineEnding } from "./parFile";
import { readParameterFile, type ParsedParameterFile } from "./parameterFile";
import type { ParameterFileRecord } from "./parameterFileStore";
import { mergeParameterFiles, type MergeResult, type ParameterSource } from "./parameterMerge";
import { setOfFile, type ParameterSet } from "./parameterSet";
import {
  checksByParameter,
  filterCountsOf,
  matchingRows,
  parameterTableCsv,
  rowsAt,
  type ParameterCheck,
  type ParameterQuery,
  type ParameterRow,
} from "./parameterTable";

export interface FileBytes {
  id: string;
  bytes: ArrayBuffer;
}

export interface ParFileOutput extends MergeSummary {
  /** PAR.txt as it goes on the card: UTF-8 without BOM. */
  bytes: Uint8Array<ArrayBuffer>;
}

/** Where a value came from, as a record keeps it. */
type RecordSource = Pick<ParameterSource, "path" | "lineNumber">;
const recordSourceOf = ({ path, lineNumber }: ParameterSource): RecordSource => ({ path, lineNumber });

/**
 * What a service record keeps of the kept merge: every input, every rewritten
 * and added code and every problem, in full (the preview caps its lists).
 */
export interface MergeRecordContent {
  inputs: (ParameterFileRecord & { set: ParameterSet; parameterCount: number })[];
  /** Notes are not kept: they needed no confirmation and changed nothing in PAR.txt. */
  counts: Omit<MergeCounts, "noteCount">;
  rewritten: { code: string; standardValue: string; customerValue: string; source: RecordSource }[];
  added: { code: string; value: string; source: RecordSource }[];
  problems: { path: string; lineNumber: number | null; message: string }[];
}

export interface ParameterRowsRequest extends ParameterQuery {
  mergeId: number;
  from: number;
  count: number;
}

/** A window of table rows; `stale` when the merge changed since the screen asked. */
export interface ParameterRows {
  mergeId: number;
  stale: boolean;
  rows: ParameterRow[];
}

export interface ParameterTableCsvOutput {
  rowCount: number;
  bytes: Uint8Array<ArrayBuffer>;
}

/** How often the session did its expensive steps; tests count them. */
export interface MergeSessionStats {
  readCount: number;
  mergeCount: number;
  parFileWriteCount: number;
  searchCount: number;
}

function unreadableFile(error: unknown): ParsedParameterFile {
  return {
    encoding: "utf-8",
    entries: [],
    problems: [
      {
        kind: "unreadable",
        lineNumber: null,
        message: `Something went wrong reading this file (${error instanceof Error ? error.message : String(error)}). It is left out of PAR.txt.`,
      },
    ],
  };
}

const bytesGone: ParsedParameterFile = {
  encoding: "utf-8",
  entries: [],
  problems: [
    {
      kind: "unreadable",
      lineNumber: null,
      message: "The contents of this file are no longer stored in this browser. Delete it and add it again.",
    },
  ],
};

/** The files and their sets, in order: what a merge depends on. */
function mergeKeyOf(files: readonly ParameterFileRecord[]): string {
  return JSON.stringify(files.map((file) => [file.id, setOfFile(file)]));
}

export function createMergeSession() {
  const parsedById = new Map<string, ParsedParameterFile>();
  const stats: MergeSessionStats = { readCount: 0, mergeCount: 0, parFileWriteCount: 0, searchCount: 0 };
  let lastMerge: {
    id: number;
    key: string;
    result: MergeResult;
    summary: MergeSummary;
    parsed: ParsedParameterFile[];
    checks: Map<number, ParameterCheck[]>;
  } | null = null;
  let parTextByLineEnding = new Map<LineEnding, string>();
  // The matching row numbers of the last few filters and searches of the last merge.
  let rowNumbersByQuery = new Map<string, Int32Array>();
  const keptQueries = 4;

  function rowNumbersOf(query: ParameterQuery): Int32Array {
    const { result, checks } = lastMerge!;
    const key = `${query.filter}\u0000${query.query.trim().toLowerCase()}`;
    let rowNumbers = rowNumbersByQuery.get(key);
    if (!rowNumbers) {
      rowNumbers = matchingRows(result.parameters, checks, query);
      stats.searchCount++;
      if (rowNumbersByQuery.size >= keptQueries) rowNumbersByQuery.delete(rowNumbersByQuery.keys().next().value!);
    } else rowNumbersByQuery.delete(key);
    // Newest last, so the oldest is dropped first.
    rowNumbersByQuery.set(key, rowNumbers);
    return rowNumbers;
  }

  function merged(files: readonly ParameterFileRecord[]) {
    const key = mergeKeyOf(files);
    if (lastMerge?.key === key) return lastMerge;
    const parsed = files.map((file) => parsedById.get(file.id) ?? bytesGone);
    const result = mergeParameterFiles(
      files.map((file, index) => ({ id: file.id, path: file.path, set: setOfFile(file), parsed: parsed[index]! })),
    );
    stats.mergeCount++;
    lastMerge = {
      id: (lastMerge?.id ?? 0) + 1,
      key,
      result,
      summary: summaryOf(result),
      parsed,
      checks: checksByParameter(result.checks),
    };
    parTextByLineEnding = new Map();
    rowNumbersByQuery = new Map();
    return lastMerge;
  }

  return {
    /** Reads newly added files; their bytes are not kept, only what was read from them. */
    read(files: readonly FileBytes[]): void {
      for (const file of files) {
        if (parsedById.has(file.id)) continue;
        try {
          parsedById.set(file.id, readParameterFile(new Uint8Array(file.bytes)));
        } catch (error) {
          parsedById.set(file.id, unreadableFile(error));
        }
        stats.readCount++;
      }
    },

    /** Forgets files that are no longer listed. */
    keepOnly(ids: readonly string[]): void {
      const listed = new Set(ids);
      for (const id of parsedById.keys()) if (!listed.has(id)) parsedById.delete(id);
    },

    preview(files: readonly ParameterFileRecord[], request: PreviewRequest): MergePreview {
      const { id, result, summary, parsed, checks } = merged(files);
      const rowNumbers = rowNumbersOf(request);
      return buildMergePreview(
        result,
        summary,
        files.map(({ id, path, setOverride }, index) => ({
          id,
          path,
          setOverride,
          set: setOfFile({ path, setOverride }),
          parameterCount: parsed[index]!.entries.length,
          encoding: parsed[index]!.encoding,
        })),
        request,
        {
          filter: request.filter,
          query: request.query,
          mergeId: id,
          matchCount: rowNumbers.length,
          filterCounts: filterCountsOf(result, checks),
          rows: rowsAt(result.parameters, checks, rowNumbers, 0, firstRowCount),
        },
      );
    },

    /** A window of the table of the last merge, for scrolling; never merges or searches again for the same query. */
    parameterRows(request: ParameterRowsRequest): ParameterRows {
      if (!lastMerge || lastMerge.id !== request.mergeId) {
        return { mergeId: lastMerge?.id ?? 0, stale: true, rows: [] };
      }
      const rowNumbers = rowNumbersOf(request);
      return {
        mergeId: lastMerge.id,
        stale: false,
        rows: rowsAt(lastMerge.result.parameters, lastMerge.checks, rowNumbers, request.from, request.count),
      };
    },

    /** The table as filtered and searched, as CSV bytes. */
    parameterTableCsv(files: readonly ParameterFileRecord[], query: ParameterQuery): ParameterTableCsvOutput {
      const { result, checks } = merged(files);
      const rowNumbers = rowNumbersOf(query);
      const rows = rowsAt(result.parameters, checks, rowNumbers, 0, rowNumbers.length);
      return { rowCount: rows.length, bytes: new TextEncoder().encode(parameterTableCsv(rows)) };
    },

    parFile(files: readonly ParameterFileRecord[], lineEnding: LineEnding): ParFileOutput {
      const { result, summary } = merged(files);
      let text = parTextByLineEnding.get(lineEnding);
      if (text === undefined) {
        text = writeParFile(result.parameters, lineEnding);
        parTextByLineEnding.set(lineEnding, text);
        stats.parFileWriteCount++;
      }
      return { ...summary, bytes: encodeParFile(text) };
    },

    /** From the kept merge: nothing is read or merged again for the record of a download. */
    recordContent(files: readonly ParameterFileRecord[]): MergeRecordContent {
      const { result, summary, parsed } = merged(files);
      const { parameterCount, rewrittenCount, addedCount, problemCount } = summary;
      const content: MergeRecordContent = {
        inputs: files.map(({ id, path, setOverride }, index) => ({
          id,
          path,
          setOverride,
          set: setOfFile({ path, setOverride }),
          parameterCount: parsed[index]!.entries.length,
        })),
        counts: { parameterCount, rewrittenCount, addedCount, problemCount },
        rewritten: [],
        added: [],
        problems: result.problems.map(({ path, lineNumber, message }) => ({ path, lineNumber, message })),
      };
      for (const parameter of result.parameters) {
        if (parameter.rewritten) {
          content.rewritten.push({
            code: parameter.code,
            standardValue: parameter.standardValue ?? "",
            customerValue: parameter.value,
            source: recordSourceOf(parameter.source),
          });
        } else if (parameter.added) {
          content.added.push({
            code: parameter.code,
            value: parameter.value,
            source: recordSourceOf(parameter.source),
          });
        }
      }
      return content;
    },

    stats: (): MergeSessionStats => ({ ...stats }),
  };
}

export type MergeSession = ReturnType<typeof createMergeSession>;
