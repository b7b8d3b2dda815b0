/**
 * What each line of a parameter file is, and what happens to it
 * (docs/behaviour.md#every-line-has-one-meaning): each non-blank,
 * non-comment line ends up in PAR.txt, in a code's history, or named in a
 * problem with its line. `lineKinds` is the one table of the kinds; the
 * reader (linePairing.ts) asks `classifyCodeLine` and `classifyValueLine`;
 * a value shaped like a code is codeShapedValues.ts.
 */
import {
  characterName,
  classOf,
  commentMarks,
  pLookAlikes,
  quotes,
  separatorNames,
  type CharacterClass,
} from "./lineCharacters";

/** What happens to a line of a kind. */
type LineOutcome =
  | "ignored"
  | "paired with the line after it"
  | "goes into PAR.txt as read"
  | "goes into PAR.txt as read once confirmed"
  | "the mark is dropped, the rest read as usual"
  | "left out"
  | "left out with the line paired with it";

export const lineKinds = {
  blank: { severity: null, outcome: "ignored", example: "   " },
  comment: { severity: null, outcome: "ignored", example: "* Pump settings" },
  code: { severity: null, outcome: "paired with the line after it", example: "P0001" },
  value: { severity: null, outcome: "goes into PAR.txt as read", example: '"Pump A";"Pump B"' },
  "byte-order-mark": {
    severity: "note",
    outcome: "the mark is dropped, the rest read as usual",
    example: "\ufeffP0002",
  },
  "code-with-space": { severity: "problem", outcome: "left out with the line paired with it", example: "P 002" },
  "code-with-separator": { severity: "problem", outcome: "left out with the line paired with it", example: "P001=5" },
  "code-with-invisible-character": {
    severity: "problem",
    outcome: "left out with the line paired with it",
    example: "P0\u200b02",
  },
  "code-look-alike": { severity: "problem", outcome: "left out with the line paired with it", example: "p002" },
  "nul-character": { severity: "problem", outcome: "left out with the line paired with it", example: "a\u0000b" },
  "mixed-encoding": { severity: "problem", outcome: "left out with the line paired with it", example: "K\\xE6lte" },
  "replacement-character": {
    severity: "problem",
    outcome: "left out with the line paired with it",
    example: "K\ufffdlte",
  },
  "not-a-code": { severity: "problem", outcome: "left out", example: "42" },
  "missing-value": { severity: "problem", outcome: "left out", example: "P0301" },
  "value-like-code": { severity: "problem", outcome: "goes into PAR.txt as read once confirmed", example: "P0002" },
  "value-like-comment": {
    severity: "problem",
    outcome: "goes into PAR.txt as read once confirmed",
    example: "  * Pump settings",
  },
} as const satisfies Record<string, { severity: "problem" | "note" | null; outcome: LineOutcome; example: string }>;

type LineKind = keyof typeof lineKinds;
export type LineProblemKind = {
  [Kind in LineKind]: (typeof lineKinds)[Kind]["severity"] extends "problem" ? Kind : never;
}[LineKind];

/** A code line's verdict: a code, a plain non-code, or what is wrong with a line that looks like a code. */
export type CodeLineVerdict =
  | { kind: "code" }
  /** `startsWith`: the character the line starts with, named, when it would not show on screen. */
  | { kind: "not-a-code"; startsWith?: string }
  | {
      kind: Exclude<LineProblemKind, "not-a-code" | "missing-value" | "value-like-code">;
      /** What the rules object to, for the message: "has a tab (U+0009) at column 2: a space inside the code?". */
      finding: string;
      /** The finding when the line is not paired (the line after it looks like a code), if it reads otherwise then. */
      findingAlone?: string;
      /**
       * The code the line most likely means, when it looks like a code: it is then paired with the
       * line after it, unless that line looks like a code of the same shape. null: left out alone.
       */
      meantCode: string | null;
    };

const kindOfClass = {
  whitespace: "code-with-space",
  separator: "code-with-separator",
  invisible: "code-with-invisible-character",
  nul: "nul-character",
  replacement: "replacement-character",
} as const;

/**
 * What a line that looks like a code, with the character at `index` (of its
 * code points) that the rules object to, most likely is; and the code it means.
 */
function guessOf(
  characters: string[],
  classes: CharacterClass[],
  index: number,
): { question: string; questionAlone?: string; meantCode: string } {
  const character = characters[index]!;
  const characterClass = classes[index]!;
  const withoutInvisible = () =>
    characters.filter((_, at) => classes[at] !== "invisible" && classes[at] !== "nul").join("");
  const before = characters.slice(0, index).join("");
  const afterSpaces = characters
    .slice(index + 1)
    .join("")
    .trimStart();
  if (characterClass === "nul") return { question: "the file is probably not text.", meantCode: withoutInvisible() };
  if (characterClass === "replacement") {
    return { question: "a character was lost when the file was saved in another encoding?", meantCode: before };
  }
  if (characterClass === "invisible") {
    const looksLike = withoutInvisible().trim();
    return { question: `an invisible character, the line looks like ${looksLike}.`, meantCode: looksLike };
  }
  if (quotes.has(character)) {
    return {
      question: "a quoted code?",
      meantCode: characters
        .filter((each) => !quotes.has(each))
        .join("")
        .trim(),
    };
  }
  if (index === 0) {
    const what = characterClass === "whitespace" ? "a space" : "a character";
    return { question: `${what} before the code?`, meantCode: afterSpaces };
  }
  const next = afterSpaces[0] ?? "";
  if (commentMarks.has(character) || commentMarks.has(next))
    return { question: "a comment after the code?", meantCode: before };
  if (characterClass === "separator" || next in separatorNames)
    return { question: "code and value on one line?", meantCode: before };
  if (before === "P") return { question: "a space inside the code?", meantCode: `P${afterSpaces.replace(/\s/g, "")}` };
  // "P00 1" with a value line after it, or "P001 5" without: which one, only the lines around it tell.
  return { question: "a space inside the code?", questionAlone: "code and value on one line?", meantCode: before };
}

/**
 * The verdict on a line in code position. A code starts with P and holds no
 * whitespace before its last visible character, no invisible character, no
 * NUL or replacement character and none of = ; : , * " (whitespace only at its
 * end keeps the rule for codes that differ by surrounding whitespace). A line
 * that only looks like a code (a space or mark before the P, a lower-case p, a
 * letter that looks like P) is named as such.
 */
export function classifyCodeLine(line: string): CodeLineVerdict {
  if (isPlainCodeAt(line, 0, line.length)) return { kind: "code" };
  const characters = [...line];
  const first = characters[0] ?? "";
  // A P after marks, spaces or invisible characters at the start still makes the line look like a code.
  const startsLikeCode = first === "P" || (classOf(first) !== "plain" && /^[^\p{L}\p{N}]*P/u.test(line));
  if (startsLikeCode) {
    const classes = characters.map(classOf);
    // Separators are visible: whitespace before one is inside the line, not at its end.
    let lastVisible = classes.length - 1;
    while (lastVisible >= 0 && classes[lastVisible] !== "plain" && classes[lastVisible] !== "separator") lastVisible--;
    const index = classes.findIndex(
      (characterClass, at) => characterClass !== "plain" && (characterClass !== "whitespace" || at < lastVisible),
    );
    if (index === -1) return { kind: "code" };
    const { question, questionAlone, meantCode } = guessOf(characters, classes, index);
    const at = `has ${characterName(characters[index]!)} at column ${index + 1}`;
    return {
      kind: kindOfClass[classes[index] as Exclude<CharacterClass, "plain">],
      finding: `${at}: ${question}`,
      ...(questionAlone ? { findingAlone: `${at}: ${questionAlone}` } : {}),
      meantCode,
    };
  }
  const rest = characters.slice(1).join("");
  if (first === "p" && /^\d/.test(rest)) {
    return {
      kind: "code-look-alike",
      finding: "starts with a lower-case p: a code in lower case?",
      meantCode: `P${rest}`,
    };
  }
  if (first in pLookAlikes && /^\d/.test(rest)) {
    return {
      kind: "code-look-alike",
      finding: `starts with ${characterName(first)}, not the letter P: a code typed with a look-alike letter?`,
      meantCode: `P${rest}`,
    };
  }
  const unreadable = classifyValueLine(line);
  if (unreadable.kind !== "value") return { ...unreadable, meantCode: null };
  const firstClass = classOf(first);
  return firstClass === "invisible" || firstClass === "whitespace"
    ? { kind: "not-a-code", startsWith: characterName(first) }
    : { kind: "not-a-code" };
}

/** Codes are nearly always P and printable ASCII that is no separator: decided in place, without a string. */
export function isPlainCodeAt(text: string, start: number, end: number): boolean {
  if (text.charCodeAt(start) !== 0x50) return false;
  for (let index = start + 1; index < end; index++) {
    const unit = text.charCodeAt(index);
    // Space and controls, DEL and everything beyond ASCII, and " * , : ; =
    if (unit <= 0x20 || unit >= 0x7f || unit === 0x22 || unit === 0x2a || unit === 0x2c) return false;
    if (unit === 0x3a || unit === 0x3b || unit === 0x3d) return false;
  }
  return true;
}

export type ValueLineVerdict = { kind: "value" } | { kind: "nul-character" | "replacement-character"; finding: string };

/** A value line goes into PAR.txt as read, unless it holds a NUL or a replacement character (PAR.txt never does). */
export function classifyValueLine(line: string): ValueLineVerdict {
  if (!line.includes("\u0000") && !line.includes("\ufffd")) return { kind: "value" };
  const characters = [...line];
  const index = characters.findIndex((character) => character === "\u0000" || character === "\ufffd");
  if (index === -1) return { kind: "value" };
  const { question } = guessOf(characters, characters.map(classOf), index);
  return {
    kind: characters[index] === "\u0000" ? "nul-character" : "replacement-character",
    finding: `has ${characterName(characters[index]!)} at column ${index + 1}: ${question}`,
  };
}

/** What a problem line's message ends with: what happens to it, and to the line paired with it (lineKinds). */
export function outcomeSentence(
  kind: LineProblemKind,
  pairedWith: { lineNumber: number; role: "value" | "code"; code?: string } | null,
): string {
  const { outcome } = lineKinds[kind];
  if (outcome === "goes into PAR.txt as read once confirmed") return "It goes into PAR.txt as read once you confirm.";
  if (outcome === "left out" || !pairedWith) return "This line is left out.";
  return pairedWith.role === "value"
    ? `This line and its value on line ${pairedWith.lineNumber} are left out.`
    : `This line and its code ${pairedWith.code} on line ${pairedWith.lineNumber} are left out.`;
}
