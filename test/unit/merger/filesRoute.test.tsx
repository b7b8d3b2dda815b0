// IndexedDB as in a browser: records and files are kept, as the toasts then say.
import "fake-indexeddb/auto";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { notifications } from "@mantine/notifications";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { addFilesFormData } from "~/lib/merger/browser/addedFiles";
import { createEditingLock } from "~/lib/merger/browser/editingLock";
import { createFileListStore, getFileListStore } from "~/lib/merger/browser/fileListStore";
import { getMergeClient } from "~/lib/merger/browser/mergeClient";
import { getCardFolder } from "~/lib/card/browser/cardFolder";
import { refusedShareMarked } from "~/lib/merger/browser/sharedFiles";
import { changeMadeText, fileListTexts } from "~/lib/merger/fileListTexts";
import { planChange } from "~/lib/merger/fileListVersions";
import { refusedShareMarkPath, sharedFilesCacheName } from "~/lib/merger/sharedFiles";
import { heldOnlyInTab } from "~/lib/shell/browser/heldOnlyInTab";
import { openKeyValueStore } from "~/lib/shell/browser/indexedDb";
import { takeToast } from "../takeToast";
import Files, { clientAction, clientLoader, shouldRevalidate } from "~/routes/files";
import { fakeCacheStorage } from "../fakeCacheStorage";
import { renderApp } from "../renderApp";
import { storageFull } from "../storageFull";
import { fileListIntents } from "~/lib/merger/fileListIntents";
import { notAddedTexts, toastMessages } from "~/lib/shell/toastMessages";

vi.mock("~/lib/shell/browser/saveFile", () => ({ saveFile: vi.fn() }));
const { saveFile } = await import("~/lib/shell/browser/saveFile");

/** The name and exact text of the one file the action handed to the browser. */
function savedFile() {
  expect(saveFile).toHaveBeenCalledTimes(1);
  const [fileName, content] = vi.mocked(saveFile).mock.calls[0]!;
  return { fileName, text: typeof content === "string" ? content : new TextDecoder().decode(content) };
}

const textFile = (name: string, content: string, type = "text/plain") => new File([content], name, { type });

async function post(formData: FormData) {
  const request = new Request("http://localhost/files", { method: "POST", body: formData });
  const response = await clientAction({ request, params: {}, serverAction: async () => undefined as never });
  const toast = await takeToast();
  return { response, toast };
}

function act(fields: [string, string | File][]) {
  const formData = new FormData();
  for (const [name, value] of fields) formData.append(name, value);
  return post(formData);
}

const add = (...files: [path: string, file: File][]) =>
  act([
    ["intent", fileListIntents.add],
    ...files.flatMap(([path, file]): [string, string | File][] => [
      ["file", file],
      ["fileInfo", JSON.stringify({ path, type: file.type })],
    ]),
  ]);

async function load(search = "") {
  return clientLoader({
    request: new Request(`http://localhost/files${search}`),
    params: {},
    serverLoader: async () => undefined as never,
  });
}

/**
 * Lets the tab's other work (storage, the merge, the router) run until `done`, or for as many turns of the event loop
 * as all of it takes many times over: a count of turns, not a time.
 */
async function letOtherWorkRun(done: () => boolean, turns = 1000) {
  for (let turn = 0; turn < turns && !done(); turn++) await new Promise((resolve) => setImmediate(resolve));
}

/** The list's version now: what Delete all and Undo tapped on the screen as it is name. */
async function shownVersion() {
  return String((await getFileListStore().read()).history.current.version);
}

const deleteAll = async (version?: string) =>
  act([
    ["intent", fileListIntents.deleteAll],
    ["version", version ?? (await shownVersion())],
  ]);
const undo = async (version?: string) =>
  act([
    ["intent", fileListIntents.undo],
    ["version", version ?? (await shownVersion())],
  ]);

beforeEach(async () => {
  // A notification a test left on screen would show in the next one: the notifications' store outlives a render.
  notifications.clean();
  await getFileListStore().change((history) => planChange(history, { kind: "deleteAll" }));
  await getMergeClient().forgetCard();
  vi.mocked(saveFile).mockClear();
  // The notice of files left out by an earlier test's adds is closed: it is not shown.
  await act([
    ["intent", fileListIntents.closeNotAdded],
    ["add", String(Number.MAX_SAFE_INTEGER)],
  ]);
});

describe("/files clientAction", () => {
  it("adds text files with their paths and refuses other types with the spec's toast", async () => {
    const { response } = await add(
      ["std/a.txt", textFile("a.txt", "P1\r\n1\r\n")],
      ["photo.png", textFile("photo.png", "x", "image/png")],
      ["KUNDESPEC/b.txt", textFile("b.txt", "P1\r\n2\r\n", "")],
    );
    expect(response).toEqual({
      refusals: [{ message: "Wrong file format. Text files only!", description: "Not added: photo.png" }],
    });
    const { preview } = await load();
    // One pick is added in natural path order, whatever order the browser listed it in.
    expect(preview.files.map((file) => [file.path, file.set])).toEqual([
      ["KUNDESPEC/b.txt", "customer"],
      ["std/a.txt", "standard"],
    ]);
    expect(preview).toMatchObject({ parameterCount: 1, rewrittenCount: 1, addedCount: 0 });
  });

  it("refuses a path that is already listed with the spec's toast", async () => {
    await add(["std/a.txt", textFile("a.txt", "P1\n1\n")]);
    const { response } = await add(["std/a.txt", textFile("a.txt", "P1\n1\n")]);
    expect(response).toEqual({
      refusals: [{ message: "File already imported!", description: "Not added: std/a.txt" }],
    });
    expect((await load()).preview.files).toHaveLength(1);
  });

  it("says when a refused file has other content than the listed one: an edited file picked again", async () => {
    await add(["std/a.txt", textFile("a.txt", "P1\n1\n")], ["KUNDESPEC/k.txt", textFile("k.txt", "P1\nOLD\n")]);
    const { response } = await add(
      ["KUNDESPEC/k.txt", textFile("k.txt", "P1\nNEW\n")],
      ["std/a.txt", textFile("a.txt", "P1\n1\n")],
    );
    expect(response).toEqual({
      refusals: [
        { message: "File already imported!", description: "Not added: std/a.txt" },
        { message: "File already imported!", description: "Not added: KUNDESPEC/k.txt" },
      ],
    });
    // The toast is the verdict; the notice kept above the list says why.
    expect((await load()).notAdded?.lines).toContainEqual({
      paths: ["KUNDESPEC/k.txt"],
      reason: notAddedTexts.reasons.alreadyImportedWithOtherContent(1),
    });
  });

  it("says it in the plural when several edited files are picked again", async () => {
    await add(["a.txt", textFile("a.txt", "P1\n1\n")], ["b.txt", textFile("b.txt", "P2\n2\n")]);
    const { response } = await add(["a.txt", textFile("a.txt", "P1\n5\n")], ["b.txt", textFile("b.txt", "P2\n6\n")]);
    expect(response).toEqual({
      refusals: [{ message: "File already imported!", description: "Not added: a.txt, b.txt" }],
    });
    expect((await load()).notAdded?.lines).toContainEqual({
      paths: ["a.txt", "b.txt"],
      reason: notAddedTexts.reasons.alreadyImportedWithOtherContent(2),
    });
  });

  it.each([
    ["in one order", ["99", "10"]],
    ["in the other", ["10", "99"]],
  ])(
    "uses neither of two files with one name and other content in one pick, listed by the device %s",
    async (_, [firstValue, secondValue]) => {
      // A picker's "Recent" view hands over names only: both customer files arrive as KUNDESPEC.txt.
      const { response } = await add(
        ["std.txt", textFile("std.txt", "P001\n1\nP002\n2\n")],
        ["KUNDESPEC.txt", textFile("KUNDESPEC.txt", `P001\n${firstValue}\n`)],
        ["KUNDESPEC.txt", textFile("KUNDESPEC.txt", `P001\n${secondValue}\n`)],
      );
      expect(response).toEqual({
        refusals: [
          {
            message: "Files with one name and different content",
            description: "Not added: KUNDESPEC.txt",
          },
        ],
      });
      const { preview } = await load();
      expect(preview.files.map((file) => file.path)).toEqual(["std.txt"]);
      expect(preview).toMatchObject({ parameterCount: 2, rewrittenCount: 0 });
    },
  );

  it.each([
    ["the first", 0],
    ["the second", 1],
  ])(
    "uses none of two files with one name in one pick when %s cannot be read (gone from the disk after the pick)",
    async (_, unreadableIndex) => {
      // The same bytes as far as the pick tells: only reading could tell them apart, and one cannot be read.
      const namesakes = [textFile("KUNDESPEC.txt", "P001\n10\n"), textFile("KUNDESPEC.txt", "P001\n10\n")];
      namesakes[unreadableIndex]!.arrayBuffer = () => Promise.reject(new DOMException("gone", "NotReadableError"));
      // Held beside the form as the screen hands picked files over, so the unreadable file reaches the action.
      const formData = addFilesFormData([textFile("std.txt", "P001\n1\nP002\n2\n"), ...namesakes]);
      const request = new Request("http://localhost/files", { method: "POST", body: formData });
      const response = await clientAction({ request, params: {}, serverAction: async () => undefined as never });
      // Not "File already imported!": neither file is in, and one of them was never read to be compared.
      expect(response).toEqual({
        refusals: [
          {
            message: "Files with one name and different content",
            description: "Not added: KUNDESPEC.txt",
          },
          { message: toastMessages.filesNotRead, description: "Not added: KUNDESPEC.txt" },
        ],
      });
      expect((await load()).preview.files.map((file) => file.path)).toEqual(["std.txt"]);
    },
  );

  it("takes a name spelled decomposed (macOS) and composed (Windows) for one name", async () => {
    const formData = addFilesFormData([
      textFile("KUNDESPEC_Mu\u0308ller.txt", "P001\n10\n"),
      textFile("KUNDESPEC_M\u00fcller.txt", "P001\n99\n"),
    ]);
    const request = new Request("http://localhost/files", { method: "POST", body: formData });
    const response = await clientAction({ request, params: {}, serverAction: async () => undefined as never });
    expect(response).toMatchObject({
      refusals: [
        {
          message: "Files with one name and different content",
          description: "Not added: KUNDESPEC_M\u00fcller.txt",
        },
      ],
    });
    expect((await load()).preview.files).toEqual([]);
  });

  it("adds one of two files with one name and the same content in one pick", async () => {
    const { response } = await add(
      ["KUNDESPEC.txt", textFile("KUNDESPEC.txt", "P001\n10\n")],
      ["KUNDESPEC.txt", textFile("KUNDESPEC.txt", "P001\n10\n")],
    );
    expect(response).toEqual({
      refusals: [{ message: "File already imported!", description: "Not added: KUNDESPEC.txt" }],
    });
    expect((await load()).preview.files.map((file) => file.path)).toEqual(["KUNDESPEC.txt"]);
  });

  it("says which value PAR.txt uses in every problem that names one, checked against the merge", async () => {
    await add(
      ["site/Standard/basis.txt", textFile("basis.txt", "P0120\n1\nP0200\n2\n")],
      ["site/KUNDESPEC/kunde.txt", textFile("kunde.txt", "PO120\n5\nP0120\n7\nP0200\n20\n")],
    );
    await add(["basis.txt", textFile("basis.txt", "P0200\n3\n")]);
    const { preview } = await load();
    expect(preview.problems.map((problem) => problem.message)).toEqual([
      "Line 1: PO120 is not in the standard set but looks like P0120 mistyped: letter O for the digit 0. PAR.txt gets PO120 as a new code beside P0120, which has the customer value of site/KUNDESPEC/kunde.txt line 3; check the customer file.",
      "Line 1: P0200 appears again in the standard set (first in site/Standard/basis.txt line 3); PAR.txt uses the customer's value of site/KUNDESPEC/kunde.txt line 5, not this one.",
    ]);
  });

  it("keeps a folder spelled with the Kelvin sign or a long s standard, with a problem that says how", async () => {
    await add(
      ["site/\u212aUNDESPEC/k.txt", textFile("k.txt", "P1\n2\n")],
      ["site/Kunde\u017fpec/s.txt", textFile("s.txt", "P2\n3\n")],
      ["site/standard/std.txt", textFile("std.txt", "P1\n1\nP2\n1\n")],
    );
    const { preview } = await load();
    expect(preview.files.map((file) => [file.path, file.set])).toEqual([
      ["site/\u212aUNDESPEC/k.txt", "standard"],
      ["site/Kunde\u017fpec/s.txt", "standard"],
      ["site/standard/std.txt", "standard"],
    ]);
    expect(
      preview.problems
        .filter((problem) => problem.kind === "look-alike-customer-path")
        .map((problem) => problem.message),
    ).toEqual([
      'site/\u212aUNDESPEC/k.txt counts as a standard file, but "\u212aUNDESPEC" in its path reads as KUNDESPEC, spelled with "\u212a" (U+212A) for "K": only the exact letters KUNDESPEC make a customer file. If it holds the customer\'s values, switch it to Customer; once you confirm, it is merged as a standard file.',
      'site/Kunde\u017fpec/s.txt counts as a standard file, but "Kunde\u017fpec" in its path reads as KUNDESPEC, spelled with "\u017f" (U+017F) for "s": only the exact letters KUNDESPEC make a customer file. If it holds the customer\'s values, switch it to Customer; once you confirm, it is merged as a standard file.',
    ]);
  });

  it("switches a file's set, and choosing what the path says removes the override", async () => {
    await add(["b.txt", textFile("b.txt", "P1\n2\n")]);
    const [file] = (await load()).preview.files;
    await act([
      ["intent", fileListIntents.chooseSet],
      ["id", file!.id],
      ["set", "customer"],
    ]);
    expect((await load()).preview.files[0]).toMatchObject({ set: "customer", setOverride: "customer" });
    await act([
      ["intent", fileListIntents.chooseSet],
      ["id", file!.id],
      ["set", "standard"],
    ]);
    expect((await load()).preview.files[0]).toMatchObject({ set: "standard", setOverride: null });
  });

  it("deletes one file, and all of them", async () => {
    await add(["a.txt", textFile("a.txt", "P1\n1\n")], ["b.txt", textFile("b.txt", "P2\n2\n")]);
    const [first] = (await load()).preview.files;
    await act([
      ["intent", fileListIntents.delete],
      ["id", first!.id],
    ]);
    expect((await load()).preview.files.map((file) => file.path)).toEqual(["b.txt"]);
    await deleteAll();
    expect((await load()).preview.files).toEqual([]);
  });

  it("saves PAR.txt with CRLF by default and confirms with the counts", async () => {
    await add(
      ["std/a.txt", textFile("a.txt", "P1\n1\nP2\n2\n")],
      ["KUNDESPEC/c.txt", textFile("c.txt", "P2\n5\nP3\n3\n")],
    );
    const { toast } = await act([["intent", fileListIntents.download]]);
    expect(savedFile()).toEqual({ fileName: "PAR.txt", text: "P1\r\n1\r\nP2\r\n5\r\nP3\r\n3\r\n" });
    expect(toast).toMatchObject({ type: "success", message: "PAR.txt saved: 3 parameters, 1 rewritten, 1 added" });
  });

  it("does not save while problems are unchecked, and saves with LF once they are", async () => {
    await add(["odd.txt", textFile("odd.txt", "P1\n1\nP2\n")]);
    const refused = await act([["intent", fileListIntents.download]]);
    expect(refused.toast).toMatchObject({
      type: "warning",
      message: "PAR.txt was not saved. Check the 1 problem first, then tick the box.",
    });
    expect(saveFile).not.toHaveBeenCalled();
    const { problemsKey } = (await load()).preview;
    await act([
      ["intent", fileListIntents.download],
      ["lineEnding", "lf"],
      ["confirmedProblemsKey", "1-00000000"],
    ]);
    expect(saveFile).not.toHaveBeenCalled();
    await act([
      ["intent", fileListIntents.download],
      ["lineEnding", "lf"],
      ["confirmedProblemsKey", problemsKey],
    ]);
    expect(savedFile()).toEqual({ fileName: "PAR.txt", text: "P1\n1\n" });
  });
});

describe("/files clientAction with risky input", () => {
  it("gives each refusal reason its own notice, and stays short for any number of files", async () => {
    await add(
      ...Array.from({ length: 150 }, (_, index): [string, File] => [`d${index}.txt`, textFile("d.txt", "P1\n1\n")]),
    );
    const { response } = await add(
      ...Array.from({ length: 150 }, (_, index): [string, File] => [`d${index}.txt`, textFile("d.txt", "P1\n1\n")]),
      ...Array.from({ length: 250 }, (_, index): [string, File] => [
        `x${index}.csv`,
        textFile("x.csv", "1", "text/csv"),
      ]),
    );
    expect(response).toEqual({
      refusals: [
        {
          message: "Wrong file format. Text files only!",
          description: "Not added: 250 files: x0.csv, x1.csv and 248 more",
        },
        { message: "File already imported!", description: "Not added: 150 files: d0.txt, d1.txt and 148 more" },
      ],
    });
  });

  it("adds a path only once when two picks arrive at the same moment", async () => {
    await Promise.all([add(["a.txt", textFile("a.txt", "P1\n1\n")]), add(["a.txt", textFile("a.txt", "P1\n2\n")])]);
    expect((await load()).preview.files.map((file) => file.path)).toEqual(["a.txt"]);
  });

  it("ends in the set chosen last when the set is switched twice quickly", async () => {
    await add(["b.txt", textFile("b.txt", "P1\n2\n")]);
    const [file] = (await load()).preview.files;
    const choose = (set: string) =>
      act([
        ["intent", fileListIntents.chooseSet],
        ["id", file!.id],
        ["set", set],
      ]);
    await Promise.all([choose("customer"), choose("standard")]);
    expect((await load()).preview.files[0]).toMatchObject({ set: "standard" });
  });

  it("moves a file up or down, and the order decides which duplicate wins", async () => {
    await add(["a.txt", textFile("a.txt", "P1\n1\n")], ["b.txt", textFile("b.txt", "P1\n2\n")]);
    expect((await load()).preview.table.rows[0]).toMatchObject({ code: "P1", value: "2" });
    const [, second] = (await load()).preview.files;
    await act([
      ["intent", fileListIntents.move],
      ["id", second!.id],
      ["offset", "-1"],
    ]);
    const { preview } = await load();
    expect(preview.files.map((file) => file.path)).toEqual(["b.txt", "a.txt"]);
    expect(preview.table.rows[0]).toMatchObject({ code: "P1", value: "1" });
  });

  it("brings the files back when Delete all is undone", async () => {
    await add(["a.txt", textFile("a.txt", "P1\n1\n")], ["b.txt", textFile("b.txt", "P2\n2\n")]);
    const { response, toast } = await deleteAll();
    // Said by the notice of the latest change, which offers Undo: no toast.
    expect(response).toBeNull();
    expect(toast).toBeUndefined();
    const { preview, list } = await load();
    expect(preview.files).toEqual([]);
    expect(list.lastChange).toEqual({ kind: "deleteAll", count: 2 });
    expect((await undo(String(list.version))).toast).toMatchObject({
      type: "success",
      message: fileListTexts.undone({ kind: "deleteAll", count: 2 }),
    });
    const after = await load();
    expect(after.preview.files.map((file) => file.path)).toEqual(["a.txt", "b.txt"]);
    expect(after.preview.parameterCount).toBe(2);
  });

  it("deletes all once and undoes once for a double tap: the second tap names a version that is gone", async () => {
    await add(["a.txt", textFile("a.txt", "P1\n1\n")], ["b.txt", textFile("b.txt", "P2\n2\n")]);
    await act([
      ["intent", fileListIntents.label],
      ["label", "Unit 7"],
    ]);
    // Both taps reach the action before the button shows it is busy: both name the list they were shown on.
    const listShown = await shownVersion();
    const taps = await Promise.all([deleteAll(listShown), deleteAll(listShown)]);
    expect(taps.map((tap) => tap.response === null)).toEqual([true, false]);
    // The second tap's warning, read by whichever tap looked last.
    expect(taps.flatMap((tap) => (tap.toast ? [tap.toast] : []))).toEqual([
      expect.objectContaining({ type: "warning", message: fileListTexts.stale }),
    ]);
    const deleted = await load();
    expect(deleted.preview.files).toEqual([]);
    // Undo brings back the files and the label, not the empty list a second Delete all would have left.
    expect(deleted.list.lastChange).toEqual({ kind: "deleteAll", count: 2 });
    const deletedShown = String(deleted.list.version);
    await Promise.all([undo(deletedShown), undo(deletedShown)]);
    const undone = await load();
    expect(undone.preview.files.map((file) => file.path)).toEqual(["a.txt", "b.txt"]);
    expect(undone.list.label).toBe("Unit 7");
    // A third tap, on the notice of the Delete all, finds it undone already: it does not take back the add.
    const late = await undo(deletedShown);
    expect(late.toast).toMatchObject({ type: "warning", message: fileListTexts.stale });
    const late2 = await deleteAll(listShown);
    expect(late2.toast).toMatchObject({ type: "warning", message: fileListTexts.stale });
    expect((await load()).preview.files.map((file) => file.path)).toEqual(["a.txt", "b.txt"]);
  });

  it("does not save a PAR.txt without parameters, and says why", async () => {
    await add(
      ["comments.txt", textFile("comments.txt", "* only a comment\r\n")],
      ["empty.txt", textFile("empty.txt", "")],
    );
    const { toast } = await act([["intent", fileListIntents.download]]);
    expect(saveFile).not.toHaveBeenCalled();
    expect(toast).toMatchObject({
      type: "warning",
      message:
        "PAR.txt was not saved. There is nothing to write: the files hold no parameters (they are empty or only comments).",
    });
  });
});

describe("/files as versions: Undo last first, one queue, storage all or nothing", () => {
  /** The list as PAR.txt is made of it (paths and sets in order), its label, and PAR.txt as a Download saves it. */
  async function downloaded() {
    const { preview, list } = await load();
    vi.mocked(saveFile).mockClear();
    // As the screen sends it: the label shown, the problems it shows confirmed.
    await act([
      ["intent", fileListIntents.download],
      ["serviceLabel", list.label],
      ["confirmedProblemsKey", preview.problemsKey],
    ]);
    const content = vi.mocked(saveFile).mock.calls.at(-1)?.[1];
    return {
      shown: { files: preview.files.map((file) => [file.path, file.set]), label: list.label },
      parFile: typeof content === "string" ? new TextEncoder().encode(content) : (content ?? null),
      list,
    };
  }

  it("undoes a Delete all, a delete, a move and a set switch last first: each list, label and PAR.txt comes back byte for byte", async () => {
    await add(
      ["c.txt", textFile("c.txt", "P1\n9\nP5\n5\n")],
      ["std/a.txt", textFile("a.txt", "P1\n1\nP2\n2\n")],
      ["std/b.txt", textFile("b.txt", "P2\n3\nP3\n3\n")],
    );
    await act([
      ["intent", fileListIntents.label],
      ["label", "Unit 7"],
    ]);
    const idOf = async (path: string) => (await load()).preview.files.find((file) => file.path === path)!.id;
    const before = [await downloaded()];
    await act([
      ["intent", fileListIntents.chooseSet],
      ["id", await idOf("c.txt")],
      ["set", "customer"],
    ]);
    before.push(await downloaded());
    await act([
      ["intent", fileListIntents.move],
      ["id", await idOf("std/b.txt")],
      ["offset", "-1"],
    ]);
    // Typed after the move: part of the list from now on, not a step of Undo of its own.
    await act([
      ["intent", fileListIntents.label],
      ["label", "Unit 8"],
    ]);
    before.push(await downloaded());
    await act([
      ["intent", fileListIntents.delete],
      ["id", await idOf("std/a.txt")],
    ]);
    before.push(await downloaded());
    await deleteAll();
    const deleted = await load();
    expect({ files: deleted.preview.files, label: deleted.list.label }).toEqual({ files: [], label: "" });
    // Every change made PAR.txt differ: the comparisons below tell the lists apart.
    const parFiles = before.map(({ parFile }) => new TextDecoder().decode(parFile!));
    expect(new Set(parFiles).size).toBe(4);

    let { list } = deleted;
    for (const expected of before.reverse()) {
      const undone = await undo(String(list.version));
      expect(undone.toast).toMatchObject({ type: "success", message: fileListTexts.undone(list.lastChange!) });
      const now = await downloaded();
      // The label typed last stays through every Undo: Delete all's Undo brings it back, the others leave it.
      expect(now.shown).toEqual({ ...expected.shown, label: "Unit 8" });
      expect(now.parFile).toEqual(expected.parFile);
      list = now.list;
    }
    expect(before.map(({ shown }) => shown.label)).toEqual(["Unit 8", "Unit 8", "Unit 7", "Unit 7"]);
    // Back at the add: the next Undo takes the add back.
    expect(list.lastChange).toEqual({ kind: "add", paths: ["c.txt", "std/a.txt", "std/b.txt"] });
  });

  it("saves the files of a drop whose folder is still being listed when Download is tapped: Download waits its turn", async () => {
    await add(["std/a.txt", textFile("a.txt", "P1\n1\nP2\n2\n")]);
    let listed!: (files: File[]) => void;
    const listing = new Promise<File[]>((resolve) => (listed = resolve));
    // The drop's form goes at once; its files come when the slow stick has listed the folder.
    const adding = post(addFilesFormData(listing));
    const downloading = act([["intent", fileListIntents.download]]);
    expect(heldOnlyInTab()).toContain(fileListTexts.changesRunning);
    // However long the tab works meanwhile, the Download waits for the add.
    const saving = () => vi.mocked(saveFile).mock.calls.length > 0;
    await letOtherWorkRun(saving);
    expect(saveFile).not.toHaveBeenCalled();
    listed([Object.assign(textFile("kunde.txt", "P2\n5\nP3\n3\n", ""), { path: "/site/KUNDESPEC/kunde.txt" })]);
    expect((await adding).response).toEqual({ refusals: [] });
    expect((await downloading).toast).toMatchObject({
      type: "success",
      message: "PAR.txt saved: 3 parameters, 1 rewritten, 1 added",
    });
    expect(savedFile()).toEqual({ fileName: "PAR.txt", text: "P1\r\n1\r\nP2\r\n5\r\nP3\r\n3\r\n" });
    expect(heldOnlyInTab()).not.toContain(fileListTexts.changesRunning);
    // Listed under its path inside the dropped folder, as the customer's file it is.
    expect((await load()).preview.files.map((file) => [file.path, file.set])).toEqual([
      ["std/a.txt", "standard"],
      ["site/KUNDESPEC/kunde.txt", "customer"],
    ]);
  });

  it("keeps a change storage refused in the tab and says since when nothing was saved; a reload shows the list as saved then", async () => {
    // What storage refused is expected here, not news.
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    await add(["std/a.txt", textFile("a.txt", "P1\n1\n")]);
    expect((await load()).storage).toEqual({ notSaved: null, notSavedBeforeReload: null, notSavedGone: null });

    const full = storageFull();
    await add(["b.txt", textFile("b.txt", "P2\n2\n")]);
    await act([
      ["intent", fileListIntents.label],
      ["label", "Unit 7"],
    ]);
    const { preview, list, storage } = await load();
    // The tab goes on with its list: PAR.txt has the file storage refused.
    expect(preview.files.map((file) => file.path)).toEqual(["std/a.txt", "b.txt"]);
    expect(list.label).toBe("Unit 7");
    expect(storage).toEqual({
      notSaved: { since: expect.any(Number), reason: expect.any(String) },
      notSavedBeforeReload: null,
      notSavedGone: null,
    });
    const since = storage.notSaved!.since;
    expect(heldOnlyInTab()).toContain(fileListTexts.reloadLoses(since));
    await act([["intent", fileListIntents.download]]);
    expect(savedFile().text).toBe("P1\r\n1\r\nP2\r\n2\r\n");

    // A reload: the modules start afresh on the same storage and the same tab's sessionStorage.
    const reloaded = createFileListStore(
      openKeyValueStore("technician-toolbox", "parameter-files"),
      createEditingLock(null),
      sessionStorage,
    );
    const afterReload = await reloaded.read();
    expect(afterReload.history.current.files.map((file) => file.path)).toEqual(["std/a.txt"]);
    expect(afterReload.history.current.label).toBe("");
    expect(afterReload.notSavedBeforeReload).toEqual({ since });
    // The stored bytes are whole: the list as saved is merged as it was.
    const [fileA] = afterReload.history.current.files;
    expect(new TextDecoder().decode((await reloaded.bytesOf([fileA!.id])).get(fileA!.id))).toBe("P1\n1\n");

    // Storage takes changes again: the next change stores the tab's whole list, and nothing is said any more.
    full.mockRestore();
    await act([
      ["intent", fileListIntents.label],
      ["label", "Unit 8"],
    ]);
    expect((await load()).storage).toEqual({ notSaved: null, notSavedBeforeReload: null, notSavedGone: null });
    expect(heldOnlyInTab()).toEqual([]);
    const secondReload = createFileListStore(
      openKeyValueStore("technician-toolbox", "parameter-files"),
      createEditingLock(null),
      sessionStorage,
    );
    const stored = await secondReload.read();
    expect(stored.history.current.files.map((file) => file.path)).toEqual(["std/a.txt", "b.txt"]);
    expect(stored.history.current.label).toBe("Unit 8");
    expect(stored.notSavedBeforeReload).toBeNull();
  });
});

describe("/files and the SD card", () => {
  it("compares with the card's PAR.txt picked as a file, and follows the files when they change", async () => {
    await add(["a.txt", textFile("a.txt", "P1\n1\nP2\n2\n")]);
    await act([
      ["intent", fileListIntents.compareCard],
      ["cardFile", textFile("PAR.txt", "P1\r\n1\r\nP3\r\n3\r\n")],
    ]);
    const { card } = await load();
    expect(card.comparison?.counts).toEqual({ changed: 0, added: 1, removed: 1, unchanged: 1 });
    expect(card.lastSeen).toMatchObject({ name: "PAR.txt", from: "file", warnings: [] });

    await add(["b.txt", textFile("b.txt", "P3\n3\n")]);
    expect((await load()).card.comparison?.counts).toEqual({ changed: 0, added: 1, removed: 0, unchanged: 2 });
  });

  it("names a picked file that is not PAR.txt", async () => {
    await add(["a.txt", textFile("a.txt", "P1\n1\n")]);
    await act([
      ["intent", fileListIntents.compareCard],
      ["cardFile", textFile("PAR (1).txt", "P1\r\n1\r\n")],
    ]);
    expect((await load()).card.lastSeen?.warnings).toEqual([
      "The picked file is named PAR (1).txt, not PAR.txt: the unit reads only PAR.txt.",
    ]);
  });

  it("forgets the card's comparison when all files are deleted (the next unit has its own card)", async () => {
    await add(["a.txt", textFile("a.txt", "P1\n1\n")]);
    await act([
      ["intent", fileListIntents.compareCard],
      ["cardFile", textFile("PAR.txt", "P1\r\n1\r\n")],
    ]);
    expect((await load()).card.comparison).not.toBeNull();
    await deleteAll();
    await undo();
    const { card } = await load();
    expect(card.comparison).toBeNull();
    expect(card.lastSeen).toBeNull();
  });

  it("goes on with the list's changes while a card does not answer a write: only the write waits", async () => {
    await add(["a.txt", textFile("a.txt", "P1\n1\n")], ["b.txt", textFile("b.txt", "P2\n2\n")]);
    // A card reader that hangs: the write is never answered.
    vi.spyOn(getCardFolder(), "write").mockReturnValue(new Promise(() => {}));
    let writeAnswered = false;
    void act([["intent", fileListIntents.writeCard]]).then(() => (writeAnswered = true));
    const [first] = (await load()).preview.files;
    await act([
      ["intent", fileListIntents.delete],
      ["id", first!.id],
    ]);
    expect((await load()).preview.files.map((file) => file.path)).toEqual(["b.txt"]);
    expect(writeAnswered).toBe(false);
  });

  it("never reports a write as done where no card folder could be opened", async () => {
    await add(["a.txt", textFile("a.txt", "P1\n1\n")]);
    await act([["intent", fileListIntents.writeCard]]);
    expect((await load()).card.outcome).toMatchObject({
      kind: "failed",
      report: { cardState: "unchanged", cause: "No card folder is open." },
    });
  });
});

describe("/files screen", () => {
  const renderFiles = () =>
    renderApp("/files", [
      { path: "files", Component: Files, loader: clientLoader as never, action: clientAction as never },
    ]);

  it("shows the drop zone text and disables both side buttons while the list is empty", async () => {
    renderFiles();
    expect(await screen.findByText("Drag 'n' drop some files here, or click to select files")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Delete all" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Download SD card file" })).toBeDisabled();
  });

  // Download reads the list again too: a delete's reload that Download's request cut off is made after it.
  it("shows the list as stored when Download is tapped while a delete's reload of the list runs", async () => {
    await add(["a.txt", textFile("a.txt", "P1\n1\n")], ["b.txt", textFile("b.txt", "P2\n2\n")]);
    let holdLoads = false;
    let releaseLoads!: () => void;
    const released = new Promise<void>((resolve) => (releaseLoads = resolve));
    let loadHeld!: () => void;
    const held = new Promise<void>((resolve) => (loadHeld = resolve));
    renderApp("/files", [
      {
        path: "files",
        Component: Files,
        // The delete's reload reads the list at once, and ends after the second tap has taken over its navigation.
        loader: (async (args: Parameters<typeof clientLoader>[0]) => {
          const loaded = clientLoader(args);
          if (holdLoads) {
            holdLoads = false;
            loadHeld();
            await released;
          }
          return loaded;
        }) as never,
        shouldRevalidate,
        action: clientAction as never,
      },
    ]);
    expect(await screen.findAllByTestId("file-path")).toHaveLength(2);
    holdLoads = true;
    await userEvent.click(screen.getByRole("button", { name: "delete b.txt" }));
    await held;
    await userEvent.click(screen.getByRole("button", { name: "Download SD card file" }));
    expect(await screen.findByText("PAR.txt saved: 1 parameter, 0 rewritten, 0 added")).toBeInTheDocument();
    releaseLoads();
    // One reload of a one-file list: 2 s, not the usual 5, while this test is expected to fail.
    await waitFor(() => expect(screen.getAllByTestId("file-path").map((path) => path.textContent)).toEqual(["a.txt"]), {
      timeout: 2000,
    });
    expect(savedFile().text).toBe("P1\r\n1\r\n");
    expect(await screen.findByText(changeMadeText({ kind: "delete", path: "b.txt" }))).toBeInTheDocument();
  });

  it("says that files sent to the app were refused, until the notice is closed", async () => {
    // What the service worker leaves when it refuses a share (public/share-target-sw.js).
    const caches = fakeCacheStorage();
    vi.stubGlobal("caches", caches);
    await (await caches.open(sharedFilesCacheName)).put(refusedShareMarkPath, new Response(""));
    renderApp("/files?share=refused", [
      { path: "files", Component: Files, loader: clientLoader as never, action: clientAction as never },
    ]);
    const notice = await screen.findByRole("alert");
    expect(notice).toHaveTextContent("Files sent to the app were not taken");
    expect(notice).toHaveTextContent(
      "They did not come from this device's share menu, so they may be from a page of another site: nothing was added or kept. If you shared them yourself, add them with Select files.",
    );
    await userEvent.click(screen.getByRole("button", { name: "Close notice" }));
    await waitFor(() => expect(screen.queryByText("Files sent to the app were not taken")).not.toBeInTheDocument());
    expect(screen.getByText("No files added yet.")).toBeInTheDocument();
    await waitFor(async () => expect(await refusedShareMarked()).toBe(false));
    vi.unstubAllGlobals();
  });

  it("says nothing of a refused share when only the address says so: a link from anywhere", async () => {
    vi.stubGlobal("caches", fakeCacheStorage());
    renderApp("/files?share=refused", [
      { path: "files", Component: Files, loader: clientLoader as never, action: clientAction as never },
    ]);
    expect(await screen.findByText("No files added yet.")).toBeInTheDocument();
    expect(screen.queryByText("Files sent to the app were not taken")).not.toBeInTheDocument();
    vi.unstubAllGlobals();
  });

  it("lists files with the path cut at 50 characters, a delete button and the problems by line", async () => {
    const longPath = "KUNDESPEC/site_fjordview/pool_2/dosing_unit_parameters_2025.txt";
    await add([longPath, textFile("p.txt", "P1\n1\n42\n")]);
    renderFiles();
    expect(await screen.findByText(`${longPath.slice(0, 50)}...`)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: `delete ${longPath}` })).toBeInTheDocument();
    expect(
      screen.getAllByText(
        'Line 3: expected a parameter code (a line starting with P) but found "42". This line is left out.',
      ).length,
    ).toBeGreaterThan(0);
    expect(screen.getByRole("button", { name: "Delete all" })).toBeEnabled();
    // The problems scroll in a box the keyboard reaches, named as the table.
    const problems = await screen.findByRole("region", { name: "Problems" });
    expect(problems).toHaveAttribute("tabindex", "0");
    expect(problems).toContainElement(screen.getByRole("table", { name: "Problems" }));
  });
  it("keeps naming the files a pick left out after its notice has closed, until one of their path is added", async () => {
    // Fake time that also runs on its own: the notice's 5 seconds pass at once, storage and the worker still answer
    // (IndexedDB's own tasks, setImmediate, stay real: faked, a transaction ends before its next request).
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"],
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    try {
      renderFiles();
      // A picker's "Recent" view hands over names only: two different customer files arrive as KUNDESPEC.txt.
      await user.upload(await screen.findByLabelText("Select parameter files"), [
        textFile("std.txt", "P001\n1\nP002\n2\n"),
        textFile("KUNDESPEC.txt", "P001\n10\n"),
        textFile("KUNDESPEC.txt", "P001\n99\n"),
      ]);
      expect(await screen.findByText("Files with one name and different content")).toBeInTheDocument();
      await vi.advanceTimersByTimeAsync(6000);
      await waitFor(() =>
        expect(screen.queryByText("Files with one name and different content")).not.toBeInTheDocument(),
      );
      const notice = screen.getByRole("status", { name: "Files not added" });
      expect(notice).toHaveTextContent(
        "KUNDESPEC.txt — different files with this name in one pick, so none of them is used",
      );
      expect(screen.getAllByTestId("file-path").map((path) => path.textContent)).toEqual(["std.txt"]);

      // The refused path added: nothing is left to say.
      await user.upload(screen.getByLabelText("Select parameter files"), [textFile("KUNDESPEC.txt", "P001\n10\n")]);
      await waitFor(() => expect(screen.getAllByTestId("file-path")).toHaveLength(2));
      expect(screen.queryByText("Files not added")).not.toBeInTheDocument();

      // A listed file picked again with the same content is refused (the spec's notice), but PAR.txt misses nothing.
      await user.upload(screen.getByLabelText("Select parameter files"), [textFile("std.txt", "P001\n1\nP002\n2\n")]);
      expect(await screen.findByText("File already imported!")).toBeInTheDocument();
      expect(screen.queryByText("Files not added")).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it("names every one of 150 edited files picked again, by count with all names in the fold", async () => {
    const names = Array.from({ length: 150 }, (_, index) => `f${String(index + 1).padStart(3, "0")}.txt`);
    await add(...names.map((name): [string, File] => [name, textFile(name, "P001\n1\n")]));
    await add(...names.map((name): [string, File] => [name, textFile(name, "P001\n2\n")]));
    renderFiles();
    const notice = await screen.findByRole("status", { name: "Files not added" });
    expect(notice).toHaveTextContent(
      "150 files — files of these names are already listed, with other content: PAR.txt uses the listed ones",
    );
    expect(screen.getByText("Show all 150")).toBeInTheDocument();
    // Every name is there, f003.txt to f150.txt too, not "f001.txt, f002.txt and 148 more".
    expect(notice).toHaveTextContent(names.join(", "));
  });

  it("keeps naming a file an earlier add left out after a later add that leaves nothing out", async () => {
    await add(
      ["std.txt", textFile("std.txt", "P002\n2\n")],
      ["KUNDESPEC.txt", textFile("KUNDESPEC.txt", "P001\n10\n")],
    );
    await add(
      ["KUNDESPEC.txt", textFile("KUNDESPEC.txt", "P001\n55\n")],
      ["manual.pdf", textFile("manual.pdf", "%PDF", "application/pdf")],
    );
    await add(["other.txt", textFile("other.txt", "P003\n3\n")]);
    renderFiles();
    const notice = await screen.findByRole("status", { name: "Files not added" });
    expect(await screen.findByText("other.txt")).toBeInTheDocument();
    expect([...notice.querySelectorAll("li")].map((line) => line.textContent)).toEqual([
      "manual.pdf — not a text file",
      "KUNDESPEC.txt — a file of this name is already listed, with other content: PAR.txt uses the listed one",
    ]);
  });

  it("no longer says PAR.txt uses the listed file once it is deleted, or after Delete all", async () => {
    await add(
      ["std.txt", textFile("std.txt", "P002\n2\n")],
      ["KUNDESPEC.txt", textFile("KUNDESPEC.txt", "P001\n10\n")],
    );
    await add(["KUNDESPEC.txt", textFile("KUNDESPEC.txt", "P001\n55\n")]);
    const listedId = (await load()).preview.files.find((file) => file.path === "KUNDESPEC.txt")!.id;
    await act([
      ["intent", fileListIntents.delete],
      ["id", listedId],
    ]);
    const reworded = {
      paths: ["KUNDESPEC.txt"],
      reason: "not added while a file of this name was listed, which is deleted now: add it again to use it",
    };
    expect((await load()).notAdded?.lines).toEqual([reworded]);
    await deleteAll();
    expect((await load()).notAdded?.lines).toEqual([reworded]);
    // Added again, as the line says: nothing is left out any more.
    await add(["KUNDESPEC.txt", textFile("KUNDESPEC.txt", "P001\n55\n")]);
    expect((await load()).notAdded).toBeNull();
  });

  it("says that a file picked on its own with the name of a folder's listed file and other content does not replace it", async () => {
    // Select a folder: site/Standard/basis.txt and site/KUNDESPEC/kunde.txt. The customer mails the edited kunde.txt.
    await add(
      ["site/Standard/basis.txt", textFile("basis.txt", "P001\n1\nP002\n2\n")],
      ["site/KUNDESPEC/kunde.txt", textFile("kunde.txt", "P001\n10\n")],
    );
    const { response } = await add(["kunde.txt", textFile("kunde.txt", "P001\n55\n")]);
    const explained =
      "kunde.txt has the name of the listed site/KUNDESPEC/kunde.txt, with other content. It is added as a standard file beside it and does not replace it: where both set a code, PAR.txt uses the customer value of site/KUNDESPEC/kunde.txt. If it replaces site/KUNDESPEC/kunde.txt, delete site/KUNDESPEC/kunde.txt and set kunde.txt to Customer.";
    expect(response).toEqual({
      refusals: [],
      cautions: [
        {
          message: "Added beside a listed file of its name",
          description: toastMessages.addedBesideNamesakeExplained([
            { path: "kunde.txt", listedPath: "site/KUNDESPEC/kunde.txt" },
          ]),
        },
      ],
    });
    renderFiles();
    // Said above the list after the notice has closed, and the file's problem names the value PAR.txt uses.
    const notice = await screen.findByRole("status", { name: "Added beside a listed file of its name" });
    expect(notice).toHaveTextContent(explained);
    expect(
      screen.getAllByText(
        "Line 1: P001 appears again in the standard set (first in site/Standard/basis.txt line 1); PAR.txt uses the customer's value of site/KUNDESPEC/kunde.txt line 1, not this one.",
      ).length,
    ).toBeGreaterThan(0);
  });

  it("says nothing of a file with the name of a listed file and the same content, or of the same name in the same pick", async () => {
    await add(["site/KUNDESPEC/kunde.txt", textFile("kunde.txt", "P001\n10\n")]);
    expect(await add(["KUNDE.TXT", textFile("KUNDE.TXT", "P001\n10\n")])).toMatchObject({
      response: { refusals: [] },
    });
    expect((await add(["KUNDE.TXT", textFile("KUNDE.TXT", "P001\n10\n")])).response).not.toHaveProperty("cautions");
    const { response } = await add(
      ["a/x.txt", textFile("x.txt", "P1\n1\n")],
      ["b/x.txt", textFile("x.txt", "P1\n2\n")],
    );
    expect(response).not.toHaveProperty("cautions");
    expect((await load()).notAdded).toBeNull();
  });

  it("names a paste after a deleted paste otherwise: a name is not given twice in a visit", async () => {
    const readText = vi.fn().mockResolvedValueOnce("P002\n20\n").mockResolvedValueOnce("P002\n99\n");
    Object.defineProperty(navigator, "clipboard", { value: { readText }, configurable: true });
    try {
      renderFiles();
      await userEvent.click(await screen.findByRole("button", { name: "Paste text" }));
      await waitFor(() => expect(screen.getAllByTestId("file-path")).toHaveLength(1));
      const first = screen.getByTestId("file-path").textContent ?? "";
      expect(first).toMatch(/^pasted-\d+\.txt$/);
      await userEvent.click(screen.getByRole("button", { name: `delete ${first}` }));
      await waitFor(() => expect(screen.queryAllByTestId("file-path")).toHaveLength(0));
      await userEvent.click(screen.getByRole("button", { name: "Paste text" }));
      await waitFor(() => expect(screen.getAllByTestId("file-path")).toHaveLength(1));
      expect(screen.getByTestId("file-path")).toHaveTextContent(`pasted-${Number(/\d+/.exec(first)![0]) + 1}.txt`);
    } finally {
      Reflect.deleteProperty(navigator, "clipboard");
    }
  });

  it("closes the notice of files left out with its named button, and it does not come back", async () => {
    await add(["photo.png", textFile("photo.png", "x", "image/png")], ["a.txt", textFile("a.txt", "P1\n1\n")]);
    const { unmount } = renderFiles();
    const notice = await screen.findByRole("status", { name: "Files not added" });
    expect(notice).toHaveTextContent("photo.png — not a text file");
    await userEvent.click(screen.getByRole("button", { name: "Close the list of files not added" }));
    expect(screen.queryByText("Files not added")).not.toBeInTheDocument();
    await waitFor(async () => expect((await load()).notAdded).toBeNull());
    // Closed for this tab: the screen shown again (another screen and back) does not bring it back.
    unmount();
    renderFiles();
    expect(await screen.findByText("a.txt")).toBeInTheDocument();
    expect(screen.queryByText("Files not added")).not.toBeInTheDocument();
  });

  it("offers Undo of a delete on the notice of the latest change; Undo puts the file back where it stood", async () => {
    await add(["a.txt", textFile("a.txt", "P1\n1\n")], ["b.txt", textFile("b.txt", "P1\n2\n")]);
    renderFiles();
    const paths = () => screen.getAllByTestId("file-path").map((path) => path.textContent);
    await userEvent.click(await screen.findByRole("button", { name: "delete a.txt" }));
    await waitFor(() => expect(paths()).toEqual(["b.txt"]));
    const deleted = { kind: "delete" as const, path: "a.txt" };
    expect(screen.getByTestId("last-change")).toHaveTextContent(changeMadeText(deleted));
    await userEvent.click(within(screen.getByTestId("last-change")).getByRole("button", { name: fileListTexts.undo }));
    // Back at the top, where it decides P1.
    await waitFor(() => expect(paths()).toEqual(["a.txt", "b.txt"]));
    expect(await screen.findByText(fileListTexts.undone(deleted))).toBeInTheDocument();
    // The notice now offers Undo of the change before the delete.
    expect(screen.getByTestId("last-change")).toHaveTextContent(
      changeMadeText({ kind: "add", paths: ["a.txt", "b.txt"] }),
    );
    expect((await load()).preview.table.rows[0]).toMatchObject({ code: "P1", value: "2" });
  });
});

describe("/files screen: the site/unit label and the list's version", () => {
  const renderFiles = () =>
    renderApp("/files", [
      {
        path: "files",
        Component: Files,
        loader: clientLoader as never,
        action: clientAction as never,
        shouldRevalidate,
      },
    ]);

  // The label is stored as Delete all takes the keyboard from it, and the screen is not loaded again after it: Delete
  // all (and Undo) name the version shown before the typing, which the label leaves as it is.
  it("deletes all after the label is typed, and Undo then brings back the files and the label", async () => {
    await add(["a.txt", textFile("a.txt", "P1\n1\n")]);
    renderFiles();
    const label = await screen.findByRole("textbox", { name: /^Site \/ unit/ });
    await userEvent.type(label, "Unit 7");
    // Delete all takes the keyboard from the label, which is stored then: the list Delete all was shown on.
    await userEvent.click(screen.getByRole("button", { name: "Delete all" }));
    // Done one way or the other: the list gone, or the warning that the tap came too late.
    const deleted = () => screen.queryAllByTestId("file-path").length === 0;
    await waitFor(() => expect(deleted() || screen.queryByText(fileListTexts.stale) !== null).toBe(true));
    expect(screen.queryByText(fileListTexts.stale)).not.toBeInTheDocument();
    await waitFor(() => expect(deleted()).toBe(true));
    await waitFor(() => expect(label).toHaveValue(""));
    await userEvent.click(within(screen.getByTestId("last-change")).getByRole("button", { name: fileListTexts.undo }));
    await waitFor(() => expect(screen.getAllByTestId("file-path").map((path) => path.textContent)).toEqual(["a.txt"]));
    await waitFor(() => expect(label).toHaveValue("Unit 7"));
  });
});

describe("/files merges once per change", () => {
  it("merges a pick's list in the action, so the loader's preview that follows finds it merged", async () => {
    const before = await getMergeClient().stats();
    await add(["std/a.txt", textFile("a.txt", "P1\n1\n")], ["KUNDESPEC/b.txt", textFile("b.txt", "P1\n2\n")]);
    await vi.waitFor(async () => expect((await getMergeClient().stats()).mergeCount).toBe(before.mergeCount + 1));
    expect((await load()).preview).toMatchObject({ parameterCount: 1, rewrittenCount: 1 });
    expect((await getMergeClient().stats()).mergeCount).toBe(before.mergeCount + 1);
  });

  it("answers searches and downloads from the kept merge, and merges again when a set changes", async () => {
    await add(["std/a.txt", textFile("a.txt", "P1\n1\nP2\n2\n")], ["b.txt", textFile("b.txt", "P2\n5\n")]);
    const first = await load();
    const before = await getMergeClient().stats();
    await load("?q=P2");
    await load("?q=5");
    await load("?q=P2");
    await act([["intent", fileListIntents.download]]);
    // Two new searches; the repeated one is answered from the kept rows; nothing is read or merged again.
    expect(await getMergeClient().stats()).toEqual({
      ...before,
      parFileWriteCount: before.parFileWriteCount + 1,
      searchCount: before.searchCount + 2,
    });

    const customerFile = first.preview.files.find((file) => file.path === "b.txt")!;
    await act([
      ["intent", fileListIntents.chooseSet],
      ["id", customerFile.id],
      ["set", "customer"],
    ]);
    expect((await load()).preview.rewrittenCount).toBe(1);
    expect((await getMergeClient().stats()).mergeCount).toBe(before.mergeCount + 1);
  });
});
