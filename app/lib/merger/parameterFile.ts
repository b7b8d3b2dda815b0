/**
 * Reading one parameter text file: bytes → text → kept lines → parameter
 * entries. Problems are collected with the line they are on, never thrown.
 */
import Papa from "papaparse";

export type TextEncodingName = "utf-8" | "utf-16" | "windows-1252";

/** One kept line: not a comment, not blank. Its text is exactly as in the file. */
export interface ParameterLine {
  lineNumber: number;
  text: string;
}

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
  entries: ParameterEntry[];
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

/**
 * papaparse accepts one kind of line break per text; a file that mixes them is
 * brought to LF first. Files with one kind (nearly all) are not copied.
 */
function lineBreakOf(text: string): { text: string; newline: "\n" | "\r" | "\r\n" } {
  const hasCarriageReturn = text.includes("\r");
  if (!hasCarriageReturn) return { text, newline: "\n" };
  if (!text.includes("\n")) return { text, newline: "\r" };
  if (!/\r(?!\n)|(?<!\r)\n/.test(text)) return { text, newline: "\r\n" };
  return { text: text.replace(/\r\n?/g, "\n"), newline: "\n" };
}

// A delimiter no text file has: papaparse must not split a line's content. Any
// field it still splits off is joined back with it, so nothing is lost either way.
const noDelimiter = "\u0000";

const asterisk = "*".charCodeAt(0);

function isBlank(line: string): boolean {
  // Most lines start with a visible character: no need to trim them.
  const first = line.charCodeAt(0);
  return Number.isNaN(first) || ((first <= 32 || first === 0xa0 || first > 0x1fff) && line.trim() === "");
}

/** Lines that are not comments (`*` first) or blank (also only whitespace), with their line numbers. */
export function readParameterLines(text: string): ParameterLine[] {
  const { text: oneBreakText, newline } = lineBreakOf(text);
  // fastMode: quotes are content here, never CSV quoting to undo.
  const rows = Papa.parse<string[]>(oneBreakText, { delimiter: noDelimiter, newline, fastMode: true }).data;
  const kept: ParameterLine[] = [];
  for (let index = 0; index < rows.length; index++) {
    const fields = rows[index]!;
    const line = fields.length === 1 ? fields[0]! : fields.join(noDelimiter);
    // papaparse's own comments/skipEmptyLines options would drop these without
    // saying which line was which; the line numbers are needed for messages.
    if (line.charCodeAt(0) === asterisk || isBlank(line)) continue;
    kept.push({ lineNumber: index + 1, text: line });
  }
  return kept;
}

function isParameterCode(line: string): boolean {
  return line.startsWith("P");
}

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
  return isParameterCode(value) && codeShape(value) === codeShape(precedingCode);
}

/**
 * Pairs kept lines by position: a code line, then its value line, whatever it
 * starts with. When that breaks (a line in code position is not a code) and
 * the value just taken looks like a code, the code before it had no value:
 * it is left out and pairing starts again from the code-shaped line
 * (DECISIONS.md: `P001`, `P002`, `5` → P001 has no value, P002 = 5).
 */
export function pairParameterLines(lines: readonly ParameterLine[]): {
  entries: ParameterEntry[];
  problems: FileProblem[];
} {
  const entries: ParameterEntry[] = [];
  const problems: FileProblem[] = [];
  let index = 0;
  while (index < lines.length) {
    const codeLine = lines[index]!;
    if (!isParameterCode(codeLine.text)) {
      const previous = entries[entries.length - 1];
      const previousValueLine = lines[index - 1];
      if (previous && previousValueLine && looksLikeCode(previous.value, previous.code)) {
        entries.pop();
        problems.push({
          kind: "missing-value",
          lineNumber: previous.lineNumber,
          message: `Line ${previous.lineNumber}: code ${previous.code} has no value: the next line, ${previousValueLine.lineNumber}, is the code ${previous.value}. ${previous.code} is left out.`,
        });
        index -= 1;
        continue;
      }
      problems.push({
        kind: "not-a-code",
        lineNumber: codeLine.lineNumber,
        message: `Line ${codeLine.lineNumber}: expected a parameter code (a line starting with P) but found ${quoted(codeLine.text)}. This line is left out.`,
      });
      index += 1;
      continue;
    }
    const valueLine = lines[index + 1];
    if (!valueLine) {
      problems.push({
        kind: "missing-value",
        lineNumber: codeLine.lineNumber,
        message: `Line ${codeLine.lineNumber}: code ${codeLine.text} has no value line; the file ends after it. This code is left out.`,
      });
      break;
    }
    entries.push({ code: codeLine.text, value: valueLine.text, lineNumber: codeLine.lineNumber });
    index += 2;
  }
  return { entries, problems };
}

export function readParameterFile(bytes: Uint8Array): ParsedParameterFile {
  const { text, encoding, mixedEncodingProblem } = decodeParameterText(bytes);
  const { entries, problems } = pairParameterLines(readParameterLines(text));
  if (mixedEncodingProblem) problems.unshift(mixedEncodingProblem);
  if (entries.length === 0 && problems.length === 0) {
    problems.push({
      kind: "no-parameters",
      lineNumber: null,
      message: "This file has no parameters (it is empty or has only comments and blank lines).",
    });
  }
  problems.sort((a, b) => (a.lineNumber ?? 0) - (b.lineNumber ?? 0));
  return { encoding, entries, problems };
}
