/**
 * The lines of a decoded parameter file that mean something: not comments,
 * not blank. Columnar (offsets into the text in typed arrays, no string per
 * line), so a 50 MB file costs little more than its text (docs/performance.md).
 * Lines are found with indexOf over the text rather than papaparse, which
 * would make a string and an array for every line.
 */

/** Int32 values appended one by one, in a typed array that doubles when full. */
export class Int32Column {
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
  /** Lines after the first that started with a byte order mark (files joined with copy /b): the mark is not in their range. */
  byteOrderMarkLines: number[];
}

const asterisk = 0x2a;
const carriageReturn = 0x0d;
const lineFeed = 0x0a;
const byteOrderMark = 0xfeff;

function isBlank(text: string, start: number, end: number): boolean {
  // Most lines start with a visible character: no need to trim them. The first character may be any space
  // trim() removes: below 0x1fff those are the ASCII ones, the no-break space and the ogham space mark.
  if (start === end) return true;
  const first = text.charCodeAt(start);
  return (first <= 32 || first === 0xa0 || first === 0x1680 || first > 0x1fff) && text.slice(start, end).trim() === "";
}

/**
 * Lines that are not comments (`*` first) or blank (also only whitespace), with
 * their line numbers. CRLF, LF and CR each end a line, also mixed in one file;
 * a line's content is kept verbatim (no unquoting, splitting or trimming), but
 * for byte order marks at its start: the one of the file, and those that
 * joining files with copy /b leaves at the start of a later line.
 */
export function keptLinesOf(text: string): KeptLines {
  // A rough guess of the line count (about 20 characters a line) saves most regrowth.
  const guess = text.length >> 4;
  const starts = new Int32Column(guess);
  const ends = new Int32Column(guess);
  const numbers = new Int32Column(guess);
  const byteOrderMarkLines: number[] = [];
  const length = text.length;
  // Only a lone CR (not part of CRLF) needs the slower scan, character by character.
  const hasLoneCarriageReturn = text.includes("\r") && /\r(?!\n)/.test(text);
  let lineStart = 0;
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
    if (text.charCodeAt(lineStart) === byteOrderMark) {
      while (lineStart < lineEnd && text.charCodeAt(lineStart) === byteOrderMark) lineStart++;
      if (lineNumber > 1) byteOrderMarkLines.push(lineNumber);
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
  return {
    count: starts.length,
    start: starts.view(),
    end: ends.view(),
    lineNumber: numbers.view(),
    byteOrderMarkLines,
  };
}

/** The number of the line `end` is on, counting the line breaks from `start` (on line `lineNumber`). */
export function lineNumberAfter(text: string, lineNumber: number, start: number, end: number): number {
  let line = lineNumber;
  for (let index = start; index < end; index++) {
    const unit = text.charCodeAt(index);
    if (unit === lineFeed || (unit === carriageReturn && text.charCodeAt(index + 1) !== lineFeed)) line++;
  }
  return line;
}
