/**
 * One tab edits the list (editingLock.ts, fileListStore.ts): two tabs as two stores on one IndexedDB, each with its
 * own view of the Web Locks of one browser (a fake LockManager with the spec's ifAvailable, steal and signal).
 */
import "fake-indexeddb/auto";
import { describe, expect, it, vi } from "vitest";
import { createEditingLock } from "~/lib/merger/browser/editingLock";
import { createFileListStore } from "~/lib/merger/browser/fileListStore";
import { planChange, planUndo, type FileListChange } from "~/lib/merger/fileListVersions";
import { openKeyValueStore } from "~/lib/shell/browser/indexedDb";
import { storageFailureReason, storageNotOpenedName } from "~/lib/shell/storageFailure";
import { storageFull } from "../storageFull";

interface Request {
  tab: number;
  callback: LockGrantedCallback<unknown>;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

/** The locks of one browser: each tab asks through its own LockManager; a tab closed lets go of what it held. */
function browserLocks() {
  const holders = new Map<string, Request>();
  const queues = new Map<string, Request[]>();
  const queueOf = (name: string) => queues.get(name) ?? (queues.set(name, []), queues.get(name)!);
  function grant(name: string, request: Request) {
    holders.set(name, request);
    Promise.resolve(request.callback({ name, mode: "exclusive" } as Lock)).then(
      (value) => release(name, request, () => request.resolve(value)),
      (error: unknown) => release(name, request, () => request.reject(error)),
    );
  }
  function release(name: string, request: Request, settle: () => void) {
    if (holders.get(name) !== request) return;
    holders.delete(name);
    settle();
    const next = queueOf(name).shift();
    if (next) grant(name, next);
  }
  return {
    tab(tab: number): LockManager {
      return {
        request: ((
          name: string,
          optionsOrCallback: LockOptions | LockGrantedCallback<unknown>,
          lastCallback?: LockGrantedCallback<unknown>,
        ) =>
          new Promise<unknown>((resolve, reject) => {
            const [options, callback] =
              typeof optionsOrCallback === "function" ? [{}, optionsOrCallback] : [optionsOrCallback, lastCallback!];
            const request: Request = { tab, callback, resolve, reject };
            const holder = holders.get(name);
            if (options.steal) {
              if (holder) {
                holders.delete(name);
                holder.reject(new DOMException("The lock was stolen", "AbortError"));
              }
              grant(name, request);
            } else if (!holder && queueOf(name).length === 0) grant(name, request);
            else if (options.ifAvailable) Promise.resolve(callback(null)).then(resolve, reject);
            else {
              queueOf(name).push(request);
              options.signal?.addEventListener("abort", () => {
                queues.set(
                  name,
                  queueOf(name).filter((waiting) => waiting !== request),
                );
                reject(new DOMException("Withdrawn", "AbortError"));
              });
            }
          })) as LockManager["request"],
        query: async () => ({
          held: [...holders].map(([name, holder]) => ({ name, mode: "exclusive", clientId: String(holder.tab) })),
          pending: [],
        }),
      };
    },
    /** The tab closed: its locks are let go, its requests withdrawn. */
    close(tab: number) {
      for (const [name, queue] of queues)
        queues.set(
          name,
          queue.filter((waiting) => waiting.tab !== tab),
        );
      for (const [name, holder] of holders) if (holder.tab === tab) release(name, holder, () => undefined);
    },
  };
}

let databaseCount = 0;

/** Two tabs of one browser on one (new) database; `moved` counts, per tab, editing moved without its asking. */
function twoTabs() {
  const locks = browserLocks();
  const database = `technician-toolbox-${++databaseCount}`;
  const moved = [0, 0];
  const [first, second] = [0, 1].map((tab) => {
    const store = createFileListStore(
      openKeyValueStore(database, "parameter-files"),
      createEditingLock(locks.tab(tab)),
      null,
    );
    store.onEditingMoved(() => (moved[tab]! += 1));
    return store;
  });
  return { first: first!, second: second!, locks, moved };
}

const file = (id: string, path: string) => ({ id, path, setOverride: null, size: 4 });
const bytesOf = (...ids: string[]) => new Map(ids.map((id) => [id, new TextEncoder().encode(`P${id}`).buffer]));
const change = (planned: FileListChange) => (history: Parameters<typeof planChange>[0]) => planChange(history, planned);
const pathsOf = async (store: ReturnType<typeof twoTabs>["first"]) =>
  (await store.read()).history.current.files.map((listed) => listed.path);
/** Lets the lock's answers (promise callbacks) arrive. */
const settled = () => new Promise((resolve) => setImmediate(resolve));

describe("the file list in two tabs", () => {
  it("is edited by the tab that came first; the other shows what it stored and changes nothing", async () => {
    const { first, second } = twoTabs();
    expect((await first.read()).editing).toBe("here");
    expect((await second.read()).editing).toBe("elsewhere");
    await first.change(change({ kind: "add", files: [file("a", "a.txt")] }), bytesOf("a"));
    expect(await pathsOf(second)).toEqual(["a.txt"]);
    expect(await second.change(change({ kind: "deleteAll" }))).toEqual({ made: false, why: "readOnly" });
    expect(await pathsOf(first)).toEqual(["a.txt"]);
    // Its bytes are there for the merge of the tab that only shows the list.
    expect(new TextDecoder().decode((await second.bytesOf(["a"])).get("a"))).toBe("Pa");
  });

  it("moves to the other tab with Edit here: the first turns read-only, and the second goes on from the stored list", async () => {
    const { first, second, moved } = twoTabs();
    await first.change(change({ kind: "add", files: [file("a", "a.txt")] }), bytesOf("a"));
    expect((await second.read()).editing).toBe("elsewhere");
    await first.change(change({ kind: "add", files: [file("b", "b.txt")] }), bytesOf("b"));

    await second.takeOverEditing();
    await settled();
    expect((await second.read()).editing).toBe("here");
    expect((await first.read()).editing).toBe("elsewhere");
    expect(moved).toEqual([1, 0]);
    // The second tab's change is made on the list the first one stored last, b.txt included.
    await second.change(change({ kind: "delete", id: "a" }));
    expect(await pathsOf(second)).toEqual(["b.txt"]);
    expect(await pathsOf(first)).toEqual(["b.txt"]);
    expect(await first.change(change({ kind: "add", files: [file("c", "c.txt")] }), bytesOf("c"))).toEqual({
      made: false,
      why: "readOnly",
    });
    // Undo in the tab that edits now goes back through the first tab's changes too.
    await second.change((history) => planUndo(history, history.current.version));
    expect(await pathsOf(first)).toEqual(["a.txt", "b.txt"]);
  });

  it("tells the other tab while the editing tab holds changes the browser would not store", async () => {
    const { first, second } = twoTabs();
    await first.change(change({ kind: "add", files: [file("a", "a.txt")] }), bytesOf("a"));
    expect((await second.read()).editorNotSaved).toBe(false);
    const full = storageFull();
    await first.change(change({ kind: "add", files: [file("b", "b.txt")] }), bytesOf("b"));
    expect((await first.read()).notSaved).not.toBeNull();
    // The other tab shows the list as stored, and knows it is older than the editing tab's.
    expect(await pathsOf(second)).toEqual(["a.txt"]);
    expect((await second.read()).editorNotSaved).toBe(true);
    full.mockRestore();
    await first.change(change({ kind: "delete", id: "a" }));
    expect((await second.read()).editorNotSaved).toBe(false);
    expect(await pathsOf(second)).toEqual(["b.txt"]);
  });

  it("keeps editing while it shows another screen, if it holds changes the browser would not store", async () => {
    const { first, second } = twoTabs();
    await first.change(change({ kind: "add", files: [file("a", "a.txt")] }), bytesOf("a"));
    expect((await second.read()).editing).toBe("elsewhere");
    const full = storageFull();
    await first.change(change({ kind: "add", files: [file("b", "b.txt")] }), bytesOf("b"));
    first.releaseEditing(); // the technician goes to /actions
    await settled();
    expect((await second.read()).editing).toBe("elsewhere");
    expect((await second.read()).editorNotSaved).toBe(true);
    // Back on /files, the list is as the technician left it, still this tab's to edit.
    expect((await first.read()).editing).toBe("here");
    expect(await pathsOf(first)).toEqual(["a.txt", "b.txt"]);
    // Saved, leaving lets the other tab edit.
    full.mockRestore();
    await first.change(change({ kind: "delete", id: "a" }));
    first.releaseEditing();
    await settled();
    expect((await second.read()).editing).toBe("here");
    expect(await pathsOf(second)).toEqual(["b.txt"]);
  });

  it("away from /files with changes not saved, it lets go of them when the other tab takes editing over, at once", async () => {
    const { first, second, locks } = twoTabs();
    await first.change(change({ kind: "add", files: [file("a", "a.txt")] }), bytesOf("a"));
    expect((await second.read()).editing).toBe("elsewhere");
    const full = storageFull();
    await first.change(change({ kind: "add", files: [file("b", "b.txt")] }), bytesOf("b"));
    first.releaseEditing(); // the technician goes to /actions
    await second.takeOverEditing();
    await settled();
    // The other tab's own unsaved change is not held up by the first tab's lock, which went with the editing.
    expect((await second.change(change({ kind: "delete", id: "a" }))).made).toBe(true);
    full.mockRestore();
    await second.change(change({ kind: "add", files: [file("c", "c.txt")] }), bytesOf("c"));
    expect((await second.read()).notSaved).toBeNull();
    // The first tab does not wait to edit while away: when the second closes, nothing of the first's comes back.
    locks.close(1);
    await settled();
    const back = await first.read();
    expect(back.history.current.files.map((listed) => listed.path)).toEqual(["c.txt"]);
    expect(back.notSavedGone).toEqual({ since: expect.any(Number) });
  });

  it("lets go of the changes it could not store when the other tab takes editing over, and says so", async () => {
    const { first, second } = twoTabs();
    storageFull();
    await first.change(change({ kind: "add", files: [file("a", "a.txt")] }), bytesOf("a"));
    await second.takeOverEditing();
    await settled();
    const firstNow = await first.read();
    expect([firstNow.editing, firstNow.notSavedGone]).toEqual(["elsewhere", { since: null }]);
    expect(firstNow.history.current.files).toEqual([]);
    expect((await first.read()).editorNotSaved).toBe(false);
  });

  it("passes to the waiting tab when the editing tab closes", async () => {
    const { first, second, locks, moved } = twoTabs();
    await first.change(change({ kind: "add", files: [file("a", "a.txt")] }), bytesOf("a"));
    expect((await second.read()).editing).toBe("elsewhere");
    locks.close(0);
    await settled();
    expect(moved).toEqual([0, 1]);
    expect((await second.read()).editing).toBe("here");
    await second.change(change({ kind: "add", files: [file("b", "b.txt")] }), bytesOf("b"));
    expect(await pathsOf(second)).toEqual(["a.txt", "b.txt"]);
  });
});

describe("a browser that will not open its storage", () => {
  it("says it gives this site no storage, not that it closed it (Firefox's private mode refuses with InvalidStateError)", async () => {
    const refused = new DOMException(
      "A mutation operation was attempted on a database that did not allow mutations.",
      "InvalidStateError",
    );
    const open = vi.spyOn(IDBFactory.prototype, "open").mockImplementation(() => {
      throw refused;
    });
    const { first } = twoTabs();
    const result = await first.change(change({ kind: "add", files: [file("a", "a.txt")] }), bytesOf("a"));
    expect(result).toMatchObject({ made: true, stored: false });
    const { notSaved } = await first.read();
    expect(notSaved?.reason).toBe(storageFailureReason({ name: storageNotOpenedName }));
    expect(notSaved?.reason).not.toBe(storageFailureReason(refused));
    open.mockRestore();
  });
});
