/**
 * The merge worker's state: the files it has read (by id) and the last merge,
 * so that a search, a page of the preview or a download reuses the merge
 * instead of reading and merging every file again. A change of the files or of
 * their sets merges again; a change of line ending only writes PAR.txt again.
 */
import {
  cardRowsOf,
  compareMergeWithCard,
  type CardComparisonSummary,
  type CardRows,
  type CardRowsRequest,
  type KeptComparison,
} from "./comparisonWithCard";
import {
  buildMergePreview,
  firstRowCount,
  summaryOf,
  type MergePreview,
  type MergeSummary,
  type PreviewRequest,
} from "./mergePreview";
import type { LineEnding } from "~/lib/merger/parFileFormat";
import type { LoadedCatalogue } from "~/lib/catalogue/parameterCatalogue";
import { readCatalogueFile, type CatalogueFile, type CatalogueLoadOutcome } from "./catalogueFile";
import { recordContentOf, type MergeRecordContent } from "./mergeRecordContent";
import { readParameterFile, unreadParameterFile, type ParsedParameterFile } from "./parameterFile";
import type { ListedFile } from "~/lib/merger/listedFile";
import { mergeParameterFiles, parFileBytesOf, type MergeResult } from "./parameterMerge";
import { setOfFile } from "./parameterSet";
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
  return unreadParameterFile({
    kind: "unreadable",
    lineNumber: null,
    message: `Something went wrong reading this file (${error instanceof Error ? error.message : String(error)}). It is left out of PAR.txt.`,
  });
}

const bytesGone: ParsedParameterFile = unreadParameterFile({
  kind: "unreadable",
  lineNumber: null,
  message: "The contents of this file are no longer stored in this browser. Delete it and add it again.",
});

/** The files and their sets, in order, and the catalogue that checks them: what a merge depends on. */
function mergeKeyOf(files: readonly ListedFile[], catalogue: LoadedCatalogue | null): string {
  return JSON.stringify([files.map((file) => [file.id, setOfFile(file)]), catalogue?.sha256 ?? null]);
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
  let parFileByLineEnding = new Map<LineEnding, Uint8Array<ArrayBuffer>>();
  // The card's PAR.txt as last read or written (null: the card has none); undefined until a card is read.
  let cardBytes: Uint8Array | null | undefined;
  let comparisonCount = 0;
  let lastComparison: (KeptComparison & { mergeKey: string }) | null = null;
  // The matching row numbers of the last few filters and searches of the last merge.
  let rowNumbersByQuery = new Map<string, Int32Array>();
  const keptQueries = 4;
  let catalogue: LoadedCatalogue | null = null;

  function rowNumbersOf(query: ParameterQuery): Int32Array {
    const { result, checks } = lastMerge!;
    const key = `${query.filter}\u0000${query.query.trim().toLowerCase()}`;
    let rowNumbers = rowNumbersByQuery.get(key);
    if (!rowNumbers) {
      rowNumbers = matchingRows(result, checks, query);
      stats.searchCount++;
      if (rowNumbersByQuery.size >= keptQueries) rowNumbersByQuery.delete(rowNumbersByQuery.keys().next().value!);
    } else rowNumbersByQuery.delete(key);
    // Newest last, so the oldest is dropped first.
    rowNumbersByQuery.set(key, rowNumbers);
    return rowNumbers;
  }

  function merged(files: readonly ListedFile[]) {
    const key = mergeKeyOf(files, catalogue);
    if (lastMerge?.key === key) return lastMerge;
    const result = mergeParameterFiles(
      files.map((file) => ({
        id: file.id,
        path: file.path,
        set: setOfFile(file),
        parsed: parsedById.get(file.id) ?? bytesGone,
      })),
      catalogue ?? undefined,
    );
    // As merged: a file the merge paired again with the codes of its set counts its entries as paired then.
    const mergedById = new Map(result.files.map((file) => [file.id, file.parsed]));
    const parsed = files.map((file) => mergedById.get(file.id) ?? bytesGone);
    stats.mergeCount++;
    lastMerge = {
      id: (lastMerge?.id ?? 0) + 1,
      key,
      result,
      summary: summaryOf(result),
      parsed,
      checks: checksByParameter(result.checks),
    };
    parFileByLineEnding = new Map();
    rowNumbersByQuery = new Map();
    return lastMerge;
  }

  /** PAR.txt's bytes, written once per merge and line ending; callers that hand them on get a copy. */
  function parFileBytes(result: MergeResult, lineEnding: LineEnding): Uint8Array<ArrayBuffer> {
    let bytes = parFileByLineEnding.get(lineEnding);
    if (bytes === undefined) {
      bytes = parFileBytesOf(result, lineEnding);
      parFileByLineEnding.set(lineEnding, bytes);
      stats.parFileWriteCount++;
    }
    return bytes;
  }

  /** The comparison for these files and the kept card bytes, made once per change of either. */
  function comparedWithCard(files: readonly ListedFile[]): CardComparisonSummary | null {
    if (cardBytes === undefined) return null;
    const current = merged(files);
    if (lastComparison?.mergeKey === current.key) return lastComparison.summary;
    const comparison = compareMergeWithCard(++comparisonCount, current.result, cardBytes, (lineEnding) =>
      parFileBytes(current.result, lineEnding),
    );
    lastComparison = { ...comparison, mergeKey: current.key };
    return lastComparison.summary;
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

    /**
     * Merges these files (and compares with the kept card) ahead of the preview that will ask for them:
     * sent right after new files are read, it runs while the page goes on to ask.
     */
    prepare(files: readonly ListedFile[]): void {
      merged(files);
      comparedWithCard(files);
    },

    preview(files: readonly ListedFile[], request: PreviewRequest): MergePreview {
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
          parameterCount: parsed[index]!.entryCount,
          encoding: parsed[index]!.encoding,
        })),
        request,
        {
          filter: request.filter,
          query: request.query,
          mergeId: id,
          matchCount: rowNumbers.length,
          filterCounts: filterCountsOf(result, checks),
          catalogueLoaded: result.catalogue !== undefined,
          rows: rowsAt(result, checks, rowNumbers, 0, firstRowCount),
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
        rows: rowsAt(lastMerge.result, lastMerge.checks, rowNumbers, request.from, request.count),
      };
    },

    /** The table as filtered and searched, as CSV bytes. */
    parameterTableCsv(files: readonly ListedFile[], query: ParameterQuery): ParameterTableCsvOutput {
      const { result, checks } = merged(files);
      const rowNumbers = rowNumbersOf(query);
      const rows = rowsAt(result, checks, rowNumbers, 0, rowNumbers.length);
      return {
        rowCount: rows.length,
        bytes: new TextEncoder().encode(parameterTableCsv(rows, result.catalogue !== undefined)),
      };
    },

    parFile(files: readonly ListedFile[], lineEnding: LineEnding): ParFileOutput {
      const { result, summary } = merged(files);
      // A copy: the page takes the bytes as transferred, which would empty the kept ones.
      return { ...summary, bytes: parFileBytes(result, lineEnding).slice() };
    },

    /** Takes the card's PAR.txt (null: the card has none) and compares the files' merge with it. */
    compareWithCard(files: readonly ListedFile[], bytes: ArrayBuffer | null): CardComparisonSummary {
      cardBytes = bytes ? new Uint8Array(bytes) : null;
      lastComparison = null;
      return comparedWithCard(files)!;
    },

    /** The comparison with the card last given, made again if the files changed since; null before any card. */
    cardComparison: comparedWithCard,

    /** One window of the comparison's rows under a filter; null when that comparison is no longer the current one. */
    cardRows(request: CardRowsRequest): CardRows | null {
      if (lastComparison?.summary.id !== request.comparisonId) return null;
      return cardRowsOf(lastComparison, lastMerge!.result, catalogue, request);
    },

    forgetCard(): void {
      cardBytes = undefined;
      lastComparison = null;
    },

    /** From the kept merge: nothing is read or merged again for the record of a download. */
    recordContent(files: readonly ListedFile[]): MergeRecordContent {
      const { result, summary, parsed } = merged(files);
      return recordContentOf(files, result, summary, parsed);
    },

    /**
     * Reads a parameter catalogue (catalogueFile.ts) and checks every merge against it from now on; null removes
     * it. A refused file leaves the catalogue before.
     */
    setCatalogue(file: CatalogueFile | null): CatalogueLoadOutcome | null {
      if (file === null) {
        catalogue = null;
        return null;
      }
      const read = readCatalogueFile(file);
      if (read.catalogue) catalogue = read.catalogue;
      return read.outcome;
    },

    stats: (): MergeSessionStats => ({ ...stats }),
  };
}

export type MergeSession = ReturnType<typeof createMergeSession>;
