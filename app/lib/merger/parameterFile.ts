/**
 * Reading one parameter text file: bytes → text (fileEncoding.ts) → kept
 * lines (keptLines.ts) → parameter entries (linePairing.ts), every line
 * judged by lineClassifier.ts. Problems are collected with the line they are
 * on, never thrown.
 *
 * The result is columnar: the decoded text once, and each entry's code and
 * value as offsets into it in typed arrays, with no object or string per
 * line, so a 50 MB file costs little more than its text (docs/performance.md).
 */
import { decodeParameterText, type DecodedParameterText, type TextEncodingName } from "./fileEncoding";
import { keptLinesOf, lineNumberAfter } from "./keptLines";
import { codePointOf } from "./lineCharacters";
import type { LineProblemKind } from "./lineClassifier";
import { pairKeptLines, type CodeOfTheSet } from "./linePairing";

export { decodeParameterText, inspectUtf8, type TextEncodingName } from "./fileEncoding";
export { keptLinesOf } from "./keptLines";

/** A code line starting with P and the value line after it (docs/behaviour.md#pairing-codes-and-values). */
export interface ParameterEntry {
  code: string;
  value: string;
  /** Line of the code in its file; the value is on the next kept line. */
  lineNumber: number;
}

export type FileProblemKind = LineProblemKind | "no-parameters" | "unreadable" | "duplicate-code" | "code-whitespace";

export interface FileProblem {
  kind: FileProblemKind;
  /** null when the problem is the file as a whole. */
  lineNumber: number | null;
  /** The other line of the pair, named in the message too (left out, or gone in as read, with this one). */
  pairedLineNumber?: number;
  message: string;
}

/** Something the technician should know that needs no confirmation: how the file was read. */
export interface FileNote {
  kind: "byte-order-mark" | "utf-16-without-byte-order-mark" | "padded-code" | "windows-1252-with-utf-8-pair";
  lineNumber: number | null;
  message: string;
}

export interface ParsedParameterFile {
  encoding: TextEncodingName;
  /** The decoded text; every code and value is a range [start, end) of it. */
  text: string;
  entryCount: number;
  /** Per entry, in file order. */
  codeStart: Int32Array;
  codeEnd: Int32Array;
  valueStart: Int32Array;
  valueEnd: Int32Array;
  /** Per entry: the code's line (from 1); the value is on the next kept line. */
  lineNumber: Int32Array;
  problems: FileProblem[];
  /** Only when there are any. */
  notes?: FileNote[];
  /** A UTF-8 file with stray bytes: per line (from 1) the first such byte, for the problems when paired again. */
  invalidByteOfLine?: Map<number, number>;
  /**
   * Lines in value position that read as codes of another pattern where pairing broke: whether they are codes
   * of the set only the merge knows, which pairs the file again when one is (pairedAgainInSet). Only when any.
   */
  codesToAsk?: string[];
}

function notesOf(byteOrderMarkLines: number[], decoded: DecodedParameterText): FileNote[] {
  const notes: FileNote[] = [];
  const { utf16WithoutByteOrderMark: utf16Order, utf8LookAlike } = decoded;
  if (utf16Order) {
    notes.push({
      kind: "utf-16-without-byte-order-mark",
      lineNumber: null,
      message: `Read as UTF-16 ${utf16Order}: the file has no byte order mark, but a NUL byte at every other position.`,
    });
  }
  if (utf8LookAlike) {
    const { lineNumber, bytes } = utf8LookAlike;
    const hex = bytes.map((byte) => byte.toString(16).toUpperCase()).join(" ");
    const asUtf8 = new TextDecoder().decode(Uint8Array.from(bytes));
    notes.push({
      kind: "windows-1252-with-utf-8-pair",
      lineNumber,
      message: `Line ${lineNumber}: read as Windows-1252, though the bytes ${hex} are valid UTF-8 too (${codePointOf(asUtf8)}): the rest of the file is not UTF-8.`,
    });
  }
  for (const lineNumber of byteOrderMarkLines) {
    notes.push({
      kind: "byte-order-mark",
      lineNumber,
      message: `Line ${lineNumber}: a byte order mark (U+FEFF) at the start of the line is dropped: were files joined (copy /b)? The rest of the line is read as usual.`,
    });
  }
  return notes;
}

export function readParameterFile(bytes: Uint8Array): ParsedParameterFile {
  return parsedFrom(decodeParameterText(bytes));
}

/**
 * The file paired again with the codes of the set it is merged in (docs/behaviour.md#near-miss-inputs): a line
 * in value position that is a code of the set is a code, and the code before it had no value.
 */
export function pairedAgainInSet(parsed: ParsedParameterFile, codeOfTheSet: CodeOfTheSet): ParsedParameterFile {
  const again = parsedFrom(
    { text: parsed.text, encoding: parsed.encoding, invalidByteOfLine: parsed.invalidByteOfLine },
    codeOfTheSet,
  );
  // How the file was read does not change with its pairing.
  delete again.notes;
  return parsed.notes ? { ...again, notes: parsed.notes } : again;
}

function parsedFrom(decoded: DecodedParameterText, codeOfTheSet?: CodeOfTheSet): ParsedParameterFile {
  const { text, encoding, invalidByteOfLine } = decoded;
  const lines = keptLinesOf(text);
  const { entries, problems, codesToAsk } = pairKeptLines({ text, lines, invalidByteOfLine, codeOfTheSet });
  const entryCount = entries.codeStart.length;
  if (entryCount === 0 && problems.length === 0) {
    problems.push({
      kind: "no-parameters",
      lineNumber: null,
      message: "This file has no parameters (it is empty or has only comments and blank lines).",
    });
  }
  problems.sort((a, b) => (a.lineNumber ?? 0) - (b.lineNumber ?? 0));
  const parsed: ParsedParameterFile = {
    encoding,
    text,
    entryCount,
    codeStart: entries.codeStart.trimmed(),
    codeEnd: entries.codeEnd.trimmed(),
    valueStart: entries.valueStart.trimmed(),
    valueEnd: entries.valueEnd.trimmed(),
    lineNumber: entries.lineNumber.trimmed(),
    problems,
  };
  if (lines.byteOrderMarkLines.length > 0 || decoded.utf16WithoutByteOrderMark || decoded.utf8LookAlike) {
    parsed.notes = notesOf(lines.byteOrderMarkLines, decoded);
  }
  if (invalidByteOfLine) parsed.invalidByteOfLine = invalidByteOfLine;
  if (codesToAsk.length > 0) parsed.codesToAsk = codesToAsk;
  return parsed;
}

export function codeOf(file: ParsedParameterFile, entry: number): string {
  return file.text.slice(file.codeStart[entry]!, file.codeEnd[entry]!);
}

export function valueOf(file: ParsedParameterFile, entry: number): string {
  return file.text.slice(file.valueStart[entry]!, file.valueEnd[entry]!);
}

/** The line (from 1) of an entry's value: the next kept line after its code, found by counting line breaks. */
export function valueLineNumberOf(file: ParsedParameterFile, entry: number): number {
  return lineNumberAfter(file.text, file.lineNumber[entry]!, file.codeEnd[entry]!, file.valueStart[entry]!);
}

/** The entries as objects, for a few at a time (a window, a test); the file itself keeps none. */
export function entriesOf(file: ParsedParameterFile, from = 0, to = file.entryCount): ParameterEntry[] {
  const entries: ParameterEntry[] = [];
  for (let entry = Math.max(0, from); entry < Math.min(to, file.entryCount); entry++) {
    entries.push({ code: codeOf(file, entry), value: valueOf(file, entry), lineNumber: file.lineNumber[entry]! });
  }
  return entries;
}

/** A file that could not be read at all: no entries, one problem. */
export function unreadParameterFile(problem: FileProblem): ParsedParameterFile {
  const none = new Int32Array(0);
  return {
    encoding: "utf-8",
    text: "",
    entryCount: 0,
    codeStart: none,
    codeEnd: none,
    valueStart: none,
    valueEnd: none,
    lineNumber: none,
    problems: [problem],
  };
}
