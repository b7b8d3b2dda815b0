/**
 * What each line of a parameter file is, and what happens to it
 * (docs/behaviour.md#every-line-has-one-meaning): each non-blank,
 * non-comment line ends up in PAR.txt, in a code's history, or named in a
 * problem with its line. `lineKinds` is the one table of the kinds; the
 * reader (parameterFile.ts) asks `classifyCodeLine` and `classifyValueLine`,
 * the checks (mergeChecks.ts) ask `valueLooksLikeCode`.
 */

/** What happens to a line of a kind. */
export type LineOutcome =
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

export type LineKind = keyof typeof lineKinds;
export type LineProblemKind = {
  [Kind in LineKind]: (typeof lineKinds)[Kind]["severity"] extends "problem" ? Kind : never;
}[LineKind];

/** Whitespace as String.prototype.trim takes it (without the byte order mark, which is invisible). */
const whitespaceNames: Record<string, string> = {
  "\t": "tab",
  "\v": "vertical tab",
  "\f": "form feed",
  " ": "space",
  "\u00a0": "no-break space",
  "\u1680": "ogham space mark",
  "\u2000": "en quad",
  "\u2001": "em quad",
  "\u2002": "en space",
  "\u2003": "em space",
  "\u2004": "three-per-em space",
  "\u2005": "four-per-em space",
  "\u2006": "six-per-em space",
  "\u2007": "figure space",
  "\u2008": "punctuation space",
  "\u2009": "thin space",
  "\u200a": "hair space",
  "\u2028": "line separator",
  "\u2029": "paragraph separator",
  "\u202f": "narrow no-break space",
  "\u205f": "medium mathematical space",
  "\u3000": "ideographic space",
};

/** Characters that part a code from a value or a comment, or quote it; with their look-alikes. */
const separatorNames: Record<string, string> = {
  "=": "equals sign",
  ";": "semicolon",
  ":": "colon",
  ",": "comma",
  "*": "asterisk",
  '"': "quotation mark",
  "\uff1d": "fullwidth equals sign",
  "\uff1b": "fullwidth semicolon",
  "\uff1a": "fullwidth colon",
  "\uff0c": "fullwidth comma",
  "\uff0a": "fullwidth asterisk",
  "\uff02": "fullwidth quotation mark",
  "\u037e": "Greek question mark",
  "\u201c": "left double quotation mark",
  "\u201d": "right double quotation mark",
  "\u201e": "double low-9 quotation mark",
};
const quotes = new Set(['"', "\uff02", "\u201c", "\u201d", "\u201e"]);
const commentMarks = new Set(["*", "\uff0a"]);

const invisibleNames: Record<string, string> = {
  "\u0000": "NUL character",
  "\u0085": "next line control character",
  "\u00ad": "soft hyphen",
  "\u034f": "combining grapheme joiner",
  "\u061c": "Arabic letter mark",
  "\u115f": "Hangul choseong filler",
  "\u1160": "Hangul jungseong filler",
  "\u17b4": "Khmer vowel inherent aq",
  "\u17b5": "Khmer vowel inherent aa",
  "\u180e": "Mongolian vowel separator",
  "\u200b": "zero width space",
  "\u200c": "zero width non-joiner",
  "\u200d": "zero width joiner",
  "\u200e": "left-to-right mark",
  "\u200f": "right-to-left mark",
  "\u202a": "left-to-right embedding",
  "\u202b": "right-to-left embedding",
  "\u202c": "pop directional formatting",
  "\u202d": "left-to-right override",
  "\u202e": "right-to-left override",
  "\u2060": "word joiner",
  "\u2061": "function application",
  "\u2062": "invisible times",
  "\u2063": "invisible separator",
  "\u2064": "invisible plus",
  "\u2066": "left-to-right isolate",
  "\u2067": "right-to-left isolate",
  "\u2068": "first strong isolate",
  "\u2069": "pop directional isolate",
  "\u2800": "Braille pattern blank",
  "\u3164": "Hangul filler",
  "\ufeff": "byte order mark",
  "\uffa0": "halfwidth Hangul filler",
  "\ufffd": "replacement character",
};
// Controls, format characters and everything Unicode says to show as nothing, plus blanks that look like a space.
const invisiblePattern = /^[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]$/u;

/** Letters that look like P and are not. */
const pLookAlikes: Record<string, string> = {
  "\u0420": "Cyrillic capital letter er",
  "\u03a1": "Greek capital letter rho",
  "\uff30": "fullwidth Latin capital letter P",
  "\u13e2": "Cherokee letter tlv",
  "\u2119": "double-struck capital P",
};

/** A P, a lower-case p or a look-alike, first or after a few marks, spaces or invisible characters. */
const startsLikeCodePattern = new RegExp(`^[^\\p{L}\\p{N}]{0,8}[Pp${Object.keys(pLookAlikes).join("")}]`, "u");

type CharacterClass = "whitespace" | "separator" | "invisible" | "nul" | "replacement" | "plain";

function classOf(character: string): CharacterClass {
  const unit = character.charCodeAt(0);
  // Printable ASCII is most of every line: a letter, a digit, a sign or one of the separators.
  if (unit > 0x20 && unit < 0x7f) return character in separatorNames ? "separator" : "plain";
  if (character === "\u0000") return "nul";
  if (character === "\ufffd") return "replacement";
  if (character in whitespaceNames) return "whitespace";
  if (character in separatorNames) return "separator";
  if (character in invisibleNames || invisiblePattern.test(character)) return "invisible";
  return "plain";
}

/** A character that no screen shows as anything (a control, NUL, a zero width space, a right-to-left override). */
export function isHiddenCharacter(character: string): boolean {
  const characterClass = classOf(character);
  // A vertical tab or a form feed is whitespace to trim, but in a value a control the screen does not show. A line
  // or paragraph separator shows as a line break, so one value looks like two lines of the file.
  return (
    characterClass === "invisible" ||
    characterClass === "nul" ||
    (character !== "\t" && /^\p{Cc}$/u.test(character)) ||
    character === "\u2028" ||
    character === "\u2029"
  );
}

/** Whitespace that String.prototype.trim takes off: at the end of a code it keeps the rule for padded codes. */
export function isWhitespace(character: string): boolean {
  return character in whitespaceNames;
}

/** "U+00A0": a character's code point as Unicode writes it. */
export function codePointOf(character: string): string {
  return `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;
}

function nameOf(character: string): string {
  return (
    whitespaceNames[character] ??
    separatorNames[character] ??
    invisibleNames[character] ??
    pLookAlikes[character] ??
    (/^\p{Cc}$/u.test(character)
      ? "control character"
      : invisiblePattern.test(character)
        ? "invisible character"
        : "character")
  );
}

/** "a no-break space (U+00A0)": the character by its Unicode name and code point, for messages. */
export function characterName(character: string): string {
  const name = nameOf(character);
  return `${/^[aeiouAEIOU]/.test(name) ? "an" : "a"} ${name} (${codePointOf(character)})`;
}

/**
 * The name of a character that a screen does not show as itself: whitespace ("tab", "no-break space") and
 * invisible characters ("zero width space", "byte order mark"); null for a character that shows.
 */
export function unseenCharacterName(character: string): string | null {
  const characterClass = classOf(character);
  return characterClass === "whitespace" || characterClass === "invisible" || characterClass === "nul"
    ? nameOf(character)
    : null;
}

/**
 * A character for a message about text the technician gave: quoted when it shows on screen (`"x"`), named
 * by its code point when it would show as blank space or nothing at all (`a zero width space (U+200B)`).
 */
export function characterForMessage(character: string): string {
  const characterClass = classOf(character);
  return characterClass === "plain" || characterClass === "separator" ? `"${character}"` : characterName(character);
}

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

/** "P0120" → "P9", "P12A" → "P9A": P, then the kinds of characters that follow (digits, letters, others), runs collapsed. */
export function codeShape(code: string): string {
  return `P${code
    .trimEnd()
    .slice(1)
    .replace(/\d+/g, "9")
    .replace(/[A-Za-z]+/g, "A")}`;
}

/**
 * A value line that reads as a comment moved in by whitespace ("  * note", "\t* pump A"): a comment only counts
 * as one at the start of its line, so it is taken as the value, and the real value is probably the line after it.
 */
export function valueLooksLikeComment(value: string): boolean {
  let index = 0;
  while (index < value.length && isWhitespace(value.charAt(index))) index++;
  return index > 0 && commentMarks.has(value.charAt(index));
}

/**
 * The code a line would be read as in code position: the line itself, or the code a line that only
 * looks like one means (a space or an invisible character in it, a lower-case p, a look-alike P);
 * null when it reads as no code.
 */
export function codeReadFrom(line: string): string | null {
  if (isPlainCodeAt(line, 0, line.length)) return line;
  const verdict = classifyCodeLine(line);
  if (verdict.kind === "code") return line;
  if (verdict.kind === "not-a-code") return null;
  // A space inside with text after it ("P1 pump", "P2 dosing") is a value the eye reads as text: only what
  // hides a code (a space before or after it, an invisible character, a look-alike P) makes it read as one.
  if (verdict.kind === "code-with-space" && !isWhitespace(line.charAt(0))) return null;
  return verdict.meantCode;
}

/**
 * A line that reads as a code of the shape of the code before it: it is a code, not a value. Trailing
 * spaces, an invisible character, a lower-case or look-alike P do not hide it.
 */
export function hasShapeOf(line: string, code: string): boolean {
  const read = codeReadFrom(line);
  return read !== null && code.trimEnd().length > 1 && codeShape(read) === codeShape(code);
}

/**
 * Whether a line starting with this UTF-16 unit may read as a code: not when it starts with a digit,
 * a sign or a point (a number) or an ASCII letter other than P or p. Nearly every value is passed
 * over by its first unit.
 */
export function mayReadAsCode(firstUnit: number): boolean {
  if (firstUnit === 0x50 || firstUnit === 0x70) return true;
  const digit = firstUnit >= 0x30 && firstUnit <= 0x39;
  const letter = (firstUnit | 0x20) >= 0x61 && (firstUnit | 0x20) <= 0x7a;
  return !digit && !letter && firstUnit !== 0x2b && firstUnit !== 0x2d && firstUnit !== 0x2e;
}

/**
 * A value that reads as a code of the shape of its own code (P and the same
 * pattern of digits and letters, maybe followed by a separator and a value;
 * trailing spaces, invisible characters, a lower-case or look-alike P do not
 * hide it): most likely a value line is missing. Codes with no digit are left
 * alone, or every word value of a letter code would look like one.
 */
export function valueLooksLikeCode(value: string, code: string): boolean {
  if (!mayReadAsCode(value.charCodeAt(0)) || !/\d/.test(code)) return false;
  // A quote shows: a quoted value ("P1";"P2", pump names) hides no code. Otherwise a P, or a look-alike,
  // must come first or after a few marks and spaces; one test, before the classifier splits the line.
  if (quotes.has(value.charAt(0)) || !startsLikeCodePattern.test(value)) return false;
  if (hasShapeOf(value, code)) return true;
  const beforeSeparator = /^[^=;:,\t]*/.exec(value)![0];
  return beforeSeparator !== value && hasShapeOf(beforeSeparator, code);
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

/**
 * The line as messages quote it: long lines cut, and characters a screen shows as nothing (controls,
 * NUL, invisible characters) written as their code point, <U+001A>, so the quote is never blank.
 */
const isHighSurrogateAt = (text: string, index: number) => {
  const unit = text.charCodeAt(index);
  return unit >= 0xd800 && unit <= 0xdbff;
};

export function quotedLine(line: string): string {
  // Cut before a character's second half, never inside it.
  const cut = line.length > 40 && isHighSurrogateAt(line, 39) ? 39 : 40;
  const shown = line.length > 40 ? `${line.slice(0, cut)}…` : line;
  const visible = [...shown]
    .map((character) => {
      const characterClass = classOf(character);
      return characterClass === "invisible" || characterClass === "nul" ? `<${codePointOf(character)}>` : character;
    })
    .join("");
  return `"${visible}"`;
}
