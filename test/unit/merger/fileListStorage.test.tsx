/**
 * The /files route on IndexedDB (fake-indexeddb) with storage failing at each point of each step of the
 * list: what the screen says, and what the next visit (a reload: the modules loaded afresh on the same
 * database and sessionStorage) shows.
 */
import { secondTapWithinMs } from "~/lib/shell/secondTap";
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fileListIntents, isFileActionData } from "~/lib/merger/fileListIntents";
import { notKeptNoticeText, notStoredNoticeText } from "~/lib/merger/fileListStorageText";
import { renderApp } from "../renderApp";

type Fields = [string, string | File][];

const textFile = (name: string, content: string) => new File([content], name, { type: "text/plain" });

/** A visit of /files: the route and everything under it loaded afresh, as after a reload. */
async function visit() {
  vi.resetModules();
  const route = await import("~/routes/files");
  const { getToast } = await import("~/lib/shell/browser/toastSession");
  // Which delete or Delete all the last answer offered Undo for: its notice's Undo sends it.
  let lastDeletion = "";
  async function act(fields: Fields) {
    const formData = new FormData();
    for (const [name, value] of fields) formData.append(name, value);
    const request = new Request("http://localhost/files", { method: "POST", body: formData });
    const response = await route.clientAction({ request, params: {}, serverAction: async () => undefined as never });
    if (isFileActionData(response) && response.deletion) lastDeletion = response.deletion;
    return { response, toast: (await getToast(new Request("http://localhost/files"))).toast };
  }
  /** Undo of the last Delete all, as its notice's Undo sends it. */
  const undoDeleteAll = (deletion = lastDeletion) =>
    act([
      ["intent", fileListIntents.undoDeleteAll],
      ["deletion", deletion],
    ]);
  /** Undo of the last file deleted, as its notice's Undo sends it. */
  const undoDelete = (id: string, deletion = lastDeletion) =>
    act([
      ["intent", fileListIntents.undoDelete],
      ["id", id],
      ["deletion", deletion],
    ]);
  const load = () =>
    route.clientLoader({
      request: new Request("http://localhost/files"),
      params: {},
      serverLoader: async () => undefined as never,
    });
  const add = (...files: [path: string, content: string][]) =>
    act([
      ["intent", fileListIntents.add],
      ...files.flatMap(([path, content]): Fields => [
        ["file", textFile(path, content)],
        ["fileInfo", JSON.stringify({ path, type: "text/plain" })],
      ]),
    ]);
  async function idOf(path: string) {
    return (await load()).preview.files.find((file) => file.path === path)!.id;
  }
  return { route, act, load, add, idOf, undoDeleteAll, undoDelete };
}
type Visit = Awaited<ReturnType<typeof visit>>;

const paths = (loaded: Awaited<ReturnType<Visit["load"]>>) => loaded.preview.files.map((file) => file.path);
/** P001's value in the merge on screen (what PAR.txt would say). */
const p001 = (loaded: Awaited<ReturnType<Visit["load"]>>) =>
  loaded.preview.table.rows.find((row) => row.code === "P001")?.value;

type TransactionInternals = IDBTransaction & { _abort(errorName: string | null): void };

/** Where IndexedDB fails, as browsers fail it, and the reason the screen gives for each. */
const faults = {
  /** The connection is gone (Safari drops it): no transaction starts, the list cannot be read either. */
  connection: {
    reason: "the browser closed its storage",
    inject: () =>
      vi.spyOn(IDBDatabase.prototype, "transaction").mockImplementation(() => {
        throw new DOMException("The database connection is closing.", "InvalidStateError");
      }),
  },
  /** A put is refused as it is made. */
  put: {
    reason: "the browser cannot store this kind of data here",
    inject: () =>
      vi.spyOn(IDBObjectStore.prototype, "put").mockImplementation(() => {
        throw new DOMException("Failed to store record.", "DataCloneError");
      }),
  },
  /** A delete is refused as it is made (WebKit's way: no message at all). */
  delete: {
    reason: "the browser's storage failed",
    inject: () =>
      vi.spyOn(IDBObjectStore.prototype, "delete").mockImplementation(() => {
        throw Object.assign(new Error(), { name: "UnknownError", message: null });
      }),
  },
  /** The transaction aborts once it writes, and says nothing (its error is null). */
  abort: { reason: "the browser gave no reason", inject: () => abortWritesWith(null) },
  /** The transaction aborts once it writes: no room (as Chromium and Firefox say it). */
  quota: { reason: "the browser's storage is full", inject: () => abortWritesWith("QuotaExceededError") },
} as const;
type Fault = keyof typeof faults;

function abortWritesWith(errorName: string | null) {
  const put = IDBObjectStore.prototype.put;
  return vi.spyOn(IDBObjectStore.prototype, "put").mockImplementation(function (this: IDBObjectStore, ...args) {
    const request = put.apply(this, args);
    const transaction = this.transaction as TransactionInternals;
    queueMicrotask(() => transaction._abort(errorName));
    return request;
  });
}

beforeEach(() => {
  // A new, empty browser profile for each test.
  globalThis.indexedDB = new IDBFactory();
  sessionStorage.clear();
  localStorage.clear();
  // Each visit loads its own logger: what storage refused is expected here, not news.
  vi.spyOn(console, "error").mockImplementation(() => undefined);
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

const label = "Fjordview pool 2";

/**
 * The issue's list: std.txt and old_KUNDESPEC.txt (P001 = 666) stored, with the label; gone.txt was
 * deleted with Delete all before, so the next Delete all deletes its bytes.
 */
async function storedSite() {
  const tab = await visit();
  await tab.add(["gone.txt", "P009\r\n9\r\n"]);
  await tab.act([["intent", fileListIntents.deleteAll]]);
  await tab.add(["std.txt", "P001\r\n1\r\nP002\r\n2\r\n"], ["old_KUNDESPEC.txt", "P001\r\n666\r\n"]);
  await tab.act([
    ["intent", fileListIntents.label],
    ["label", label],
  ]);
  await tab.load();
  return tab;
}

const siteNow = ["old_KUNDESPEC.txt", "std.txt"];

/**
 * Each step: how to make it and the list once it is stored. Additions (files, the label) that storage
 * refuses stay in the tab, named as not stored; so do deletions (`takenOut`: a full device must still let a
 * wrong file out of the merge), named as deleted here only; any other change is not made, and a toast says so.
 */
const steps = {
  add: {
    make: (tab: Visit) => tab.add(["new_KUNDESPEC.txt", "P001\r\n10\r\n"]),
    stored: [...siteNow, "new_KUNDESPEC.txt"],
    notStored: "new_KUNDESPEC.txt",
  },
  label: {
    make: (tab: Visit) =>
      tab.act([
        ["intent", fileListIntents.label],
        ["label", "Harbour unit 1"],
      ]),
    stored: siteNow,
    notStored: "the site/unit label “Harbour unit 1”",
  },
  delete: {
    make: async (tab: Visit) =>
      tab.act([
        ["intent", fileListIntents.delete],
        ["id", await tab.idOf("old_KUNDESPEC.txt")],
      ]),
    stored: ["std.txt"],
    takenOut: "old_KUNDESPEC.txt",
  },
  move: {
    make: async (tab: Visit) =>
      tab.act([
        ["intent", fileListIntents.move],
        ["id", await tab.idOf("std.txt")],
        ["offset", "-1"],
      ]),
    stored: ["std.txt", "old_KUNDESPEC.txt"],
    refused: "std.txt was not moved",
  },
  "set switch": {
    make: async (tab: Visit) =>
      tab.act([
        ["intent", fileListIntents.chooseSet],
        ["id", await tab.idOf("std.txt")],
        ["set", "customer"],
      ]),
    stored: siteNow,
    refused: "The set of std.txt was not changed",
  },
  "Delete all": {
    make: (tab: Visit) => tab.act([["intent", fileListIntents.deleteAll]]),
    stored: [],
    takenOut: "old_KUNDESPEC.txt, std.txt",
  },
  Undo: {
    before: (tab: Visit) => tab.act([["intent", fileListIntents.deleteAll]]),
    make: (tab: Visit) => tab.undoDeleteAll(),
    stored: siteNow,
    refused: "The deleted files were not brought back",
  },
} satisfies Record<
  string,
  {
    before?: (tab: Visit) => Promise<unknown>;
    make: (tab: Visit) => Promise<{ response: unknown; toast: unknown }>;
    stored: string[];
    notStored?: string;
    takenOut?: string;
    refused?: string;
  }
>;
type Step = keyof typeof steps;

/** A failing delete fails only the steps that delete bytes: a file's delete, and Delete all (the files before it). */
const failsAt = (fault: Fault, step: Step) => fault !== "delete" || step === "delete" || step === "Delete all";

const escaped = (text: string) => text.replace(/[()./]/g, "\\$&");

describe.each(Object.keys(faults) as Fault[])("/files when IndexedDB fails at %s", (fault) => {
  it.each(Object.keys(steps) as Step[])(
    "%s: the screen says what is not stored, and a reload brings back nothing deleted",
    async (name) => {
      const step: (typeof steps)[Step] = steps[name];
      const { reason } = faults[fault];
      const tab = await storedSite();
      if ("before" in step) await step.before(tab);
      const shownBefore = await tab.load();
      faults[fault].inject();

      const { toast } = await step.make(tab);
      const shown = await tab.load();
      // Where the connection is gone, the list cannot be read either: the screen says so first.
      const unreachable =
        fault === "connection"
          ? `The browser's storage cannot be reached just now \\(${escaped(reason)}\\)\\. The list is as it was last stored: files you add or delete now change this tab only, other changes cannot be made until storage works again\\.`
          : null;
      if (!failsAt(fault, name)) {
        expect(toast).toBeUndefined();
        expect(paths(shown)).toEqual(step.stored);
        expect(notStoredNoticeText(shown.storage)).toBeNull();
      } else if ("refused" in step) {
        // Not made: the screen keeps the stored list, and says what was not done and why.
        expect(toast).toMatchObject({
          type: "error",
          message: `${step.refused}: the browser could not store the change (${reason}). The list is as it was.`,
        });
        expect(paths(shown)).toEqual(paths(shownBefore));
        expect(shown.label.text).toBe(shownBefore.label.text);
        expect(notStoredNoticeText(shown.storage) ?? "").toMatch(new RegExp(`^${unreachable ?? ""}$`));
      } else if ("takenOut" in step) {
        // Made in this tab: the merge goes without the files, and the screen says a reload brings them back.
        expect(toast).toBeUndefined();
        expect(paths(shown)).toEqual(step.stored);
        const why = unreachable ? "" : ` \\(${escaped(reason)}\\)`;
        expect(notStoredNoticeText(shown.storage)).toMatch(
          new RegExp(
            `^${unreachable ? `${unreachable} ` : ""}Not stored since \\d\\d:\\d\\d${why}: the deletion of ${escaped(step.takenOut)}\\. ` +
              "Everything works, but what is not stored is gone when you close or reload this tab: the files deleted here come back\\.$",
          ),
        );
      } else {
        expect(paths(shown)).toEqual(step.stored);
        const why = unreachable ? "" : ` \\(${escaped(reason)}\\)`;
        expect(notStoredNoticeText(shown.storage)).toMatch(
          new RegExp(
            `^${unreachable ? `${unreachable} ` : ""}Not stored since \\d\\d:\\d\\d${why}: ${escaped(step.notStored)}\\. ` +
              "Everything works, but what is not stored is gone when you close or reload this tab\\.$",
          ),
        );
      }

      vi.restoreAllMocks();
      const reloaded = await (await visit()).load();
      if (!failsAt(fault, name)) {
        expect(paths(reloaded)).toEqual(step.stored);
        expect(reloaded.notKept).toEqual([]);
        return;
      }
      // The next visit shows the stored list: what the screen showed, less only what it named as not stored.
      expect(paths(reloaded)).toEqual(paths(shownBefore));
      expect(reloaded.label.text).toBe(shownBefore.label.text);
      expect(p001(reloaded)).toBe(p001(shownBefore));
      if ("notStored" in step) {
        expect(reloaded.notKept).toHaveLength(1);
        expect(notKeptNoticeText(reloaded.notKept[0]!).text).toMatch(
          new RegExp(`so the reload could not bring them back\\. Not kept: ${escaped(step.notStored)}\\.$`),
        );
      } else if ("takenOut" in step) {
        // The files are back: the next visit says so, and that they must be deleted again.
        expect(reloaded.notKept).toHaveLength(1);
        const { title, text } = notKeptNoticeText(reloaded.notKept[0]!);
        expect(title).toBe("Deleted files are back after the reload");
        expect(text).toMatch(
          new RegExp(
            `^Deleted in the last visit, but the browser did not store the deletion \\(since \\d\\d:\\d\\d: ${escaped(reason)}\\), so they are listed again\\. Delete them again: ${escaped(step.takenOut)}\\.$`,
          ),
        );
      } else {
        expect(reloaded.notKept).toEqual([]);
      }
    },
  );
});

describe("/files, the issue's case: storage full, a customer file added and the old one deleted", () => {
  it("merges without the deleted file in the tab, and the reload names the file it lost and the one that came back", async () => {
    const tab = await storedSite();
    expect(p001(await tab.load())).toBe("666");
    faults.quota.inject();
    await tab.add(["new_KUNDESPEC.txt", "P001\r\n10\r\n"]);
    const { toast } = await tab.act([
      ["intent", fileListIntents.delete],
      ["id", await tab.idOf("old_KUNDESPEC.txt")],
    ]);
    expect(toast).toBeUndefined();
    const shown = await tab.load();
    expect(paths(shown)).toEqual(["std.txt", "new_KUNDESPEC.txt"]);
    expect(p001(shown)).toBe("10");
    expect(notStoredNoticeText(shown.storage)).toMatch(
      /^Not stored since (\d\d:\d\d) \(the browser's storage is full\): new_KUNDESPEC\.txt and the deletion of old_KUNDESPEC\.txt\. Everything works, but what is not stored is gone when you close or reload this tab: the files deleted here come back\.$/,
    );

    vi.restoreAllMocks();
    const reloaded = await (await visit()).load();
    expect(paths(reloaded)).toEqual(["old_KUNDESPEC.txt", "std.txt"]);
    expect(p001(reloaded)).toBe("666");
    expect(reloaded.notKept).toHaveLength(1);
    const { title, text } = notKeptNoticeText(reloaded.notKept[0]!);
    expect(title).toBe("Not kept after the reload");
    expect(text).toMatch(
      /^The browser did not store them \(since \d\d:\d\d: the browser's storage is full\), so the reload could not bring them back\. Not kept: new_KUNDESPEC\.txt\. Deleted in the last visit, but the browser did not store the deletion \(since \d\d:\d\d: the browser's storage is full\), so they are listed again\. Delete them again: old_KUNDESPEC\.txt\.$/,
    );
  });
});

describe("/files, storage full: a file deleted and added again under its path (the advice for an edited file)", () => {
  it("the reload names the file added as not kept, though a file of its path is listed again", async () => {
    const tab = await storedSite();
    faults.quota.inject();
    await tab.act([
      ["intent", fileListIntents.delete],
      ["id", await tab.idOf("old_KUNDESPEC.txt")],
    ]);
    await tab.add(["old_KUNDESPEC.txt", "P001\r\n55\r\n"]);
    expect(p001(await tab.load())).toBe("55");

    vi.restoreAllMocks();
    const reloaded = await (await visit()).load();
    expect(paths(reloaded)).toEqual(["old_KUNDESPEC.txt", "std.txt"]);
    expect(p001(reloaded)).toBe("666");
    expect(reloaded.notKept).toHaveLength(1);
    const { title, text } = notKeptNoticeText(reloaded.notKept[0]!);
    expect(title).toBe("Not kept after the reload");
    expect(text).toMatch(
      /^The browser did not store them \(since \d\d:\d\d: the browser's storage is full\), so the reload could not bring them back\. Not kept: old_KUNDESPEC\.txt\. Deleted in the last visit, but the browser did not store the deletion \(since \d\d:\d\d: the browser's storage is full\), so they are listed again\. Delete them again: old_KUNDESPEC\.txt\. The old_KUNDESPEC\.txt listed now is another file than the one not kept: to use that one, add it again\.$/,
    );
  });

  it("after Delete all and the next unit's files of the same names, the reload names them and the label", async () => {
    const tab = await storedSite();
    faults.quota.inject();
    await tab.act([["intent", fileListIntents.deleteAll]]);
    await tab.add(["std.txt", "P001\r\n7\r\n"], ["old_KUNDESPEC.txt", "P001\r\n77\r\n"]);
    await tab.act([
      ["intent", fileListIntents.label],
      ["label", "Unit B"],
    ]);

    vi.restoreAllMocks();
    const reloaded = await (await visit()).load();
    expect(p001(reloaded)).toBe("666");
    const { title, text } = notKeptNoticeText(reloaded.notKept[0]!);
    expect(title).toBe("Not kept after the reload");
    expect(text).toMatch(
      /^The browser did not store them \(since \d\d:\d\d: the browser's storage is full\), so the reload could not bring them back\. Not kept: old_KUNDESPEC\.txt, std\.txt and the site\/unit label “Unit B”\. Deleted in the last visit, but the browser did not store the deletion \(since \d\d:\d\d: the browser's storage is full\), so they are listed again\. Delete them again: old_KUNDESPEC\.txt, std\.txt\. The files listed now as old_KUNDESPEC\.txt, std\.txt are other files than the ones not kept: to use those, add them again\.$/,
    );
  });
});

describe("a screen that fails while storage refused the file list's changes", () => {
  it("says what a reload would lose instead of promising the files are kept", async () => {
    const tab = await storedSite();
    faults.quota.inject();
    await tab.add(["new_KUNDESPEC.txt", "P001\r\n10\r\n"]);
    await tab.act([
      ["intent", fileListIntents.delete],
      ["id", await tab.idOf("old_KUNDESPEC.txt")],
    ]);
    renderApp("/broken", [
      {
        path: "broken",
        loader: () => {
          throw new Error("The screen broke.");
        },
        Component: () => null,
      },
    ]);
    expect(await screen.findByText("Something went wrong on this screen")).toBeInTheDocument();
    expect(
      screen.getByText(
        "A reload now loses what this tab could not store: new_KUNDESPEC.txt and the deletion of old_KUNDESPEC.txt (the files deleted here come back). Reload the page to try again.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/files and settings are kept/)).not.toBeInTheDocument();
  });
});

describe("/files after a load was interrupted", () => {
  it("takes the files out in the tab when storage will not store it, and says a reload brings them back", async () => {
    const tab = await storedSite();
    // The mark an interrupted load leaves (an older version's key, which no lock guards).
    const id = await tab.idOf("old_KUNDESPEC.txt");
    localStorage.setItem(
      "technician-toolbox:files-loading",
      JSON.stringify({ ids: [id], paths: ["old_KUNDESPEC.txt"] }),
    );
    vi.spyOn(IDBObjectStore.prototype, "put").mockImplementation(() => {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    });
    const next = await (await visit()).load();
    expect(paths(next)).toEqual(["std.txt"]);
    expect(next.notKept).toHaveLength(1);
    expect(notKeptNoticeText(next.notKept[0]!)).toEqual({
      title: "The last files you added were not kept",
      text: "The page was closed or reloaded while they were loading (or the set was too big for this device), so the list is as it was before them. Not kept: old_KUNDESPEC.txt.",
    });
    expect(notStoredNoticeText(next.storage)).toMatch(
      /^Not stored since \d\d:\d\d \(the browser's storage is full\): the deletion of old_KUNDESPEC\.txt\. /,
    );
  });
});

describe("/files when IndexedDB does not open at all", () => {
  /** WebKit's refusal: an UnknownError whose message is null. */
  function refuseToOpen() {
    vi.spyOn(indexedDB, "open").mockImplementation(() => {
      const request = {
        error: Object.assign(new Error(), { name: "UnknownError", message: null }),
      } as unknown as IDBOpenDBRequest;
      setTimeout(() => request.onerror?.(new Event("error")));
      return request;
    });
  }

  it("keeps every step working in the tab, says so, and the next visit still has the stored list", async () => {
    await storedSite();
    refuseToOpen();
    const tab = await visit();
    const empty = await tab.load();
    expect(notStoredNoticeText(empty.storage)).toBe(
      "This browser does not let the tool store files (the browser's storage failed). Everything works, but the list is gone when you close or reload this tab.",
    );
    await tab.add(["a.txt", "P001\r\n1\r\n"], ["b.txt", "P002\r\n2\r\n"]);
    await tab.act([
      ["intent", fileListIntents.move],
      ["id", await tab.idOf("b.txt")],
      ["offset", "-1"],
    ]);
    await tab.act([
      ["intent", fileListIntents.chooseSet],
      ["id", await tab.idOf("a.txt")],
      ["set", "customer"],
    ]);
    await tab.act([["intent", fileListIntents.deleteAll]]);
    expect(paths(await tab.load())).toEqual([]);
    await tab.undoDeleteAll();
    const { toast } = await tab.act([
      ["intent", fileListIntents.delete],
      ["id", await tab.idOf("b.txt")],
    ]);
    expect(toast).toBeUndefined();
    const shown = await tab.load();
    expect(shown.preview.files.map((file) => [file.path, file.set])).toEqual([["a.txt", "customer"]]);
    expect(notStoredNoticeText(shown.storage)).toMatch(
      /^This browser does not let the tool store files \(the browser's storage failed\)\. Not stored since \d\d:\d\d: a\.txt\. /,
    );

    vi.restoreAllMocks();
    const reloaded = await (await visit()).load();
    expect(paths(reloaded)).toEqual(siteNow);
    expect(notKeptNoticeText(reloaded.notKept[0]!).text).toMatch(/Not kept: a\.txt\.$/);
  });
});

describe("/files stores bytes, not File objects", () => {
  it("keeps files where the browser refuses to store a File or Blob (WebKit)", async () => {
    const put = IDBObjectStore.prototype.put;
    vi.spyOn(IDBObjectStore.prototype, "put").mockImplementation(function (this: IDBObjectStore, value, key) {
      if (value instanceof Blob)
        throw new DOMException("Failed to store record in an IDBObjectStore.", "DataCloneError");
      return put.call(this, value, key);
    });
    const tab = await storedSite();
    expect(notStoredNoticeText((await tab.load()).storage)).toBeNull();
    const reloaded = await (await visit()).load();
    expect(paths(reloaded)).toEqual(siteNow);
    expect(p001(reloaded)).toBe("666");
  });

  it("reads a list an older version stored: its index, its bytes as Blobs, its label in localStorage", async () => {
    const { createStore, setMany } = await import("idb-keyval");
    const olderStore = createStore("technician-toolbox", "parameter-files");
    const { Blob: NodeBlob } = await import("node:buffer");
    await setMany(
      [
        [
          "file-index",
          [
            { id: "s", path: "std.txt", setOverride: null },
            { id: "c", path: "c.txt", setOverride: "customer" },
          ],
        ],
        ["file-bytes:s", new NodeBlob(["P001\r\n1\r\n"])],
        ["file-bytes:c", new NodeBlob(["P001\r\n7\r\n"])],
      ],
      olderStore,
    );
    localStorage.setItem("technician-toolbox:service-label", JSON.stringify(label));
    const tab = await visit();
    const shown = await tab.load();
    expect(shown.preview.files.map((file) => [file.path, file.set])).toEqual([
      ["std.txt", "standard"],
      ["c.txt", "customer"],
    ]);
    expect(p001(shown)).toBe("7");
    expect(shown.label.text).toBe(label);
    // The next change stores the list in today's form; the label now lives with it.
    await tab.add(["d.txt", "P002\r\n2\r\n"]);
    // The screen shows the merge with it (else the next visit would take it for an interrupted load).
    await tab.load();
    expect(localStorage.getItem("technician-toolbox:service-label")).toBeNull();
    const reloaded = await (await visit()).load();
    expect(paths(reloaded)).toEqual(["std.txt", "c.txt", "d.txt"]);
    expect(reloaded.label.text).toBe(label);
  });
});

describe("/files with a list an older version stored with a Mac's decomposed names (NFD)", () => {
  const composed = "KUNDESPEC_M\u00fcller.txt";
  const decomposed = composed.normalize("NFD");

  /** std.txt and the customer's file stored, its name rewritten as a version before the one-spelling rule kept it. */
  async function storedByAnOlderVersion() {
    await (await visit()).add(["std.txt", "P001\r\n1\r\n"], [composed, "P001\r\n10\r\n"]);
    const { createStore, get, set } = await import("idb-keyval");
    const store = createStore("technician-toolbox", "parameter-files");
    const list = (await get("file-list", store)) as { files: { path: string }[] };
    await set(
      "file-list",
      { ...list, files: list.files.map((file) => ({ ...file, path: file.path.normalize("NFD") })) },
      store,
    );
    const stored = (await get("file-list", store)) as { files: { path: string }[] };
    expect(stored.files.map((file) => file.path)).toContain(decomposed);
  }

  it("takes the same name picked now as the listed file: the edited one is refused as other content, not listed twice", async () => {
    await storedByAnOlderVersion();
    const tab = await visit();
    expect(paths(await tab.load())).toEqual([composed, "std.txt"]);
    const { response } = await tab.add([composed, "P001\r\n55\r\n"]);
    expect(response).toEqual({
      refusals: [
        {
          message: "File already imported!",
          description: `Not added: ${composed}. Its content differs from the listed file's, and PAR.txt uses the listed one. To use this one, delete the listed file, then add this one again.`,
        },
      ],
    });
    const shown = await tab.load();
    expect(paths(shown)).toEqual([composed, "std.txt"]);
    expect(p001(shown)).toBe("10");
  });
});

describe("/files and the site/unit label", () => {
  it("belongs to the list: Delete all clears it, Undo brings it back, a reload keeps it", async () => {
    const tab = await storedSite();
    expect((await tab.load()).label.text).toBe(label);
    await tab.act([["intent", fileListIntents.deleteAll]]);
    expect((await tab.load()).label.text).toBe("");
    expect((await (await visit()).load()).label.text).toBe("");
    await tab.undoDeleteAll();
    expect((await (await visit()).load()).label.text).toBe(label);
  });
});

describe("/files screen and storage", () => {
  // Rendering the whole screen takes seconds on a busy machine: room, not a timing.
  it(
    "shows the files not stored, and stores them on request once storage works again",
    { timeout: 30_000 },
    async () => {
      const tab = await storedSite();
      const restore = vi.spyOn(IDBObjectStore.prototype, "put").mockImplementation(() => {
        throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      });
      await tab.add(["new_KUNDESPEC.txt", "P001\r\n10\r\n"]);
      expect((await tab.act([["intent", fileListIntents.storeAgain]])).toast).toMatchObject({
        type: "error",
        message:
          "The files are still not stored: the browser could not store the change (the browser's storage is full). The list is as it was.",
      });
      renderApp("/files", [
        {
          path: "files",
          Component: tab.route.default,
          loader: tab.route.clientLoader as never,
          action: tab.route.clientAction as never,
        },
      ]);
      const notice = await screen.findByTestId("storage-notice");
      expect(notice).toHaveTextContent("Files are kept only while this tab is open");
      expect(notice).toHaveTextContent(
        /Not stored since \d\d:\d\d \(the browser's storage is full\): new_KUNDESPEC\.txt\./,
      );
      restore.mockRestore();
      // At a hand's pace: within a double-click's time of the first Try again it would be its second tap.
      await new Promise((resolve) => setTimeout(resolve, secondTapWithinMs));
      screen.getByRole("button", { name: "Try to store them again" }).click();
      await waitFor(() => expect(screen.queryByTestId("storage-notice")).not.toBeInTheDocument());
      const reloaded = await (await visit()).load();
      expect(paths(reloaded)).toEqual(["old_KUNDESPEC.txt", "std.txt", "new_KUNDESPEC.txt"]);
    },
  );

  it(
    "shows a deletion not stored, and stores it on request once storage works again",
    { timeout: 30_000 },
    async () => {
      const tab = await storedSite();
      faults.quota.inject();
      await tab.act([
        ["intent", fileListIntents.delete],
        ["id", await tab.idOf("old_KUNDESPEC.txt")],
      ]);
      renderApp("/files", [
        {
          path: "files",
          Component: tab.route.default,
          loader: tab.route.clientLoader as never,
          action: tab.route.clientAction as never,
        },
      ]);
      const notice = await screen.findByTestId("storage-notice");
      expect(notice).toHaveTextContent("Changes are kept only while this tab is open");
      expect(notice).toHaveTextContent(
        /Not stored since \d\d:\d\d \(the browser's storage is full\): the deletion of old_KUNDESPEC\.txt\. Everything works, but what is not stored is gone when you close or reload this tab: the files deleted here come back\./,
      );
      vi.restoreAllMocks();
      screen.getByRole("button", { name: "Try to store them again" }).click();
      await waitFor(() => expect(screen.queryByTestId("storage-notice")).not.toBeInTheDocument());
      const reloaded = await (await visit()).load();
      expect(paths(reloaded)).toEqual(["std.txt"]);
      expect(reloaded.notKept).toEqual([]);
    },
  );

  it(
    "says whether the browser keeps the files for good, and asks it to once files are stored",
    { timeout: 30_000 },
    async () => {
      let persisted = false;
      const persist = vi.fn(async () => (persisted = true));
      Object.defineProperty(navigator, "storage", {
        configurable: true,
        value: { persist, persisted: async () => persisted },
      });
      try {
        const tab = await visit();
        await tab.load();
        expect(persist).not.toHaveBeenCalled();
        await tab.add(["a.txt", "P001\r\n1\r\n"]);
        await tab.add(["b.txt", "P002\r\n2\r\n"]);
        expect(persist).toHaveBeenCalledTimes(1);
        // The note on what this browser can do says it.
        renderApp("/files", [{ path: "files", Component: tab.route.default, loader: tab.route.clientLoader as never }]);
        expect(await screen.findByTestId("browser-abilities")).toHaveTextContent(
          "Your files and service records are kept in this browser for good, until you delete them.",
        );
      } finally {
        Reflect.deleteProperty(navigator, "storage");
      }
    },
  );
});

/** The site's data cleared while the tab is open: the list and every file's bytes gone from the database. */
async function clearSiteStorage() {
  const database = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open("technician-toolbox");
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const transaction = database.transaction("parameter-files", "readwrite");
  transaction.objectStore("parameter-files").clear();
  await new Promise((resolve) => (transaction.oncomplete = resolve));
  database.close();
}

describe("/files when the site's storage is emptied under the open tab", () => {
  it("still takes out a file another tab deleted, without a notice", async () => {
    const tab = await storedSite();
    const otherTab = await visit();
    await otherTab.act([
      ["intent", fileListIntents.delete],
      ["id", await otherTab.idOf("std.txt")],
    ]);
    // This tab adds a file before it heard of the deletion.
    await tab.add(["new.txt", "P003\r\n3\r\n"]);
    const shown = await tab.load();
    expect(paths(shown)).toEqual(["old_KUNDESPEC.txt", "new.txt"]);
    expect(notStoredNoticeText(shown.storage)).toBeNull();
  });

  it("keeps the files it listed, in the merge and named as no longer stored; Try again does not say they are stored", async () => {
    const tab = await storedSite();
    await clearSiteStorage();
    await tab.add(["new.txt", "P003\r\n3\r\n"]);
    const shown = await tab.load();
    expect(paths(shown)).toEqual(["old_KUNDESPEC.txt", "std.txt", "new.txt"]);
    expect(p001(shown)).toBe("666");
    expect(notStoredNoticeText(shown.storage)).toMatch(
      /^Not stored since \d\d:\d\d \(the browser's storage was cleared\): old_KUNDESPEC\.txt, std\.txt\. Their stored contents went with the browser's storage: to store them again, add the same files again\. Everything works, but what is not stored is gone when you close or reload this tab\.$/,
    );
    // Their bytes went with storage: nothing to store again.
    expect(shown.storage.notStoredIds).toEqual([]);
    expect((await tab.act([["intent", fileListIntents.storeAgain]])).toast).toBeUndefined();
    expect(notStoredNoticeText((await tab.load()).storage)).toMatch(/: old_KUNDESPEC\.txt, std\.txt\./);

    const reloaded = await (await visit()).load();
    expect(paths(reloaded)).toEqual(["new.txt"]);
    expect(reloaded.label.text).toBe(label);
  });
});

describe("/files: Undo of Delete all after the site's storage was cleared (G3)", () => {
  it("Delete all after the clear names the files Undo cannot bring back; Undo brings back the label and says so", async () => {
    const tab = await storedSite();
    await clearSiteStorage();
    await tab.load();
    const { response } = await tab.act([["intent", fileListIntents.deleteAll]]);
    expect(response).toEqual({
      deletedAll: true,
      deletion: expect.any(String),
      cautions: [
        {
          message: "All files deleted.",
          description:
            "Undo cannot bring back these files (the browser's storage was cleared, and their contents with it): old_KUNDESPEC.txt, std.txt.",
        },
      ],
    });
    const { toast } = await tab.undoDeleteAll();
    expect(toast).toMatchObject({
      type: "warning",
      message: "Not every file came back",
      description:
        "Not brought back: old_KUNDESPEC.txt, std.txt. The browser's storage was cleared, and their contents with it. To use them, add them again.",
    });
    const shown = await tab.load();
    expect(paths(shown)).toEqual([]);
    expect(shown.label.text).toBe(label);
  });

  it("Delete all after the clear, with no label: no Undo offered, and the files that cannot come back named", async () => {
    const tab = await visit();
    await tab.add(["std.txt", "P001\r\n1\r\n"]);
    await tab.load();
    await clearSiteStorage();
    await tab.load();
    const { response } = await tab.act([["intent", fileListIntents.deleteAll]]);
    expect(response).toEqual({
      cautions: [
        {
          message: "All files deleted.",
          description:
            "These files cannot be brought back (the browser's storage was cleared, and their contents with it): std.txt. To use them again, add them again.",
        },
      ],
    });
  });

  it("storage cleared while the Undo of a stored Delete all is offered: Undo names what it cannot bring back", async () => {
    const tab = await storedSite();
    await tab.act([["intent", fileListIntents.deleteAll]]);
    await clearSiteStorage();
    const { toast } = await tab.undoDeleteAll();
    expect(toast).toMatchObject({
      type: "warning",
      message: "Not every file came back",
      description:
        "Not brought back: old_KUNDESPEC.txt, std.txt. The browser's storage was cleared, and their contents with it. To use them, add them again.",
    });
    const shown = await tab.load();
    expect(paths(shown)).toEqual([]);
    expect(shown.label.text).toBe(label);
  });
});

describe("/files: one file's delete after the site's storage was cleared (J5)", () => {
  const cannotComeBack = {
    cautions: [
      {
        message: "std.txt deleted.",
        description:
          "This file cannot be brought back (the browser's storage was cleared, and its content with it): std.txt. To use it again, add it again.",
      },
    ],
  };

  it.each([
    ["once the tab has found the clear", true],
    ["before the tab has found it (the delete finds it)", false],
  ])("says the file is deleted and cannot be brought back, and offers no Undo (%s)", async (_, foundBefore) => {
    const tab = await storedSite();
    const id = await tab.idOf("std.txt");
    await clearSiteStorage();
    if (foundBefore) await tab.load();
    const { response, toast } = await tab.act([
      ["intent", fileListIntents.delete],
      ["id", id],
    ]);
    expect(response).toEqual(cannotComeBack);
    expect(toast).toBeUndefined();
    const shown = await tab.load();
    expect(paths(shown)).toEqual(["old_KUNDESPEC.txt"]);
    expect(notStoredNoticeText(shown.storage)).not.toContain("std.txt");
    // Nothing waits for an Undo: asked anyway, it brings nothing back.
    await tab.undoDelete(id, "no-such-delete");
    expect(paths(await tab.load())).toEqual(["old_KUNDESPEC.txt"]);

    // A file added after the clear is stored: its delete offers Undo, as always.
    await tab.add(["new.txt", "P003\r\n3\r\n"]);
    const newId = await tab.idOf("new.txt");
    expect(
      (
        await tab.act([
          ["intent", fileListIntents.delete],
          ["id", newId],
        ])
      ).response,
    ).toEqual({ deleted: { id: newId, path: "new.txt" }, deletion: expect.any(String) });
  });
});

/** Each file's path, set and choice, as the list shows them. */
const setsOf = (loaded: Awaited<ReturnType<Visit["load"]>>) =>
  loaded.preview.files.map(({ path, set, setOverride }) => ({ path, set, setOverride }));
const valueOf = (loaded: Awaited<ReturnType<Visit["load"]>>, code: string) =>
  loaded.preview.table.rows.find((row) => row.code === code)?.value;

/** kunde.txt (P002 = 22) chosen Customer over std.txt (P002 = 2): kunde.txt has no KUNDESPEC in its path. */
async function customerChosen() {
  const tab = await visit();
  await tab.add(["kunde.txt", "P002\r\n22\r\nP003\r\n33\r\n"]);
  await tab.add(["std.txt", "P001\r\n1\r\nP002\r\n2\r\n"]);
  await tab.act([
    ["intent", fileListIntents.chooseSet],
    ["id", await tab.idOf("kunde.txt")],
    ["set", "customer"],
  ]);
  expect(valueOf(await tab.load(), "P002")).toBe("22");
  return tab;
}

/** The site's storage cleared under the tab, then another tab adds these files: the tab's screen after that. */
async function clearedThenAddedElsewhere(tab: Visit, ...files: [path: string, content: string][]) {
  await clearSiteStorage();
  await tab.load();
  await (await visit()).add(...files);
  return tab.load();
}

describe("/files after the site's storage was cleared: the same files again, another tab's add (G5, G6)", () => {
  it("takes the same files picked again as storing them again, in their places, and a reload keeps them", async () => {
    const tab = await storedSite();
    await clearSiteStorage();
    await tab.load();
    const { response } = await tab.add(
      ["std.txt", "P001\r\n1\r\nP002\r\n2\r\n"],
      ["old_KUNDESPEC.txt", "P001\r\n666\r\n"],
    );
    expect(response).not.toHaveProperty("refusals.0");
    const shown = await tab.load();
    expect(paths(shown)).toEqual(siteNow);
    expect(p001(shown)).toBe("666");
    // The label is stored with the change: nothing is left unstored.
    expect(notStoredNoticeText(shown.storage)).toBeNull();
    const reloaded = await (await visit()).load();
    expect(paths(reloaded)).toEqual(siteNow);
    expect(reloaded.notKept).toEqual([]);
  });

  it("the same file picked again keeps the set the technician chose for it: PAR.txt stays as it was (J3)", async () => {
    const tab = await customerChosen();
    await clearSiteStorage();
    await tab.load();
    const { response } = await tab.add(["kunde.txt", "P002\r\n22\r\nP003\r\n33\r\n"]);
    expect(response).not.toHaveProperty("refusals.0");
    const shown = await tab.load();
    expect(shown.preview.files.map(({ path, set, setOverride }) => ({ path, set, setOverride }))).toEqual([
      { path: "kunde.txt", set: "customer", setOverride: "customer" },
      { path: "std.txt", set: "standard", setOverride: null },
    ]);
    expect(valueOf(shown, "P002")).toBe("22");
    expect(notStoredNoticeText(shown.storage)).toMatch(/\): std\.txt\. Its stored content went/);
    // Stored with its set: a reload keeps the choice.
    const reloaded = await (await visit()).load();
    expect(reloaded.preview.files.map(({ path, setOverride }) => ({ path, setOverride }))).toEqual([
      { path: "kunde.txt", setOverride: "customer" },
    ]);
  });

  it("refuses an edited file of a listed name as other content, as without the clear, and keeps the listed one", async () => {
    const tab = await storedSite();
    await clearSiteStorage();
    await tab.load();
    const { response } = await tab.add(
      ["std.txt", "P001\r\n1\r\nP002\r\n2\r\n"],
      ["old_KUNDESPEC.txt", "P001\r\n9\r\n"],
    );
    expect(response).toEqual({
      refusals: [
        {
          message: "File already imported!",
          description:
            "Not added: old_KUNDESPEC.txt. Its content differs from the listed file's, and PAR.txt uses the listed one. To use this one, delete the listed file, then add this one again.",
        },
      ],
    });
    const shown = await tab.load();
    expect(paths(shown)).toEqual(siteNow);
    expect(p001(shown)).toBe("666");
    // The same std.txt was stored again; the listed old_KUNDESPEC.txt is still named as not stored.
    expect(notStoredNoticeText(shown.storage)).toContain("old_KUNDESPEC.txt");
    expect(notStoredNoticeText(shown.storage)).not.toContain("std.txt");
  });

  it("lists a path once when another tab adds a file of it after the clear; the reload names nothing", async () => {
    const shown = await clearedThenAddedElsewhere(await storedSite(), ["std.txt", "P001\r\n1\r\nP002\r\n2\r\n"]);
    expect(paths(shown)).toEqual(["old_KUNDESPEC.txt", "std.txt"]);
    expect(notStoredNoticeText(shown.storage)).toMatch(
      /^Not stored since \d\d:\d\d \(the browser's storage was cleared\): old_KUNDESPEC\.txt and the site\/unit label “Fjordview pool 2”\. Its stored content went with the browser's storage: to store it again, add the same file again\. /,
    );
  });
});

describe("/files after the site's storage was cleared: another tab stores a file of a name listed here (J6)", () => {
  it("says PAR.txt now uses the other tab's file when its content differs, and which file to add to go back", async () => {
    // An edited old_KUNDESPEC.txt: P001 = 9, not 666.
    const shown = await clearedThenAddedElsewhere(await storedSite(), ["old_KUNDESPEC.txt", "P001\r\n9\r\n"]);
    expect(paths(shown)).toEqual(siteNow);
    expect(p001(shown)).toBe("9");
    expect(shown.replacedHere).toEqual({
      title: "PAR.txt changed: another tab stored a file of a name listed here",
      serial: expect.any(Number),
      sentences: [
        "old_KUNDESPEC.txt: another tab stored a file of this name with other content, and PAR.txt now uses it. The old_KUNDESPEC.txt listed here before is in no storage (its content went with the browser's storage): to use it again, delete old_KUNDESPEC.txt, then add that file again.",
      ],
    });
  });

  it("says the set changed when the other tab stored the same file without the technician's choice (J3 across tabs)", async () => {
    const tab = await customerChosen();
    const shown = await clearedThenAddedElsewhere(tab, ["kunde.txt", "P002\r\n22\r\nP003\r\n33\r\n"]);
    expect(setsOf(shown)).toEqual([
      { path: "kunde.txt", set: "standard", setOverride: null },
      { path: "std.txt", set: "standard", setOverride: null },
    ]);
    expect(shown.replacedHere).toEqual({
      title: "PAR.txt changed: another tab stored a file of a name listed here",
      serial: expect.any(Number),
      sentences: [
        "kunde.txt: another tab stored the same file again, as Standard, and PAR.txt now takes it so: here it was Customer. To have it as Customer again, choose Customer for it.",
      ],
    });
    // Chosen again: PAR.txt is as it was, and the notice has nothing left to say.
    await tab.act([
      ["intent", fileListIntents.chooseSet],
      ["id", await tab.idOf("kunde.txt")],
      ["set", "customer"],
    ]);
    const chosen = await tab.load();
    expect(valueOf(chosen, "P002")).toBe("22");
    expect(chosen.replacedHere).toBeNull();
  });

  it("takes the same file in the place of the one listed here without a word: the order, and PAR.txt, stay", async () => {
    // Both standard: the later one's P001 is PAR.txt's.
    const tab = await visit();
    await tab.add(["a.txt", "P001\r\n1\r\n"]);
    await tab.add(["b.txt", "P001\r\n2\r\n"]);
    expect(p001(await tab.load())).toBe("2");
    const shown = await clearedThenAddedElsewhere(tab, ["a.txt", "P001\r\n1\r\n"]);
    expect(paths(shown)).toEqual(["a.txt", "b.txt"]);
    expect(p001(shown)).toBe("2");
    expect(shown.replacedHere).toBeNull();
  });

  it("keeps the notice until closed, also after the next change of the list", async () => {
    const tab = await storedSite();
    await clearedThenAddedElsewhere(tab, ["old_KUNDESPEC.txt", "P001\r\n9\r\n"]);
    await tab.add(["new.txt", "P003\r\n3\r\n"]);
    expect((await tab.load()).replacedHere?.sentences).toHaveLength(1);
    await tab.act([
      ["intent", fileListIntents.closeReplacedHere],
      ["serial", String((await tab.load()).replacedHere?.serial)],
    ]);
    expect((await tab.load()).replacedHere).toBeNull();
  });
});

describe("/files when another page deletes the database (Firefox ESR, WebKitGTK: G4)", () => {
  it("gives way at once, keeps the files in the tab named as no longer stored, and names them after a reload", async () => {
    const tab = await storedSite();
    // An open connection that does not give way blocks the deletion until the tab closes, and nothing is said.
    const deletion = await new Promise<string>((resolve) => {
      const request = indexedDB.deleteDatabase("technician-toolbox");
      request.onblocked = () => resolve("blocked");
      request.onsuccess = () => resolve("deleted");
    });
    expect(deletion).toBe("deleted");
    const shown = await tab.load();
    expect(paths(shown)).toEqual(siteNow);
    expect(p001(shown)).toBe("666");
    expect(notStoredNoticeText(shown.storage)).toMatch(
      /^Not stored since \d\d:\d\d \(the browser's storage was cleared\): old_KUNDESPEC\.txt, std\.txt and the site\/unit label “Fjordview pool 2”\. Their stored contents went with the browser's storage: to store them again, add the same files again\. Everything works, but what is not stored is gone when you close or reload this tab\.$/,
    );

    const reloaded = await (await visit()).load();
    expect(paths(reloaded)).toEqual([]);
    expect(notKeptNoticeText(reloaded.notKept[0]!).text).toMatch(
      /^The browser did not store them \(since \d\d:\d\d: the browser's storage was cleared\), so the reload could not bring them back\. Not kept: old_KUNDESPEC\.txt, std\.txt and the site\/unit label “Fjordview pool 2”\.$/,
    );
  });
});

/**
 * The next read of a picked file whose text is `text` waits (a slow card or USB stick) until released; the reads
 * of other files (and later ones of that text) go on.
 */
function holdReadOf(text: string) {
  let held = false;
  const arrayBuffer = Blob.prototype.arrayBuffer;
  let started!: () => void;
  let release!: () => void;
  const reading = new Promise<void>((resolve) => (started = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  vi.spyOn(Blob.prototype, "arrayBuffer").mockImplementation(async function (this: Blob) {
    const bytes = await arrayBuffer.call(this);
    if (held || new TextDecoder().decode(bytes) !== text) return bytes;
    held = true;
    started();
    await released;
    return bytes;
  });
  return { reading, release };
}

describe("/files in two tabs at once: a path the other tab listed meanwhile", () => {
  it.each([
    [
      "with other content",
      "P001\r\n10\r\n",
      "Not added: KUNDESPEC.txt. Its content differs from the listed file's, and PAR.txt uses the listed one. To use this one, delete the listed file, then add this one again.",
    ],
    ["with the same content", "P001\r\n99\r\n", "Not added: KUNDESPEC.txt"],
  ])("refuses this tab's add of it as if it was listed before the pick (%s)", async (_, theirs, description) => {
    const tab = await storedSite();
    const otherTab = await visit();
    await otherTab.load();
    // This tab's KUNDESPEC.txt comes from a slow card; the other tab adds its own while it is read.
    const slowCard = holdReadOf("P001\r\n99\r\n");
    const adding = tab.add(["KUNDESPEC.txt", "P001\r\n99\r\n"]);
    await slowCard.reading;
    await otherTab.add(["KUNDESPEC.txt", theirs]);
    slowCard.release();
    expect((await adding).response).toEqual({ refusals: [{ message: "File already imported!", description }] });
    const shown = await tab.load();
    expect(paths(shown)).toEqual([...siteNow, "KUNDESPEC.txt"]);
    expect(shown.notAdded?.lines ?? []).toEqual(
      theirs === "P001\r\n10\r\n"
        ? [
            {
              paths: ["KUNDESPEC.txt"],
              reason: "a file of this name is already listed, with other content: PAR.txt uses the listed one",
            },
          ]
        : [],
    );
    expect(paths(await (await visit()).load())).toEqual([...siteNow, "KUNDESPEC.txt"]);
  });

  it("Undo of one delete puts it back before the file that followed it, though another tab deleted one before it", async () => {
    const tab = await visit();
    await tab.add(["s1.txt", "P001\r\n1\r\nP002\r\n5\r\n"], ["s2.txt", "P001\r\n2\r\n"], ["s3.txt", "P001\r\n3\r\n"]);
    expect(p001(await tab.load())).toBe("3");
    const s2 = await tab.idOf("s2.txt");
    await tab.act([
      ["intent", fileListIntents.delete],
      ["id", s2],
    ]);
    const otherTab = await visit();
    await otherTab.act([
      ["intent", fileListIntents.delete],
      ["id", await otherTab.idOf("s1.txt")],
    ]);
    const { toast } = await tab.undoDelete(s2);
    expect(toast).toBeUndefined();
    const shown = await tab.load();
    expect(paths(shown)).toEqual(["s2.txt", "s3.txt"]);
    expect(p001(shown)).toBe("3");
    expect(paths(await (await visit()).load())).toEqual(["s2.txt", "s3.txt"]);
  });

  it("Undo of one delete whose neighbours another tab deleted puts it at the end and says the order decides", async () => {
    const tab = await visit();
    await tab.add(["s1.txt", "P001\r\n1\r\n"], ["s2.txt", "P001\r\n2\r\n"]);
    const s1 = await tab.idOf("s1.txt");
    await tab.act([
      ["intent", fileListIntents.delete],
      ["id", s1],
    ]);
    const otherTab = await visit();
    await otherTab.act([
      ["intent", fileListIntents.delete],
      ["id", await otherTab.idOf("s2.txt")],
    ]);
    await otherTab.add(["s3.txt", "P001\r\n3\r\n"]);
    const { toast } = await tab.undoDelete(s1);
    expect(toast).toMatchObject({
      type: "warning",
      message:
        "s1.txt is back, at the end of the list: the files it stood between were deleted meanwhile. Where files set the same parameter, the order decides which value PAR.txt uses: check the order.",
    });
    expect(paths(await tab.load())).toEqual(["s3.txt", "s1.txt"]);
  });

  /** Pasted text as the Paste text dialog adds it: named by the app (the name the screen offered). */
  const paste = (tab: Visit, name: string, text: string) =>
    tab.act([
      ["intent", fileListIntents.add],
      ["file", textFile(name, text)],
      ["fileInfo", JSON.stringify({ path: name, type: "text/plain", pasted: true })],
    ]);

  it("adds pasted text under the next free name when another tab's paste took its name at the same moment", async () => {
    const tab = await visit();
    const otherTab = await visit();
    await otherTab.load();
    const slowRead = holdReadOf("P001\r\n7\r\n");
    const adding = paste(tab, "pasted-1.txt", "P001\r\n7\r\n");
    await slowRead.reading;
    await paste(otherTab, "pasted-1.txt", "P002\r\n8\r\n");
    slowRead.release();
    expect((await adding).response).toEqual({
      refusals: [],
      cautions: [
        {
          message: "Pasted text added as pasted-2.txt",
          description: "A file named pasted-1.txt was listed meanwhile, most likely by another tab's paste.",
        },
      ],
    });
    const shown = await tab.load();
    expect(paths(shown)).toEqual(["pasted-1.txt", "pasted-2.txt"]);
    expect(p001(shown)).toBe("7");
    expect(paths(await (await visit()).load())).toEqual(["pasted-1.txt", "pasted-2.txt"]);
  });

  it("adds pasted text under the next free name when the screen offered a name another tab listed since", async () => {
    const tab = await visit();
    await tab.load();
    const otherTab = await visit();
    await paste(otherTab, "pasted-1.txt", "P002\r\n8\r\n");
    const { response } = await paste(tab, "pasted-1.txt", "P001\r\n7\r\n");
    expect(response).toMatchObject({
      cautions: [{ message: "Pasted text added as pasted-2.txt" }],
    });
    const shown = await tab.load();
    expect(paths(shown)).toEqual(["pasted-1.txt", "pasted-2.txt"]);
    expect(p001(shown)).toBe("7");
  });

  it("names the file Undo of Delete all cannot bring back", async () => {
    const tab = await storedSite();
    await tab.act([["intent", fileListIntents.deleteAll]]);
    const otherTab = await visit();
    await otherTab.add(["old_KUNDESPEC.txt", "P001\r\n99\r\n"]);
    const { toast } = await tab.undoDeleteAll();
    expect(toast).toMatchObject({
      type: "warning",
      message: "Not every file came back",
      description:
        "Not brought back: old_KUNDESPEC.txt. Another tab listed a file of this name meanwhile: the list keeps that one, and PAR.txt uses it. To use the deleted one, add it again.",
    });
    const shown = await tab.load();
    expect(paths(shown)).toEqual(["std.txt", "old_KUNDESPEC.txt"]);
    expect(p001(shown)).toBe("99");
  });

  it("does not store this tab's file beside the other tab's stored one (Try to store them again), and says so", async () => {
    const tab = await storedSite();
    const otherTab = await visit();
    await otherTab.load();
    const refused = faults.quota.inject();
    await tab.add(["KUNDESPEC.txt", "P001\r\n10\r\n"]);
    refused.mockRestore();
    await otherTab.add(["KUNDESPEC.txt", "P001\r\n99\r\n"]);
    const before = await tab.load();
    expect(paths(before)).toEqual([...siteNow, "KUNDESPEC.txt", "KUNDESPEC.txt"]);
    expect(notStoredNoticeText(before.storage)).toContain(
      "KUNDESPEC.txt is listed twice: another tab stored a file of this name meanwhile, and this tab's is not stored beside it. Delete both, then add the one you mean again.",
    );

    const { toast } = await tab.act([["intent", fileListIntents.storeAgain]]);
    expect(toast).toMatchObject({
      type: "warning",
      message: "Not stored: another tab stored a file of this name",
      description:
        "KUNDESPEC.txt is listed twice: another tab stored a file of this name meanwhile, and this tab's is not stored beside it. Delete both, then add the one you mean again.",
    });
    // Every other tab, and the next visit, lists the name once.
    expect(paths(await otherTab.load())).toEqual([...siteNow, "KUNDESPEC.txt"]);
    const next = await (await visit()).load();
    expect(paths(next)).toEqual([...siteNow, "KUNDESPEC.txt"]);
    expect(p001(next)).toBe("99");
    // This tab still holds its own file, named as not stored.
    expect(notStoredNoticeText((await tab.load()).storage)).toMatch(
      /^Not stored since \d\d:\d\d \(the browser's storage is full\): KUNDESPEC\.txt\. /,
    );
  });
});

describe("/files: each notice's Undo is for its own delete (J1, J2, J4)", () => {
  const deletionOf = (answer: { response: unknown }) =>
    isFileActionData(answer.response) ? (answer.response.deletion ?? "") : "";

  /** Unit 1's files deleted with Delete all in this tab; another tab then lists a file and deletes all too. */
  async function unitDeletedThenAnotherTabsDeleteAll() {
    const tab = await visit();
    await tab.add(["unit1-a.txt", "P001\r\n1\r\n"], ["unit1-b.txt", "P002\r\n2\r\n"]);
    const first = await tab.act([["intent", fileListIntents.deleteAll]]);
    const otherTab = await visit();
    await otherTab.add(["tabB.txt", "P009\r\n9\r\n"]);
    await otherTab.act([["intent", fileListIntents.deleteAll]]);
    return { tab, first, otherTab };
  }

  it("Undo of a delete a later delete took the Undo of names the file and why, and changes nothing", async () => {
    const tab = await visit();
    await tab.add(["a.txt", "P001\r\n1\r\n"], ["b.txt", "P002\r\n2\r\n"], ["c.txt", "P003\r\n3\r\n"]);
    const a = await tab.idOf("a.txt");
    const first = await tab.act([
      ["intent", fileListIntents.delete],
      ["id", a],
    ]);
    await tab.act([
      ["intent", fileListIntents.delete],
      ["id", await tab.idOf("b.txt")],
    ]);
    const { toast } = await tab.undoDelete(a, deletionOf(first));
    expect(toast).toMatchObject({
      type: "warning",
      message:
        "a.txt was not brought back: Undo brings back only the last file deleted, and b.txt was deleted after it. To use a.txt again, add it again.",
    });
    expect(paths(await tab.load())).toEqual(["c.txt"]);
  });

  it("Undo of a delete, then of Delete all, gives the list as it was, and PAR.txt its value", async () => {
    const tab = await visit();
    await tab.add(["a.txt", "P001\r\n1\r\nP009\r\n9\r\n"], ["b.txt", "P001\r\n2\r\n"], ["c.txt", "P003\r\n3\r\n"]);
    expect(p001(await tab.load())).toBe("2");
    const a = await tab.idOf("a.txt");
    const deleted = await tab.act([
      ["intent", fileListIntents.delete],
      ["id", a],
    ]);
    const deletedAll = await tab.act([["intent", fileListIntents.deleteAll]]);
    expect((await tab.undoDelete(a, deletionOf(deleted))).toast).toBeUndefined();
    expect((await tab.undoDeleteAll(deletionOf(deletedAll))).toast).toBeUndefined();
    const shown = await tab.load();
    expect(paths(shown)).toEqual(["a.txt", "b.txt", "c.txt"]);
    expect(p001(shown)).toBe("2");
    // Stored so: the next visit shows the same.
    expect(paths(await (await visit()).load())).toEqual(["a.txt", "b.txt", "c.txt"]);
  });

  it("Undo of an earlier Delete all brings back its own files, not the later Delete all's", async () => {
    const tab = await visit();
    await tab.add(["unit1-a.txt", "P001\r\n1\r\n"], ["unit1-b.txt", "P002\r\n2\r\n"]);
    const first = await tab.act([["intent", fileListIntents.deleteAll]]);
    await tab.add(["x.txt", "P009\r\n9\r\n"]);
    await new Promise((resolve) => setTimeout(resolve, secondTapWithinMs));
    const second = await tab.act([["intent", fileListIntents.deleteAll]]);
    expect((await tab.undoDeleteAll(deletionOf(first))).toast).toBeUndefined();
    expect(paths(await tab.load())).toEqual(["unit1-a.txt", "unit1-b.txt"]);
    expect(p001(await tab.load())).toBe("1");
    // The later Delete all's Undo still brings back its own file, where it was listed: after unit 1's (K1, K2).
    expect((await tab.undoDeleteAll(deletionOf(second))).toast).toBeUndefined();
    expect(paths(await tab.load())).toEqual(["unit1-a.txt", "unit1-b.txt", "x.txt"]);
    expect(paths(await (await visit()).load())).toEqual(["unit1-a.txt", "unit1-b.txt", "x.txt"]);
  });

  it("holds across tabs: another tab's Delete all does not make this tab's Undo bring back that tab's files", async () => {
    const { tab, first, otherTab } = await unitDeletedThenAnotherTabsDeleteAll();
    expect((await tab.undoDeleteAll(deletionOf(first))).toast).toBeUndefined();
    expect(paths(await tab.load())).toEqual(["unit1-a.txt", "unit1-b.txt"]);
    expect(paths(await otherTab.load())).toEqual(["unit1-a.txt", "unit1-b.txt"]);
  });

  it("names what an earlier Delete all's Undo can no longer bring back, once this tab no longer holds it", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"], shouldAdvanceTime: true });
    try {
      const { tab, first } = await unitDeletedThenAnotherTabsDeleteAll();
      // Long after its notice closed (pointed at, it stays open).
      await vi.advanceTimersByTimeAsync(60_000);
      const { toast } = await tab.undoDeleteAll(deletionOf(first));
      expect(toast).toMatchObject({
        type: "warning",
        message: "Not every file came back",
        description:
          "Not brought back: unit1-a.txt, unit1-b.txt. Another Delete all was made after this one, and this tab no longer holds these files. To use them, add them again.",
      });
      // Nothing of the other tab's Delete all came back in their place.
      expect(paths(await tab.load())).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("/files: Undos in any order put every file back where it stood (K1, K2, K7)", () => {
  const deletionOf = (answer: { response: unknown }) =>
    isFileActionData(answer.response) ? (answer.response.deletion ?? "") : "";
  const handPace = () => new Promise((resolve) => setTimeout(resolve, secondTapWithinMs));

  it("delete c, Delete all, Undo c, Delete all, then both Undos in either order: a, b, c and PAR.txt's value (K1)", async () => {
    for (const order of ["first", "second"] as const) {
      globalThis.indexedDB = new IDBFactory();
      const tab = await visit();
      await tab.add(["a.txt", "P001\r\n1\r\n"], ["b.txt", "P002\r\n2\r\n"], ["c.txt", "P001\r\n3\r\n"]);
      expect(p001(await tab.load())).toBe("3");
      const c = await tab.idOf("c.txt");
      const deleted = await tab.act([
        ["intent", fileListIntents.delete],
        ["id", c],
      ]);
      const first = await tab.act([["intent", fileListIntents.deleteAll]]);
      expect((await tab.undoDelete(c, deletionOf(deleted))).toast).toBeUndefined();
      await handPace();
      const second = await tab.act([["intent", fileListIntents.deleteAll]]);
      const undos = order === "first" ? [first, second] : [second, first];
      for (const undone of undos) {
        await handPace();
        expect((await tab.undoDeleteAll(deletionOf(undone))).toast).toBeUndefined();
      }
      const shown = await tab.load();
      expect(paths(shown)).toEqual(["a.txt", "b.txt", "c.txt"]);
      expect(p001(shown)).toBe("3");
      expect(paths(await (await visit()).load())).toEqual(["a.txt", "b.txt", "c.txt"]);
    }
  });

  it("delete a, Delete all, add x, Delete all, Undo a, Undo the first Delete all: a, b, c, and PAR.txt's value (K2)", async () => {
    const tab = await visit();
    await tab.add(["a.txt", "P001\r\n1\r\n"], ["b.txt", "P001\r\n2\r\n"], ["c.txt", "P003\r\n3\r\n"]);
    const a = await tab.idOf("a.txt");
    const deleted = await tab.act([
      ["intent", fileListIntents.delete],
      ["id", a],
    ]);
    const first = await tab.act([["intent", fileListIntents.deleteAll]]);
    await tab.add(["x.txt", "P004\r\n4\r\n"]);
    await handPace();
    const second = await tab.act([["intent", fileListIntents.deleteAll]]);
    expect((await tab.undoDelete(a, deletionOf(deleted))).toast).toBeUndefined();
    expect((await tab.undoDeleteAll(deletionOf(first))).toast).toBeUndefined();
    expect(paths(await tab.load())).toEqual(["a.txt", "b.txt", "c.txt"]);
    expect(p001(await tab.load())).toBe("2");
    await handPace();
    expect((await tab.undoDeleteAll(deletionOf(second))).toast).toBeUndefined();
    expect(paths(await tab.load())).toEqual(["a.txt", "b.txt", "c.txt", "x.txt"]);
    expect(p001(await tab.load())).toBe("2");
  });

  it("the same in two tabs: tab A's delete and Undo, tab B's two Delete alls and their Undos (K1)", async () => {
    const tabA = await visit();
    await tabA.add(["a.txt", "P001\r\n1\r\n"], ["b.txt", "P001\r\n2\r\n"], ["c.txt", "P003\r\n3\r\n"]);
    const tabB = await visit();
    expect(paths(await tabB.load())).toEqual(["a.txt", "b.txt", "c.txt"]);
    const b = await tabA.idOf("b.txt");
    const deleted = await tabA.act([
      ["intent", fileListIntents.delete],
      ["id", b],
    ]);
    await tabB.load();
    const first = await tabB.act([["intent", fileListIntents.deleteAll]]);
    expect((await tabA.undoDelete(b, deletionOf(deleted))).toast).toBeUndefined();
    await tabB.load();
    await tabB.add(["x.txt", "P004\r\n4\r\n"]);
    await handPace();
    const second = await tabB.act([["intent", fileListIntents.deleteAll]]);
    await handPace();
    expect((await tabB.undoDeleteAll(deletionOf(first))).toast).toBeUndefined();
    await handPace();
    expect((await tabB.undoDeleteAll(deletionOf(second))).toast).toBeUndefined();
    const shown = await tabB.load();
    expect(paths(shown)).toEqual(["a.txt", "b.txt", "c.txt", "x.txt"]);
    expect(p001(shown)).toBe("2");
  });

  it("Undo of Delete all whose file's name this tab listed again meanwhile says this tab listed it (K7)", async () => {
    const tab = await visit();
    await tab.add(["a.txt", "P001\r\n1\r\n"], ["b.txt", "P001\r\n2\r\n"], ["c.txt", "P001\r\n3\r\n"]);
    const deletedAll = await tab.act([["intent", fileListIntents.deleteAll]]);
    await tab.add(["b.txt", "P001\r\n2\r\n"]);
    const { toast } = await tab.undoDeleteAll(deletionOf(deletedAll));
    expect(toast).toMatchObject({
      type: "warning",
      message: "Not every file came back",
      description:
        "Not brought back: b.txt. A file of this name was listed here meanwhile: the list keeps that one, and PAR.txt uses it. To use the deleted one, delete that one, then add the deleted one again.",
    });
    expect(paths(await tab.load())).toEqual(["a.txt", "c.txt", "b.txt"]);
  });
});

describe("/files: two tabs' Delete alls at the same moment (K6)", () => {
  const deletionOf = (answer: { response: unknown }) =>
    isFileActionData(answer.response) ? (answer.response.deletion ?? "") : "";

  it("the second finds the list empty: it offers no Undo, and the first one's files wait for its Undo", async () => {
    const tabA = await visit();
    await tabA.add(["a.txt", "P001\r\n1\r\n"], ["b.txt", "P001\r\n2\r\n"]);
    const tabB = await visit();
    expect(paths(await tabB.load())).toEqual(["a.txt", "b.txt"]);
    const first = await tabA.act([["intent", fileListIntents.deleteAll]]);
    // Tab B's screen still shows a, b when its Delete all is tapped.
    const second = await tabB.act([["intent", fileListIntents.deleteAll]]);
    expect(deletionOf(second)).toBe("");
    // Storage still holds what tab A's Delete all took, for its Undo.
    const later = await visit();
    expect((await later.undoDeleteAll(deletionOf(first))).toast).toBeUndefined();
    expect(paths(await later.load())).toEqual(["a.txt", "b.txt"]);
  });
});
