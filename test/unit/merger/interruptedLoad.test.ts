import { describe, expect, it } from "vitest";
import { createLoadMark } from "~/lib/merger/browser/interruptedLoad";

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe("files whose load never finished", () => {
  const loading = { ids: ["a", "b"], paths: ["big.txt", "KUNDESPEC/big.txt"] };

  it("are reported once at the next start when the load was cut off", () => {
    const storage = memoryStorage();
    createLoadMark(storage).loading(loading);
    const nextVisit = createLoadMark(storage);
    expect(nextVisit.takeInterrupted()).toEqual(loading);
    expect(nextVisit.takeInterrupted()).toBeNull();
  });

  it("are nothing to report once a merge was shown with all of them listed", () => {
    const storage = memoryStorage();
    const mark = createLoadMark(storage);
    mark.loading(loading);
    mark.loaded(["a"]);
    expect(createLoadMark(storage).takeInterrupted()).toEqual(loading);
    mark.loading(loading);
    mark.loaded(["x", "a", "b"]);
    expect(createLoadMark(storage).takeInterrupted()).toBeNull();
  });

  it("are nothing to report without storage or with a damaged mark", () => {
    expect(createLoadMark(null).takeInterrupted()).toBeNull();
    const storage = memoryStorage();
    storage.setItem("technician-toolbox:files-loading", "{not json");
    expect(createLoadMark(storage).takeInterrupted()).toBeNull();
  });
});
