import { describe, expect, it } from "vitest";
import { namedStorageErrors, storageFailureReason } from "~/lib/shell/storageFailure";

describe("what a storage error means", () => {
  it("is told by the error's name, whatever the browser's message", () => {
    expect(storageFailureReason(new DOMException("The quota has been exceeded.", "QuotaExceededError"))).toBe(
      "the browser's storage is full",
    );
    expect(storageFailureReason(new DOMException("", "DataCloneError"))).toBe(
      "the browser cannot store this kind of data here",
    );
  });

  it("never says null or undefined: WebKit refuses with no message, an aborted transaction with no error", () => {
    for (const error of [
      null,
      undefined,
      "null",
      { name: "Error", message: null },
      new Error("undefined"),
      new Error(""),
    ])
      expect(storageFailureReason(error)).toBe("the browser gave no reason");
    expect(storageFailureReason(Object.assign(new Error(), { name: "UnknownError", message: null }))).toBe(
      "the browser's storage failed",
    );
  });

  it("falls back to the message of an error it does not know", () => {
    expect(storageFailureReason(new Error("the bytes of a file to store were not at hand (x)"))).toBe(
      "the bytes of a file to store were not at hand (x)",
    );
  });

  it("has no brackets of its own, as the screens say it in brackets", () => {
    for (const name of namedStorageErrors) expect(storageFailureReason(new DOMException("", name))).not.toMatch(/[()]/);
  });
});
