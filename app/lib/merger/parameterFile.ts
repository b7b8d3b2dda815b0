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

export type FileProblemKind = "not-a-code" | "missing-value" | "no-parameters" | "unreadable" | "duplicate-code";

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
 * UTF-8 (its BOM dropped); bytes that are not valid UTF-8 are read as
 * Windows-1252. A UTF-16 byte order mark (Notepad's "Unicode") is read as UTF-16.
 */
export function decodeParameterText(bytes: Uint8Array): { text: string; encoding: TextEncodingName } {
  const utf16 =
    bytes[0] === 0xff && bytes[1] === 0xfe ? "utf-16le" : bytes[0] === 0xfe && bytes[1] === 0xff ? "utf-16be" : null;
  if (utf16) return { text: new TextDecoder(utf16).decode(bytes), encoding: "utf-16" };
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), encoding: "utf-8" };
  } catch {
    const hasByteOrderMark = utf8ByteOrderMark.every((byte, index) => bytes[index] === byte);
    const body = hasByteOrderMark ? bytes.subarray(utf8ByteOrderMark.length) : bytes;
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

/** Pairs kept lines by position: a code line, then its value line, whatever it starts with. */
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
  const { text, encoding } = decodeParameterText(bytes);
  const { entries, problems } = pairParameterLines(readParameterLines(text));
  if (entries.length === 0 && problems.length === 0) {
    problems.push({
      kind: "no-parameters",
      lineNumber: null,
      message: "This file has no parameters (it is empty or has only comments and blank lines).",
    });
  }
  return { encoding, entries, problems };
}
