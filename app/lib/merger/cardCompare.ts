/**
 * The new PAR.txt against the PAR.txt already on the SD card: which codes the
 * unit will see changed, added or removed, and whether the bytes differ at
 * all. The card's file is read with the same reader as every added file, so
 * its problems show too.
 */
import type { LineEnding } from "~/lib/merger/parFileFormat";
import {
  codeOf,
  readParameterFile,
  valueOf,
  type FileProblem,
  type ParsedParameterFile,
  type TextEncodingName,
} from "./parameterFile";
import { codeAt, forEachUsedEntry, parameterAt, type MergeResult, type ParameterSource } from "./parameterMerge";
import { RangeIndex, sameRanges } from "./textRanges";
import { sameBytes } from "./fileBytes";
import { firstDifference } from "./valueDifference";

export type CardChange = "changed" | "added" | "removed" | "unchanged";

export const cardChanges: readonly CardChange[] = ["changed", "added", "removed", "unchanged"];

export interface CardComparisonRow {
  code: string;
  change: CardChange;
  /** null: the card has no such code (added). */
  cardValue: string | null;
  /** null: the new PAR.txt lacks the code (removed: the unit loses it). */
  newValue: string | null;
  /** Where the new value comes from; null for removed codes. */
  source: ParameterSource | null;
  /** A changed code: where its two values first differ (valueDifference.ts); null for the others. */
  differsAt: number | null;
}

export type CardChangeCounts = Record<CardChange, number>;

/**
 * How the bytes of the two files relate. Only the line endings, only the final
 * line break, or both: the parameters are the same and the unit reads them alike.
 */
export type ByteDifference =
  "identical" | "line-endings" | "final-line-break" | "line-endings-and-final-line-break" | "other";

/** What a file's lines end with; "none" for a file with a single line or none. */
export type LineBreakKind = LineEnding | "cr" | "mixed" | "none";

export interface CardFileFacts {
  /** false: the card has no PAR.txt (every code is added); the facts below are those of an empty file. */
  hasParFile: boolean;
  byteCount: number;
  parameterCount: number;
  encoding: TextEncodingName;
  lineBreaks: LineBreakKind;
  problems: FileProblem[];
}

/**
 * Columnar, like the merge: rows are new PAR.txt order (changed, added,
 * unchanged), then the removed codes in card order; cardComparisonRowsAt
 * makes objects of a window of them.
 */
export interface CardComparison {
  counts: CardChangeCounts;
  rowCount: number;
  /** Per row: its change, as an index into cardChanges. */
  rowChange: Uint8Array;
  /** Per parameter of the new PAR.txt (the first rows): the card entry with its code, or -1. */
  cardEntryOfParameter: Int32Array;
  /** The card entries of the removed rows, in card order. */
  removedCardEntries: Int32Array;
  cardFile: ParsedParameterFile;
  card: CardFileFacts;
}

/** `usedLine`: the line of the value the comparison uses, when it is a still later one than this. */
function duplicateOnCard(lineNumber: number, code: string, firstLine: number, usedLine: number | null): FileProblem {
  const whichIsUsed =
    usedLine === null
      ? "the comparison uses this later value"
      : `the comparison uses the later value on line ${usedLine}`;
  return {
    kind: "duplicate-code",
    lineNumber,
    message: `Line ${lineNumber}: ${code} appears again on the card (first on line ${firstLine}); ${whichIsUsed}.`,
  };
}

/** The line breaks of a file's decoded text: a UTF-16 file's CRLF is 0D 00 0A 00, one break, not two kinds. */
export function lineBreaksOf(text: string): LineBreakKind {
  let crlf = 0;
  let lf = 0;
  let cr = 0;
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    if (unit === 0x0d) {
      if (text.charCodeAt(index + 1) === 0x0a) {
        crlf++;
        index++;
      } else cr++;
    } else if (unit === 0x0a) lf++;
  }
  const kinds = [crlf > 0, lf > 0, cr > 0].filter(Boolean).length;
  if (kinds === 0) return "none";
  if (kinds > 1) return "mixed";
  return crlf > 0 ? "crlf" : lf > 0 ? "lf" : "cr";
}

/** Every CRLF and CR as LF, so files that differ only in line endings become equal. */
function withLfBreaks(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(bytes.length);
  let length = 0;
  for (let index = 0; index < bytes.length; index++) {
    const byte = bytes[index]!;
    if (byte === 0x0d) {
      out[length++] = 0x0a;
      if (bytes[index + 1] === 0x0a) index++;
    } else out[length++] = byte;
  }
  return out.subarray(0, length);
}

/** The bytes without one final line break (CRLF, LF or CR). */
function withoutFinalBreak(bytes: Uint8Array): Uint8Array {
  const last = bytes[bytes.length - 1];
  if (last === 0x0a) return bytes.subarray(0, bytes[bytes.length - 2] === 0x0d ? -2 : -1);
  if (last === 0x0d) return bytes.subarray(0, -1);
  return bytes;
}

/** How the card's bytes differ from the new file's, named as plainly as possible. */
export function byteDifferenceOf(cardBytes: Uint8Array, newBytes: Uint8Array): ByteDifference {
  if (sameBytes(cardBytes, newBytes)) return "identical";
  if (sameBytes(withoutFinalBreak(cardBytes), withoutFinalBreak(newBytes))) return "final-line-break";
  const cardLf = withLfBreaks(cardBytes);
  const newLf = withLfBreaks(newBytes);
  if (sameBytes(cardLf, newLf)) return "line-endings";
  if (sameBytes(withoutFinalBreak(cardLf), withoutFinalBreak(newLf))) return "line-endings-and-final-line-break";
  return "other";
}

/**
 * Compares the new PAR.txt (the merge) with the entries read from the card's
 * PAR.txt bytes; null bytes: the card has no PAR.txt (every code is added).
 */
export function compareWithCard(merge: MergeResult, cardBytes: Uint8Array | null): CardComparison {
  const cardFile = readParameterFile(cardBytes ?? new Uint8Array());
  // A card without PAR.txt is said once, by the folder; "this file has no parameters" would be a second, odd message.
  const problems = cardBytes ? [...cardFile.problems] : [];
  // The card's codes, later values winning as in a merge; a repeated code is named with its first line.
  const cardIndex = new RangeIndex([cardFile.text], cardFile.entryCount);
  const cardEntryOfCode = new Int32Array(cardFile.entryCount);
  const firstEntryOfCode = new Int32Array(cardFile.entryCount);
  const repeated: { entry: number; key: number }[] = [];
  for (let entry = 0; entry < cardFile.entryCount; entry++) {
    const key = cardIndex.findRange(0, cardFile.codeStart[entry]!, cardFile.codeEnd[entry]!);
    if (key === -1) {
      const added = cardIndex.addMissing(0, cardFile.codeStart[entry]!, cardFile.codeEnd[entry]!);
      cardEntryOfCode[added] = entry;
      firstEntryOfCode[added] = entry;
    } else {
      repeated.push({ entry, key });
      cardEntryOfCode[key] = entry;
    }
  }
  // Said once every line is read: only then is it known which value of a code the comparison uses.
  for (const { entry, key } of repeated) {
    const usedEntry = cardEntryOfCode[key]!;
    const firstLine = cardFile.lineNumber[firstEntryOfCode[key]!]!;
    const usedLine = usedEntry === entry ? null : cardFile.lineNumber[usedEntry]!;
    problems.push(duplicateOnCard(cardFile.lineNumber[entry]!, codeOf(cardFile, entry), firstLine, usedLine));
  }
  problems.sort((a, b) => (a.lineNumber ?? 0) - (b.lineNumber ?? 0));

  const counts: CardChangeCounts = { changed: 0, added: 0, removed: 0, unchanged: 0 };
  const cardCodeCount = cardIndex.size;
  const rowChange = new Uint8Array(merge.parameterCount + cardCodeCount);
  const cardEntryOfParameter = new Int32Array(merge.parameterCount);
  const cardCodeMatched = new Uint8Array(cardCodeCount);
  forEachUsedEntry(merge, (index, parsed, entry) => {
    const key = cardIndex.findIn(parsed.text, parsed.codeStart[entry]!, parsed.codeEnd[entry]!);
    let change: CardChange = "added";
    if (key !== -1) {
      cardCodeMatched[key] = 1;
      const cardEntry = cardEntryOfCode[key]!;
      const sameValue = sameRanges(
        cardFile.text,
        cardFile.valueStart[cardEntry]!,
        cardFile.valueEnd[cardEntry]!,
        parsed.text,
        parsed.valueStart[entry]!,
        parsed.valueEnd[entry]!,
      );
      change = sameValue ? "unchanged" : "changed";
    }
    cardEntryOfParameter[index] = key === -1 ? -1 : cardEntryOfCode[key]!;
    counts[change]++;
    rowChange[index] = cardChanges.indexOf(change);
  });
  const removedCardEntries: number[] = [];
  for (let key = 0; key < cardCodeCount; key++) {
    if (cardCodeMatched[key]) continue;
    rowChange[merge.parameterCount + removedCardEntries.length] = cardChanges.indexOf("removed");
    removedCardEntries.push(cardEntryOfCode[key]!);
  }
  counts.removed = removedCardEntries.length;
  const rowCount = merge.parameterCount + removedCardEntries.length;
  return {
    counts,
    rowCount,
    rowChange: rowChange.slice(0, rowCount),
    cardEntryOfParameter,
    removedCardEntries: Int32Array.from(removedCardEntries),
    cardFile,
    card: {
      hasParFile: cardBytes !== null,
      byteCount: cardBytes?.length ?? 0,
      parameterCount: cardCodeCount,
      encoding: cardFile.encoding,
      lineBreaks: lineBreaksOf(cardFile.text),
      problems,
    },
  };
}

/** Rows of the comparison as objects, by row number (a window of the table, or all in a test or a record's comparison). */
export function cardComparisonRowsAt(
  comparison: CardComparison,
  merge: MergeResult,
  rowNumbers: Iterable<number>,
): CardComparisonRow[] {
  const { cardFile } = comparison;
  const rows: CardComparisonRow[] = [];
  for (const row of rowNumbers) {
    const change = cardChanges[comparison.rowChange[row]!]!;
    if (row >= merge.parameterCount) {
      const cardEntry = comparison.removedCardEntries[row - merge.parameterCount]!;
      rows.push({
        code: codeOf(cardFile, cardEntry),
        change,
        cardValue: valueOf(cardFile, cardEntry),
        newValue: null,
        source: null,
        differsAt: null,
      });
      continue;
    }
    const { value, source } = parameterAt(merge, row);
    const cardEntry = comparison.cardEntryOfParameter[row]!;
    const cardValue = cardEntry === -1 ? null : valueOf(cardFile, cardEntry);
    rows.push({
      code: codeAt(merge, row),
      change,
      cardValue,
      newValue: value,
      source,
      // Only for the rows asked for: a window of the table, never every row at once.
      differsAt: change === "changed" && cardValue !== null ? firstDifference(cardValue, value) : null,
    });
  }
  return rows;
}

/** The comparison's texts, in one place; the summary's counts line is fixed exactly (docs/behaviour.md, Exact texts). */
export const cardComparisonTexts = {
  identical: "The card already holds exactly this PAR.txt.",
  lineEndingsOnly: (endings: string) => `The parameters are the same; only the line endings differ: ${endings}.`,
  finalLineBreakOnly: "The parameters are the same; only the line break at the end of the file differs.",
  lineEndingsAndFinalLineBreakOnly: (endings: string) =>
    `The parameters are the same; only the line endings and the final line break differ: ${endings}.`,
  otherBytesOnly: "The parameters are the same, but the files differ in order, comments, blank lines or encoding.",
  endings: (card: string, created: string) => `the card's PAR.txt has ${card}, the new one ${created}`,
  endingsToo: (endings: string) => `Line endings differ too: ${endings}.`,
  encoding: (card: string) => `The card's PAR.txt is ${card}; the new one is UTF-8.`,
} as const;

/** The summary line, exactly as docs/behaviour.md fixes it: `{c} changed, {a} added, {r} removed, {u} unchanged`. */
export function cardComparisonSummary(counts: CardChangeCounts, byteDifference: ByteDifference): string {
  if (byteDifference === "identical") return cardComparisonTexts.identical;
  return cardChanges.map((change) => `${counts[change].toLocaleString("en")} ${change}`).join(", ");
}

const lineBreakNames: Record<LineBreakKind, string> = {
  crlf: "CRLF",
  lf: "LF",
  cr: "CR",
  mixed: "mixed line endings",
  none: "no line breaks",
};

const encodingNames: Record<TextEncodingName, string> = {
  "utf-8": "UTF-8",
  "utf-16": "UTF-16",
  "windows-1252": "Windows-1252",
};

/**
 * A second line naming a difference the counts cannot show; null when there is nothing to add. A card without
 * PAR.txt has no line endings or encoding to compare: the folder says it has none.
 */
export function byteDifferenceNote(
  byteDifference: ByteDifference,
  counts: CardChangeCounts,
  card: Pick<CardFileFacts, "hasParFile" | "lineBreaks" | "encoding">,
  lineEnding: LineEnding,
): string | null {
  if (!card.hasParFile) return null;
  const texts = cardComparisonTexts;
  const endings = texts.endings(lineBreakNames[card.lineBreaks], lineBreakNames[lineEnding]);
  // The new PAR.txt is always UTF-8: a unit that read the card's file in another encoding may not read it alike.
  const encodingNote = card.encoding === "utf-8" ? "" : ` ${texts.encoding(encodingNames[card.encoding])}`;
  switch (byteDifference) {
    case "identical":
      return null;
    case "line-endings":
      return texts.lineEndingsOnly(endings);
    case "final-line-break":
      return texts.finalLineBreakOnly;
    case "line-endings-and-final-line-break":
      return texts.lineEndingsAndFinalLineBreakOnly(endings);
    case "other": {
      const sameParameters = counts.changed + counts.added + counts.removed === 0;
      const lineEndingNote = card.lineBreaks === lineEnding ? "" : ` ${texts.endingsToo(endings)}`;
      if (sameParameters) return `${texts.otherBytesOnly}${encodingNote}${lineEndingNote}`;
      const notes = `${encodingNote}${lineEndingNote}`.trim();
      return notes === "" ? null : notes;
    }
  }
}
