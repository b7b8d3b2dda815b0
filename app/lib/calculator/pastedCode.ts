/**
 * A technician pastes a code copied from a message or a label: ` 17 235`,
 * `code: 17235`. The input's 5-character limit would cut such text before the
 * spaces are gone, so a paste is read here first.
 */
import { codeLength } from "./actionCode";

/** A leading label such as `code:`, `Code =` or `Code #` (letters, then an optional `:`, `=` or `#`). */
const leadingLabel = /^\p{L}[\p{L} ]*[:=#]?/u;
const exactlyOneCode = new RegExp(`^\\d{${codeLength}}$`);

/**
 * The five digits in pasted text, ignoring whitespace anywhere and a leading
 * label; null for anything else, which the input then takes as typed text
 * (and the code rules say what is wrong with it).
 */
export function codeFromPastedText(text: string): string | null {
  const digits = text.trim().replace(leadingLabel, "").replace(/\s+/gu, "");
  return exactlyOneCode.test(digits) ? digits : null;
}
