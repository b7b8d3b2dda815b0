import { describe, expect, it } from "vitest";
import { cardFolderErrorOf, cardFolderWarnings } from "~/lib/merger/browser/cardFolder";

describe("what the card folder holds besides PAR.txt", () => {
  it("says nothing about a card with just PAR.txt, in any case", () => {
    expect(cardFolderWarnings(["PAR.txt", "LOG"])).toEqual([]);
    expect(cardFolderWarnings(["PAR.TXT"])).toEqual([]);
  });

  it("warns about a missing PAR.txt, a Mac's ._PAR.txt, other PAR files and a half-done write", () => {
    expect(cardFolderWarnings([])).toEqual(["The card has no PAR.txt yet."]);
    expect(cardFolderWarnings(["PAR.txt", "._PAR.txt", "PAR (1).txt", "PAR_old.TXT", "PAR.txt.crswap"])).toEqual([
      "._PAR.txt: a hidden file a Mac wrote next to PAR.txt. Some units read it instead of PAR.txt; delete it from the card.",
      'PAR (1).txt, PAR_old.TXT: other PAR files on the card (a browser names a second download "PAR (1).txt"). The unit reads only PAR.txt; delete the others so nobody takes them for it.',
      "PAR.txt.crswap: left over from a write that did not finish; delete it from the card.",
    ]);
  });
});

describe("what went wrong at the card", () => {
  it("names the browser's errors in the technician's words", () => {
    const failure = (name: string) => cardFolderErrorOf(new DOMException("x", name));
    expect(failure("NotAllowedError")).toMatchObject({
      kind: "permission",
      message: expect.stringContaining("permission refused"),
    });
    expect(failure("NotFoundError")).toMatchObject({
      kind: "card-gone",
      message: expect.stringContaining("card removed"),
    });
    expect(failure("QuotaExceededError")).toMatchObject({ kind: "card-full", message: "The card is full." });
    expect(failure("NoModificationAllowedError")).toMatchObject({ kind: "read-only" });
    expect(cardFolderErrorOf(new Error("disk on fire"))).toMatchObject({
      kind: "other",
      message: "The card could not be used: disk on fire.",
    });
  });
});
