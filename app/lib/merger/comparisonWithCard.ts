/**
 * The comparison of the merge with the card's PAR.txt as the page sees it: a summary made once per change of the
 * files or the card, and its rows a window at a time under a filter (the merge worker keeps it, mergeSession.ts).
 */
import type { LoadedCatalogue } from "~/lib/catalogue/parameterCatalogue";
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
import type { MergeResult } from "./mergeResult";
import type { LineEnding } from "./parFileFormat";

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

const cardProblemsShown = 20;

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

/** A comparison made, and the positions of the rows of each filter asked for so far. */
export interface KeptComparison {
  summary: CardComparisonSummary;
  comparison: CardComparison;
  rowIndexByFilter: Map<CardRowFilter, Int32Array>;
}

/** Compares the merge with the card's PAR.txt (null: the card has none); `parFileBytes` writes the merge's. */
export function compareMergeWithCard(
  id: number,
  result: MergeResult,
  cardBytes: Uint8Array | null,
  parFileBytes: (lineEnding: LineEnding) => Uint8Array,
): KeptComparison {
  const comparison = compareWithCard(result, cardBytes);
  const onCard = cardBytes ?? new Uint8Array();
  const differenceFor = (lineEnding: LineEnding) => byteDifferenceOf(onCard, parFileBytes(lineEnding));
  const { problems, ...facts } = comparison.card;
  return {
    comparison,
    rowIndexByFilter: new Map(),
    summary: {
      id,
      counts: comparison.counts,
      byteDifference: { crlf: differenceFor("crlf"), lf: differenceFor("lf") },
      card: { ...facts, problemCount: problems.length },
      cardProblems: problems.slice(0, cardProblemsShown),
    },
  };
}

/** Positions of the rows a filter shows, found once per comparison and filter. */
function rowIndexOf(kept: KeptComparison, filter: CardRowFilter): Int32Array {
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

/** One window of the comparison's rows under a filter, with the catalogue's names and units where it has them. */
export function cardRowsOf(
  kept: KeptComparison,
  result: MergeResult,
  catalogue: LoadedCatalogue | null,
  { filter, from, count }: CardRowsRequest,
): CardRows {
  const index = rowIndexOf(kept, filter);
  const start = Math.max(0, Math.min(from, index.length));
  const rows = cardComparisonRowsAt(
    kept.comparison,
    result,
    index.subarray(start, Math.min(index.length, start + Math.max(0, count))),
  );
  if (!catalogue) return { rowCount: index.length, rows };
  return {
    rowCount: index.length,
    rows: rows.map((row) => {
      // A code only the card has is not in the merge: looked up by its code.
      const at = catalogue.catalogue.indexOfCode.get(row.code);
      const entry = at === undefined ? undefined : catalogue.catalogue.entries[at];
      return entry ? { ...row, name: entry.name, unit: entry.unit } : row;
    }),
  };
}
