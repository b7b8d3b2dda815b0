/**
 * The checks on one value: a customer value in another format than the standard value it replaces, and characters
 * in a value that goes on the card that the unit may not expect or that no screen shows.
 */
import { countOf } from "~/lib/shell/plural";
import { characterName, codePointOf, isHiddenCharacter } from "./lineCharacters";

type ValueFormat = { kind: "integer" } | { kind: "decimal"; separator: "." | ","; decimals: number } | { kind: "text" };

function valueFormatOf(value: string): ValueFormat {
  const trimmed = value.trim();
  if (/^[+-]?\d+$/.test(trimmed)) return { kind: "integer" };
  const decimal = /^[+-]?\d*([.,])(\d+)$/.exec(trimmed);
  if (decimal) return { kind: "decimal", separator: decimal[1] as "." | ",", decimals: decimal[2]!.length };
  return { kind: "text" };
}

const decimalsOf = (format: ValueFormat) => (format.kind === "decimal" ? format.decimals : 0);

/**
 * How a customer value's format differs from the standard value it replaces:
 * decimal comma for point (or back), text for a number, another count of
 * decimals. null when the formats agree (or the standard value is text).
 */
export function valueFormatChange(standardValue: string, customerValue: string): string | null {
  const standard = valueFormatOf(standardValue);
  if (standard.kind === "text") return null;
  const customer = valueFormatOf(customerValue);
  if (customer.kind === "text") return "is text where the standard value is a number";
  if (standard.kind === "decimal" && customer.kind === "decimal" && standard.separator !== customer.separator) {
    return `uses a decimal ${customer.separator === "," ? "comma" : "point"} where the standard value uses a ${standard.separator === "," ? "comma" : "point"}`;
  }
  const [standardDecimals, customerDecimals] = [decimalsOf(standard), decimalsOf(customer)];
  if (standardDecimals !== customerDecimals) {
    return `has ${countOf(customerDecimals, "decimal")} where the standard value has ${standardDecimals}`;
  }
  return null;
}

/**
 * Whether the value at [start, end) of a file's text has anything
 * unusualCharactersIn names, looked at in place: nearly every value is plain
 * ASCII, and the merge asks this of every one without making it a string.
 */
export function hasUnusualCharactersAt(text: string, start: number, end: number): boolean {
  if (end > start && text.charCodeAt(end - 1) === 0x20) return true;
  for (let index = start; index < end; index++) {
    const unit = text.charCodeAt(index);
    if (unit < 0x20 || unit > 0x7e) return true;
  }
  return false;
}

/**
 * What in a value the unit's parser may not expect: characters outside
 * printable ASCII (a tab, "ä", a non-breaking space) or spaces at its end.
 * null when the value is plain.
 */
export function unusualCharactersIn(value: string): string | null {
  // Nearly every value is plain ASCII: one regular expression test decides.
  if (!/[^\x20-\x7e]| $/.test(value)) return null;
  const found: string[] = [];
  const { tab, visible } = oddCharactersOf(value);
  if (tab) found.push("a tab");
  if (visible.length > 0) {
    found.push(
      `${visible.length === 1 ? "the character" : "the characters"} ${visible
        .slice(0, 3)
        .map((character) => `“${character}” (${codePointOf(character)})`)
        .join(", ")}`,
    );
  }
  if (/ $/.test(value)) found.push("spaces at its end");
  return found.length > 0 ? found.join(" and ") : null;
}

/**
 * The characters in a value that no screen shows (a right-to-left override, a zero width space, NUL), named:
 * such a character hides itself, or reorders the value on screen, and still goes on the card. null when there is none.
 */
export function hiddenCharactersIn(value: string): string | null {
  const { hidden } = oddCharactersOf(value);
  if (hidden.length === 0) return null;
  const named = hidden.slice(0, 3).map(characterName);
  const more = hidden.length > 3 ? ` and ${countOf(hidden.length - 3, "other")}` : "";
  return `${named.join(", ")}${more}`;
}

/**
 * The distinct characters of a value outside printable ASCII, sorted into a tab, hidden ones and visible ones.
 * One native pass finds them: a 5 MB value with one "ä" is not walked character by character in script.
 */
export function oddCharactersOf(value: string): { tab: boolean; hidden: string[]; visible: string[] } {
  const odd = new Set(value.match(/[^\x20-\x7e]/gu) ?? []);
  const hidden: string[] = [];
  const visible: string[] = [];
  for (const character of odd) {
    if (character === "\t") continue;
    (isHiddenCharacter(character) ? hidden : visible).push(character);
  }
  return { tab: odd.has("\t"), hidden, visible };
}
