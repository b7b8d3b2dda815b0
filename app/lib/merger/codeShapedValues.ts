/**
 * Values shaped like something else (docs/behaviour.md#every-line-has-one-meaning): a value that reads as a
 * code of the shape of its own code, or as a comment moved in by whitespace, most likely means a value line is
 * missing. What hides a code from the eye (trailing spaces, an invisible character, a lower-case or look-alike
 * P) does not hide it from these rules: a line is read as it would be in code position.
 */
import { commentMarks, isWhitespace, pLookAlikes, quotes } from "./lineCharacters";
import { classifyCodeLine, isPlainCodeAt } from "./lineClassifier";

/** A P, a lower-case p or a look-alike, first or after a few marks, spaces or invisible characters. */
const startsLikeCodePattern = new RegExp(`^[^\\p{L}\\p{N}]{0,8}[Pp${Object.keys(pLookAlikes).join("")}]`, "u");

/** "P0120" → "P9", "P12A" → "P9A": P, then the kinds of characters that follow (digits, letters, others), runs collapsed. */
function codeShape(code: string): string {
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
