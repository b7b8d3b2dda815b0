import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { codeTooLongProblem, codeTypedPastLength, readActionCode } from "~/lib/calculator/actionCode";
import { asciiDigits } from "~/lib/calculator/enteredCode";
import {
  textAfterComposition,
  textAfterPaste,
  typedPastCodeLength,
  type CodeInputText,
} from "~/lib/calculator/pastedCode";
import { shownTextLength } from "~/lib/shell/shownText";

const emptyInput: CodeInputText = { value: "", selectionStart: 0, selectionEnd: 0 };
const pastedAlone = (pasted: string) => textAfterPaste(emptyInput, pasted);
const digitsOf = (text: string) => asciiDigits(text).replace(/\D/g, "");
/** Any text, and text that starts like a code with digits, spaces, a label and other scripts' digits after it. */
const pastedTexts = fc.oneof(
  fc.string({ unit: "grapheme" }),
  fc
    .tuple(
      fc.constantFrom("", "code: ", " ", "\n"),
      fc.string({ unit: fc.constantFrom(..."0123456789  \t\n:x١７\u200b") }),
    )
    .map(([label, rest]) => `${label}17${rest}`),
);

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
    ["１７１０１", "17101"],
    ["١٧١٠١", "17101"],
    ["۱۷۱۰۱", "17101"],
    ["Code: １７１０１", "17101"],
    // Five digits that break a code rule still come through; the rules then say what is wrong.
    ["code: 18464", "18464"],
  ])("%j gives %s", (pasted, code) => {
    expect(pastedAlone(pasted)).toBe(code);
  });

  it("replaces what is in the input when it is a whole code", () => {
    expect(textAfterPaste({ value: "17101", selectionStart: 5, selectionEnd: 5 }, "code: 17235")).toBe("17235");
  });
});

describe("pasted text that is not one code", () => {
  it.each([
    ["172355", "172355"],
    ["171011", "171011"],
    ["17101 2", "171012"],
    ["17235\t5", "172355"],
    ["Code: 171012", "171012"],
    ["17235999", "17235999"],
    ["1723", "1723"],
    ["code: 1723", "1723"],
    ["17-235", "17-235"],
    ["code 17-235", "17-235"],
    ["(17235)", "(17235)"],
    ["17235 and 17101", "17235and17101"],
    ["17235 code", "17235code"],
    ["code: 17235!", "17235!"],
    ["abcde", "abcde"],
    ["code:", "code:"],
    ["17101\u200b", "17101\u200b"],
    ["", ""],
    ["   ", ""],
  ])("%j goes in whole, as %j, for the code rules to judge", (pasted, text) => {
    expect(pastedAlone(pasted)).toBe(text);
  });

  it("goes in at the caret, or over the selection, without the 5-character cut", () => {
    expect(textAfterPaste({ value: "17", selectionStart: 2, selectionEnd: 2 }, "101")).toBe("17101");
    expect(textAfterPaste({ value: "17101", selectionStart: 5, selectionEnd: 5 }, "2")).toBe("171012");
    expect(textAfterPaste({ value: "17101", selectionStart: 2, selectionEnd: 3 }, "٢")).toBe("17201");
  });

  it("goes in as far as a screen shows it when it is very long", () => {
    expect(pastedAlone("1".repeat(1_000_000))).toBe("1".repeat(shownTextLength));
  });

  it("says what is wrong with it, as a link with the same text does", () => {
    expect(readActionCode(pastedAlone("172355"))).toMatchObject({
      status: "invalid",
      problem: codeTooLongProblem(6),
    });
    expect(readActionCode(pastedAlone("17101\u200b"))).toMatchObject({
      problem: "A code has digits only: a zero width space (U+200B) is not a digit.",
    });
  });
});

describe("whatever is pasted", () => {
  it("the code read is absent or is the digits that were pasted", () => {
    fc.assert(
      fc.property(pastedTexts, (pasted) => {
        const reading = readActionCode(pastedAlone(pasted));
        if (reading.status === "valid") expect(reading.code).toBe(digitsOf(pasted));
      }),
    );
  });

  it("into any input text, the code read is absent, the digits pasted, or the digits of the text with the paste in it", () => {
    fc.assert(
      fc.property(pastedTexts, pastedTexts, fc.nat(), fc.nat(), (value, pasted, start, length) => {
        const selectionStart = Math.min(start, value.length);
        const selectionEnd = Math.min(selectionStart + length, value.length);
        const reading = readActionCode(textAfterPaste({ value, selectionStart, selectionEnd }, pasted));
        if (reading.status !== "valid") return;
        const together = value.slice(0, selectionStart) + pasted + value.slice(selectionEnd);
        expect([digitsOf(pasted), digitsOf(together)]).toContain(reading.code);
      }),
    );
  });

  it("digits pasted with spaces and a label, five of them that make a code, read as that code", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("17101", "17235", "17000", "17563"),
        fc.constantFrom("", "code: ", "Code # ", "unit code = "),
        fc.array(fc.constantFrom(" ", "\t", "\u00a0"), { maxLength: 3 }),
        (code, label, spaces) => {
          const pasted = `${label}${code.slice(0, 2)}${spaces.join("")}${code.slice(2)}\n`;
          expect(readActionCode(pastedAlone(pasted))).toMatchObject({ status: "valid", code });
        },
      ),
    );
  });
});

const caretAtEnd = (value: string): CodeInputText => ({
  value,
  selectionStart: value.length,
  selectionEnd: value.length,
});

describe("a character typed past the five the input takes", () => {
  it("is a note that it was left out, naming the code the field still holds", () => {
    expect(typedPastCodeLength(caretAtEnd("17235"), "5")).toBe(codeTypedPastLength("17235"));
    expect(typedPastCodeLength({ value: "17101", selectionStart: 0, selectionEnd: 0 }, "１")).toBe(
      codeTypedPastLength("17101"),
    );
    // Never that the code is too long: the field holds five characters, and decodes them.
    expect(typedPastCodeLength(caretAtEnd("17235"), "5")).not.toBe(codeTooLongProblem(6));
    expect(codeTypedPastLength("17235")).not.toMatch(/this one has/);
    // A field the browser holds a line break in shows it by its picture, and the note names it so.
    expect(typedPastCodeLength(caretAtEnd("17\n10"), "1")).toBe(codeTypedPastLength("17\u240a10"));
  });

  it("is nothing to say while it fits, replaces a selection, or is a space after the code", () => {
    expect(typedPastCodeLength(caretAtEnd("1710"), "1")).toBeNull();
    expect(typedPastCodeLength({ value: "17101", selectionStart: 4, selectionEnd: 5 }, "2")).toBeNull();
    expect(typedPastCodeLength(caretAtEnd("17101"), " ")).toBeNull();
  });
});

describe("text an input method composed", () => {
  it("goes in whole at the caret, read like typed text, never cut at five characters", () => {
    expect(textAfterComposition(caretAtEnd(""), "１７２３５")).toBe("17235");
    expect(textAfterComposition(caretAtEnd(""), "１７２３５６")).toBe("172356");
    expect(textAfterComposition(caretAtEnd("17"), "１０")).toBe("1710");
    expect(textAfterComposition({ value: "17101", selectionStart: 2, selectionEnd: 3 }, "５")).toBe("17501");
    expect(readActionCode(textAfterComposition(caretAtEnd("17101"), "２"))).toMatchObject({
      problem: codeTooLongProblem(6),
    });
  });
});
