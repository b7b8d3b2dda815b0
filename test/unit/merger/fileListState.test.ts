/**
 * The rules of one file list shared by tabs: a path is listed (and stored) once, and what a change leaves out for
 * it is named (pathsTaken); a note inherited from a tab still open is not a reload (noteOfLastVisit).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  applyChange,
  cannotComeBack,
  givingWay,
  goneWithStorageBy,
  noteOfLastVisit,
  tabAfterStorageLost,
  tabRead,
  undoBringsBack,
  notStoredView,
  pathsTaken,
  placeInList,
  putBackIndex,
  withPastedNamesFree,
  type FileListChange,
  type FileListTab,
  type LastVisitNote,
  type ShownFile,
  type ShownFileList,
} from "~/lib/merger/fileListState";
import { listedTwiceText, notStoredNoticeText } from "~/lib/merger/fileListStorageText";
import type { ParameterSet } from "~/lib/merger/parameterSet";

const shown = (id: string, path: string, stored = true): ShownFile => ({ id, path, setOverride: null, stored });
const list = (files: ShownFile[], deleted: ShownFile[] | null = null): ShownFileList => ({
  files,
  label: "",
  deleted: deleted && { files: deleted, label: "Fjordview pool 2" },
});
const ids = (after: ShownFileList) => after.files.map((file) => file.id);

describe("pathsTaken: a path is listed once", () => {
  const listed = list([shown("std", "std.txt"), shown("theirs", "KUNDESPEC.txt")]);

  it("names the added files whose path is listed, with the file listed under it; applyChange leaves them out", () => {
    const change: FileListChange = {
      kind: "add",
      files: [
        { id: "mine", path: "KUNDESPEC.txt", setOverride: null },
        { id: "new", path: "new.txt", setOverride: null },
      ],
    };
    expect(pathsTaken(listed, change)).toEqual([{ id: "mine", path: "KUNDESPEC.txt", listedId: "theirs" }]);
    expect(ids(applyChange(listed, change, true))).toEqual(["std", "theirs", "new"]);
  });

  it("names the files Undo of Delete all cannot bring back, and brings back the others", () => {
    const afterDeleteAll = list(
      [shown("theirs", "KUNDESPEC.txt")],
      [shown("std", "std.txt"), shown("mine", "KUNDESPEC.txt")],
    );
    expect(pathsTaken(afterDeleteAll, { kind: "undoDeleteAll" })).toEqual([
      { id: "mine", path: "KUNDESPEC.txt", listedId: "theirs" },
    ]);
    expect(ids(applyChange(afterDeleteAll, { kind: "undoDeleteAll" }, true))).toEqual(["std", "theirs"]);
  });

  it("judges the Undo of a record's files on the list without them", () => {
    const afterReplace = list(
      [shown("rec", "KUNDESPEC.txt"), shown("theirs", "other.txt")],
      [shown("mine", "KUNDESPEC.txt"), shown("old", "other.txt")],
    );
    expect(pathsTaken(afterReplace, { kind: "undoReplace", ids: ["rec"] })).toEqual([
      { id: "old", path: "other.txt", listedId: "theirs" },
    ]);
  });

  it("does not store a tab's unstored file beside a stored file of its path (Try again), and stores the others", () => {
    const twice = list([
      shown("mine", "KUNDESPEC.txt", false),
      shown("new", "new.txt", false),
      shown("theirs", "KUNDESPEC.txt"),
    ]);
    const change: FileListChange = { kind: "storeAgain", ids: ["mine", "new"] };
    expect(pathsTaken(twice, change)).toEqual([{ id: "mine", path: "KUNDESPEC.txt", listedId: "theirs" }]);
    expect(applyChange(twice, change, true).files.map((file) => [file.id, file.stored])).toEqual([
      ["mine", false],
      ["new", true],
      ["theirs", true],
    ]);
  });

  it("takes nothing for a change that lists no file", () => {
    expect(pathsTaken(listed, { kind: "delete", ids: ["std"] })).toEqual([]);
    expect(pathsTaken(listed, { kind: "replace", files: [{ id: "r", path: "std.txt", setOverride: null }] })).toEqual(
      [],
    );
  });
});

describe("a file not stored beside another tab's stored file of its path", () => {
  it("is named as listed twice by the storage notice", () => {
    const tab: FileListTab = {
      stored: { files: [{ id: "theirs", path: "KUNDESPEC.txt", setOverride: null }], label: "", deleted: null },
      shown: list([shown("mine", "KUNDESPEC.txt", false), shown("theirs", "KUNDESPEC.txt")]),
      notStored: { since: Date.UTC(2026, 10, 25, 9, 5), reason: "the browser's storage is full" },
      unreadable: null,
      readBefore: true,
    };
    const view = notStoredView(tab)!;
    expect(view).toMatchObject({ paths: ["KUNDESPEC.txt"], listedTwice: ["KUNDESPEC.txt"] });
    expect(notStoredNoticeText({ unreadable: null, readBefore: true, notStored: view })).toContain(
      " KUNDESPEC.txt is listed twice: another tab stored a file of this name meanwhile, and this tab's is not stored beside it. Delete both, then add the one you mean again. ",
    );
  });

  it("says several by name", () => {
    expect(listedTwiceText(["a.txt", "b.txt"])).toBe(
      "a.txt, b.txt are listed twice: another tab stored files of these names meanwhile, and this tab's are not stored beside them. Delete both of each, then add the ones you mean again.",
    );
  });
});

describe("noteOfLastVisit: a note found at the start of a visit", () => {
  const note: LastVisitNote = {
    files: [{ id: "new", path: "new_KUNDESPEC.txt" }],
    label: null,
    takenOut: [],
    since: Date.UTC(2026, 10, 25, 9, 5),
    reason: "the browser's storage is full",
    visit: "visit-1",
  };

  it("is the last visit's when the visit that left it is gone (a reload)", () => {
    expect(noteOfLastVisit(note, false)).toBe(note);
  });

  it("is not when that visit is still open in another tab (Duplicate tab copied its sessionStorage)", () => {
    expect(noteOfLastVisit(note, true)).toBeNull();
  });

  it("of an older version (no visit named) is taken as the last visit's, as before", () => {
    const older: LastVisitNote = { ...note, visit: undefined };
    expect(noteOfLastVisit(older, true)).toBe(older);
    expect(noteOfLastVisit(null, false)).toBeNull();
  });
});

describe("Undo after the browser's storage was cleared (G3): what it cannot bring back is named, never dropped", () => {
  const lostFile = (id: string, path: string): ShownFile => ({ ...shown(id, path, false), onlyInMerge: true });
  const storedTab = (shownList: ShownFileList): FileListTab => ({
    stored: {
      files: shownList.files.filter((file) => file.stored),
      label: shownList.label,
      deleted: shownList.deleted && { ...shownList.deleted, files: shownList.deleted.files.filter((f) => f.stored) },
      mark: "first",
    },
    shown: shownList,
    notStored: null,
    unreadable: null,
    readBefore: true,
  });

  it("Delete all keeps the files whose bytes went waiting with the others; Undo brings back only the others", () => {
    const before = list([lostFile("std", "std.txt"), shown("new", "new.txt", false)]);
    const afterDeleteAll = applyChange(before, { kind: "deleteAll" }, true);
    expect(cannotComeBack(afterDeleteAll)).toEqual(["std.txt"]);
    expect(undoBringsBack(afterDeleteAll)).toBe(true);
    expect(goneWithStorageBy(afterDeleteAll, { kind: "undoDeleteAll" })).toEqual(["std.txt"]);
    expect(ids(applyChange(afterDeleteAll, { kind: "undoDeleteAll" }, true))).toEqual(["new"]);
    expect(pathsTaken(afterDeleteAll, { kind: "undoDeleteAll" })).toEqual([]);
  });

  it("Undo brings back nothing when every file's bytes went and there was no label: not offered", () => {
    const afterDeleteAll = applyChange(list([lostFile("std", "std.txt")]), { kind: "deleteAll" }, true);
    expect(undoBringsBack(afterDeleteAll)).toBe(false);
    expect(cannotComeBack(afterDeleteAll)).toEqual(["std.txt"]);
  });

  it("storage cleared while a stored Delete all waits for Undo: its files wait on, named as gone with storage", () => {
    const tab = storedTab({
      files: [],
      label: "",
      deleted: { files: [shown("std", "std.txt"), shown("kunde", "KUNDESPEC.txt")], label: "Fjordview pool 2" },
    });
    const after = tabAfterStorageLost(
      tab,
      { files: [], label: "", deleted: null },
      "the browser's storage was cleared",
      0,
    );
    expect(cannotComeBack(after.shown)).toEqual(["std.txt", "KUNDESPEC.txt"]);
    expect(goneWithStorageBy(after.shown, { kind: "undoDeleteAll" })).toEqual(["std.txt", "KUNDESPEC.txt"]);
    // The label still comes back.
    expect(applyChange(after.shown, { kind: "undoDeleteAll" }, true)).toMatchObject({
      files: [],
      label: "Fjordview pool 2",
    });
  });
});

describe("a file whose contents went with storage holds its path for nothing (G5, G6)", () => {
  const gone = (id: string, path: string): ShownFile => ({ ...shown(id, path, false), onlyInMerge: true });
  const listed = list([gone("std", "std.txt"), gone("kunde", "KUNDESPEC.txt"), shown("new", "new.txt", false)]);

  it("the same file added again takes its place (to be stored), not refused as listed", () => {
    const change: FileListChange = {
      kind: "add",
      files: [
        { id: "kunde-again", path: "KUNDESPEC.txt", setOverride: null },
        { id: "other", path: "other.txt", setOverride: null },
      ],
    };
    expect(pathsTaken(listed, change)).toEqual([]);
    const after = applyChange(listed, change, true);
    expect(ids(after)).toEqual(["std", "kunde-again", "new", "other"]);
    expect(after.files[1]).toEqual({ id: "kunde-again", path: "KUNDESPEC.txt", setOverride: null, stored: true });
  });

  it("the same file added again keeps the set the technician chose for the listed one (J3)", () => {
    // kunde.txt has no KUNDESPEC in its path: the technician chose Customer; picked again, it comes with no choice.
    const chosen = list([{ ...gone("kunde", "kunde.txt"), setOverride: "customer" }, gone("std", "std.txt")]);
    const after = applyChange(
      chosen,
      { kind: "add", files: [{ id: "kunde-again", path: "kunde.txt", setOverride: null, size: 16 }] },
      true,
    );
    expect(after.files).toEqual([
      { id: "kunde-again", path: "kunde.txt", setOverride: "customer", size: 16, stored: true },
      { ...gone("std", "std.txt") },
    ]);
  });

  it("a listed file replaced by the same file added again keeps its place and every choice the technician made", () => {
    const set = fc.constantFrom<ParameterSet | null>(null, "standard", "customer");
    const listedFile = fc.record({ set, gone: fc.boolean(), stored: fc.boolean(), addedAgain: fc.boolean() });
    fc.assert(
      fc.property(
        fc.array(listedFile, { maxLength: 8 }),
        fc.nat(3),
        fc.array(set, { maxLength: 8 }),
        fc.boolean(),
        (entries, newCount, addedSets, stored) => {
          const before = list(
            entries.map(({ set, gone, stored }, index) => ({
              id: `listed-${index}`,
              path: `f${index}.txt`,
              setOverride: set,
              stored: stored && !gone,
              ...(gone ? { onlyInMerge: true as const } : {}),
            })),
          );
          // Picked again: the listed files whose contents went with storage, as the technician picks them (any set,
          // mostly none), and new files.
          const files = [
            ...entries.flatMap(({ gone, addedAgain }, index) => (gone && addedAgain ? [index] : [])),
            ...Array.from({ length: newCount }, (_, index) => entries.length + index),
          ].map((index, position) => ({
            id: `added-${index}`,
            path: `f${index}.txt`,
            setOverride: addedSets[position] ?? null,
          }));
          const after = applyChange(before, { kind: "add", files }, stored);
          const choices = (file: ShownFile) => ({ path: file.path, setOverride: file.setOverride });
          expect(after.files.slice(0, before.files.length).map(choices)).toEqual(before.files.map(choices));
          after.files.slice(0, before.files.length).forEach((file, index) => {
            const replaced = entries[index]!.gone && entries[index]!.addedAgain;
            expect(file.id).toBe(replaced ? `added-${index}` : `listed-${index}`);
          });
          expect(after.files.slice(before.files.length).map((file) => file.id)).toEqual(
            files.slice(files.length - newCount).map((file) => file.id),
          );
        },
      ),
    );
  });

  it("gives way to another tab's stored file of its path, which takes its place in the list; givingWay names it (J6)", () => {
    const tab: FileListTab = {
      stored: { files: [], label: "", deleted: null },
      shown: listed,
      notStored: { since: 0, reason: "the browser's storage was cleared" },
      unreadable: null,
      readBefore: true,
    };
    const fresh = {
      files: [{ id: "theirs", path: "KUNDESPEC.txt", setOverride: "standard" as const }],
      label: "",
      deleted: null,
      mark: "new",
    };
    const after = tabRead(tab, fresh);
    // new.txt stays after it: list order decides which duplicate PAR.txt takes.
    expect(after.shown.files.map((file) => [file.id, file.stored])).toEqual([
      ["std", false],
      ["theirs", true],
      ["new", false],
    ]);
    expect(givingWay(tab, fresh)).toEqual([
      { path: "KUNDESPEC.txt", id: "kunde", setOverride: null, storedId: "theirs", storedSetOverride: "standard" },
    ]);
  });

  it("the notice says how to store them again", () => {
    const view = notStoredView({
      stored: { files: [], label: "", deleted: null },
      shown: listed,
      notStored: { since: 0, reason: "the browser's storage was cleared" },
      unreadable: null,
      readBefore: true,
    });
    expect(view?.contentsGone).toEqual(["std.txt", "KUNDESPEC.txt"]);
    expect(notStoredNoticeText({ unreadable: null, readBefore: true, notStored: view })).toContain(
      "Their stored contents went with the browser's storage: to store them again, add the same files again.",
    );
  });
});

describe("placeInList and putBackIndex: Undo of one delete puts a file back by its neighbours, not its index (H6)", () => {
  const ids = (...names: string[]) => names.map((id) => ({ id }));

  it("keeps the files before it (nearest first) and after it", () => {
    expect(placeInList(ids("s1", "s2", "s3", "s4"), "s3")).toEqual({ before: ["s2", "s1"], after: ["s4"] });
  });

  it("goes back before the file that followed it, though a file before it left meanwhile", () => {
    const place = placeInList(ids("s1", "s2", "s3"), "s2");
    expect(putBackIndex(ids("s3"), place)).toEqual({ at: 0, known: true });
    expect(putBackIndex(ids("new", "s1", "s3"), place)).toEqual({ at: 2, known: true });
  });

  it("goes back after the nearest file before it when none that followed it is listed", () => {
    const place = placeInList(ids("s1", "s2", "s3", "s4"), "s3");
    expect(putBackIndex(ids("s1", "new"), place)).toEqual({ at: 1, known: true });
    expect(putBackIndex(ids("s2", "s1", "new"), place)).toEqual({ at: 1, known: true });
  });

  it("goes to the end when none of its neighbours is listed, and says its place is not known among other files", () => {
    const place = placeInList(ids("s1", "s2"), "s1");
    expect(putBackIndex(ids("s3", "s4"), place)).toEqual({ at: 2, known: false });
    expect(putBackIndex([], place)).toEqual({ at: 0, known: true });
  });

  it("applyChange puts the file back there", () => {
    const shown = (id: string): ShownFile => ({ id, path: `${id}.txt`, setOverride: null, size: 1, stored: true });
    const list: ShownFileList = { files: [shown("s3")], label: "", deleted: null };
    const change: FileListChange = {
      kind: "add",
      files: [{ id: "s2", path: "s2.txt", setOverride: null, size: 1 }],
      place: { before: ["s1"], after: ["s3"] },
    };
    expect(applyChange(list, change, true).files.map((file) => file.id)).toEqual(["s2", "s3"]);
  });
});

describe("withPastedNamesFree: an add's pasted texts are named against the list the transaction reads (H8)", () => {
  it("renames only the pasted texts whose name another tab listed meanwhile", () => {
    const list: ShownFileList = {
      files: [{ id: "theirs", path: "pasted-1.txt", setOverride: null, size: 1, stored: true }],
      label: "",
      deleted: null,
    };
    const change: FileListChange = {
      kind: "add",
      files: [
        { id: "mine", path: "pasted-1.txt", setOverride: null, size: 1 },
        { id: "picked", path: "std.txt", setOverride: null, size: 1 },
      ],
      pastedIds: ["mine"],
    };
    expect(withPastedNamesFree(list, change)).toEqual({
      ...change,
      files: [
        { id: "mine", path: "pasted-2.txt", setOverride: null, size: 1 },
        { id: "picked", path: "std.txt", setOverride: null, size: 1 },
      ],
    });
    expect(pathsTaken(list, { ...change, pastedIds: [] })).toEqual([
      { id: "mine", path: "pasted-1.txt", listedId: "theirs" },
    ]);
  });
});

describe("Undo of one delete and of Delete all, in either order (J2), and of an earlier Delete all (J4)", () => {
  const file = (id: string): ShownFile => shown(id, `${id}.txt`);
  const abc = list([file("a"), file("b"), file("c")]);
  const deleteOne = (before: ShownFileList, id: string) => ({
    after: applyChange(before, { kind: "delete", ids: [id] }, true),
    // As the handler keeps it: the file with its set, and where it stood.
    undo: {
      kind: "add",
      files: before.files
        .filter((listed) => listed.id === id)
        .map(({ path, setOverride }) => ({ id, path, setOverride })),
      place: placeInList(before.files, id),
    } satisfies FileListChange,
  });

  it("puts a, b, c back as they were: Undo of a's delete first, then Undo of Delete all", () => {
    const { after, undo } = deleteOne(abc, "a");
    const deleted = applyChange(after, { kind: "deleteAll", id: "all" }, true);
    const aBack = applyChange(deleted, undo, true);
    expect(ids(aBack)).toEqual(["a"]);
    expect(ids(applyChange(aBack, { kind: "undoDeleteAll", id: "all" }, true))).toEqual(["a", "b", "c"]);
  });

  it("Undo of an earlier Delete all brings back what it took, not what a later Delete all took", () => {
    const unit1 = applyChange(abc, { kind: "deleteAll", id: "first" }, true);
    const x = applyChange(unit1, { kind: "add", files: [{ id: "x", path: "x.txt", setOverride: null }] }, true);
    const unit2 = applyChange(x, { kind: "deleteAll", id: "second" }, true);
    // Without what this tab kept of the first Delete all, nothing comes back (the caller names the files).
    expect(applyChange(unit2, { kind: "undoDeleteAll", id: "first" }, true)).toEqual(unit2);
    const held = { files: abc.files.map(({ id, path, setOverride }) => ({ id, path, setOverride })), label: "" };
    const first = applyChange(unit2, { kind: "undoDeleteAll", id: "first", held }, true);
    expect(ids(first)).toEqual(["a", "b", "c"]);
    expect(first.deleted?.files.map((waiting) => waiting.id)).toEqual(["x"]);
    expect(ids(applyChange(first, { kind: "undoDeleteAll", id: "second" }, true))).toEqual(["x", "a", "b", "c"]);
  });

  it("holds for any list, any file deleted before Delete all, and either order of the two Undos", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 8 }),
        fc.nat(),
        fc.boolean(),
        fc.boolean(),
        (count, pick, customer, singleFirst) => {
          const files = Array.from({ length: count }, (_, index) => ({
            ...file(`f${index}`),
            setOverride: customer && index % 2 === 0 ? ("customer" as const) : null,
          }));
          const before = list(files);
          const id = files[pick % count]!.id;
          const { after, undo } = deleteOne(before, id);
          const deleted = applyChange(after, { kind: "deleteAll", id: "all" }, true);
          const undoAll: FileListChange = { kind: "undoDeleteAll", id: "all" };
          const undone = singleFirst
            ? applyChange(applyChange(deleted, undo, true), undoAll, true)
            : applyChange(applyChange(deleted, undoAll, true), undo, true);
          expect(undone.files.map(({ id: fileId, setOverride }) => ({ fileId, setOverride }))).toEqual(
            files.map(({ id: fileId, setOverride }) => ({ fileId, setOverride })),
          );
          expect(undone.deleted).toBeNull();
        },
      ),
    );
  });

  it("each Delete all's Undo brings back exactly what it took, whatever Delete alls came after and in any order", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 4 }),
        fc.array(fc.nat(), { maxLength: 4 }),
        (unitSizes, undoPicks) => {
          // Unit after unit: its files listed, then Delete all; this tab keeps what each one took.
          let shownList = list([]);
          const took = new Map<string, ShownFile[]>();
          unitSizes.forEach((size, unit) => {
            const unitFiles = Array.from({ length: size }, (_, index) => file(`u${unit}-${index}`));
            shownList = applyChange(shownList, { kind: "add", files: unitFiles }, true);
            took.set(`d${unit}`, unitFiles);
            shownList = applyChange(shownList, { kind: "deleteAll", id: `d${unit}` }, true);
          });
          const open = [...took.keys()];
          const order = undoPicks.map((pick) => open.splice(pick % Math.max(open.length, 1), 1)[0]).filter(Boolean);
          for (const deletion of [...order, ...open] as string[]) {
            const listedBefore = new Set(ids(shownList));
            const held = { files: took.get(deletion)!, label: "" };
            shownList = applyChange(shownList, { kind: "undoDeleteAll", id: deletion, held }, true);
            const cameBack = ids(shownList).filter((listedId) => !listedBefore.has(listedId));
            expect(cameBack).toEqual(took.get(deletion)!.map((taken) => taken.id));
          }
        },
      ),
    );
  });
});

describe("Undo of loading a record's files, after a Delete all or another load (K3)", () => {
  const file = (id: string): ShownFile => shown(id, `${id}.txt`);
  const listed = (files: readonly ShownFile[]) => files.map(({ id, path, setOverride }) => ({ id, path, setOverride }));
  const load = (before: ShownFileList, id: string, files: ShownFile[]) =>
    applyChange(before, { kind: "replace", id, files: listed(files) }, true);
  const x = list([file("x")]);
  const record = [file("a"), file("b")];

  it("after Delete all, brings back the list the load replaced (this tab held it), not the files Delete all took", () => {
    const deleted = applyChange(load(x, "load", record), { kind: "deleteAll", id: "all" }, true);
    const held = { files: listed(x.files), label: "" };
    const undone = applyChange(deleted, { kind: "undoReplace", ids: ["a", "b"], id: "load", held }, true);
    expect(ids(undone)).toEqual(["x"]);
    // What Delete all took still waits for its own Undo.
    expect(undone.deleted?.files.map((waiting) => waiting.id)).toEqual(["a", "b"]);
    // Without what this tab held of the load, the list stays as it is (the caller names what cannot come back).
    expect(applyChange(deleted, { kind: "undoReplace", ids: ["a", "b"], id: "load" }, true)).toEqual(deleted);
  });

  it("after a second load, brings back the list the first one replaced, not the first record's files", () => {
    const second = load(load(x, "first", record), "second", [file("c")]);
    const held = { files: listed(x.files), label: "" };
    const undone = applyChange(second, { kind: "undoReplace", ids: ["a", "b"], id: "first", held }, true);
    expect(ids(undone)).toEqual(["x", "c"]);
    expect(pathsTaken(second, { kind: "undoReplace", ids: ["a", "b"], id: "first", held })).toEqual([]);
  });

  it("brings back exactly the list it replaced, whatever Delete alls and loads came after", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4 }),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 4 }),
        (beforeSize, laterIsLoad) => {
          const before = list(Array.from({ length: beforeSize }, (_, index) => file(`x${index}`)));
          let shownList = load(before, "load", record);
          laterIsLoad.forEach((isLoad, index) => {
            shownList = isLoad
              ? load(shownList, `later${index}`, [file(`r${index}`)])
              : applyChange(shownList, { kind: "deleteAll", id: `later${index}` }, true);
          });
          const listedBefore = new Set(ids(shownList));
          const held = { files: listed(before.files), label: "" };
          const undone = applyChange(shownList, { kind: "undoReplace", ids: ["a", "b"], id: "load", held }, true);
          const cameBack = ids(undone).filter((listedId) => !listedBefore.has(listedId));
          expect(cameBack).toEqual(ids(before));
          // Nothing a later Delete all or load took comes back, and the record's files are not listed.
          expect(ids(undone).filter((listedId) => !before.files.some((kept) => kept.id === listedId))).toEqual(
            ids(shownList).filter((listedId) => listedId !== "a" && listedId !== "b"),
          );
        },
      ),
    );
  });
});

describe("Undo of an older Delete all that brings back no file (K5)", () => {
  const shown = (id: string, path: string) => ({ id, path, setOverride: null, stored: true as const });

  it("leaves the site/unit label typed since; with its files, the label comes back", () => {
    const list = { files: [shown("y", "y.txt")], label: "Site C (new unit)", deleted: null };
    const none = applyChange(
      list,
      { kind: "undoDeleteAll", id: "d1", held: { files: [], label: "Site A", id: "d1" } },
      true,
    );
    expect(none.label).toBe("Site C (new unit)");
    expect(none.files.map((file) => file.id)).toEqual(["y"]);
    const some = applyChange(
      { ...list, label: "" },
      { kind: "undoDeleteAll", id: "d1", held: { files: [shown("a", "a.txt")], label: "Site A", id: "d1" } },
      true,
    );
    expect(some.label).toBe("Site A");
  });
});
