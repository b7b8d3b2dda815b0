/**
 * A technician pastes a code copied from a message or a label: ` 17 235`,
 * `code: 17235`. The browser would paste at most what the input's 5-character
 * limit leaves room for, and a cut paste can be another valid code (`172355`
 * would read as 17235), so every paste is read here instead.
 */
import { shownText } from "~/lib/shell/shownText";
import { codeLength, codeTypedPastLength } from "./actionCode";
import { codeInputValue, enteredCodeText } from "./enteredCode";

/** A leading label such as `code:`, `Code =` or `Code #` (letters, then an optional `:`, `=` or `#`), before digits. */
const leadingLabel = /^\p{L}[\p{L} ]*[:=#]?\s*(?=\d)/u;
const exactlyOneCode = new RegExp(`^\\d{${codeLength}}$`);

/** Pasted text as the input takes it: digits in ASCII, a leading label and whitespace anywhere gone. */
function pastedText(text: string): string {
  return enteredCodeText(text).replace(leadingLabel, "").replace(/\s+/gu, "");
}

/** The code input's text and what is selected in it (the caret when nothing is). */
export interface CodeInputText {
  value: string;
  selectionStart: number;
  selectionEnd: number;
}

/**
 * The input's text after a paste. A whole code (five digits once a leading
 * label and whitespace are gone) replaces what is there; any
 * other text goes in at the caret whole, not cut at five characters, so the
 * code rules say what is wrong with it (`A code has exactly 5 digits; this one
 * has 6.`) instead of reading its first five characters as a code. Text too long
 * to show goes in as far as a screen shows it.
 */
export function textAfterPaste(input: CodeInputText, pasted: string): string {
  const text = pastedText(pasted);
  if (exactlyOneCode.test(text)) return text;
  const { value, selectionStart, selectionEnd } = input;
  return enteredCodeText(value.slice(0, selectionStart) + shownText(text).shown + value.slice(selectionEnd));
}

/**
 * What to say when a character typed into the code input did not go in: the input stops at five characters (the
 * browser drops what is typed past them), so the field holds what it held, and the note names that. Null when
 * what is typed fits, or leaves no more than five characters once read (a space typed after the code).
 */
export function typedPastCodeLength(input: CodeInputText, typed: string): string | null {
  const { value, selectionStart, selectionEnd } = input;
  const after = value.slice(0, selectionStart) + typed + value.slice(selectionEnd);
  if (after.length <= codeLength) return null;
  return enteredCodeText(after).length > codeLength ? codeTypedPastLength(codeInputValue(value)) : null;
}

/**
 * The input's text once an input method commits what was composed (`input` as it was when the composition
 * began): the composed text goes in whole, read like typed text. The browser cuts a commit at the input's
 * 5-character limit, and a cut `１７２３５６` would read as the valid code 17235.
 */
export function textAfterComposition(input: CodeInputText, composed: string): string {
  const { value, selectionStart, selectionEnd } = input;
  return enteredCodeText(value.slice(0, selectionStart) + composed + value.slice(selectionEnd));
}
