import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  hasUnusualCharactersAt,
  hiddenCharactersIn,
  isUnchangedOverride,
  likelyIntendedCode,
  mergeChecks,
  standardCodesOf,
  unusualCharactersIn,
  valueFormatChange,
} from "~/lib/merger/mergeChecks";
import { readParameterFile } from "~/lib/merger/parameterFile";
import { mergeParameterFiles, type MergeInputFile } from "~/lib/merger/parameterMerge";
import { setOfPath } from "~/lib/merger/parameterSet";

describe("the list of checks", () => {
  it("makes a mistyped code, disagreeing customer files, hidden characters, a value like a code or a comment and a value outside the catalogue's limits or choices problems, the rest notes", () => {
    expect(Object.entries(mergeChecks).map(([name, check]) => [name, check.severity])).toEqual([
      ["mistyped-code", "problem"],
      ["customer-conflict", "problem"],
      ["override-unchanged", "note"],
      ["value-format", "note"],
      ["hidden-characters", "problem"],
      ["unusual-characters", "note"],
      ["value-like-code", "problem"],
      ["value-like-comment", "problem"],
      ["outside-limits", "problem"],
      ["not-among-choices", "problem"],
      ["not-in-catalogue", "note"],
    ]);
  });
});

describe("a customer code that looks like a mistyped standard code", () => {
  const standard = standardCodesOf(["P0120", "P0412", "P012", "P7A"]);
  it.each([
    ["PO120", "P0120", "letter O for the digit 0"],
    ["P0I20", "P0120", "letter I for the digit 1"],
    ["P0l20", "P0120", "letter l for the digit 1"],
    ["P00120", "P0120", "an extra leading zero"],
    ["P120", "P0120", "a missing leading zero"],
    ["POO120", "P0120", "letter O for the digit 0"],
    ["P04_2", "P0412", "one character different (_ for 1)"],
    ["P7B", "P7A", "one character different (B for A)"],
    ["P0O0120", "P0120", "letter O for the digit 0"],
  ])("%s is taken for %s (%s)", (code, intended, slip) => {
    expect(likelyIntendedCode(code, standard)).toEqual({ code: intended, slip });
  });

  it.each([
    ["the standard code has the letter O", ["P0O20"], "P0020", "P0O20", "the digit 0 for the letter O"],
    ["the standard code has a lower-case letter", ["PUMPa"], "PUMPA", "PUMPa", '"A" (U+0041) for "a" (U+0061)'],
    [
      "the standard code has a Cyrillic A",
      ["P01\u0410", "P0100"],
      "P01A",
      "P01\u0410",
      '"A" (U+0041) for "\u0410" (U+0410)',
    ],
    ["the customer code has a Cyrillic A", ["P01A", "P010"], "P01\u0410", "P01A", '"\u0410" (U+0410) for "A" (U+0041)'],
    ["the customer code has a fullwidth digit", ["P0120"], "P01\uff120", "P0120", '"\uff12" (U+FF12) for "2" (U+0032)'],
  ])("a look-alike where %s: taken for that code, not added quietly", (_name, codes, code, intended, slip) => {
    expect(likelyIntendedCode(code, standardCodesOf(codes))).toEqual({ code: intended, slip });
  });

  it.each([
    ["a code the standard set has", "P0120"],
    ["one digit for another (how new codes look)", "P0121"],
    ["another length that is not a leading zero", "P01200"],
    ["a code far from any standard code", "P9999"],
  ])("is not raised for %s", (_name, code) => {
    expect(likelyIntendedCode(code, standard)).toBeNull();
  });

  it("a letter that upper-cases to two (ß) lines up with nothing: no slip is made up", () => {
    expect(likelyIntendedCode("PSS1", standardCodesOf(["P\u00df1"]))).toBeNull();
    expect(likelyIntendedCode("P\u00df1", standardCodesOf(["PSS1"]))).toBeNull();
  });

  it("a customer code that reads as a standard code spelled with a look-alike is a problem in the merge", () => {
    const result = mergeParameterFiles([
      fileOf("standard/a.txt", "P0O20\n1\nP0100\n2\n"),
      fileOf("KUNDESPEC/k.txt", "P0020\n5\n"),
    ]);
    expect(
      result.checks.filter((finding) => finding.kind === "mistyped-code").map((finding) => finding.message),
    ).toEqual([
      "Line 1: P0020 is not in the standard set but looks like P0O20 mistyped: the digit 0 for the letter O. PAR.txt gets P0020 as a new code and keeps the standard value of P0O20; check the customer file.",
    ]);
  });

  it("does not say the standard value is kept when another customer line sets the intended code", () => {
    const result = mergeParameterFiles([
      fileOf("standard/a.txt", "P0120\n1\n"),
      fileOf("KUNDESPEC/k.txt", "PO120\n5\nP0120\n7\n"),
    ]);
    expect(
      result.checks.filter((finding) => finding.kind === "mistyped-code").map((finding) => finding.message),
    ).toEqual([
      "Line 1: PO120 is not in the standard set but looks like P0120 mistyped: letter O for the digit 0. PAR.txt gets PO120 as a new code beside P0120, which has the customer value of KUNDESPEC/k.txt line 3; check the customer file.",
    ]);
  });

  it("P012 next to P0120 is no slip when both are standard codes", () => {
    const result = mergeParameterFiles([
      fileOf("standard/a.txt", "P012\n1\nP0120\n2\n"),
      fileOf("KUNDESPEC/k.txt", "P012\n5\nP0120\n6\n"),
    ]);
    expect(result.checks.filter((finding) => finding.kind === "mistyped-code")).toEqual([]);
  });

  it("never takes a standard code for a slip of itself", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.stringMatching(/^P[0-9A-Z]{1,5}$/), { minLength: 1, maxLength: 30 }), (codes) => {
        const index = standardCodesOf(codes);
        for (const code of codes) expect(likelyIntendedCode(code, index)).toBeNull();
      }),
    );
  });

  it("is a problem that names both codes, at the customer line, and the gate counts it", () => {
    const result = mergeParameterFiles([
      fileOf("standard/a.txt", "P0120\n1\n"),
      fileOf("KUNDESPEC/k.txt", "* customer\nPO120\n5\n"),
    ]);
    expect(result.problems).toEqual([
      expect.objectContaining({
        kind: "mistyped-code",
        path: "KUNDESPEC/k.txt",
        lineNumber: 2,
        message:
          "Line 2: PO120 is not in the standard set but looks like P0120 mistyped: letter O for the digit 0. PAR.txt gets PO120 as a new code and keeps the standard value of P0120; check the customer file.",
      }),
    ]);
  });
});

describe("a customer value in another format than the standard value", () => {
  it.each([
    ["1.5", "1,5", "uses a decimal comma where the standard value uses a point"],
    ["1,5", "1.5", "uses a decimal point where the standard value uses a comma"],
    ["12", "twelve", "is text where the standard value is a number"],
    ["1.50", "1.5", "has 1 decimal where the standard value has 2"],
    ["12", "12.0", "has 1 decimal where the standard value has 0"],
  ])("%s → %s %s", (standardValue, customerValue, change) => {
    expect(valueFormatChange(standardValue, customerValue)).toBe(change);
  });

  it.each([
    ["12", "15"],
    ["1.25", "2.50"],
    ["-3", "+4"],
    ["Pool hall", "12"],
    ["Pool hall", "Sauna"],
  ])("%s → %s keeps the format", (standardValue, customerValue) => {
    expect(valueFormatChange(standardValue, customerValue)).toBeNull();
  });
});

describe("an override that changes nothing", () => {
  it("is a customer value equal to the standard value, exactly", () => {
    expect(isUnchangedOverride("5", "5")).toBe(true);
    expect(isUnchangedOverride("5", "5.0")).toBe(false);
    expect(isUnchangedOverride("abc", "ABC")).toBe(false);
  });
});

describe("unusual characters in a value that goes on the card", () => {
  it.each([
    ["a\tb", "a tab"],
    ["Müller", "the character “ü” (U+00FC)"],
    ["5\u00a0mA", "the character “\u00a0” (U+00A0)"],
    ["12  ", "spaces at its end"],
    ["ä\t ", "a tab and the character “ä” (U+00E4) and spaces at its end"],
  ])("%j has %s", (value, found) => {
    expect(unusualCharactersIn(value)).toBe(found);
  });

  it.each(["12", "1,5", '"A";B', " leading space is kept as typed", "P-12_x"])("%j is plain", (value) => {
    expect(unusualCharactersIn(value)).toBeNull();
    expect(hiddenCharactersIn(value)).toBeNull();
  });

  it.each([
    ["\u202e5,1", "a right-to-left override (U+202E)"],
    ["3\u202e 9 ", "a right-to-left override (U+202E)"],
    ["1\u200b0", "a zero width space (U+200B)"],
    ["1\u000b2", "a vertical tab (U+000B)"],
    ["1\u000c2", "a form feed (U+000C)"],
    ["a\u2028b", "a line separator (U+2028)"],
    ["a\u2029b", "a paragraph separator (U+2029)"],
    [
      "\u200e1\u200f2\u20663\u2069",
      "a left-to-right mark (U+200E), a right-to-left mark (U+200F), a left-to-right isolate (U+2066) and 1 other",
    ],
  ])("%j has hidden characters: %s, and no other unusual one unless it shows", (value, found) => {
    expect(hiddenCharactersIn(value)).toBe(found);
    expect(unusualCharactersIn(value)).toBe(value.endsWith(" ") ? "spaces at its end" : null);
  });

  it("makes a value with a hidden character a problem that quotes it by code point, never as itself", () => {
    const hidden = mergeParameterFiles([
      fileOf("standard/a.txt", "P001\n1,5\nP002\n2\n"),
      fileOf("KUNDESPEC/k.txt", "P001\n\u202e5,1\nP002\nMüller\u200b\n"),
    ]);
    expect(hidden.problems.map(({ kind, lineNumber }) => [kind, lineNumber])).toEqual([
      ["hidden-characters", 1],
      ["hidden-characters", 3],
    ]);
    expect(hidden.problems[0]!.message).toBe(
      'Line 1: P001: the value "<U+202E>5,1" that goes on the card has a right-to-left override (U+202E), which no screen shows; it can hide itself or reorder the value on screen, and the unit gets it as it is. Remove it from the file, or confirm the value as it is.',
    );
    // "ü" shows: it stays a note of its own.
    expect(hidden.checks.find((check) => check.kind === "unusual-characters")!.message).toContain(
      "the character “ü” (U+00FC)",
    );
    expect(hidden.checks.every((check) => !/[\u200b\u202e]/.test(check.message))).toBe(true);
  });

  it("is looked for in place exactly where unusualCharactersIn or hiddenCharactersIn finds something", () => {
    const unit = fc.constantFrom(..."ab1 ,;\t\u00a0äP\u0001~\u007f\u202e\u200b");
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 6 }), fc.string({ unit, maxLength: 8 }), (before, value) => {
        const text = `${before}${value}\n`;
        expect(hasUnusualCharactersAt(text, before.length, before.length + value.length)).toBe(
          unusualCharactersIn(value) !== null || hiddenCharactersIn(value) !== null,
        );
      }),
    );
  });
});

const utf8 = (text: string) => new TextEncoder().encode(text);
function fileOf(path: string, text: string): MergeInputFile {
  return { id: path, path, set: setOfPath(path), parsed: readParameterFile(utf8(text)) };
}

describe("checks on a merge", () => {
  const result = mergeParameterFiles([
    fileOf("standard/a.txt", "P1\n5\nP2\n1.5\nP3\n7\n"),
    fileOf("KUNDESPEC/k1.txt", "P1\n5\nP2\n1,5\nP3\n8\n"),
    fileOf("KUNDESPEC/k2.txt", "P3\n9\nP4\nPool\tA\n"),
  ]);

  it("names each finding with its file, line and code, in PAR.txt order", () => {
    expect(
      result.checks.map(({ kind, code, path, lineNumber, severity }) => [kind, code, path, lineNumber, severity]),
    ).toEqual([
      ["override-unchanged", "P1", "KUNDESPEC/k1.txt", 1, "note"],
      ["value-format", "P2", "KUNDESPEC/k1.txt", 3, "note"],
      ["customer-conflict", "P3", "KUNDESPEC/k2.txt", 1, "problem"],
      ["unusual-characters", "P4", "KUNDESPEC/k2.txt", 3, "note"],
    ]);
  });

  it("puts only the problems among the merge's problems", () => {
    expect(result.problems.map((problem) => problem.kind)).toEqual(["customer-conflict"]);
  });

  it("does not call two customer files that agree a conflict", () => {
    const agreeing = mergeParameterFiles([
      fileOf("KUNDESPEC/k1.txt", "P1\n5\n"),
      fileOf("KUNDESPEC/k2.txt", "P1\n5\n"),
    ]);
    expect(agreeing.checks).toEqual([]);
    // Customer files alone are a problem of their own: the unit would lose every standard parameter.
    expect(agreeing.problems.map((problem) => problem.kind)).toEqual(["no-standard-file", "duplicate-code"]);
  });
});
