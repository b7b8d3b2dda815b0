import { describe, expect, it, vi } from "vitest";
import { logger } from "~/lib/shell/logger";
import {
  addRecentCode,
  clearRecentCodes,
  readRecentCodes,
  recentCodesStorageKey,
  rememberRecentCode,
  type RecentCodesStorage,
} from "~/lib/calculator/recentCodes";

function memoryStorage(initial?: string): RecentCodesStorage & { items: Map<string, string> } {
  const items = new Map<string, string>(initial === undefined ? [] : [[recentCodesStorageKey, initial]]);
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

const throwing: RecentCodesStorage = {
  getItem: () => {
    throw new Error("blocked");
  },
  setItem: () => {
    throw new Error("quota exceeded");
  },
  removeItem: () => {
    throw new Error("blocked");
  },
};

describe("recent codes", () => {
  it("start empty", () => {
    expect(readRecentCodes(memoryStorage())).toEqual([]);
    expect(readRecentCodes(null)).toEqual([]);
  });

  it("put the newest first, each code once", () => {
    const storage = memoryStorage();
    rememberRecentCode(storage, "17101");
    rememberRecentCode(storage, "17235");
    expect(rememberRecentCode(storage, "17101")).toEqual(["17101", "17235"]);
    expect(readRecentCodes(storage)).toEqual(["17101", "17235"]);
  });

  it("keep the last ten", () => {
    const storage = memoryStorage();
    for (let mask = 0; mask < 12; mask++) rememberRecentCode(storage, `171${String(mask).padStart(2, "0")}`);
    const codes = readRecentCodes(storage);
    expect(codes).toHaveLength(10);
    expect(codes[0]).toBe("17111");
    expect(codes[9]).toBe("17102");
  });

  it("ignore codes that are not valid", () => {
    expect(addRecentCode(["17101"], "17464")).toEqual(["17101"]);
    expect(addRecentCode(["17101"], "171")).toEqual(["17101"]);
  });

  it("are cleared", () => {
    const storage = memoryStorage();
    rememberRecentCode(storage, "17101");
    expect(clearRecentCodes(storage)).toEqual([]);
    expect(storage.items.has(recentCodesStorageKey)).toBe(false);
    expect(readRecentCodes(storage)).toEqual([]);
  });

  it.each([
    ["not JSON", "{oops"],
    ["an object", '{"codes":["17101"]}'],
    ["a number", "42"],
    ["null", "null"],
  ])("read %s in storage as an empty list", (_, stored) => {
    expect(readRecentCodes(memoryStorage(stored))).toEqual([]);
  });

  it("keep the valid codes of a list that holds other things too", () => {
    const stored = JSON.stringify(["17235", 17101, "17464", null, "17235", "17000", "<script>"]);
    expect(readRecentCodes(memoryStorage(stored))).toEqual(["17235", "17000"]);
  });

  it("never fail when storage is blocked or full, and say so in the log", () => {
    const warn = vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    expect(readRecentCodes(throwing)).toEqual([]);
    expect(rememberRecentCode(throwing, "17101")).toEqual(["17101"]);
    expect(clearRecentCodes(throwing)).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(4);
    warn.mockRestore();
  });
});
