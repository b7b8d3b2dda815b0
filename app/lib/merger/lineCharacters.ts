/**
 * The characters of a line as the rules and the messages see them: whitespace, separators, invisible
 * characters, a NUL, a replacement character, letters that look like P; each by its Unicode name and code point,
 * so a message never shows a character the screen would not.
 */
import { shownText } from "~/lib/shell/shownText";

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
export const separatorNames: Record<string, string> = {
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
export const quotes = new Set(['"', "\uff02", "\u201c", "\u201d", "\u201e"]);
export const commentMarks = new Set(["*", "\uff0a"]);

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
export const pLookAlikes: Record<string, string> = {
  "\u0420": "Cyrillic capital letter er",
  "\u03a1": "Greek capital letter rho",
  "\uff30": "fullwidth Latin capital letter P",
  "\u13e2": "Cherokee letter tlv",
  "\u2119": "double-struck capital P",
};

export type CharacterClass = "whitespace" | "separator" | "invisible" | "nul" | "replacement" | "plain";

export function classOf(character: string): CharacterClass {
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

/**
 * The line as messages quote it: long lines cut (never inside a character), and characters a screen shows as
 * nothing (controls, NUL, invisible characters) written as their code point, <U+001A>, so the quote is never blank.
 */
export function quotedLine(line: string): string {
  const { shown, hiddenLength } = shownText(line, 40);
  const visible = [...(hiddenLength > 0 ? `${shown}…` : shown)]
    .map((character) => {
      const characterClass = classOf(character);
      return characterClass === "invisible" || characterClass === "nul" ? `<${codePointOf(character)}>` : character;
    })
    .join("");
  return `"${visible}"`;
}
