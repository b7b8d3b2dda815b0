import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  byteDifferenceNote,
  byteDifferenceOf,
  cardComparisonRowsAt,
  cardComparisonSummary,
  cardComparisonTexts as texts,
  compareWithCard,
  lineBreaksOf,
} from "~/lib/merger/cardCompare";
import { readParameterFile } from "~/lib/merger/parameterFile";
import { mergeParameterFiles, parFileBytesOf } from "~/lib/merger/parameterMerge";

const bytes = (text: string) => new TextEncoder().encode(text);
const source = { path: "standard/PAR_basis.txt", lineNumber: 1, set: "standard" as const };
/** The new PAR.txt as the merge of one standard file holding these pairs. */
const newMerge = (pairs: [string, string][]) =>
  mergeParameterFiles([
    {
      id: "standard",
      path: source.path,
      set: "standard",
      parsed: readParameterFile(bytes(pairs.map(([code, value]) => `${code}\n${value}\n`).join(""))),
    },
  ]);
function compared(pairs: [string, string][], cardBytes: Uint8Array | null) {
  const merge = newMerge(pairs);
  const comparison = compareWithCard(merge, cardBytes);
  const rows = cardComparisonRowsAt(
    comparison,
    merge,
    Array.from({ length: comparison.rowCount }, (_, row) => row),
  );
  return { ...comparison, rows };
}

describe("comparing the new PAR.txt with the card's", () => {
  it("names each code changed, added, removed or unchanged, removed codes last", () => {
    const comparison = compared(
      [
        ["P0001", "1"],
        ["P0002", "3,0"],
        ["P0200", "Fjordview"],
      ],
      bytes("P0001\r\n1\r\nP0002\r\n2,5\r\nP0099\r\nold\r\n"),
    );
    expect(comparison.counts).toEqual({ changed: 1, added: 1, removed: 1, unchanged: 1 });
    expect(comparison.rows.map((row) => [row.code, row.change, row.cardValue, row.newValue])).toEqual([
      ["P0001", "unchanged", "1", "1"],
      ["P0002", "changed", "2,5", "3,0"],
      ["P0200", "added", null, "Fjordview"],
      ["P0099", "removed", "old", null],
    ]);
    expect(comparison.rows[3]!.source).toBeNull();
    expect(cardComparisonSummary(comparison.counts, "other")).toBe("1 changed, 1 added, 1 removed, 1 unchanged");
  });

  it("reads the card with the same reader as any file, so its problems show, and names repeated codes", () => {
    const comparison = compared([["P1", "1"]], bytes("P1\n1\n42\nP1\n2\n"));
    expect(comparison.card.problems.map((problem) => problem.message)).toEqual([
      'Line 3: expected a parameter code (a line starting with P) but found "42". This line is left out.',
      "Line 4: P1 appears again on the card (first on line 1); the comparison uses this later value.",
    ]);
    expect(comparison.counts).toMatchObject({ changed: 1, unchanged: 0 });
    expect(comparison.card).toMatchObject({ parameterCount: 1, encoding: "utf-8", lineBreaks: "lf" });
  });

  it("names the line whose value the comparison uses when a code is on the card three times", () => {
    const comparison = compared([["P1", "1"]], bytes("P1\n1\nP1\n2\nP1\n3\n"));
    expect(comparison.card.problems.map((problem) => problem.message)).toEqual([
      "Line 3: P1 appears again on the card (first on line 1); the comparison uses the later value on line 5.",
      "Line 5: P1 appears again on the card (first on line 1); the comparison uses this later value.",
    ]);
  });

  it("says where the values of a changed code first differ, even when they look alike", () => {
    const comparison = compared(
      [
        ["P1", "10"],
        ["P2", "a\u200bb"],
        ["P3", "same"],
        ["P4", "new"],
      ],
      bytes("P1\n10 \nP2\nab\nP3\nsame\nP9\nold\n"),
    );
    expect(comparison.rows.map((row) => [row.code, row.change, row.differsAt])).toEqual([
      ["P1", "changed", 2],
      ["P2", "changed", 1],
      ["P3", "unchanged", null],
      ["P4", "added", null],
      ["P9", "removed", null],
    ]);
  });

  it("treats a card without PAR.txt as empty: every code is added and no problem is invented", () => {
    const comparison = compared([["P1", "1"]], null);
    expect(comparison.counts).toEqual({ changed: 0, added: 1, removed: 0, unchanged: 0 });
    expect(comparison.card.problems).toEqual([]);
  });

  it("says so when the bytes are identical, and names line-ending-only differences", () => {
    const crlf = parFileBytesOf(newMerge([["P1", "1"]]), "crlf");
    expect(byteDifferenceOf(crlf, crlf)).toBe("identical");
    expect(cardComparisonSummary({ changed: 0, added: 0, removed: 0, unchanged: 1 }, "identical")).toBe(
      texts.identical,
    );
    expect(byteDifferenceOf(bytes("P1\n1\n"), crlf)).toBe("line-endings");
    expect(byteDifferenceOf(bytes("P1\r\n1"), crlf)).toBe("final-line-break");
    expect(byteDifferenceOf(bytes("P1\n1"), crlf)).toBe("line-endings-and-final-line-break");
    expect(byteDifferenceOf(bytes("* comment\r\nP1\r\n1\r\n"), crlf)).toBe("other");

    const counts = { changed: 0, added: 0, removed: 0, unchanged: 1 };
    const card = (lineBreaks: "lf" | "crlf") => ({ hasParFile: true, lineBreaks, encoding: "utf-8" as const });
    const lfAgainstCrlf = texts.endings("LF", "CRLF");
    expect(byteDifferenceNote("line-endings", counts, card("lf"), "crlf")).toBe(texts.lineEndingsOnly(lfAgainstCrlf));
    expect(byteDifferenceNote("final-line-break", counts, card("crlf"), "crlf")).toBe(texts.finalLineBreakOnly);
    expect(byteDifferenceNote("other", counts, card("crlf"), "crlf")).toBe(texts.otherBytesOnly);
    expect(byteDifferenceNote("other", { ...counts, changed: 1 }, card("crlf"), "crlf")).toBeNull();
    expect(byteDifferenceNote("identical", counts, card("crlf"), "crlf")).toBeNull();
  });

  it("says nothing of line endings or encoding when the card has no PAR.txt", () => {
    const { card, counts } = compared([["P1", "1"]], null);
    expect(counts).toEqual({ changed: 0, added: 1, removed: 0, unchanged: 0 });
    for (const lineEnding of ["crlf", "lf"] as const) {
      const newBytes = parFileBytesOf(newMerge([["P1", "1"]]), lineEnding);
      const difference = byteDifferenceOf(new Uint8Array(), newBytes);
      expect(byteDifferenceNote(difference, counts, card, lineEnding)).toBeNull();
    }
  });

  it("names the line breaks a card file uses", () => {
    expect(lineBreaksOf("a\r\nb\r\n")).toBe("crlf");
    expect(lineBreaksOf("a\nb")).toBe("lf");
    expect(lineBreaksOf("a\rb\r")).toBe("cr");
    expect(lineBreaksOf("a\r\nb\n")).toBe("mixed");
    expect(lineBreaksOf("a")).toBe("none");
  });

  it("reads a UTF-16 card file's line breaks as the text has them, and says its encoding", () => {
    const text = "P1\r\n1\r\n";
    const utf16le = new Uint8Array([0xff, 0xfe, ...[...text].flatMap((character) => [character.charCodeAt(0), 0])]);
    const { card, counts } = compared([["P1", "1"]], utf16le);
    expect(card).toMatchObject({ encoding: "utf-16", lineBreaks: "crlf" });
    expect(counts).toEqual({ changed: 0, added: 0, removed: 0, unchanged: 1 });
    expect(byteDifferenceNote("other", counts, card, "crlf")).toBe(
      `${texts.otherBytesOnly} ${texts.encoding("UTF-16")}`,
    );
    expect(byteDifferenceNote("other", { ...counts, changed: 1 }, card, "lf")).toBe(
      `${texts.encoding("UTF-16")} ${texts.endingsToo(texts.endings("CRLF", "LF"))}`,
    );
  });
});

// Codes as the reader keeps them (start with P, no line break, no leading space) and single-line values.
const code = fc.stringMatching(/^P[0-9A-Z]{1,5}$/);
const value = fc.stringMatching(/^[!-~][ -~]{0,8}$/).filter((text) => !text.startsWith("*"));
const parameterList = fc.uniqueArray(fc.tuple(code, value), {
  selector: ([parameterCode]) => parameterCode,
  maxLength: 30,
});
const lineEnding = fc.constantFrom("crlf" as const, "lf" as const);

describe("comparison properties", () => {
  it("a PAR.txt compared with itself is all unchanged and byte-identical", () => {
    fc.assert(
      fc.property(parameterList, lineEnding, (pairs, ending) => {
        const written = parFileBytesOf(newMerge(pairs), ending);
        const comparison = compared(pairs, written);
        expect(comparison.counts).toEqual({ changed: 0, added: 0, removed: 0, unchanged: pairs.length });
        expect(byteDifferenceOf(written, written)).toBe("identical");
      }),
    );
  });

  it("the counts add up to the codes of both files together, and every row is counted once", () => {
    fc.assert(
      fc.property(parameterList, parameterList, lineEnding, (fresh, onCard, ending) => {
        const comparison = compared(fresh, parFileBytesOf(newMerge(onCard), ending));
        const union = new Set([...fresh, ...onCard].map(([parameterCode]) => parameterCode));
        const { changed, added, removed, unchanged } = comparison.counts;
        expect(changed + added + removed + unchanged).toBe(union.size);
        expect(comparison.rows).toHaveLength(union.size);
        expect(removed).toBe(
          onCard.filter(([cardCode]) => !fresh.some(([freshCode]) => freshCode === cardCode)).length,
        );
      }),
    );
  });

  it("the same parameters with the other line ending differ only in line endings", () => {
    fc.assert(
      fc.property(
        parameterList.filter((pairs) => pairs.length > 0),
        (pairs) => {
          const crlf = parFileBytesOf(newMerge(pairs), "crlf");
          const lf = parFileBytesOf(newMerge(pairs), "lf");
          expect(byteDifferenceOf(lf, crlf)).toBe("line-endings");
        },
      ),
    );
  });
});
