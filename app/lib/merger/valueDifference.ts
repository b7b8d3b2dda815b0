/**
 * Where a changed value differs from the other one, shown so that a technician sees it at a glance:
 * the part of a long value around its first difference (not always its start), that difference marked,
 * and every character that would not show as itself (a trailing space, a tab, a zero width space)
 * named. Two values that differ are never shown alike.
 */
import { formatCount } from "~/lib/shell/plural";
import { shownText, shownTextLength } from "~/lib/shell/shownText";
import { codePointOf, isHiddenCharacter, unseenCharacterName } from "./lineCharacters";

const isHighSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;
const isLowSurrogate = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;

/**
 * Where two values first differ (a UTF-16 index, never inside a character); -1 when they are equal.
 * Where one value is the start of the other, it is the shorter one's length.
 */
export function firstDifference(a: string, b: string): number {
  if (a === b) return -1;
  const length = Math.min(a.length, b.length);
  let index = 0;
  while (index < length && a.charCodeAt(index) === b.charCodeAt(index)) index++;
  // Two characters that share their first half differ as whole characters.
  if (index > 0 && isHighSurrogate(a.charCodeAt(index - 1))) index--;
  return index;
}

/** "differs from character 201": where the difference is, in the words of the screen. */
export function differsFromText(differsAt: number): string {
  return `differs from character ${formatCount(differsAt + 1)}`;
}

/** Shown in the value that ends where the other one goes on. */
export const valueEndsText = "end of value";

/** A run of a value's characters as shown. */
export interface ValuePiece {
  /** The value's own characters. */
  text: string;
  /**
   * For characters that would not show as themselves: what is shown instead, "trailing space ×2",
   * "tab", "zero width space (U+200B)".
   */
  name?: string;
}

/** The first differing character: a piece, with its code point when it is visible but not plain ASCII (А, Ä). */
export interface MarkedPiece extends ValuePiece {
  codePoint?: string;
}

export interface DifferenceWindow {
  /** UTF-16 index of the first difference in the whole value. */
  differsAt: number;
  /** Characters left out before the window ("…"). */
  hiddenBefore: number;
  before: ValuePiece[];
  /** The first differing character; null where this value ends and the other one goes on. */
  marked: MarkedPiece | null;
  after: ValuePiece[];
  /** Characters left out after the window. */
  hiddenAfter: number;
}

interface BlankEdges {
  /** Where the spaces at the start end. */
  leadingEnd: number;
  /** Where the spaces at the end start. */
  trailingStart: number;
  /** The value is nothing but spaces. */
  allBlank: boolean;
}

/** Spaces at the start and end of a value: the screen shows neither, so they are named as such. */
function blankEdges(value: string): BlankEdges {
  let leadingEnd = 0;
  while (leadingEnd < value.length && value.charCodeAt(leadingEnd) === 0x20) leadingEnd++;
  let trailingStart = value.length;
  while (trailingStart > leadingEnd && value.charCodeAt(trailingStart - 1) === 0x20) trailingStart--;
  return { leadingEnd, trailingStart, allBlank: leadingEnd === value.length };
}

/**
 * The name of the character at `index`, or null when it shows as itself. A space inside a value
 * shows; one at its start or end, or the one that makes the difference, does not.
 */
function unseenNameAt(character: string, index: number, edges: BlankEdges, isMarked: boolean): string | null {
  if (character === " ") {
    if (edges.allBlank) return "space";
    if (index >= edges.trailingStart) return "trailing space";
    if (index < edges.leadingEnd) return "leading space";
    return isMarked ? "space" : null;
  }
  const name = unseenCharacterName(character);
  if (name === null) return null;
  // Tab and space are known by name; every other blank or invisible character also by its code point.
  return character === "\t" ? name : `${name} (${codePointOf(character)})`;
}

const isPlainAscii = (unit: number) => unit > 0x20 && unit < 0x7f;

/** value[from..to) as pieces: plain runs as they are, unseen characters named, a run of the same one counted. */
function piecesOf(value: string, from: number, to: number, edges: BlankEdges): ValuePiece[] {
  const pieces: ValuePiece[] = [];
  let plainStart = from;
  let index = from;
  const flushPlain = (end: number) => {
    if (end > plainStart) pieces.push({ text: value.slice(plainStart, end) });
  };
  while (index < to) {
    const unit = value.charCodeAt(index);
    // Nearly every character is plain ASCII: decided without a string.
    if (isPlainAscii(unit)) {
      index++;
      continue;
    }
    const character = String.fromCodePoint(value.codePointAt(index)!);
    const name = unseenNameAt(character, index, edges, false);
    if (name === null) {
      index += character.length;
      continue;
    }
    flushPlain(index);
    let runEnd = index + character.length;
    while (runEnd < to && value.startsWith(character, runEnd) && unseenNameAt(character, runEnd, edges, false) === name)
      runEnd += character.length;
    const count = (runEnd - index) / character.length;
    pieces.push({ text: value.slice(index, runEnd), name: count === 1 ? name : `${name} ×${count}` });
    index = runEnd;
    plainStart = runEnd;
  }
  flushPlain(to);
  return pieces;
}

/**
 * The part of `value` to show around its first difference `differsAt` (from firstDifference), at most
 * `maxLength` of its characters: from its start when the difference is near it, otherwise from a little
 * before the difference, so the differing part is always in view.
 */
export function differenceWindow(value: string, differsAt: number, maxLength = shownTextLength): DifferenceWindow {
  const context = Math.max(1, Math.floor(maxLength / 5));
  let start = differsAt + context <= maxLength ? 0 : differsAt - context;
  if (start > 0 && isLowSurrogate(value.charCodeAt(start))) start--;
  let end = Math.min(value.length, start + maxLength);
  if (end < value.length && end > 0 && isHighSurrogate(value.charCodeAt(end - 1))) end--;
  const edges = blankEdges(value);
  let marked: MarkedPiece | null = null;
  let afterStart = differsAt;
  if (differsAt < value.length) {
    const character = String.fromCodePoint(value.codePointAt(differsAt)!);
    afterStart = differsAt + character.length;
    const name = unseenNameAt(character, differsAt, edges, true);
    const unit = character.charCodeAt(0);
    marked =
      name !== null
        ? { text: character, name }
        : isPlainAscii(unit)
          ? { text: character }
          : { text: character, codePoint: codePointOf(character) };
  }
  end = Math.max(end, afterStart);
  return {
    differsAt,
    hiddenBefore: start,
    before: piecesOf(value, start, differsAt, edges),
    marked,
    after: piecesOf(value, afterStart, end, edges),
    hiddenAfter: value.length - end,
  };
}

/** The start of a value (or a file name) as shown, with every character that would not show as itself named. */
export interface ShownPieces {
  pieces: ValuePiece[];
  /** Characters (UTF-16 code units) left out after the shown start; 0 when the text is shown whole. */
  hiddenLength: number;
}

/**
 * A text the technician gave, as a screen shows it: its first `maxLength` characters, with spaces at its ends,
 * tabs and invisible characters named ("right-to-left override (U+202E)"). Such a character can hide itself
 * or reorder what follows it on screen, so the screen never shows one as itself.
 */
export function shownPieces(text: string, maxLength = shownTextLength): ShownPieces {
  const { shown, hiddenLength } = shownText(text, maxLength);
  return { pieces: piecesOf(text, 0, shown.length, blankEdges(text)), hiddenLength };
}

const isPrintableAscii = (character: string) => /^[\x21-\x7e]$/.test(character);

/**
 * Where to mark two values' first difference on screen, or null where it shows at a glance: "2" and "5" need
 * no mark, but a difference after the shown start (character 201), or in a character that is not plain ASCII
 * (a look-alike, a space), would let the two look the same.
 */
export function differenceToMark(value: string, other: string): number | null {
  const differsAt = firstDifference(value, other);
  if (differsAt === -1) return null;
  const hardToSee = (character: string) => character !== "" && !isPrintableAscii(character);
  const shownAlike =
    differsAt >= shownTextLength || hardToSee(value.charAt(differsAt)) || hardToSee(other.charAt(differsAt));
  return shownAlike ? differsAt : null;
}

/**
 * A message as shown: every character no screen shows (a right-to-left override in a file name it quotes)
 * written as its code point, <U+202E>, as messages quote lines, so it cannot turn the rest of the message around.
 */
export function shownMessage(message: string): string {
  // Nearly every message is printable ASCII and a few quoted characters: one test decides.
  if (!/[^\x20-\x7e]/.test(message)) return message;
  let shown = "";
  for (const character of message) shown += isHiddenCharacter(character) ? `<${codePointOf(character)}>` : character;
  return shown;
}
