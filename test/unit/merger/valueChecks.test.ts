import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mergeParameterFiles } from "~/lib/merger/parameterMerge";
import {
  hasUnusualCharactersAt,
  hiddenCharactersIn,
  unusualCharactersIn,
  valueFormatChange,
} from "~/lib/merger/valueChecks";
import { inputFileOf as fileOf } from "./mergedParameters";

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
