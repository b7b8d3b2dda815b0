/**
 * Any two records compared by their kept PAR.txt, with the card comparison's
 * own reader and rules (app/lib/merger/cardCompare.ts): the earlier record's
 * file stands where the card's would, the later one where the new PAR.txt would.
 */
import {
  byteDifferenceOf,
  cardChanges,
  cardComparisonRowsAt,
  compareWithCard,
  type CardChangeCounts,
  type CardComparisonRow,
} from "~/lib/merger/cardCompare";
import { parFileName } from "~/lib/merger/parFileFormat";
import { readParameterFile } from "~/lib/merger/parameterFile";
import { mergeParameterFiles } from "~/lib/merger/parameterMerge";
import type { RecordHead } from "./serviceRecord";

/**
 * /records/compare?earlier=…&later=…: the two records, by id; /records/compare?card=…: one card write's record,
 * the card's PAR.txt from before it against the one it wrote.
 */
export const compareParams = { earlier: "earlier", later: "later", card: "card" } as const;

export interface RecordComparison {
  counts: CardChangeCounts;
  /** `{c} changed, {a} added, {r} removed, {u} unchanged`, or that the files are the same. */
  summary: string;
  identical: boolean;
  /** Every row: the later file's codes in its order (changed, added, unchanged), then the removed ones. */
  rows: CardComparisonRow[];
}

export const identicalRecordsText = "Both records hold exactly the same PAR.txt.";

export function compareRecordFiles(earlierBytes: Uint8Array, laterBytes: Uint8Array): RecordComparison {
  const merge = mergeParameterFiles([
    { id: "later", path: parFileName, set: "standard", parsed: readParameterFile(laterBytes) },
  ]);
  const comparison = compareWithCard(merge, earlierBytes);
  const identical = byteDifferenceOf(earlierBytes, laterBytes) === "identical";
  const counts = comparison.counts;
  return {
    counts,
    identical,
    summary: identical
      ? identicalRecordsText
      : cardChanges.map((change) => `${counts[change].toLocaleString("en")} ${change}`).join(", "),
    rows: cardComparisonRowsAt(
      comparison,
      merge,
      Array.from({ length: comparison.rowCount }, (_, row) => row),
    ),
  };
}

/** The two records in time order, whichever was picked first. */
export function inTimeOrder<Record extends Pick<RecordHead, "createdAt">>(
  a: Record,
  b: Record,
): [earlier: Record, later: Record] {
  return a.createdAt.localeCompare(b.createdAt) <= 0 ? [a, b] : [b, a];
}
