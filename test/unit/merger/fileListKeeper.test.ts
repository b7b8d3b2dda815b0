import { describe, expect, it } from "vitest";
import { createFileListKeeper, type FileListKeeper, type FileListStorage } from "~/lib/merger/fileListKeeper";
import {
  cannotComeBack,
  emptyFileList,
  lastVisitNote,
  notKeptAfterReload,
  notStoredView,
  type FileListChange,
  type StoredFileList,
} from "~/lib/merger/fileListState";
import { fileListReloadLoss } from "~/lib/merger/fileListStorageText";
import type { ListedFile } from "~/lib/merger/listedFile";
import { storageClearedReason, storageFailureReason } from "~/lib/shell/storageFailure";

/** Where storage can fail, and how each browser says it. */
const faults = {
  /** The database does not open (WebKit's refusal has no message at all). */
  open: () => Object.assign(new Error(), { name: "UnknownError", message: null }),
  /** Reading the stored list inside the transaction fails. */
  read: () => new DOMException("The read failed.", "UnknownError"),
  /** A put is refused as it is made (WebKit refusing a value). */
  put: () => new DOMException("Failed to store record in an IDBObjectStore.", "DataCloneError"),
  /** A delete fails. */
  delete: () => new DOMException("The delete failed.", "InvalidStateError"),
  /** The transaction aborts, without saying why (its error is null). */
  abort: () => null,
  /** The commit is refused: no room. */
  quota: () => new DOMException("The quota has been exceeded.", "QuotaExceededError"),
} as const;
type Fault = keyof typeof faults;
const faultNames = Object.keys(faults) as Fault[];

/**
 * Storage as IndexedDB behaves: a transaction reads the list, writes in steps (bytes, deletions, the
 * list) and commits all of it, or nothing when a step fails.
 */
function fakeStorage() {
  let list: StoredFileList = emptyFileList;
  const bytes = new Map<string, ArrayBuffer>();
  let fault: Fault | null = null;
  const fail = () => {
    throw faults[fault!]();
  };
  const storage: FileListStorage = {
    async read() {
      if (fault === "open" || fault === "read") fail();
      return structuredClone(list);
    },
    async transact(plan, bytesOf) {
      if (fault === "open" || fault === "read") fail();
      const fresh = structuredClone(list);
      const write = plan(fresh);
      if (!write) return fresh;
      const nextBytes = new Map(bytes);
      for (const id of write.putBytes) {
        if (fault === "put") fail();
        const given = bytesOf(id);
        if (!given) throw new Error(`no bytes for ${id}`);
        nextBytes.set(id, given.slice(0));
      }
      for (const id of write.deleteBytes) {
        if (fault === "delete") fail();
        nextBytes.delete(id);
      }
      if (fault === "put") fail();
      if (fault === "abort" || fault === "quota") fail();
      list = structuredClone(write.list);
      bytes.clear();
      nextBytes.forEach((value, id) => bytes.set(id, value));
      return fresh;
    },
  };
  return {
    storage,
    bytes,
    fail: (next: Fault | null) => (fault = next),
    /** The site's data cleared (or evicted) while tabs are open: the list and every file's bytes are gone. */
    clear() {
      list = emptyFileList;
      bytes.clear();
    },
  };
}

let clock = Date.UTC(2026, 10, 24, 9, 30);
const keeperOn = (storage: FileListStorage | null) =>
  createFileListKeeper(storage, {
    now: () => (clock += 60_000),
    reasonOf: storageFailureReason,
    noStorageReason: "this browser offers no storage here",
  });

const file = (id: string, path: string): ListedFile => ({ id, path, setOverride: null, size: 4 });
const bytesFor = (...ids: string[]) => new Map(ids.map((id) => [id, new TextEncoder().encode(id).buffer]));

async function add(keeper: FileListKeeper, ...files: ListedFile[]) {
  return keeper.change({ kind: "add", files }, bytesFor(...files.map((listed) => listed.id)));
}

const pathsShown = (keeper: FileListKeeper) => keeper.tab().shown.files.map((listed) => listed.path);

/** What a reload shows: a new tab reads the same storage, with the fault over. */
async function reload(fake: ReturnType<typeof fakeStorage>) {
  fake.fail(null);
  const next = keeperOn(fake.storage);
  await next.read();
  return next;
}

/** A tab with std.txt and old_KUNDESPEC.txt stored, labelled "Fjordview pool 2". */
async function storedList() {
  const fake = fakeStorage();
  const keeper = keeperOn(fake.storage);
  await keeper.read();
  await add(keeper, file("old", "old_KUNDESPEC.txt"), file("std", "std.txt"));
  await keeper.change({ kind: "label", label: "Fjordview pool 2" });
  return { fake, keeper };
}

/** Each step of the list, on the stored list above, and what it should do when it is stored. */
const steps: Record<
  string,
  {
    prepare?: (keeper: FileListKeeper) => Promise<unknown>;
    change: FileListChange;
    bytes?: string[];
    stored: { paths: string[]; label: string };
  }
> = {
  add: {
    change: { kind: "add", files: [file("new", "new_KUNDESPEC.txt")] },
    bytes: ["new"],
    stored: { paths: ["old_KUNDESPEC.txt", "std.txt", "new_KUNDESPEC.txt"], label: "Fjordview pool 2" },
  },
  delete: { change: { kind: "delete", ids: ["old"] }, stored: { paths: ["std.txt"], label: "Fjordview pool 2" } },
  move: {
    change: { kind: "move", id: "std", offset: -1 },
    stored: { paths: ["std.txt", "old_KUNDESPEC.txt"], label: "Fjordview pool 2" },
  },
  "set switch": {
    change: { kind: "chooseSet", id: "std", setOverride: "customer" },
    stored: { paths: ["old_KUNDESPEC.txt", "std.txt"], label: "Fjordview pool 2" },
  },
  label: {
    change: { kind: "label", label: "Harbour unit 1" },
    stored: { paths: ["old_KUNDESPEC.txt", "std.txt"], label: "Harbour unit 1" },
  },
  "Delete all": { change: { kind: "deleteAll" }, stored: { paths: [], label: "" } },
  Undo: {
    prepare: (keeper) => keeper.change({ kind: "deleteAll" }),
    change: { kind: "undoDeleteAll" },
    stored: { paths: ["old_KUNDESPEC.txt", "std.txt"], label: "Fjordview pool 2" },
  },
  "Undo of one delete": {
    // The file comes back where it stood (the top), not at the end: the order decides which duplicate wins.
    prepare: (keeper) => keeper.change({ kind: "delete", ids: ["old"] }),
    change: { kind: "add", files: [file("old", "old_KUNDESPEC.txt")], place: { before: [], after: ["std"] } },
    bytes: ["old"],
    stored: { paths: ["old_KUNDESPEC.txt", "std.txt"], label: "Fjordview pool 2" },
  },
  "load a record's files": {
    change: { kind: "replace", files: [file("rec", "record.txt")] },
    bytes: ["rec"],
    stored: { paths: ["record.txt"], label: "" },
  },
};

/**
 * What each step does when storage fails at any point: additions and deletions stay in the tab, shown as not
 * stored (a full device must still let a wrong file out of the merge); the rest is refused.
 */
const whenNotStored: Record<string, "notStored" | "refused"> = {
  add: "notStored",
  delete: "notStored",
  move: "refused",
  "set switch": "refused",
  label: "notStored",
  "Delete all": "notStored",
  Undo: "refused",
  "Undo of one delete": "notStored",
  "load a record's files": "refused",
};

describe("the file list, when storage works", () => {
  it.each(Object.entries(steps))("stores %s, and a reload shows what the tab shows", async (_, step) => {
    const { fake, keeper } = await storedList();
    await step.prepare?.(keeper);
    expect(await keeper.change(step.change, bytesFor(...(step.bytes ?? [])))).toEqual({ kind: "stored" });
    expect(pathsShown(keeper)).toEqual(step.stored.paths);
    expect(keeper.tab().shown.label).toBe(step.stored.label);
    expect(notStoredView(keeper.tab())).toBeNull();
    const reloaded = await reload(fake);
    expect(reloaded.tab().shown).toEqual(keeper.tab().shown);
  });

  it("stores each file's bytes once, and deletes them with the last reference (after the next Delete all)", async () => {
    const { fake, keeper } = await storedList();
    expect([...fake.bytes.keys()].sort()).toEqual(["old", "std"]);
    await keeper.change({ kind: "delete", ids: ["old"] });
    expect([...fake.bytes.keys()]).toEqual(["std"]);
    await keeper.change({ kind: "deleteAll" });
    // Undo may still bring std.txt back.
    expect([...fake.bytes.keys()]).toEqual(["std"]);
    await add(keeper, file("b", "b.txt"));
    await keeper.change({ kind: "deleteAll" });
    expect([...fake.bytes.keys()]).toEqual(["b"]);
  });

  it("keeps the set chosen and the label through Delete all and Undo", async () => {
    const { fake, keeper } = await storedList();
    await keeper.change({ kind: "chooseSet", id: "std", setOverride: "customer" });
    await keeper.change({ kind: "deleteAll" });
    expect(keeper.tab().shown.label).toBe("");
    await keeper.change({ kind: "undoDeleteAll" });
    const reloaded = await reload(fake);
    expect(reloaded.tab().shown.label).toBe("Fjordview pool 2");
    expect(reloaded.tab().shown.files.find((listed) => listed.id === "std")?.setOverride).toBe("customer");
  });
});

/** Of the steps, only a delete deletes bytes: a failing delete of bytes fails only it. */
const expectedOutcome = (fault: Fault, step: string) =>
  fault === "delete" && step !== "delete" ? "stored" : whenNotStored[step];

describe.each(faultNames)("the file list, when storage fails at %s", (fault) => {
  it.each(Object.entries(steps))(
    "%s: says what is not stored, and a reload brings back nothing deleted",
    async (name, step) => {
      const { fake, keeper } = await storedList();
      await step.prepare?.(keeper);
      const before = structuredClone(keeper.tab().shown);
      fake.fail(fault);
      const outcome = await keeper.change(step.change, bytesFor(...(step.bytes ?? [])));
      const reason = storageFailureReason(faults[fault]());
      expect(reason).not.toMatch(/null|undefined/);
      const expected = expectedOutcome(fault, name);
      expect(outcome).toEqual(expected === "stored" ? { kind: "stored" } : { kind: expected, reason });

      const reloaded = await reload(fake);
      if (expected === "stored") {
        expect(reloaded.tab().shown).toEqual(keeper.tab().shown);
        return;
      }
      // A reload shows exactly what was stored before the step.
      expect(reloaded.tab().shown).toEqual(before);
      if (outcome.kind === "refused") {
        // The screen keeps the stored list and says nothing is pending.
        expect(keeper.tab().shown).toEqual(before);
        expect(notStoredView(keeper.tab())).toBeNull();
      } else {
        // The tab shows the change, and names what a reload will not have.
        expect(pathsShown(keeper)).toEqual(step.stored.paths);
        expect(keeper.tab().shown.label).toBe(step.stored.label);
        const notStored = notStoredView(keeper.tab())!;
        expect(notStored).toMatchObject({ reason, since: expect.any(Number) });
        const lost = step.stored.paths.filter(
          (path) => !reloaded.tab().shown.files.some((listed) => listed.path === path),
        );
        expect(notStored.paths).toEqual(lost);
        expect(notStored.label).toBe(step.stored.label === before.label ? null : step.stored.label);
        // And what a reload brings back: the files deleted here only.
        const cameBack = before.files.map((listed) => listed.path).filter((path) => !step.stored.paths.includes(path));
        expect(notStored.takenOut).toEqual(cameBack);
      }
    },
  );
});

describe("a change before the tab read the list", () => {
  it("is made on the stored list (a visit takes out an interrupted load before it shows anything)", async () => {
    const { fake } = await storedList();
    const nextVisit = keeperOn(fake.storage);
    expect(await nextVisit.change({ kind: "delete", ids: ["old"] })).toEqual({ kind: "stored" });
    expect(pathsShown(nextVisit)).toEqual(["std.txt"]);
    expect(pathsShown(await reload(fake))).toEqual(["std.txt"]);
  });

  it.each(["put", "quota"] as const)(
    "that storage refuses (%s) is judged against the stored list, never against an empty one",
    async (fault) => {
      const { fake } = await storedList();
      // A visit that goes straight to loading a record's files: it has not shown the list yet.
      const nextVisit = keeperOn(fake.storage);
      fake.fail(fault);
      const outcome = await nextVisit.change({ kind: "replace", files: [file("rec", "record.txt")] }, bytesFor("rec"));
      expect(outcome.kind).toBe("refused");
      expect(pathsShown(nextVisit)).toEqual(["old_KUNDESPEC.txt", "std.txt"]);
      expect(pathsShown(await reload(fake))).toEqual(["old_KUNDESPEC.txt", "std.txt"]);
    },
  );
});

describe("files the tab could not store", () => {
  it("stay merged with their bytes, can be deleted, moved and switched without storage, and are stored again on request", async () => {
    const { fake, keeper } = await storedList();
    fake.fail("quota");
    await add(keeper, file("new", "new_KUNDESPEC.txt"));
    const since = notStoredView(keeper.tab())!.since;
    expect(new TextDecoder().decode(keeper.heldBytes("new"))).toBe("new");

    // Changes of what only this tab holds need no storage.
    expect(await keeper.change({ kind: "chooseSet", id: "new", setOverride: "standard" })).toEqual({ kind: "stored" });
    expect(await keeper.change({ kind: "move", id: "new", offset: -1 })).toEqual({ kind: "stored" });
    expect(pathsShown(keeper)).toEqual(["old_KUNDESPEC.txt", "new_KUNDESPEC.txt", "std.txt"]);
    expect(notStoredView(keeper.tab())).toMatchObject({ paths: ["new_KUNDESPEC.txt"], since });

    // Still full: nothing changes, the tab says so.
    expect(await keeper.change({ kind: "storeAgain", ids: ["new"] })).toMatchObject({ kind: "refused" });
    fake.fail(null);
    expect(await keeper.change({ kind: "storeAgain", ids: ["new"] })).toEqual({ kind: "stored" });
    expect(notStoredView(keeper.tab())).toBeNull();
    expect(keeper.heldBytes("new")).toBeUndefined();
    const reloaded = await reload(fake);
    expect(reloaded.tab().shown.files.map((listed) => [listed.path, listed.setOverride])).toEqual([
      ["old_KUNDESPEC.txt", null],
      ["new_KUNDESPEC.txt", "standard"],
      ["std.txt", null],
    ]);
  });

  it("are deleted with no storage at all, and the notice goes when nothing unstored is left", async () => {
    const { fake, keeper } = await storedList();
    fake.fail("put");
    await add(keeper, file("new", "new.txt"));
    expect(await keeper.change({ kind: "delete", ids: ["new"] })).toEqual({ kind: "stored" });
    expect(notStoredView(keeper.tab())).toBeNull();
    expect(keeper.heldBytes("new")).toBeUndefined();
  });

  it("keep their places when another tab changes the stored list", async () => {
    const { fake, keeper } = await storedList();
    fake.fail("quota");
    await add(keeper, file("new", "new.txt"));
    await keeper.change({ kind: "move", id: "new", offset: -1 });
    fake.fail(null);
    const otherTab = keeperOn(fake.storage);
    await otherTab.read();
    await add(otherTab, file("other", "other.txt"));
    await otherTab.change({ kind: "delete", ids: ["std"] });
    await keeper.read();
    expect(pathsShown(keeper)).toEqual(["old_KUNDESPEC.txt", "new.txt", "other.txt"]);
  });

  it("come back with Undo after Delete all where the browser has no storage", async () => {
    const keeper = keeperOn(null);
    await keeper.read();
    expect(keeper.tab().unreadable).toBe("this browser offers no storage here");
    expect(await add(keeper, file("a", "a.txt"))).toEqual({
      kind: "notStored",
      reason: "this browser offers no storage here",
    });
    await keeper.change({ kind: "label", label: "Unit 7" });
    expect(await keeper.change({ kind: "deleteAll" })).toEqual({ kind: "stored" });
    expect(keeper.tab().shown).toMatchObject({ files: [], label: "" });
    await keeper.change({ kind: "undoDeleteAll" });
    expect(pathsShown(keeper)).toEqual(["a.txt"]);
    expect(keeper.tab().shown.label).toBe("Unit 7");
    expect(new TextDecoder().decode(keeper.heldBytes("a"))).toBe("a");
  });

  it("where the database does not open, are all shown as not stored, and a later visit still has the old list", async () => {
    const { fake } = await storedList();
    fake.fail("open");
    const tab = keeperOn(fake.storage);
    await tab.read();
    expect(tab.tab().unreadable).toBe("the browser's storage failed");
    await add(tab, file("a", "a.txt"));
    expect(notStoredView(tab.tab())).toMatchObject({ paths: ["a.txt"], reason: "the browser's storage failed" });
    const reloaded = await reload(fake);
    expect(pathsShown(reloaded)).toEqual(["old_KUNDESPEC.txt", "std.txt"]);
  });
});

describe("files deleted while storage refuses the change (a full device)", () => {
  it("are taken out of the tab's list and shown as deleted here only; a reload brings them back and says so", async () => {
    const { fake, keeper } = await storedList();
    fake.fail("quota");
    expect(await keeper.change({ kind: "delete", ids: ["old"] })).toEqual({
      kind: "notStored",
      reason: "the browser's storage is full",
    });
    expect(pathsShown(keeper)).toEqual(["std.txt"]);
    expect(notStoredView(keeper.tab())).toMatchObject({ paths: [], label: null, takenOut: ["old_KUNDESPEC.txt"] });
    const notStored = lastVisitNote(keeper.tab())!;
    // Storage still holds the file and its bytes.
    expect([...fake.bytes.keys()].sort()).toEqual(["old", "std"]);

    const reloaded = await reload(fake);
    expect(pathsShown(reloaded)).toEqual(["old_KUNDESPEC.txt", "std.txt"]);
    expect(notKeptAfterReload(notStored, reloaded.tab().shown)).toEqual({
      paths: [],
      label: null,
      cameBack: ["old_KUNDESPEC.txt"],
      otherFileListed: [],
    });
    // A reload where the deletion was stored after all names nothing.
    expect(notKeptAfterReload(notStored, keeper.tab().shown)).toBeNull();
  });

  it("come back with Undo of the one delete where they stood, and then nothing is pending", async () => {
    const { fake, keeper } = await storedList();
    fake.fail("quota");
    await keeper.change({ kind: "delete", ids: ["old"] });
    expect(
      await keeper.change(
        { kind: "add", files: [file("old", "old_KUNDESPEC.txt")], place: { before: [], after: ["std"] } },
        bytesFor("old"),
      ),
    ).toEqual({ kind: "stored" });
    expect(pathsShown(keeper)).toEqual(["old_KUNDESPEC.txt", "std.txt"]);
    expect(notStoredView(keeper.tab())).toBeNull();
    expect(pathsShown(await reload(fake))).toEqual(["old_KUNDESPEC.txt", "std.txt"]);
  });

  it("stay out of the list when another tab changes it, and the next stored change stores their deletion", async () => {
    const { fake, keeper } = await storedList();
    fake.fail("quota");
    await keeper.change({ kind: "delete", ids: ["old"] });
    // A set switch of a stored file would change what a reload shows without saying so: still refused.
    expect(await keeper.change({ kind: "chooseSet", id: "std", setOverride: "customer" })).toMatchObject({
      kind: "refused",
    });
    // An add is kept in the tab beside the deletion.
    await add(keeper, file("new", "new.txt"));
    expect(notStoredView(keeper.tab())).toMatchObject({ paths: ["new.txt"], takenOut: ["old_KUNDESPEC.txt"] });

    fake.fail(null);
    const otherTab = keeperOn(fake.storage);
    await otherTab.read();
    await add(otherTab, file("other", "other.txt"));
    await keeper.read();
    expect(pathsShown(keeper)).toEqual(["std.txt", "new.txt", "other.txt"]);
    expect(notStoredView(keeper.tab())).toMatchObject({ paths: ["new.txt"], takenOut: ["old_KUNDESPEC.txt"] });

    expect(await keeper.change({ kind: "storeAgain", ids: ["new"] })).toEqual({ kind: "stored" });
    expect(notStoredView(keeper.tab())).toBeNull();
    expect(pathsShown(await reload(fake))).toEqual(["std.txt", "new.txt", "other.txt"]);
    // The deleted file's bytes went with the stored deletion.
    expect([...fake.bytes.keys()].sort()).toEqual(["new", "other", "std"]);
  });

  it("are stored deleted by Try again once there is room, even with no file left to store", async () => {
    const { fake, keeper } = await storedList();
    fake.fail("quota");
    await keeper.change({ kind: "delete", ids: ["std"] });
    fake.fail(null);
    expect(await keeper.change({ kind: "storeAgain", ids: [] })).toEqual({ kind: "stored" });
    expect(notStoredView(keeper.tab())).toBeNull();
    expect(pathsShown(await reload(fake))).toEqual(["old_KUNDESPEC.txt"]);
  });

  it("after Delete all, come back with Undo, and then nothing is pending", async () => {
    const { fake, keeper } = await storedList();
    fake.fail("quota");
    expect(await keeper.change({ kind: "deleteAll" })).toMatchObject({ kind: "notStored" });
    expect(keeper.tab().shown).toMatchObject({ files: [], label: "" });
    expect(notStoredView(keeper.tab())).toMatchObject({
      label: "",
      takenOut: ["old_KUNDESPEC.txt", "std.txt"],
    });
    // Another tab's change read meanwhile keeps this tab's Undo.
    fake.fail(null);
    await keeper.read();
    fake.fail("quota");
    // Storage still holds what Undo brings back: nothing to store.
    expect(await keeper.change({ kind: "undoDeleteAll" })).toEqual({ kind: "stored" });
    expect(pathsShown(keeper)).toEqual(["old_KUNDESPEC.txt", "std.txt"]);
    expect(keeper.tab().shown.label).toBe("Fjordview pool 2");
    expect(notStoredView(keeper.tab())).toBeNull();
  });

  it("after a stored Delete all, its Undo is still refused when storage refuses it (a reload would lose the files)", async () => {
    const { fake, keeper } = await storedList();
    await keeper.change({ kind: "deleteAll" });
    fake.fail("quota");
    expect(await keeper.change({ kind: "undoDeleteAll" })).toMatchObject({ kind: "refused" });
    expect(pathsShown(keeper)).toEqual([]);
  });

  it("and added again under their path: the reload names the file added as not kept, though its path is listed", async () => {
    // The app's own advice for an edited file: delete the listed one, then add the edited one again.
    const { fake, keeper } = await storedList();
    fake.fail("quota");
    await keeper.change({ kind: "delete", ids: ["old"] });
    await add(keeper, file("edited", "old_KUNDESPEC.txt"));
    expect(pathsShown(keeper)).toEqual(["std.txt", "old_KUNDESPEC.txt"]);
    const note = lastVisitNote(keeper.tab())!;

    const reloaded = await reload(fake);
    expect(reloaded.tab().shown.files.map((listed) => listed.id)).toEqual(["old", "std"]);
    expect(notKeptAfterReload(note, reloaded.tab().shown)).toEqual({
      paths: ["old_KUNDESPEC.txt"],
      label: null,
      cameBack: ["old_KUNDESPEC.txt"],
      otherFileListed: ["old_KUNDESPEC.txt"],
    });
  });

  it("with Delete all, and the next unit's files of the same names added: the reload names them and the label", async () => {
    const { fake, keeper } = await storedList();
    fake.fail("quota");
    await keeper.change({ kind: "deleteAll" });
    await add(keeper, file("nextStd", "std.txt"), file("nextCustomer", "old_KUNDESPEC.txt"));
    await keeper.change({ kind: "label", label: "Unit B" });
    const note = lastVisitNote(keeper.tab())!;

    const reloaded = await reload(fake);
    expect(notKeptAfterReload(note, reloaded.tab().shown)).toEqual({
      paths: ["std.txt", "old_KUNDESPEC.txt"],
      label: "Unit B",
      cameBack: ["old_KUNDESPEC.txt", "std.txt"],
      otherFileListed: ["std.txt", "old_KUNDESPEC.txt"],
    });
  });

  it("are what a reload the app offers would lose, with the files added and the label not stored", async () => {
    const { fake, keeper } = await storedList();
    expect(fileListReloadLoss(notStoredView(keeper.tab()))).toBeNull();
    fake.fail("quota");
    await keeper.change({ kind: "delete", ids: ["old"] });
    await add(keeper, file("new", "new.txt"));
    await keeper.change({ kind: "label", label: "Unit B" });
    expect(fileListReloadLoss(notStoredView(keeper.tab()))).toBe(
      "new.txt, the site/unit label “Unit B” and the deletion of old_KUNDESPEC.txt (the files deleted here come back)",
    );
  });

  it("noted by an older version (paths only): the reload still tells them by path", () => {
    const shown = { files: [{ ...file("old", "old_KUNDESPEC.txt"), stored: true }], label: "", deleted: null };
    const note = { label: null, since: clock, reason: "the browser's storage is full" };
    expect(
      notKeptAfterReload({ ...note, files: [{ path: "new.txt" }], takenOut: [{ path: "old_KUNDESPEC.txt" }] }, shown),
    ).toEqual({ paths: ["new.txt"], label: null, cameBack: ["old_KUNDESPEC.txt"], otherFileListed: [] });
  });
});

describe("a path another tab listed meanwhile (two tabs of one browser)", () => {
  it("leaves this tab's add of that path out and names it, with the file the list keeps", async () => {
    const { fake, keeper } = await storedList();
    const otherTab = keeperOn(fake.storage);
    await otherTab.read();
    // This tab read the list before the other tab's add was stored: its own view has no KUNDESPEC.txt.
    await add(otherTab, file("theirs", "KUNDESPEC.txt"));
    expect(await add(keeper, file("mine", "KUNDESPEC.txt"), file("more", "more.txt"))).toEqual({
      kind: "stored",
      pathTaken: [{ id: "mine", path: "KUNDESPEC.txt", listedId: "theirs" }],
    });
    expect(keeper.tab().shown.files.map((listed) => listed.id)).toEqual(["old", "std", "theirs", "more"]);
    expect(fake.bytes.has("mine")).toBe(false);
    expect((await reload(fake)).tab().shown.files.map((listed) => listed.id)).toEqual(["old", "std", "theirs", "more"]);
  });

  it("names it too when the tab knew the listed file and nothing is left to store (storage full)", async () => {
    const { fake, keeper } = await storedList();
    const otherTab = keeperOn(fake.storage);
    await otherTab.read();
    await add(otherTab, file("theirs", "KUNDESPEC.txt"));
    await keeper.read();
    fake.fail("quota");
    expect(await add(keeper, file("mine", "KUNDESPEC.txt"))).toEqual({
      kind: "stored",
      pathTaken: [{ id: "mine", path: "KUNDESPEC.txt", listedId: "theirs" }],
    });
    expect(keeper.tab().shown.files.map((listed) => listed.id)).toEqual(["old", "std", "theirs"]);
    expect(notStoredView(keeper.tab())).toBeNull();
  });

  it("leaves out of Undo of Delete all a file whose path another tab listed since, and names it", async () => {
    const { fake, keeper } = await storedList();
    await keeper.change({ kind: "deleteAll" });
    const otherTab = keeperOn(fake.storage);
    await otherTab.read();
    await add(otherTab, file("next", "old_KUNDESPEC.txt"));
    expect(await keeper.change({ kind: "undoDeleteAll" })).toEqual({
      kind: "stored",
      pathTaken: [{ id: "old", path: "old_KUNDESPEC.txt", listedId: "next" }],
    });
    expect(keeper.tab().shown.files.map((listed) => listed.id)).toEqual(["std", "next"]);
  });

  it("does not store this tab's unstored file beside another tab's stored file of its path: listed twice here, named", async () => {
    const { fake, keeper } = await storedList();
    fake.fail("quota");
    await add(keeper, file("mine", "KUNDESPEC.txt"));
    fake.fail(null);
    const otherTab = keeperOn(fake.storage);
    await otherTab.read();
    await add(otherTab, file("theirs", "KUNDESPEC.txt"));
    await keeper.read();
    expect(notStoredView(keeper.tab())).toMatchObject({ paths: ["KUNDESPEC.txt"], listedTwice: ["KUNDESPEC.txt"] });

    expect(await keeper.change({ kind: "storeAgain", ids: ["mine"] })).toEqual({
      kind: "stored",
      pathTaken: [{ id: "mine", path: "KUNDESPEC.txt", listedId: "theirs" }],
    });
    // Storage lists the path once, for every tab; this tab still holds its own file and names it.
    expect((await reload(fake)).tab().shown.files.map((listed) => listed.id)).toEqual(["old", "std", "theirs"]);
    expect(notStoredView(keeper.tab())).toMatchObject({ paths: ["KUNDESPEC.txt"], listedTwice: ["KUNDESPEC.txt"] });
    expect(new TextDecoder().decode(keeper.heldBytes("mine"))).toBe("mine");

    // Once the technician deleted the other one, this tab's is stored.
    await keeper.change({ kind: "delete", ids: ["theirs"] });
    expect(await keeper.change({ kind: "storeAgain", ids: ["mine"] })).toEqual({ kind: "stored" });
    expect((await reload(fake)).tab().shown.files.map((listed) => listed.id)).toEqual(["old", "std", "mine"]);
  });
});

describe("storage emptied under an open tab (site data cleared, or evicted)", () => {
  it("keeps the files it showed as stored, shown as not stored and named, when the next change is stored", async () => {
    const { fake, keeper } = await storedList();
    fake.clear();
    expect(await add(keeper, file("new", "new.txt"))).toEqual({ kind: "stored" });
    expect(pathsShown(keeper)).toEqual(["old_KUNDESPEC.txt", "std.txt", "new.txt"]);
    expect(keeper.tab().shown.label).toBe("Fjordview pool 2");
    // The label is stored again with the change; the files' bytes are gone.
    expect(notStoredView(keeper.tab())).toEqual({
      paths: ["old_KUNDESPEC.txt", "std.txt"],
      label: null,
      takenOut: [],
      listedTwice: [],
      contentsGone: ["old_KUNDESPEC.txt", "std.txt"],
      since: expect.any(Number),
      reason: storageClearedReason,
    });
    // Their bytes went with storage: Try again cannot store them, and says nothing is stored that was not.
    expect(keeper.heldBytes("old")).toBeUndefined();
    await keeper.change({ kind: "storeAgain", ids: ["old", "std"] });
    expect(notStoredView(keeper.tab())).toMatchObject({ paths: ["old_KUNDESPEC.txt", "std.txt"] });

    // Storage holds what was stored since; a reload names what it cannot bring back.
    const note = lastVisitNote(keeper.tab())!;
    const reloaded = await reload(fake);
    expect(pathsShown(reloaded)).toEqual(["new.txt"]);
    expect(reloaded.tab().shown.label).toBe("Fjordview pool 2");
    expect(notKeptAfterReload(note, reloaded.tab().shown)).toEqual({
      paths: ["old_KUNDESPEC.txt", "std.txt"],
      label: null,
      cameBack: [],
      otherFileListed: [],
    });
  });

  it("keeps them when the change that finds storage emptied is refused too", async () => {
    const { fake, keeper } = await storedList();
    fake.clear();
    fake.fail("quota");
    expect(await add(keeper, file("new", "new.txt"))).toEqual({
      kind: "notStored",
      reason: "the browser's storage is full",
    });
    expect(pathsShown(keeper)).toEqual(["old_KUNDESPEC.txt", "std.txt", "new.txt"]);
    expect(notStoredView(keeper.tab())).toMatchObject({ paths: ["old_KUNDESPEC.txt", "std.txt", "new.txt"] });
    // The added file's bytes are kept; the others' went with storage.
    expect(new TextDecoder().decode(keeper.heldBytes("new"))).toBe("new");
  });

  it("keeps them when the emptied list is only read (another tab's change, a visit back)", async () => {
    const { fake, keeper } = await storedList();
    fake.clear();
    await keeper.read();
    expect(pathsShown(keeper)).toEqual(["old_KUNDESPEC.txt", "std.txt"]);
    expect(notStoredView(keeper.tab())).toMatchObject({
      paths: ["old_KUNDESPEC.txt", "std.txt"],
      label: "Fjordview pool 2",
      reason: storageClearedReason,
    });
  });

  it("keeps them when another tab stored a new list in the emptied storage first", async () => {
    const { fake, keeper } = await storedList();
    fake.clear();
    const otherTab = keeperOn(fake.storage);
    await otherTab.read();
    await add(otherTab, file("other", "other.txt"));
    await keeper.change({ kind: "delete", ids: ["std"] });
    expect(pathsShown(keeper)).toEqual(["old_KUNDESPEC.txt", "other.txt"]);
    expect(notStoredView(keeper.tab())).toMatchObject({ paths: ["old_KUNDESPEC.txt"], reason: storageClearedReason });
    // This tab's own changes are stored again from then on, and another tab's deletions count again.
    await otherTab.read();
    await otherTab.change({ kind: "delete", ids: ["other"] });
    await keeper.read();
    expect(pathsShown(keeper)).toEqual(["old_KUNDESPEC.txt"]);
  });

  it("still takes out the files another tab deleted, with no notice", async () => {
    const { fake, keeper } = await storedList();
    const otherTab = keeperOn(fake.storage);
    await otherTab.read();
    await otherTab.change({ kind: "delete", ids: ["old"] });
    // This tab's next change comes before it heard of the deletion.
    await add(keeper, file("new", "new.txt"));
    expect(pathsShown(keeper)).toEqual(["std.txt", "new.txt"]);
    expect(notStoredView(keeper.tab())).toBeNull();
    await otherTab.read();
    await otherTab.change({ kind: "deleteAll" });
    await keeper.read();
    expect(pathsShown(keeper)).toEqual([]);
    expect(notStoredView(keeper.tab())).toBeNull();
  });

  it("keeps waiting for Undo the files whose bytes went with storage, and names them when Undo cannot bring them back", async () => {
    const { fake, keeper } = await storedList();
    await keeper.change({ kind: "deleteAll" });
    fake.clear();
    await add(keeper, file("new", "new.txt"));
    // The merge forgot them at Delete all, storage lost their bytes: Undo would bring back only the label.
    expect(cannotComeBack(keeper.tab().shown)).toEqual(["old_KUNDESPEC.txt", "std.txt"]);
    await keeper.read();
    // A second Delete all takes new.txt, which can come back; the first one's files are no longer waiting.
    await keeper.change({ kind: "deleteAll" });
    expect(cannotComeBack(keeper.tab().shown)).toEqual([]);
    expect(await keeper.change({ kind: "undoDeleteAll" })).toEqual({ kind: "stored" });
    expect(pathsShown(keeper)).toEqual(["new.txt"]);
  });

  it("Undo of a stored Delete all after storage was emptied says which files it could not bring back", async () => {
    const { fake, keeper } = await storedList();
    await keeper.change({ kind: "deleteAll" });
    fake.clear();
    expect(await keeper.change({ kind: "undoDeleteAll" })).toEqual({
      kind: "stored",
      goneWithStorage: ["old_KUNDESPEC.txt", "std.txt"],
    });
    expect(pathsShown(keeper)).toEqual([]);
    expect(keeper.tab().shown.label).toBe("Fjordview pool 2");
  });
});
