import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { codesByOtherSkeleton, likelyIntendedCode, type StandardCodes } from "~/lib/merger/mistypedCode";
import { mergeParameterFiles } from "~/lib/merger/parameterMerge";
import { inputFileOf as fileOf } from "./mergedParameters";

/** The standard set's codes as a plain list; a merge answers the same from its code index. */
function standardCodesOf(codes: Iterable<string>): StandardCodes {
  const known = new Set(codes);
  const otherwise = codesByOtherSkeleton(known);
  return { has: (code) => known.has(code), spelledOtherwise: (skeleton) => otherwise.get(skeleton) };
}

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
