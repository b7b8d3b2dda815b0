import "fake-indexeddb/auto";
import { describe, expect, it, vi } from "vitest";
import { cardFolderErrorOf, getCardFolder } from "~/lib/merger/browser/cardFolder";
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

describe("opening the card folder", () => {
  it("asks the browser once for a double tap: the second tap waits for the folder the first one picks", async () => {
    const asked: ((folder: FileSystemDirectoryHandle) => void)[] = [];
    const showDirectoryPicker = vi.fn(() => new Promise<FileSystemDirectoryHandle>((resolve) => asked.push(resolve)));
    Object.assign(window, { showDirectoryPicker });
    try {
      const taps = [getCardFolder().open(), getCardFolder().open()];
      for (const pick of asked) pick({ kind: "directory", name: "SDCARD" } as FileSystemDirectoryHandle);
      expect(await Promise.all(taps)).toEqual([true, true]);
      expect(showDirectoryPicker).toHaveBeenCalledTimes(1);
      expect(getCardFolder().status().folderName).toBe("SDCARD");
    } finally {
      delete (window as { showDirectoryPicker?: unknown }).showDirectoryPicker;
    }
  });
});
