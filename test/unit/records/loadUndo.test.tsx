/**
 * Undo of "Load these files again" (K3): each load's notice's Undo brings back the list that load replaced, never
 * the files a later Delete all or load took, in this tab or another; when this tab no longer holds that list, it says
 * so and changes nothing. Each visit is a tab: the modules loaded afresh on the same IndexedDB.
 */
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fileListIntents, isFileActionData, recordFileIntents } from "~/lib/merger/fileListIntents";
import { secondTapWithinMs } from "~/lib/shell/secondTap";

vi.mock("~/lib/shell/browser/saveFile", () => ({ saveFile: vi.fn() }));

type Fields = [string, string | File][];

/** A tab on /files. */
async function visit() {
  vi.resetModules();
  const route = await import("~/routes/files");
  const { getToast } = await import("~/lib/shell/browser/toastSession");
  const { getServiceRecordStore } = await import("~/lib/records/browser/serviceRecordStore");
  async function act(fields: Fields) {
    const formData = new FormData();
    for (const [name, value] of fields) formData.append(name, value);
    const request = new Request("http://localhost/files", { method: "POST", body: formData });
    const response = await route.clientAction({ request, params: {}, serverAction: async () => undefined as never });
    return { response, toast: (await getToast(new Request("http://localhost/files"))).toast };
  }
  const add = (...files: [path: string, content: string][]) =>
    act([
      ["intent", fileListIntents.add],
      ...files.flatMap(([path, content]): Fields => [
        ["file", new File([content], path, { type: "text/plain" })],
        ["fileInfo", JSON.stringify({ path, type: "text/plain" })],
      ]),
    ]);
  const shown = async () =>
    (
      await route.clientLoader({
        request: new Request("http://localhost/files"),
        params: {},
        serverLoader: async () => undefined as never,
      })
    ).preview;
  const paths = async () => (await shown()).files.map((file) => file.path);
  const p001 = async () => (await shown()).table.rows.find((row) => row.code === "P001")?.value;
  /** Downloads PAR.txt of the list (which makes a service record), then empties the list; the record's id. */
  async function recordOf(...files: [path: string, content: string][]) {
    await add(...files);
    await act([["intent", fileListIntents.download]]);
    const [record] = await getServiceRecordStore().list();
    await pause();
    await act([["intent", fileListIntents.deleteAll]]);
    return record!.id;
  }
  /** Load these files again; the answer its notice's Undo sends. */
  async function loadRecord(recordId: string) {
    await pause();
    const { response } = await act([
      ["intent", recordFileIntents.loadRecordFiles],
      ["recordId", recordId],
    ]);
    if (!isFileActionData(response) || !response.loadedRecord) throw new Error("not loaded");
    return { ids: response.loadedRecord.ids, deletion: response.deletion ?? "" };
  }
  /** The Undo of a load's notice. */
  const undoLoad = (load: { ids: string[]; deletion: string }) =>
    act([
      ["intent", recordFileIntents.undoLoadRecordFiles],
      ...load.ids.map((id): [string, string] => ["id", id]),
      ["deletion", load.deletion],
    ]);
  return { act, add, paths, p001, recordOf, loadRecord, undoLoad, getServiceRecordStore };
}

/** Past the double-tap guard: the same request again is a new one. */
const pause = () => new Promise((resolve) => setTimeout(resolve, secondTapWithinMs));

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  sessionStorage.clear();
  localStorage.clear();
});
afterEach(() => vi.restoreAllMocks());

describe("Undo of Load these files again (K3)", () => {
  it("after Delete all, brings back the list from before the load, not the files just deleted", async () => {
    const tab = await visit();
    const record = await tab.recordOf(["a.txt", "P001\r\n1\r\n"], ["b.txt", "P002\r\n2\r\n"]);
    await tab.add(["x.txt", "P001\r\n9\r\n"]);
    const load = await tab.loadRecord(record);
    expect(await tab.paths()).toEqual(["a.txt", "b.txt"]);
    await pause();
    await tab.act([["intent", fileListIntents.deleteAll]]);
    const { toast } = await tab.undoLoad(load);
    expect(toast).toBeUndefined();
    expect(await tab.paths()).toEqual(["x.txt"]);
    expect(await tab.p001()).toBe("9");
    // Stored so: the next tab shows the same.
    expect(await (await visit()).paths()).toEqual(["x.txt"]);
  });

  it("after a second load, brings back the list from before the first load", async () => {
    const tab = await visit();
    const first = await tab.recordOf(["a.txt", "P001\r\n1\r\n"], ["b.txt", "P002\r\n2\r\n"]);
    const second = await tab.recordOf(["c.txt", "P003\r\n3\r\n"]);
    await tab.add(["x.txt", "P001\r\n9\r\n"]);
    const load = await tab.loadRecord(first);
    await tab.loadRecord(second);
    expect((await tab.undoLoad(load)).toast).toBeUndefined();
    // x is back; the second load's file stays until its own Undo.
    expect(await tab.paths()).toEqual(["x.txt", "c.txt"]);
  });

  /** x.txt listed, a record's a.txt and b.txt loaded in its place; then another tab deletes all. */
  async function loadedThenAnotherTabsDeleteAll() {
    const tab = await visit();
    const record = await tab.recordOf(["a.txt", "P001\r\n1\r\n"], ["b.txt", "P002\r\n2\r\n"]);
    await tab.add(["x.txt", "P001\r\n9\r\n"]);
    const load = await tab.loadRecord(record);
    const otherTab = await visit();
    await otherTab.act([["intent", fileListIntents.deleteAll]]);
    return { tab, load, otherTab };
  }

  it("holds across tabs: another tab's Delete all does not make this tab's Undo bring back its files", async () => {
    const { tab, load, otherTab } = await loadedThenAnotherTabsDeleteAll();
    expect((await tab.undoLoad(load)).toast).toBeUndefined();
    expect(await tab.paths()).toEqual(["x.txt"]);
    expect(await otherTab.paths()).toEqual(["x.txt"]);
  });

  it("says what it cannot bring back once this tab no longer holds it, and changes nothing", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"], shouldAdvanceTime: true });
    try {
      const { tab, load, otherTab } = await loadedThenAnotherTabsDeleteAll();
      await otherTab.add(["y.txt", "P001\r\n7\r\n"]);
      // Long after its notice closed (pointed at, it stays open).
      await vi.advanceTimersByTimeAsync(60_000);
      const { toast } = await tab.undoLoad(load);
      expect(toast).toMatchObject({
        type: "warning",
        message: "The list from before was not brought back",
        description:
          "Not brought back: x.txt. The list was replaced again since (Delete all, or another service record's files loaded), and this tab no longer holds the file. To use it, add it again. The list is as it was.",
      });
      expect(await tab.paths()).toEqual(["y.txt"]);
    } finally {
      vi.useRealTimers();
    }
  });
});
