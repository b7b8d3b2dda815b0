/**
 * Pairing a file's kept lines into parameters (docs/behaviour.md#pairing-codes-and-values): a code
 * line, then its value line, whatever that starts with. Each line the
 * classifier calls a problem is named with its line and what happens to it;
 * nothing is dropped without a word.
 */
import { Int32Column, type KeptLines } from "./keptLines";
import { codeReadFrom, hasShapeOf } from "./codeShapedValues";
import { quotedLine } from "./lineCharacters";
import {
  classifyCodeLine,
  classifyValueLine,
  isPlainCodeAt,
  outcomeSentence,
  type CodeLineVerdict,
  type ValueLineVerdict,
} from "./lineClassifier";
import type { FileProblem } from "./parameterFile";

/** Entries as ranges of the text, before they are trimmed to size. */
export interface EntryColumns {
  codeStart: Int32Column;
  codeEnd: Int32Column;
  valueStart: Int32Column;
  valueEnd: Int32Column;
  lineNumber: Int32Column;
}

const plainCode: CodeLineVerdict = { kind: "code" };

/** The message of a line with a byte that is not UTF-8, naming the byte and what it would be in Windows-1252. */
function invalidByteFinding(line: string, byte: number): string {
  const column = [...line].indexOf("\ufffd") + 1;
  const hex = byte.toString(16).toUpperCase().padStart(2, "0");
  const windows1252 = new TextDecoder("windows-1252").decode(Uint8Array.of(byte));
  // 81, 8D, 8F, 90 and 9D are no character in that encoding either: the decoder gives an invisible control.
  const inWindows1252 = /^\p{Cc}$/u.test(windows1252)
    ? "that byte is no character either"
    : `that byte is "${windows1252}"`;
  return `byte ${hex} is not UTF-8 (column ${column}), but the file has UTF-8 characters elsewhere: mixed encodings? In the older Windows encoding ${inWindows1252}.`;
}

/**
 * Where a code stands in code position in the set being merged, for messages ("standard/std.txt line 3"); null
 * when it is no code of the set (docs/behaviour.md#near-miss-inputs).
 */
export type CodeOfTheSet = (code: string) => string | null;

export interface PairingInput {
  text: string;
  lines: KeptLines;
  /** Per line (from 1) of a UTF-8 file with stray bytes, the first such byte. */
  invalidByteOfLine?: Map<number, number>;
  /** The codes of the set, once the merge knows them; without it, the lines to ask about are collected. */
  codeOfTheSet?: CodeOfTheSet;
}

export function pairKeptLines({ text, lines, invalidByteOfLine, codeOfTheSet }: PairingInput): {
  entries: EntryColumns;
  problems: FileProblem[];
  /** Lines in value position that read as codes of another pattern where pairing broke: codes of the set? */
  codesToAsk: string[];
} {
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
  const numberOf = (line: number) => lines.lineNumber[line]!;
  // Values are looked at only in files that hold a NUL or a replacement character at all.
  const mayHoldUnreadable = text.includes("\u0000") || text.includes("\ufffd");
  const codesToAsk = new Set<string>();

  /**
   * Where a line in value position that reads as a code stands as a code elsewhere in the set, whatever its
   * pattern: asked only where pairing broke, so nearly every file never asks.
   */
  const whereInSet = (line: string): string | null => {
    const code = codeReadFrom(line)?.trimEnd();
    if (!code) return null;
    if (codeOfTheSet) return codeOfTheSet(code);
    codesToAsk.add(code);
    return null;
  };

  // The verdict on the line after a problem line is asked for first by that line: kept for its own turn.
  let lookedAhead: { line: number; verdict: CodeLineVerdict } | null = null;
  const codeVerdict = (line: number): CodeLineVerdict => {
    if (lookedAhead?.line === line) return lookedAhead.verdict;
    const verdict = isPlainCodeAt(text, lines.start[line]!, lines.end[line]!)
      ? plainCode
      : classifyCodeLine(lineText(line));
    lookedAhead = { line, verdict };
    return verdict;
  };

  /** The problem of a line the classifier objects to, with what happens to it and its pair. */
  const lineProblem = (
    line: number,
    verdict: Exclude<CodeLineVerdict | ValueLineVerdict, { kind: "code" | "not-a-code" | "value" }>,
    pairedWith: { line: number; role: "value" | "code" } | null,
  ): FileProblem => {
    const content = lineText(line);
    const lineNumber = numberOf(line);
    const invalidByte = invalidByteOfLine?.get(lineNumber);
    const finding = (!pairedWith && "findingAlone" in verdict && verdict.findingAlone) || verdict.finding;
    const outcome = outcomeSentence(
      verdict.kind,
      pairedWith && {
        lineNumber: numberOf(pairedWith.line),
        role: pairedWith.role,
        code: pairedWith.role === "code" ? lineText(pairedWith.line) : undefined,
      },
    );
    const problem: FileProblem =
      invalidByte !== undefined && content.includes("\ufffd")
        ? {
            kind: "mixed-encoding",
            lineNumber,
            message: `Line ${lineNumber}: ${invalidByteFinding(content, invalidByte)} ${outcome}`,
          }
        : {
            kind: verdict.kind,
            lineNumber,
            message: `Line ${lineNumber}: ${quotedLine(content)} ${finding} ${outcome}`,
          };
    if (pairedWith) problem.pairedLineNumber = numberOf(pairedWith.line);
    return problem;
  };

  /**
   * Pairing broke at `line` (a line in code position that is no code, or a
   * last code without a value): codes just before it that took the next code
   * as their value had no value. They are left out, each named, and pairing
   * goes on from the last of them. False when there are none.
   */
  const pairAgainBefore = (line: number, atEnd: boolean): boolean => {
    let runStart = entries.lineNumber.length;
    let valueLine = line - 1;
    while (runStart > 0) {
      const entry = runStart - 1;
      // Entries start where their code's line starts: the code of the entry before this value is on the line before it.
      if (valueLine < 1 || entries.valueStart.at(entry) !== lines.start[valueLine]) break;
      const code = text.slice(entries.codeStart.at(entry), entries.codeEnd.at(entry));
      const value = text.slice(entries.valueStart.at(entry), entries.valueEnd.at(entry));
      if (!hasShapeOf(value, code) && whereInSet(value) === null) break;
      runStart = entry;
      valueLine -= 2;
    }
    if (runStart === entries.lineNumber.length) return false;
    const firstLine = valueLine + 1;
    for (const column of Object.values(entries)) column.length = runStart;
    const lastWithoutValue = atEnd ? line - 1 : line - 2;
    for (let without = firstLine; without <= lastWithoutValue; without++) {
      const code = lineText(without);
      const next = lineText(without + 1);
      const where = hasShapeOf(next, code) ? null : whereInSet(next);
      problems.push({
        kind: "missing-value",
        lineNumber: numberOf(without),
        message: where
          ? `Line ${numberOf(without)}: code ${code} has no value: the next line, ${numberOf(without + 1)}, is ${quotedLine(next)}, a code of the set (${where}). ${code} is left out; add its value line if the unit needs one.`
          : `Line ${numberOf(without)}: code ${code} has no value: the next line, ${numberOf(without + 1)}, is the code ${next}. ${code} is left out.`,
      });
    }
    return true;
  };

  const { start: lineStart, end: lineEnd, count } = lines;
  let line = 0;
  while (line < count) {
    // Nearly every pair is a plain code and a value: taken without asking the classifier.
    if (line + 1 < count && !mayHoldUnreadable && isPlainCodeAt(text, lineStart[line]!, lineEnd[line]!)) {
      entries.codeStart.push(lineStart[line]!);
      entries.codeEnd.push(lineEnd[line]!);
      entries.valueStart.push(lineStart[line + 1]!);
      entries.valueEnd.push(lineEnd[line + 1]!);
      entries.lineNumber.push(lines.lineNumber[line]!);
      line += 2;
      continue;
    }
    const verdict = codeVerdict(line);
    if (verdict.kind === "code") {
      if (line + 1 >= lines.count) {
        pairAgainBefore(line, true);
        problems.push({
          kind: "missing-value",
          lineNumber: numberOf(line),
          message: `Line ${numberOf(line)}: code ${lineText(line)} has no value line; the file ends after it. This code is left out.`,
        });
        break;
      }
      const value = mayHoldUnreadable ? classifyValueLine(lineText(line + 1)) : null;
      if (value && value.kind !== "value") {
        problems.push(lineProblem(line + 1, value, { line, role: "code" }));
      } else {
        entries.codeStart.push(lines.start[line]!);
        entries.codeEnd.push(lines.end[line]!);
        entries.valueStart.push(lines.start[line + 1]!);
        entries.valueEnd.push(lines.end[line + 1]!);
        entries.lineNumber.push(numberOf(line));
      }
      line += 2;
      continue;
    }
    if (verdict.kind === "not-a-code" || verdict.meantCode === null) {
      if (line > 0 && pairAgainBefore(line, false)) {
        line -= 1;
        continue;
      }
      problems.push(
        verdict.kind === "not-a-code"
          ? {
              kind: "not-a-code",
              lineNumber: numberOf(line),
              message: `Line ${numberOf(line)}: expected a parameter code (a line starting with P) but found ${quotedLine(lineText(line))}${verdict.startsWith ? `, which starts with ${verdict.startsWith}` : ""}. ${outcomeSentence("not-a-code", null)}`,
            }
          : lineProblem(line, verdict, null),
      );
      line += 1;
      continue;
    }
    // A line that looks like a code takes the next line as its value, unless that looks like a code of the same shape.
    const next = line + 1;
    const nextVerdict = next < lines.count ? codeVerdict(next) : null;
    const nextCode =
      nextVerdict?.kind === "code"
        ? lineText(next)
        : nextVerdict && "meantCode" in nextVerdict
          ? nextVerdict.meantCode
          : null;
    const paired =
      nextVerdict !== null &&
      !(nextCode !== null && (hasShapeOf(nextCode, verdict.meantCode || "P") || whereInSet(nextCode) !== null));
    problems.push(lineProblem(line, verdict, paired ? { line: next, role: "value" } : null));
    line += paired ? 2 : 1;
  }
  return { entries, problems, codesToAsk: [...codesToAsk] };
}
