import { describe, expect, it } from "vitest";
import { codeFromPastedText } from "~/lib/calculator/pastedCode";

describe("a pasted code", () => {
  it.each([
    ["17235", "17235"],
    [" 17235", "17235"],
    ["17 235", "17235"],
    [" 17 235 ", "17235"],
    ["1 7 2 3 5", "17235"],
    ["17235\n", "17235"],
    ["\t17235\r\n", "17235"],
    ["17\u00a0235", "17235"],
    ["code: 17235", "17235"],
    ["Code:17235", "17235"],
    ["CODE 17 235", "17235"],
    ["code = 17235", "17235"],
    ["Code # 17235", "17235"],
    ["unit code: 17101", "17101"],
    // Five digits that break a code rule still come through; the rules then say what is wrong.
    ["code: 18464", "18464"],
  ])("%j gives %s", (pasted, code) => {
    expect(codeFromPastedText(pasted)).toBe(code);
  });

  it.each([
    [""],
    ["   "],
    ["1723"],
    ["172355"],
    ["17235999"],
    ["code:"],
    ["code: 1723"],
    ["17-235"],
    ["17.235"],
    ["(17235)"],
    ["17235 and 17101"],
    ["17235 code"],
    ["code: 17235!"],
    ["abcde"],
    ["1723x"],
  ])("%j is not one code: the input takes it as typed", (pasted) => {
    expect(codeFromPastedText(pasted)).toBeNull();
  });
});
