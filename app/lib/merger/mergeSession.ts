/**
 * The merge worker's state: the files it has read (by id) and the last merge,
 * so that a search, a page of the preview or a download reuses the merge
 * instead of reading and merging every file again. A change of the files or of
 * their sets merges again; a change of line ending only writes PAR.txt again.
 */
import {
  byteDifferenceOf,
  cardChanges,
  cardComparisonRowsAt,
  compareWithCard,
  type ByteDifference,
  type CardChange,
  type CardChangeCounts,
  type CardComparison,
  type CardComparisonRow,
  type CardFileFacts,
} from "./cardCompare";
import {
  buildMergePreview,
  firstRowCount,
  summaryOf,
  type MergePreview,
  type MergeSummary,
  type PreviewRequest,
} from "./mergePreview";
import type { LineEnding } from "~/lib/merger/parFileFormat";
import {
  readCatalogue,
  type BadCatalogueRow,
  type CatalogueFacts,
  type LoadedCatalogue,
} from "~/lib/catalogue/parameterCatalogue";
import type { CatalogueColumn } from "~/lib/catalogue/catalogueTexts";
import { decodeParameterText } from "./fileEncoding";
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

/** The comparison with the card as the page sees it; its rows come a window at a time (cardRows). */
export interface CardComparisonSummary {
  /** Changes whenever the comparison is made again: fetched rows of another id are stale. */
  id: number;
  counts: CardChangeCounts;
  /** Per line ending of the new PAR.txt, since the technician may switch it after comparing. */
  byteDifference: Record<LineEnding, ByteDifference>;
  card: Omit<CardFileFacts, "problems"> & { problemCount: number };
  /** The first cardProblemsShown problems of the card's PAR.txt. */
  cardProblems: CardFileFacts["problems"];
}

export const cardProblemsShown = 20;

export type CardRowFilter = "all" | CardChange;

export interface CardRowsRequest {
  comparisonId: number;
  filter: CardRowFilter;
  from: number;
  count: number;
}

export interface CardRows {
  rowCount: number;
  /** With a parameter catalogue, each code's name and unit where it has them. */
  rows: (CardComparisonRow & { name?: string; unit?: string })[];
}

/** A parameter catalogue file as it reaches the worker. */
export interface CatalogueFile extends Omit<CatalogueFacts, "rowCount"> {
  bytes: ArrayBuffer;
}

/** Rows left out that the answer names; the count says how many there are in all. */
export const badCatalogueRowsNamed = 50;

/** What loading a catalogue did: it replaced the one before, or was refused and the one before stays. */
export type CatalogueLoadOutcome =
  | { kind: "loaded"; facts: CatalogueFacts; badRows: BadCatalogueRow[]; badRowCount: number }
  | { kind: "refused"; missing: CatalogueColumn[] };

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
  let lastComparison: {
    mergeKey: string;
    summary: CardComparisonSummary;
    comparison: CardComparison;
    rowIndexByFilter: Map<CardRowFilter, Int32Array>;
  } | null = null;
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
    const comparison = compareWithCard(current.result, cardBytes);
    const onCard = cardBytes ?? new Uint8Array();
    const differenceFor = (lineEnding: LineEnding) =>
      byteDifferenceOf(onCard, parFileBytes(current.result, lineEnding));
    const { problems, ...facts } = comparison.card;
    lastComparison = {
      mergeKey: current.key,
      comparison,
      rowIndexByFilter: new Map(),
      summary: {
        id: ++comparisonCount,
        counts: comparison.counts,
        byteDifference: { crlf: differenceFor("crlf"), lf: differenceFor("lf") },
        card: { ...facts, problemCount: problems.length },
        cardProblems: problems.slice(0, cardProblemsShown),
      },
    };
    return lastComparison.summary;
  }

  /** Positions of the rows a filter shows, found once per comparison and filter. */
  function rowIndexOf(filter: CardRowFilter): Int32Array {
    const kept = lastComparison!;
    let index = kept.rowIndexByFilter.get(filter);
    if (!index) {
      const { rowChange, rowCount } = kept.comparison;
      const wanted = filter === "all" ? -1 : cardChanges.indexOf(filter);
      const positions = new Int32Array(rowCount);
      let found = 0;
      for (let position = 0; position < rowCount; position++)
        if (wanted === -1 || rowChange[position] === wanted) positions[found++] = position;
      index = positions.slice(0, found);
      kept.rowIndexByFilter.set(filter, index);
    }
    return index;
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
    cardRows({ comparisonId, filter, from, count }: CardRowsRequest): CardRows | null {
      if (lastComparison?.summary.id !== comparisonId) return null;
      const index = rowIndexOf(filter);
      const start = Math.max(0, Math.min(from, index.length));
      const { result } = lastMerge!;
      const rows = cardComparisonRowsAt(
        lastComparison.comparison,
        result,
        index.subarray(start, Math.min(index.length, start + Math.max(0, count))),
      );
      if (!catalogue) return { rowCount: index.length, rows };
      return {
        rowCount: index.length,
        rows: rows.map((row) => {
          // A code only the card has is not in the merge: looked up by its code.
          const at = catalogue!.catalogue.indexOfCode.get(row.code);
          const entry = at === undefined ? undefined : catalogue!.catalogue.entries[at];
          return entry ? { ...row, name: entry.name, unit: entry.unit } : row;
        }),
      };
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
     * Reads a parameter catalogue (as parameter files are read: UTF-8 or Windows-1252) and checks every merge
     * against it from now on; null removes it. A file without a code or name column is refused, and the
     * catalogue before stays.
     */
    setCatalogue(file: CatalogueFile | null): CatalogueLoadOutcome | null {
      if (file === null) {
        catalogue = null;
        return null;
      }
      const reading = readCatalogue(decodeParameterText(new Uint8Array(file.bytes)).text);
      if (reading.kind === "refused") return reading;
      const facts = { fileName: file.fileName, sha256: file.sha256, rowCount: reading.catalogue.entries.length };
      catalogue = { ...facts, catalogue: reading.catalogue };
      return {
        kind: "loaded",
        facts,
        badRows: reading.badRows.slice(0, badCatalogueRowsNamed),
        badRowCount: reading.badRows.length,
      };
    },

    stats: (): MergeSessionStats => ({ ...stats }),
  };
}

export type MergeSession = ReturnType<typeof createMergeSession>;
