/**
 * The new PAR.txt against the PAR.txt already on the SD card: which codes the
 * unit will see changed, added or removed, and whether the bytes differ at
 * all. The card's file is read with the same reader as every added file, so
 * its problems show too.
 */
import type { LineEnding } from "./parFile";
import { readParameterFile, type FileProblem, type TextEncodingName } from "./parameterFile";
import type { ParameterSource } from "./parameterMerge";

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
  byteCount: number;
  parameterCount: number;
  encoding: TextEncodingName;
  lineBreaks: LineBreakKind;
  problems: FileProblem[];
}

export interface CardComparison {
  counts: CardChangeCounts;
  /** New PAR.txt order (changed, added, unchanged), then the removed codes in card order. */
  rows: CardComparisonRow[];
  card: CardFileFacts;
}

interface NewParameter {
  readonly code: string;
  readonly value: string;
  readonly source: ParameterSource;
}

function duplicateOnCard(lineNumber: number, code: string, firstLine: number): FileProblem {
  return {
    kind: "duplicate-code",
    lineNumber,
    message: `Line ${lineNumber}: ${code} appears again on the card (first on line ${firstLine}); the comparison uses this later value.`,
  };
}

export function lineBreaksOf(bytes: Uint8Array): LineBreakKind {
  let crlf = 0;
  let lf = 0;
  let cr = 0;
  for (let index = 0; index < bytes.length; index++) {
    const byte = bytes[index];
    if (byte === 0x0d) {
      if (bytes[index + 1] === 0x0a) {
        crlf++;
        index++;
      } else cr++;
    } else if (byte === 0x0a) lf++;
  }
  const kinds = [crlf > 0, lf > 0, cr > 0].filter(Boolean).length;
  if (kinds === 0) return "none";
  if (kinds > 1) return "mixed";
  return crlf > 0 ? "crlf" : lf > 0 ? "lf" : "cr";
}

export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index++) if (a[index] !== b[index]) return false;
  return true;
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
 * Compares the new PAR.txt's parameters with the entries read from the card's
 * PAR.txt bytes; null bytes: the card has no PAR.txt (every code is added).
 */
export function compareWithCard(newParameters: readonly NewParameter[], cardBytes: Uint8Array | null): CardComparison {
  const parsed = readParameterFile(cardBytes ?? new Uint8Array());
  // A card without PAR.txt is said once, by the folder; "this file has no parameters" would be a second, odd message.
  const problems = cardBytes ? parsed.problems : [];
  // The card's codes, later values winning as in a merge; a repeated code is named.
  const cardByCode = new Map<string, { value: string; lineNumber: number }>();
  for (const entry of parsed.entries) {
    const first = cardByCode.get(entry.code);
    if (first) problems.push(duplicateOnCard(entry.lineNumber, entry.code, first.lineNumber));
    cardByCode.set(entry.code, { value: entry.value, lineNumber: first?.lineNumber ?? entry.lineNumber });
  }
  problems.sort((a, b) => (a.lineNumber ?? 0) - (b.lineNumber ?? 0));

  const counts: CardChangeCounts = { changed: 0, added: 0, removed: 0, unchanged: 0 };
  const rows: CardComparisonRow[] = [];
  const newCodes = new Set<string>();
  for (const parameter of newParameters) {
    newCodes.add(parameter.code);
    const onCard = cardByCode.get(parameter.code);
    const change: CardChange = !onCard ? "added" : onCard.value === parameter.value ? "unchanged" : "changed";
    counts[change]++;
    rows.push({
      code: parameter.code,
      change,
      cardValue: onCard?.value ?? null,
      newValue: parameter.value,
      source: parameter.source,
    });
  }
  for (const [code, { value }] of cardByCode) {
    if (newCodes.has(code)) continue;
    counts.removed++;
    rows.push({ code, change: "removed", cardValue: value, newValue: null, source: null });
  }
  return {
    counts,
    rows,
    card: {
      byteCount: cardBytes?.length ?? 0,
      parameterCount: cardByCode.size,
      encoding: parsed.encoding,
      lineBreaks: lineBreaksOf(cardBytes ?? new Uint8Array()),
      problems,
    },
  };
}

/** The summary line, exactly: `{c} changed, {a} added, {r} removed, {u} unchanged`. */
export function cardComparisonSummary(counts: CardChangeCounts, byteDifference: ByteDifference): string {
  if (byteDifference === "identical") return "The card already holds exactly this PAR.txt.";
  return cardChanges.map((change) => `${counts[change].toLocaleString("en")} ${change}`).join(", ");
}

const lineBreakNames: Record<LineBreakKind, string> = {
  crlf: "CRLF",
  lf: "LF",
  cr: "CR",
  mixed: "mixed line endings",
  none: "no line breaks",
};

/** A second line naming a difference the counts cannot show; null when there is nothing to add. */
export function byteDifferenceNote(
  byteDifference: ByteDifference,
  counts: CardChangeCounts,
  card: Pick<CardFileFacts, "lineBreaks">,
  lineEnding: LineEnding,
): string | null {
  const endings = `the card's PAR.txt has ${lineBreakNames[card.lineBreaks]}, the new one ${lineBreakNames[lineEnding]}`;
  switch (byteDifference) {
    case "identical":
      return null;
    case "line-endings":
      return `The parameters are the same; only the line endings differ: ${endings}.`;
    case "final-line-break":
      return "The parameters are the same; only the line break at the end of the file differs.";
    case "line-endings-and-final-line-break":
      return `The parameters are the same; only the line endings and the final line break differ: ${endings}.`;
    case "other": {
      const sameParameters = counts.changed + counts.added + counts.removed === 0;
      const lineEndingNote = card.lineBreaks === lineEnding ? "" : ` Line endings differ too: ${endings}.`;
      if (sameParameters)
        return `The parameters are the same, but the files differ in order, comments, blank lines or encoding.${lineEndingNote}`;
      return lineEndingNote === "" ? null : lineEndingNote.trim();
    }
  }
}
