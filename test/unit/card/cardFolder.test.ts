import "fake-indexeddb/auto";
import { clear, createStore } from "idb-keyval";
import { describe, expect, it, vi } from "vitest";
import { createCardFolder, getCardFolder } from "~/lib/card/browser/cardFolder";
import { cardFolderErrorOf, CardWriteError } from "~/lib/card/cardFolderErrors";
import { cardTexts } from "~/lib/card/cardTexts";

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
    expect(failure("NotReadableError")).toMatchObject({
      cause: "card-unreadable",
      message: "The card stopped answering (was it removed, or is it damaged?).",
    });
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

/** A card in the reader, as the File System Access API shows it: a folder of files, writes as the browser makes them. */
function fakeCard(
  name: string,
  files: Record<string, string>,
  /** Read at each write, so a test can change them between writes. */
  faults: { closeFails?: boolean; writeFails?: boolean } = {},
): FileSystemDirectoryHandle {
  const contents = new Map(Object.entries(files).map(([file, text]) => [file, new TextEncoder().encode(text)]));
  const fileHandle = (file: string) => ({
    kind: "file" as const,
    name: file,
    getFile: async () => new File([contents.get(file) ?? new Uint8Array()], file),
    createWritable: async () => {
      let written = new Uint8Array();
      return {
        write: async (bytes: Uint8Array<ArrayBuffer>) => {
          if (faults.writeFails) throw new DOMException("The card is full", "QuotaExceededError");
          written = bytes;
        },
        abort: async () => undefined,
        close: async () => {
          // The card removed as it closes: part of the new file is on it.
          if (faults.closeFails) {
            contents.set(file, written.slice(0, 3));
            throw new DOMException("The card went away", "NotFoundError");
          }
          contents.set(file, written);
        },
      };
    },
  });
  return {
    kind: "directory",
    name,
    async *values() {
      for (const file of contents.keys()) yield fileHandle(file);
    },
    getFileHandle: async (file: string, { create = false } = {}) => {
      // As a browser does: a file asked for with create exists, empty, from then on.
      if (create && !contents.has(file)) contents.set(file, new Uint8Array());
      return fileHandle(file);
    },
    removeEntry: async (file: string) => void contents.delete(file),
  } as unknown as FileSystemDirectoryHandle;
}

async function tabWithCard(store: ReturnType<typeof createStore>, card: FileSystemDirectoryHandle) {
  Object.assign(window, { showDirectoryPicker: async () => card });
  const tab = createCardFolder(store);
  await tab.open({ chooseAnother: true });
  return tab;
}

describe("unfinished card writes", () => {
  it("are said after a reload, and none once the browser's storage was emptied", async () => {
    const store = createStore(`unfinished-${Math.random()}`, "card-folder");
    const unit = fakeCard("UNIT1", { "PAR.txt": "P0001\r\nOLD-1\r\n", "log.txt": "unit 1" }, { closeFails: true });
    const tab = await tabWithCard(store, unit);
    try {
      await expect(tab.write(new TextEncoder().encode("P0001\r\nNEW\r\n"))).rejects.toThrow(CardWriteError);
      const reload = createCardFolder(store);
      await reload.restore();
      expect(reload.status().unfinished).toMatchObject([
        { card: { folderName: "UNIT1" }, cardState: "may-be-incomplete", replacedSize: 14 },
      ]);
      await clear(store);
      const afterClearing = createCardFolder(store);
      await afterClearing.restore();
      expect(afterClearing.status().unfinished).toEqual([]);
    } finally {
      delete (window as { showDirectoryPicker?: unknown }).showDirectoryPicker;
    }
  });

  it("stay on screen when a later write fails without changing the card", async () => {
    const faults = { closeFails: true, writeFails: false };
    const unit = fakeCard("UNIT1", { "PAR.txt": "P0001\r\nOLD-1\r\n", "log.txt": "unit 1" }, faults);
    const tab = await tabWithCard(createStore(`unfinished-${Math.random()}`, "card-folder"), unit);
    const newParFile = new TextEncoder().encode("P0001\r\nNEW\r\n");
    try {
      await expect(tab.write(newParFile)).rejects.toThrow(CardWriteError);
      // The failure's own alert says it.
      expect(tab.status().unfinished).toEqual([]);
      Object.assign(faults, { closeFails: false, writeFails: true });
      await expect(tab.write(newParFile)).rejects.toThrow(CardWriteError);
      expect(tab.status().outcome).toMatchObject({ kind: "failed", report: { cardState: "unchanged" } });
      expect(tab.status().unfinished).toMatchObject([
        { card: { folderName: "UNIT1" }, cardState: "may-be-incomplete" },
      ]);
    } finally {
      delete (window as { showDirectoryPicker?: unknown }).showDirectoryPicker;
    }
  });
});

describe("a write that fails before it changes the card", () => {
  const newParFile = new TextEncoder().encode("P0001\r\nNEW\r\n");
  async function failedWrite(files: Record<string, string>) {
    const card = fakeCard("UNIT", files, { writeFails: true });
    const tab = await tabWithCard(createStore(`failed-${Math.random()}`, "card-folder"), card);
    try {
      const error = await tab.write(newParFile).catch((thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(CardWriteError);
      const names: string[] = [];
      for await (const handle of card.values()) names.push(handle.name);
      return { report: (error as CardWriteError).report, names };
    } finally {
      delete (window as { showDirectoryPicker?: unknown }).showDirectoryPicker;
    }
  }

  it("says a card without PAR.txt still has none, not that it holds the PAR.txt it had", async () => {
    const { report, names } = await failedWrite({ "log.txt": "unit" });
    expect(report.cardState).toBe("unchanged");
    expect(report.advice).toContain(cardTexts.stillNoParFile);
    expect(report.advice).not.toContain(cardTexts.stillHoldsParFile);
    expect(names).toEqual(["log.txt"]);
  });

  it("says a card with PAR.txt still holds it", async () => {
    const { report } = await failedWrite({ "PAR.txt": "P0001\r\nOLD\r\n" });
    expect(report.cardState).toBe("unchanged");
    expect(report.advice).toContain(cardTexts.stillHoldsParFile);
  });
});
