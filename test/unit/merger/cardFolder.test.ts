import { describe, expect, it } from "vitest";
import { cardFolderErrorOf } from "~/lib/merger/browser/cardFolder";
import { cardTexts } from "~/lib/merger/cardWrite";

describe("what went wrong at the card", () => {
  it("names the browser's errors in the technician's words, never in the browser's", () => {
    const failure = (name: string) =>
      cardFolderErrorOf(new DOMException("The path supplied exists, but was not an entry of requested type.", name));
    expect(failure("NotAllowedError")).toMatchObject({
      cause: "permission",
      message: expect.stringContaining("permission refused"),
    });
    expect(failure("NotFoundError")).toMatchObject({ cause: "card-gone", message: expect.stringContaining("removed") });
    expect(failure("QuotaExceededError")).toMatchObject({ cause: "card-full", message: "The card is full." });
    expect(failure("NoModificationAllowedError")).toMatchObject({
      cause: "write-protected",
      message: expect.stringContaining("write-protected"),
    });
    expect(failure("TypeMismatchError")).toMatchObject({
      cause: "folder-named-par",
      message: cardTexts.causes["folder-named-par"],
    });
    expect(cardFolderErrorOf(new Error("disk on fire"))).toMatchObject({
      cause: "other",
      message: "The card could not be used: disk on fire.",
    });
  });
});
