import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { asciiDigits, codeInputText, codeInputValue, enteredCodeText } from "~/lib/calculator/enteredCode";

/** Every numbering system the JavaScript engine writes numbers in whose digits are Unicode decimal digits. */
const scriptsDigits = Intl.supportedValuesOf("numberingSystem")
  .map((numberingSystem) => ({
    numberingSystem,
    digits: [...new Intl.NumberFormat("en", { numberingSystem, useGrouping: false }).format(1234567890)],
  }))
  .filter(({ digits }) => digits.length === 10 && digits.every((digit) => /^\p{Nd}$/u.test(digit)));

describe("digits of any script", () => {
  it("include the scripts technicians' phones and keyboards type", () => {
    expect(scriptsDigits.map(({ numberingSystem }) => numberingSystem)).toEqual(
      expect.arrayContaining(["arab", "arabext", "fullwide", "deva", "thai", "mathbold", "mathmono"]),
    );
  });

  it.each(scriptsDigits)("read as their ASCII digits: $numberingSystem", ({ digits }) => {
    expect(asciiDigits(digits.join(""))).toBe("1234567890");
  });

  it.each([
    ["１７１０１", "17101"],
    ["١٧١٠١", "17101"],
    ["۱۷۱۰۱", "17101"],
    ["१७१०१", "17101"],
    ["𝟏𝟕𝟏𝟎𝟏", "17101"],
    ["Code: ١٧ ١٠١", "Code: 17 101"],
  ])("%j reads as %j", (text, read) => {
    expect(asciiDigits(text)).toBe(read);
  });

  it("every decimal digit becomes one ASCII digit, and nothing else changes", () => {
    const anyDigit = fc.constantFrom(...scriptsDigits.flatMap(({ digits }) => digits));
    fc.assert(
      fc.property(fc.string({ unit: fc.oneof(anyDigit, fc.string({ unit: "grapheme", maxLength: 1 })) }), (text) => {
        const read = asciiDigits(text);
        expect(read).not.toMatch(/[^\P{Nd}0-9]/u);
        expect(read.replace(/\d/g, "")).toBe(text.replace(/\p{Nd}/gu, ""));
      }),
    );
  });
});

describe("a code as entered", () => {
  it.each([
    ["17101\n", "17101"],
    ["\t17101\r\n", "17101"],
    [" １７１０１ ", "17101"],
    ["17 101", "17 101"],
    ["17101\u200b", "17101\u200b"],
  ])("%j is read as %j", (text, read) => {
    expect(enteredCodeText(text)).toBe(read);
  });
});

describe("the code input, which cannot hold a line break", () => {
  it("shows a line break or carriage return by its picture, and reads the picture back as it", () => {
    expect(codeInputValue("17\n1\r01")).toBe("17␊1␍01");
    expect(codeInputText("17␊1␍01")).toBe("17\n1\r01");
    expect(codeInputValue("17101")).toBe("17101");
  });

  it("gives back every entered code it shows", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(..."0123456789 \n\r\t​١") }), (code) => {
        expect(codeInputText(codeInputValue(code))).toBe(code);
        expect(codeInputValue(code)).not.toMatch(/[\n\r]/);
      }),
    );
  });
});
