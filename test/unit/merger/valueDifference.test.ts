import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  differenceWindow,
  differenceToMark,
  differsFromText,
  firstDifference,
  valueEndsText,
  type DifferenceWindow,
  type ValuePiece,
  shownMessage,
  shownPieces,
} from "~/lib/merger/valueDifference";
import { quotedLine } from "~/lib/merger/lineCharacters";
import { shownTextLength } from "~/lib/shell/shownText";

/** A piece as the screen shows it: its characters, or its name in a badge. */
const shownPiece = (piece: ValuePiece & { codePoint?: string }) =>
  piece.name !== undefined ? `[${piece.name}]` : `${piece.text}${piece.codePoint ? `[${piece.codePoint}]` : ""}`;

/** The whole window as the screen shows it, the marked part in {}. */
function shownAs(window: DifferenceWindow): string {
  return [
    window.hiddenBefore > 0 ? "…" : "",
    ...window.before.map(shownPiece),
    `{${window.marked ? shownPiece(window.marked) : valueEndsText}}`,
    ...window.after.map(shownPiece),
    window.hiddenAfter > 0 ? `…+${window.hiddenAfter}` : "",
  ].join("");
}

/** Both values of a changed code, as shown. */
function shownPair(a: string, b: string, maxLength?: number): [string, string] {
  const at = firstDifference(a, b);
  return [shownAs(differenceWindow(a, at, maxLength)), shownAs(differenceWindow(b, at, maxLength))];
}

/** The characters the window stands for, in order. */
const windowText = (window: DifferenceWindow) =>
  [...window.before, ...(window.marked ? [window.marked] : []), ...window.after].map((piece) => piece.text).join("");

describe("where two values first differ", () => {
  it("is the index of the first differing character, the shorter length for a prefix, -1 for equal values", () => {
    expect(firstDifference("2,5", "3,0")).toBe(0);
    expect(firstDifference("10 ", "10")).toBe(2);
    expect(firstDifference("same", "same")).toBe(-1);
  });

  it("never points into the middle of a character", () => {
    expect(firstDifference("a😀", "a😁")).toBe(1);
  });

  it("is said in the technician's count, from 1", () => {
    expect(differsFromText(200)).toBe("differs from character 201");
    expect(differsFromText(1233)).toBe("differs from character 1,234");
  });
});

describe("a changed value as shown", () => {
  it("names a trailing space and marks where the other value ends", () => {
    expect(shownPair("10 ", "10")).toEqual(["10{[trailing space]}", "10{end of value}"]);
    expect(shownPair("10", "10   ")).toEqual(["10{end of value}", "10{[trailing space]}[trailing space ×2]"]);
  });

  it("names a trailing tab, a leading space and a space that makes the difference", () => {
    expect(shownPair("10\t", "10")).toEqual(["10{[tab]}", "10{end of value}"]);
    expect(shownPair(" 5", "5")).toEqual(["{[leading space]}5", "{5}"]);
    expect(shownPair("1  2", "1 2")).toEqual(["1 {[space]}2", "1 {2}"]);
    expect(shownPair("  ", " ")).toEqual(["[space]{[space]}", "[space]{end of value}"]);
  });

  it("names invisible characters and blanks other than the space by name and code point", () => {
    expect(shownPair("ab", "a\u200bb")).toEqual(["a{b}", "a{[zero width space (U+200B)]}b"]);
    expect(shownPair("1 2", "1\u00a02")).toEqual(["1{[space]}2", "1{[no-break space (U+00A0)]}2"]);
    expect(shownPair("xy", "\ufeffxy")).toEqual(["{x}y", "{[byte order mark (U+FEFF)]}xy"]);
    // Before and after the difference too: every unseen character of a changed value shows.
    expect(shownPair("\u200bx\tyz", "\u200bx\tyq")).toEqual([
      "[zero width space (U+200B)]x[tab]y{z}",
      "[zero width space (U+200B)]x[tab]y{q}",
    ]);
  });

  it("gives the code point of a visible character outside plain ASCII at the difference (look-alikes)", () => {
    expect(shownPair("A1", "\u04101")).toEqual(["{A}1", "{А[U+0410]}1"]);
  });

  it("shows a long value around its difference, not its first 200 characters", () => {
    const card = `${"A".repeat(200)}B${"A".repeat(50)}`;
    const value = "A".repeat(251);
    const cardWindow = differenceWindow(card, firstDifference(card, value));
    expect(cardWindow.differsAt).toBe(200);
    expect(cardWindow.hiddenBefore).toBe(200 - shownTextLength / 5);
    expect(windowText(cardWindow)).toBe(card.slice(cardWindow.hiddenBefore));
    expect(shownPair(card, value)).toEqual([
      `…${"A".repeat(40)}{B}${"A".repeat(50)}`,
      `…${"A".repeat(40)}{A}${"A".repeat(50)}`,
    ]);
  });

  it("keeps a difference near the start at the start, with the rest counted", () => {
    const window = differenceWindow(`1${"x".repeat(300)}`, 0);
    expect(window.hiddenBefore).toBe(0);
    expect(windowText(window).length).toBe(shownTextLength);
    expect(window.hiddenAfter).toBe(301 - shownTextLength);
  });

  it("never cuts a character in two at either end of the window", () => {
    const value = `${"😀".repeat(150)}x${"😀".repeat(150)}`;
    const window = differenceWindow(value, 300);
    const text = windowText(window);
    expect(text.codePointAt(0)).toBe(0x1f600);
    expect(text.at(-1)).not.toMatch(/[\ud800-\udbff]/);
    expect(window.hiddenBefore + text.length + window.hiddenAfter).toBe(value.length);
  });

  it("never shows two different values alike, whatever they hold, and always shows the difference", () => {
    // Values that share a long start, so the window has to move; any characters, blanks and invisible ones likely.
    const characters = fc.oneof(
      fc.constantFrom(" ", "\t", "\u00a0", "\u200b", "\ufeff", "A", "\u0410", "😀", "e", "\u0301"),
      fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
    );
    const part = (maxLength: number) => fc.array(characters, { maxLength }).map((list) => list.join(""));
    fc.assert(
      fc.property(
        part(300),
        part(20),
        part(20),
        fc.integer({ min: 5, max: 250 }),
        (common, restA, restB, maxLength) => {
          const a = common + restA;
          const b = common + restB;
          fc.pre(a !== b);
          const at = firstDifference(a, b);
          const [shownA, shownB] = shownPair(a, b, maxLength);
          expect(shownA).not.toBe(shownB);
          for (const value of [a, b]) {
            const window = differenceWindow(value, at, maxLength);
            // The window is the value's own characters, the difference inside it, nothing lost or changed.
            expect(window.hiddenBefore + windowText(window).length + window.hiddenAfter).toBe(value.length);
            expect(value.slice(window.hiddenBefore, value.length - window.hiddenAfter)).toBe(windowText(window));
            expect(window.hiddenBefore).toBeLessThanOrEqual(at);
            // The marked character shows for what it is: plain ASCII, or named, or with its code point.
            const marked = window.marked;
            if (marked) expect(/^[\x21-\x7e]$/.test(marked.text) || marked.name || marked.codePoint).toBeTruthy();
            // Nothing in the window hides: blanks and invisible characters are named, and so are trailing spaces.
            for (const piece of [...window.before, ...window.after]) {
              if (piece.name === undefined) expect(piece.text).not.toMatch(/[\t\u00a0\u200b\ufeff]/);
            }
            const last = [...window.before, ...(window.marked ? [window.marked] : []), ...window.after].at(-1);
            if (window.hiddenAfter === 0 && value.endsWith(" ")) expect(last?.name).toBeDefined();
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("a value, name or message as shown", () => {
  it("names every character that would not show as itself, and keeps the rest as it is", () => {
    expect(shownPieces("\u202e5,1 ").pieces).toEqual([
      { text: "\u202e", name: "right-to-left override (U+202E)" },
      { text: "5,1" },
      { text: " ", name: "trailing space" },
    ]);
    expect(shownPieces("KUNDESPEC_1042.txt").pieces).toEqual([{ text: "KUNDESPEC_1042.txt" }]);
  });

  it("shows the start of a long value, never half a character", () => {
    const value = `${"a".repeat(199)}\u{1F600}${"b".repeat(100)}`;
    expect(shownPieces(value)).toEqual({ pieces: [{ text: "a".repeat(199) }], hiddenLength: 102 });
  });

  it("leaves no hidden character in a message, and changes nothing else", () => {
    expect(shownMessage("Line 3: in KUNDESPEC\u202etxt.cod.txt\u200b")).toBe(
      "Line 3: in KUNDESPEC<U+202E>txt.cod.txt<U+200B>",
    );
    const plain = 'Line 1: "P001\u00a0\t5" (ä)';
    expect(shownMessage(plain)).toBe(plain);
  });
});

describe("a line quoted in a message", () => {
  it("is cut after 40 characters, never inside a character, and shows hidden ones by code point", () => {
    expect(quotedLine(`${"a".repeat(39)}\u{1F600}b`)).toBe(`"${"a".repeat(39)}…"`);
    expect(quotedLine("\u202e5,1")).toBe('"<U+202E>5,1"');
  });
});

describe("where a rewritten value's difference is marked", () => {
  it("is nowhere when it shows at a glance, and at the first difference when the shown starts look the same", () => {
    expect(differenceToMark("2", "5")).toBeNull();
    expect(differenceToMark("5", "5")).toBeNull();
    expect(differenceToMark(`${"a".repeat(250)}x`, `${"a".repeat(250)}y`)).toBe(250);
    expect(differenceToMark("P01\u0410", "P01A")).toBe(3);
    expect(differenceToMark("1", "1 ")).toBe(1);
  });
});
