// Near-miss inputs (docs/behaviour.md#near-miss-inputs), in the lines of a file: a value line that is a code of
// the set, whatever its pattern, and Windows-1252 text with a pair of bytes that happens to be UTF-8.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { inspectUtf8, utf8Wins } from "~/lib/merger/fileEncoding";
import { readParameterFile } from "~/lib/merger/parameterFile";
import { inputFileOf as fileOf, mergedOf as merge } from "./mergedParameters";

const utf8 = (text: string) => new TextEncoder().encode(text);

const standardPath = "site/Standard/std.txt";
const customerPath = "site/KUNDESPEC/kunde.txt";
const standardText = "P0120\r\n100\r\nP012A\r\n1\r\nP0130\r\n7\r\n";
const withStandard = (customerText: string) =>
  merge(fileOf(standardPath, standardText), fileOf(customerPath, customerText));

describe("a value line that is a code of the set, whatever its pattern", () => {
  it("P0120, P012A, 5: P0120 has no value and P012A = 5 (issue 43, case 1)", () => {
    const { par, problems } = withStandard("P0120\r\nP012A\r\n5\r\n");
    expect(par).toBe("P0120\r\n100\r\nP012A\r\n5\r\nP0130\r\n7\r\n");
    expect(problems).toEqual([
      {
        kind: "missing-value",
        path: customerPath,
        lineNumber: 1,
        message: `Line 1: code P0120 has no value: the next line, 2, is "P012A", a code of the set (${standardPath} line 3). P0120 is left out; add its value line if the unit needs one.`,
      },
    ]);
  });

  it("the mirror, P012A, P0130, 9: P012A has no value and P0130 = 9", () => {
    const { par, problems } = withStandard("P012A\r\nP0130\r\n9\r\n");
    expect(par).toBe("P0120\r\n100\r\nP012A\r\n1\r\nP0130\r\n9\r\n");
    expect(problems.map(({ kind, lineNumber }) => [kind, lineNumber])).toEqual([["missing-value", 1]]);
    expect(problems[0]!.message).toContain(`is "P0130", a code of the set (${standardPath} line 5)`);
  });

  it("where pairing does not break, the pair goes in as read once confirmed, and says whose code the value is", () => {
    const { par, problems } = withStandard("P0120\r\nP012A\r\nP0130\r\n5\r\n");
    expect(par).toBe("P0120\r\nP012A\r\nP012A\r\n1\r\nP0130\r\n5\r\n");
    expect(problems.map(({ kind, lineNumber }) => [kind, lineNumber])).toEqual([
      ["value-like-code", 1],
      ["value-like-code", 2],
    ]);
    expect(problems[0]!.message).toBe(
      `Line 1: the value of P0120 is "P012A" (line 2), which is the code P012A of ${standardPath} line 3: a value line is probably missing (blank lines are dropped, so an empty value cannot be read). P0120 goes into PAR.txt with the value "P012A", as read, once you confirm.`,
    );
  });

  it("a code that only the same file holds elsewhere counts too; a line that is no code of the set is a value", () => {
    expect(merge(fileOf("std.txt", "P0120\r\nP012A\r\n5\r\nP012A\r\n6\r\n")).par).toBe("P012A\r\n6\r\n");
    const { par, problems } = withStandard("P0120\r\nP999X\r\n5\r\n");
    expect(par).toBe("P0120\r\nP999X\r\nP012A\r\n1\r\nP0130\r\n7\r\n");
    expect(problems.map(({ kind, lineNumber }) => [kind, lineNumber])).toEqual([["not-a-code", 3]]);
  });

  it("a line that looks like a code does not take a code of the set as its value", () => {
    const { par, problems } = withStandard("P0120=5\r\nP012A\r\n7\r\n");
    expect(par).toBe("P0120\r\n100\r\nP012A\r\n7\r\nP0130\r\n7\r\n");
    expect(problems.map(({ kind, lineNumber }) => [kind, lineNumber])).toEqual([["code-with-separator", 1]]);
  });

  // Hostile: patterns other than the issue's, and codes hidden as the classifier reads them.
  it.each([
    ["P1.2", "P-01"],
    ["P0001", "PABC"],
    ["PABC", "P12"],
  ])("%s, %s, 5: pairing is repaired from the code of the set", (first, second) => {
    const { par, problems } = merge(
      fileOf(standardPath, `${first}\r\n1\r\n${second}\r\n2\r\n`),
      fileOf(customerPath, `${first}\r\n${second}\r\n5\r\n`),
    );
    expect(par).toBe(`${first}\r\n1\r\n${second}\r\n5\r\n`);
    expect(problems.map(({ kind, lineNumber }) => [kind, lineNumber])).toEqual([["missing-value", 1]]);
  });

  it.each([
    ["p012A", "code-look-alike"],
    ["P012A\u200b", "code-with-invisible-character"],
  ])("%j reads as the code P012A: repaired, then named for how it is written", (hidden, kind) => {
    const { par, problems } = withStandard(`P0120\r\n${hidden}\r\n5\r\n`);
    expect(par).toBe(standardText);
    expect(problems.map((problem) => [problem.kind, problem.lineNumber])).toEqual([
      ["missing-value", 1],
      [kind, 2],
    ]);
  });

  const pattern = fc
    .array(fc.constantFrom(..."0123456789ABCDEFX.-"), { minLength: 1, maxLength: 6 })
    .map((characters) => `P${characters.join("")}`);

  it("any two codes of the set, of any patterns: code, code, value gives the second code the value", () => {
    fc.assert(
      fc.property(pattern, pattern, fc.nat({ max: 999 }), (first, second, value) => {
        fc.pre(first !== second);
        const { par, problems } = merge(
          fileOf(standardPath, `${first}\r\n1\r\n${second}\r\n2\r\n`),
          fileOf(customerPath, `${first}\r\n${second}\r\n${value}\r\n`),
        );
        expect(par).toBe(`${first}\r\n1\r\n${second}\r\n${value}\r\n`);
        expect(problems.map(({ kind, path, lineNumber }) => [kind, path, lineNumber])).toEqual([
          ["missing-value", customerPath, 1],
        ]);
      }),
    );
  });

  it("any value that is a code of the set, where pairing goes on, is named before it goes in", () => {
    fc.assert(
      fc.property(pattern, pattern, pattern, (first, second, third) => {
        fc.pre(new Set([first, second, third]).size === 3);
        const { par, problems } = merge(
          fileOf(standardPath, `${second}\r\n2\r\n`),
          fileOf(customerPath, `${first}\r\n${second}\r\n${third}\r\n5\r\n`),
        );
        expect(par).toBe(`${second}\r\n2\r\n${first}\r\n${second}\r\n${third}\r\n5\r\n`);
        // Other checks may speak too (a code that looks mistyped); these two name the lines.
        const likeCode = problems.filter(({ kind }) => kind === "value-like-code");
        expect(likeCode.map(({ kind, lineNumber }) => [kind, lineNumber])).toEqual([
          ["value-like-code", 1],
          ["value-like-code", 2],
        ]);
      }),
    );
  });
});

/** Text as Windows-1252 bytes: Latin-1 as it is, and the signs Windows-1252 keeps at 80 to 9F. */
function windows1252(text: string): Uint8Array {
  const signs: Record<string, number> = { "„": 0x84, "…": 0x85, "‘": 0x91, "’": 0x92, "“": 0x93, "”": 0x94, "–": 0x96 };
  return Uint8Array.from([...text].map((character) => signs[character] ?? character.charCodeAt(0)));
}

/** The engine's Windows-1252 (Node's reads 80 to 9F as controls, a browser's as „ “): what the file should read as. */
const asWindows1252 = (bytes: Uint8Array) => new TextDecoder("windows-1252").decode(bytes);

describe("the encoding is decided by the weight of the evidence", () => {
  it("Windows-1252 with „heiß“ (ß“ is DF 93, valid UTF-8) is Windows-1252, and the customer values come through (issue 43, case 2)", () => {
    const customer = windows1252("* Einstellung für Modus „heiß“\r\nP002\r\nKälte\r\nP003\r\nWärme\r\n");
    const { result, par, problems } = merge(
      fileOf(standardPath, "P001\r\n1\r\nP002\r\n2\r\nP003\r\n3\r\n"),
      fileOf(customerPath, customer),
    );
    expect(result.files[1]!.parsed.encoding).toBe("windows-1252");
    expect(par).toBe("P001\r\n1\r\nP002\r\nKälte\r\nP003\r\nWärme\r\n");
    expect(problems).toEqual([]);
    expect(result.notes.map(({ kind, lineNumber, message }) => ({ kind, lineNumber, message }))).toEqual([
      {
        kind: "windows-1252-with-utf-8-pair",
        lineNumber: 1,
        message:
          "Line 1: read as Windows-1252, though the bytes DF 93 are valid UTF-8 too (U+07D3): the rest of the file is not UTF-8.",
      },
    ]);
  });

  // Hostile: UTF-8 of other scripts with one stray byte stays mixed (the stray line a problem); only pairs of the kind
  // Windows-1252 makes by accident are weighed against the stray bytes.
  it("UTF-8 text with one stray byte is still mixed, whatever its script; one Hebrew letter against it tips to Windows-1252", () => {
    for (const text of ["Kälte", "\u0420001", "\u03a9", "\u0142", "a\u0308", "\u2013", "\u05e9\u05dc\u05d5"]) {
      const bytes = Uint8Array.from([...utf8(`P1\r\n${text}\r\nP2\r\nx`), 0xe4, ...utf8("\r\n")]);
      const parsed = readParameterFile(bytes);
      expect([text, parsed.encoding]).toEqual([text, "utf-8"]);
      expect(parsed.problems.map((problem) => [problem.kind, problem.lineNumber])).toEqual([["mixed-encoding", 4]]);
    }
    const bytes = Uint8Array.from([...utf8("P1\r\n\u05e9\r\nP2\r\nx"), 0xe4, ...utf8("\r\n")]);
    const parsed = readParameterFile(bytes);
    expect(parsed.encoding).toBe("windows-1252");
    expect(parsed.notes?.map((note) => note.message)).toEqual([
      "Line 2: read as Windows-1252, though the bytes D7 A9 are valid UTF-8 too (U+05E9): the rest of the file is not UTF-8.",
    ]);
  });

  it.each([
    ["Ö»", "* Größe „Ö»\r\nP1\r\nÖl\r\n"],
    ["Ü“", "* „GRÜ“ für\r\nP1\r\nGrün\r\n"],
    ["Ø”", "* ”Ø” på\r\nP1\r\nSø\r\n"],
  ])("Windows-1252 with %s (a valid UTF-8 pair by accident) is Windows-1252", (_pair, text) => {
    const bytes = windows1252(text);
    const parsed = readParameterFile(bytes);
    expect(parsed.encoding).toBe("windows-1252");
    expect(parsed.text).toBe(asWindows1252(bytes));
    expect(parsed.problems).toEqual([]);
  });

  const letters = fc.constantFrom(..."abcdefghKLMNPQ0123456789 äöüéèøåÄÖÜ");
  const word = fc.array(letters, { minLength: 1, maxLength: 8 }).map((characters) => characters.join(""));
  const accident = fc.constantFrom("„heiß“", "»GRÖß«", "„STRAßE”", "ß–", "Ü…");

  it("any Windows-1252 text with no more accidental pairs than bytes UTF-8 cannot read is Windows-1252; any UTF-8 text with one stray byte is mixed", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(word, accident), { minLength: 1, maxLength: 6 }), (pieces) => {
        const lines = pieces.flatMap(([text, quoted], index) => [`P${index}`, `${text}ä ${quoted}`]);
        const bytes = windows1252(lines.join("\r\n"));
        const evidence = inspectUtf8(bytes);
        // Each piece adds at least the "ä " (E4 20) that UTF-8 cannot read, and at most one accidental pair.
        expect(evidence.invalidByteCount).toBeGreaterThanOrEqual(evidence.accidentalCount);
        const parsed = readParameterFile(bytes);
        expect(parsed.encoding).toBe("windows-1252");
        expect(parsed.text).toBe(asWindows1252(bytes));
        expect(parsed.problems).toEqual([]);
      }),
    );
    // The other way: UTF-8 text with any one stray byte stays mixed.
    const europeanLetter = fc.constantFrom(..."äößéÅøłŽΩπЖжР€–…°");
    const strayByte = fc.integer({ min: 0x80, max: 0xff });
    fc.assert(
      fc.property(word, europeanLetter, strayByte, (text, letter, stray) => {
        const bytes = Uint8Array.from([...utf8(`P1\r\n${text}${letter}\r\nP2\r\nx`), stray, ...utf8("\r\n")]);
        const evidence = inspectUtf8(bytes);
        expect(utf8Wins(evidence)).toBe(true);
        const parsed = readParameterFile(bytes);
        expect(parsed.encoding).toBe("utf-8");
        expect(parsed.problems.map((problem) => [problem.kind, problem.lineNumber])).toEqual([["mixed-encoding", 4]]);
      }),
    );
  });
});
