import { describe, expect, it } from "vitest";
import { createLoadMark, type TabLocks } from "~/lib/merger/browser/interruptedLoad";

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    key: (index: number) => [...items.keys()][index] ?? null,
    get length() {
      return items.size;
    },
  };
}

/** Web Locks as the browser keeps them: a lock is held until released, and a closed tab's locks are freed. */
function memoryLocks() {
  const held = new Map<string, string>();
  let currentTab = "";
  return {
    as(tab: string): TabLocks {
      return {
        async hold(name, released) {
          currentTab = tab;
          held.set(name, currentTab);
          void released.then(() => held.delete(name));
        },
        isFree: async (name) => !held.has(name),
      };
    },
    /** The tab crashed or was closed: the browser frees what it held. */
    close(tab: string) {
      for (const [name, holder] of held) if (holder === tab) held.delete(name);
    },
  };
}

describe("files whose load never finished", () => {
  const loading = { ids: ["a", "b"], paths: ["big.txt", "KUNDESPEC/big.txt"] };

  it("are reported once at the next start when the load was cut off", async () => {
    const storage = memoryStorage();
    const locks = memoryLocks();
    await createLoadMark(storage, locks.as("crashed"), "crashed").loading(loading);
    locks.close("crashed");
    const nextVisit = createLoadMark(storage, locks.as("next"), "next");
    expect(await nextVisit.takeInterrupted()).toEqual(loading);
    expect(await nextVisit.takeInterrupted()).toBeNull();
  });

  it("are never taken from a live tab that is still adding them", async () => {
    const storage = memoryStorage();
    const locks = memoryLocks();
    const adding = createLoadMark(storage, locks.as("adding"), "adding");
    await adding.loading(loading);
    const otherTab = createLoadMark(storage, locks.as("other"), "other");
    expect(await otherTab.takeInterrupted()).toBeNull();
    // Once the adding tab showed them, nothing is left to take, even after it closes.
    adding.loaded(["a", "b"]);
    locks.close("adding");
    expect(await otherTab.takeInterrupted()).toBeNull();
  });

  it("takes only the dead tab's files when a live tab adds at the same time", async () => {
    const storage = memoryStorage();
    const locks = memoryLocks();
    await createLoadMark(storage, locks.as("live"), "live").loading({ ids: ["l"], paths: ["live.txt"] });
    await createLoadMark(storage, locks.as("dead"), "dead").loading(loading);
    locks.close("dead");
    expect(await createLoadMark(storage, locks.as("next"), "next").takeInterrupted()).toEqual(loading);
  });

  it("are nothing to report once a merge was shown with all of them listed", async () => {
    const storage = memoryStorage();
    const mark = createLoadMark(storage, null, "tab");
    await mark.loading(loading);
    mark.loaded(["a"]);
    expect(await createLoadMark(storage, null, "next").takeInterrupted()).toEqual(loading);
    await mark.loading(loading);
    mark.loaded(["x", "a", "b"]);
    expect(await createLoadMark(storage, null, "next").takeInterrupted()).toBeNull();
  });

  it("leave no mark and hold no lock when a pick has nothing to read (every file refused)", async () => {
    const storage = memoryStorage();
    const locks = memoryLocks();
    await createLoadMark(storage, locks.as("tab"), "tab").loading({ ids: [], paths: [] });
    expect(storage.length).toBe(0);
    expect(await locks.as("other").isFree("technician-toolbox:adding-files:tab")).toBe(true);
  });

  it("takes the one mark an older version left (it names no tab)", async () => {
    const storage = memoryStorage();
    storage.setItem("technician-toolbox:files-loading", JSON.stringify(loading));
    expect(await createLoadMark(storage, memoryLocks().as("next"), "next").takeInterrupted()).toEqual(loading);
  });

  it("are nothing to report without storage or with a damaged mark", async () => {
    expect(await createLoadMark(null, null, "tab").takeInterrupted()).toBeNull();
    const storage = memoryStorage();
    storage.setItem("technician-toolbox:files-loading:other", "{not json");
    expect(await createLoadMark(storage, null, "tab").takeInterrupted()).toBeNull();
  });
});
