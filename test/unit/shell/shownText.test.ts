import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { shownText, shownTextLength, withFormatCharactersShown } from "~/lib/shell/shownText";

describe("shownText", () => {
  it("shows a short value whole", () => {
    expect(shownText("1,5")).toEqual({ shown: "1,5", hiddenLength: 0 });
  });

  it("shows the start of a 5 MB value and counts the rest", () => {
    const value = "x".repeat(5_000_000);
    expect(shownText(value)).toEqual({ shown: "x".repeat(shownTextLength), hiddenLength: 5_000_000 - shownTextLength });
  });

  it("never cuts a character in two", () => {
    const value = `${"a".repeat(shownTextLength - 1)}😀tail`;
    const { shown, hiddenLength } = shownText(value);
    expect(shown).toBe("a".repeat(shownTextLength - 1));
    expect(hiddenLength).toBe(value.length - shown.length);
  });

  it("is always a prefix of the text, at most the length asked, with the rest counted", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 400 }), fc.integer({ min: 2, max: 300 }), (text, max) => {
        const { shown, hiddenLength } = shownText(text, max);
        expect(text.startsWith(shown)).toBe(true);
        expect(shown.length).toBeLessThanOrEqual(max);
        expect(shown.length + hiddenLength).toBe(text.length);
        const last = shown.charCodeAt(shown.length - 1);
        expect(last >= 0xd800 && last <= 0xdbff).toBe(false);
      }),
    );
  });
});

describe("a notice's text", () => {
  it("shows format characters by code point and leaves the rest as it is", () => {
    expect(withFormatCharactersShown("KUNDESPEC\u202etxt.cod.txt was not deleted")).toBe(
      "KUNDESPEC<U+202E>txt.cod.txt was not deleted",
    );
    expect(withFormatCharactersShown("Müller\tA \u{1F600}")).toBe("Müller\tA \u{1F600}");
  });
});
