import { describe, expect, it } from "vitest";
import { storageFailureReason } from "~/lib/shell/storageFailure";
import { storageKeepingText } from "~/lib/shell/storageKeeping";

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
});

describe("whether the browser keeps what the tool stores", () => {
  it("says so for good, or names when it may clear it", () => {
    expect(storageKeepingText("for-good", "Files")).toBe(
      "Files are kept in this browser for good, until you delete them.",
    );
    expect(storageKeepingText("may-clear", "Records")).toBe(
      "Records are kept in this browser, which may clear them when the device runs low on space (Safari clears them after 7 days without a visit).",
    );
  });
});
