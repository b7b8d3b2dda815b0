/**
 * Reading one parameter text file: bytes → text → kept lines → parameter
 * entries. Problems are collected with the line they are on, never thrown.
 *
 * The result is columnar: the decoded text once, and each entry's code and
 * value as offsets into it in typed arrays, with no object or string per
 * line, so a 50 MB file costs little more than its text (issue 17). Lines are
 * found with indexOf over the text rather than papaparse, which would make a
 * string and an array for every line.
 */

export type TextEncodingName = "utf-8" | "utf-16" | "windows-1252";

/** SPEC.md section 3: a code line starting with P and the value line after it. */
export interface ParameterEntry {
  code: string;
  value: string;
  /** Line of the code in its file; the value is on the next kept line. */
  lineNumber: number;
}

export type FileProblemKind =
  | "not-a-code"
  | "missing-value"
  | "no-parameters"
  | "unreadable"
  | "mixed-encoding"
  | "duplicate-code"
  | "code-whitespace";

export interface FileProblem {
  kind: FileProblemKind;
  /** null when the problem is the file as a whole. */
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
}

const utf8ByteOrderMark = [0xef, 0xbb, 0xbf];

/**
 * Where UTF-8 breaks in these bytes, and whether they hold any valid multi-byte
 * UTF-8 character. Both together mean a UTF-8 file with a stray byte: reading
 * it as Windows-1252 would quietly turn every "ä" into "Ã¤".
 */
export function inspectUtf8(bytes: Uint8Array): { firstInvalidByte: number | null; hasMultiByteCharacters: boolean } {
  let firstInvalidByte: number | null = null;
  let hasMultiByteCharacters = false;
  let index = 0;
  while (index < bytes.length) {
    const lead = bytes[index]!;
    if (lead < 0x80) {
      index++;
      continue;
    }
    const length =
      lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
    let valid = length > 0 && index + length <= bytes.length;
    for (let offset = 1; valid && offset < length; offset++) valid = (bytes[index + offset]! & 0xc0) === 0x80;
    // Overlong forms, surrogates and code points past U+10FFFF are not UTF-8 either.
    const second = bytes[index + 1] ?? 0;
    if (valid && lead === 0xe0) valid = second >= 0xa0;
    if (valid && lead === 0xed) valid = second <= 0x9f;
    if (valid && lead === 0xf0) valid = second >= 0x90;
    if (valid && lead === 0xf4) valid = second <= 0x8f;
    if (valid) {
      hasMultiByteCharacters = true;
      index += length;
    } else {
      firstInvalidByte ??= index;
      index++;
    }
  }
  return { firstInvalidByte, hasMultiByteCharacters };
}

/** The line (from 1) that a byte offset is on; CRLF, LF and CR each end a line. */
function lineOfByte(bytes: Uint8Array, offset: number): number {
  let line = 1;
  for (let index = 0; index < offset; index++) {
    const byte = bytes[index];
    if (byte === 0x0a || (byte === 0x0d && bytes[index + 1] !== 0x0a)) line++;
  }
  return line;
}

export interface DecodedParameterText {
  text: string;
  encoding: TextEncodingName;
  /** A UTF-8 file with bytes that are not UTF-8 in it: read as UTF-8, and a problem. */
  mixedEncodingProblem?: FileProblem;
}

/**
 * UTF-8 (its BOM dropped); bytes that are not valid UTF-8 are read as
 * Windows-1252, unless the file also holds valid UTF-8 characters (then it is
 * UTF-8 with a stray byte, a problem). A UTF-16 byte order mark (Notepad's
 * "Unicode") is read as UTF-16.
 */
export function decodeParameterText(bytes: Uint8Array): DecodedParameterText {
  const utf16 =
    bytes[0] === 0xff && bytes[1] === 0xfe ? "utf-16le" : bytes[0] === 0xfe && bytes[1] === 0xff ? "utf-16be" : null;
  if (utf16) return { text: new TextDecoder(utf16).decode(bytes), encoding: "utf-16" };
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), encoding: "utf-8" };
  } catch {
    const hasByteOrderMark = utf8ByteOrderMark.every((byte, index) => bytes[index] === byte);
    const body = hasByteOrderMark ? bytes.subarray(utf8ByteOrderMark.length) : bytes;
    const { firstInvalidByte, hasMultiByteCharacters } = inspectUtf8(body);
    if (hasMultiByteCharacters && firstInvalidByte !== null) {
      const lineNumber = lineOfByte(body, firstInvalidByte);
      const byteHex = body[firstInvalidByte]!.toString(16).toUpperCase().padStart(2, "0");
      return {
        text: new TextDecoder("utf-8").decode(body),
        encoding: "utf-8",
        mixedEncodingProblem: {
          kind: "mixed-encoding",
          lineNumber,
          message: `Line ${lineNumber}: byte ${byteHex} is not UTF-8, but the file has UTF-8 characters elsewhere. It is read as UTF-8 and that byte shows as �; check the line in the original file.`,
        },
      };
    }
    return { text: new TextDecoder("windows-1252").decode(body), encoding: "windows-1252" };
  }
}

/** Int32 values appended one by one, in a typed array that doubles when full. */
class Int32Column {
  private values: Int32Array;
  length = 0;

  constructor(capacity: number) {
    this.values = new Int32Array(Math.max(16, capacity));
  }

  push(value: number): void {
    if (this.length === this.values.length) {
      const grown = new Int32Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = value;
  }

  at(index: number): number {
    return this.values[index]!;
  }

  /** A copy of exactly the values pushed, so the spare capacity is freed: for what is kept. */
  trimmed(): Int32Array {
    return this.values.slice(0, this.length);
  }

  /** The values pushed, without a copy: for what is used once and dropped. */
  view(): Int32Array {
    return this.values.subarray(0, this.length);
  }
}

/** Kept lines (not comments, not blank), columnar: each line's range in the text and its number (from 1). */
export interface KeptLines {
  count: number;
  start: Int32Array;
  end: Int32Array;
  lineNumber: Int32Array;
}

const asterisk = 0x2a;
const carriageReturn = 0x0d;
const lineFeed = 0x0a;
const byteOrderMark = 0xfeff;

function isBlank(text: string, start: number, end: number): boolean {
  // Most lines start with a visible character: no need to trim them.
  if (start === end) return true;
  const first = text.charCodeAt(start);
  return (first <= 32 || first === 0xa0 || first > 0x1fff) && text.slice(start, end).trim() === "";
}

/**
 * Lines that are not comments (`*` first) or blank (also only whitespace), with
 * their line numbers. CRLF, LF and CR each end a line, also mixed in one file;
 * a line's content is kept verbatim (no unquoting, splitting or trimming).
 */
export function keptLinesOf(text: string): KeptLines {
  // A rough guess of the line count (about 20 characters a line) saves most regrowth.
  const guess = text.length >> 4;
  const starts = new Int32Column(guess);
  const ends = new Int32Column(guess);
  const numbers = new Int32Column(guess);
  const length = text.length;
  // Only a lone CR (not part of CRLF) needs the slower scan, character by character.
  const hasLoneCarriageReturn = text.includes("\r") && /\r(?!\n)/.test(text);
  let lineStart = text.charCodeAt(0) === byteOrderMark ? 1 : 0;
  for (let lineNumber = 1; ; lineNumber++) {
    let lineEnd = length;
    let nextStart = -1;
    if (!hasLoneCarriageReturn) {
      const lineFeedAt = text.indexOf("\n", lineStart);
      if (lineFeedAt !== -1) {
        lineEnd =
          lineFeedAt > lineStart && text.charCodeAt(lineFeedAt - 1) === carriageReturn ? lineFeedAt - 1 : lineFeedAt;
        nextStart = lineFeedAt + 1;
      }
    } else {
      for (let index = lineStart; index < length; index++) {
        const unit = text.charCodeAt(index);
        if (unit === lineFeed || unit === carriageReturn) {
          lineEnd = index;
          nextStart = unit === carriageReturn && text.charCodeAt(index + 1) === lineFeed ? index + 2 : index + 1;
          break;
        }
      }
    }
    // The line numbers are needed for messages, so comments and blanks are skipped here, not by a parser option.
    if (text.charCodeAt(lineStart) !== asterisk && !isBlank(text, lineStart, lineEnd)) {
      starts.push(lineStart);
      ends.push(lineEnd);
      numbers.push(lineNumber);
    }
    if (nextStart === -1) break;
    lineStart = nextStart;
  }
  return { count: starts.length, start: starts.view(), end: ends.view(), lineNumber: numbers.view() };
}

const letterP = 0x50;

function quoted(line: string): string {
  return line.length > 40 ? `"${line.slice(0, 40)}…"` : `"${line}"`;
}

/** "P0120" → "P9", "P12A" → "P9A": P, then the kinds of characters that follow (digits, letters, others) with runs collapsed. */
function codeShape(line: string): string {
  return line
    .replace(/\d+/g, "9")
    .replace(/[A-Za-z]+/g, "A")
    .replace(/^A/, "P");
}

/** A value line that looks like the code before it: the file most likely lacks that code's value. */
function looksLikeCode(value: string, precedingCode: string): boolean {
  return value.startsWith("P") && codeShape(value) === codeShape(precedingCode);
}

/** Entries as ranges of the text, before they are trimmed to size. */
interface EntryColumns {
  codeStart: Int32Column;
  codeEnd: Int32Column;
  valueStart: Int32Column;
  valueEnd: Int32Column;
  lineNumber: Int32Column;
}

/**
 * Pairs kept lines by position: a code line, then its value line, whatever it
 * starts with. When that breaks (a line in code position is not a code) and
 * the value just taken looks like a code, the code before it had no value:
 * it is left out and pairing starts again from the code-shaped line
 * (DECISIONS.md: `P001`, `P002`, `5` → P001 has no value, P002 = 5).
 */
function pairKeptLines(text: string, lines: KeptLines): { entries: EntryColumns; problems: FileProblem[] } {
  const capacity = (lines.count >> 1) + 1;
  const entries: EntryColumns = {
    codeStart: new Int32Column(capacity),
    codeEnd: new Int32Column(capacity),
    valueStart: new Int32Column(capacity),
    valueEnd: new Int32Column(capacity),
    lineNumber: new Int32Column(capacity),
  };
  const problems: FileProblem[] = [];
  const lineText = (line: number) => text.slice(lines.start[line]!, lines.end[line]!);
  let line = 0;
  while (line < lines.count) {
    if (text.charCodeAt(lines.start[line]!) !== letterP) {
      const previous = entries.codeStart.length - 1;
      if (previous >= 0 && line > 0) {
        const previousCode = text.slice(entries.codeStart.at(previous), entries.codeEnd.at(previous));
        const previousValue = text.slice(entries.valueStart.at(previous), entries.valueEnd.at(previous));
        if (looksLikeCode(previousValue, previousCode)) {
          const codeLine = entries.lineNumber.at(previous);
          for (const column of Object.values(entries)) column.length--;
          problems.push({
            kind: "missing-value",
            lineNumber: codeLine,
            message: `Line ${codeLine}: code ${previousCode} has no value: the next line, ${lines.lineNumber[line - 1]}, is the code ${previousValue}. ${previousCode} is left out.`,
          });
          line -= 1;
          continue;
        }
      }
      problems.push({
        kind: "not-a-code",
        lineNumber: lines.lineNumber[line]!,
        message: `Line ${lines.lineNumber[line]}: expected a parameter code (a line starting with P) but found ${quoted(lineText(line))}. This line is left out.`,
      });
      line += 1;
      continue;
    }
    if (line + 1 >= lines.count) {
      problems.push({
        kind: "missing-value",
        lineNumber: lines.lineNumber[line]!,
        message: `Line ${lines.lineNumber[line]}: code ${lineText(line)} has no value line; the file ends after it. This code is left out.`,
      });
      break;
    }
    entries.codeStart.push(lines.start[line]!);
    entries.codeEnd.push(lines.end[line]!);
    entries.valueStart.push(lines.start[line + 1]!);
    entries.valueEnd.push(lines.end[line + 1]!);
    entries.lineNumber.push(lines.lineNumber[line]!);
    line += 2;
  }
  return { entries, problems };
}

export function readParameterFile(bytes: Uint8Array): ParsedParameterFile {
  const { text, encoding, mixedEncodingProblem } = decodeParameterText(bytes);
  const { entries, problems } = pairKeptLines(text, keptLinesOf(text));
  if (mixedEncodingProblem) problems.unshift(mixedEncodingProblem);
  const entryCount = entries.codeStart.length;
  if (entryCount === 0 && problems.length === 0) {
    problems.push({
      kind: "no-parameters",
      lineNumber: null,
      message: "This file has no parameters (it is empty or has only comments and blank lines).",
    });
  }
  problems.sort((a, b) => (a.lineNumber ?? 0) - (b.lineNumber ?? 0));
  return {
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
}

export function codeOf(file: ParsedParameterFile, entry: number): string {
  return file.text.slice(file.codeStart[entry]!, file.codeEnd[entry]!);
}

export function valueOf(file: ParsedParameterFile, entry: number): string {
  return file.text.slice(file.valueStart[entry]!, file.valueEnd[entry]!);
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
