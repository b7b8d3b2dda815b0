import { beforeEach, describe, expect, it, vi } from "vitest";
import { buildServiceRecord, type ServiceRecord } from "~/lib/records/serviceRecord";
import { logger } from "~/lib/shell/logger";
import { createServiceRecordStore, memoryRecords, type RecordDatabase } from "~/lib/records/browser/serviceRecordStore";

const sha = (digit: string) => digit.repeat(64);
const bytesOf = (text: string) => new TextEncoder().encode(text) as Uint8Array<ArrayBuffer>;

/** A record made at `minute` from input "in" (sha a) whose PAR.txt has sha `parDigit`. */
function record(id: string, minute: number, parDigit: string): ServiceRecord {
  return buildServiceRecord({
    id,
    createdAt: new Date(Date.UTC(2025, 2, 12, 13, minute)),
    label: "",
    destination: "downloaded",
    lineEnding: "crlf",
    content: {
      inputs: [{ id: "in", path: "a.txt", setOverride: null, set: "standard", parameterCount: 1 }],
      counts: { parameterCount: 1, rewrittenCount: 0, addedCount: 0, problemCount: 0 },
      rewritten: [],
      added: [],
      problems: [],
    },
    inputFingerprints: new Map([["in", { sha256: sha("a"), size: 5 }]]),
    keptInputIds: new Set(["in"]),
    parFile: { sha256: sha(parDigit), size: 3 },
    cardComparison: null,
  });
}

const bytesFor = (parDigit: string) =>
  new Map([
    [sha("a"), bytesOf("P1\n1\n")],
    [sha(parDigit), bytesOf(`PAR${parDigit}`)],
  ]);

describe("the service record store", () => {
  beforeEach(() => {
    vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    vi.spyOn(logger, "error").mockImplementation(() => undefined);
  });

  it("lists records newest first and gives back their bytes", async () => {
    const store = createServiceRecordStore(memoryRecords());
    await store.add(record("old", 1, "b"), bytesFor("b"));
    await store.add(record("new", 2, "c"), bytesFor("c"));
    expect((await store.list()).map((listed) => listed.id)).toEqual(["new", "old"]);
    expect(new TextDecoder().decode((await store.bytesOf(sha("c")))!)).toBe("PARc");
    const { files, gonePaths } = await store.inputFilesOf((await store.get("old"))!);
    expect(gonePaths).toEqual([]);
    expect(files.map((file) => [file.path, new TextDecoder().decode(file.bytes)])).toEqual([["a.txt", "P1\n1\n"]]);
  });

  it("deletes a record with the bytes only it refers to, keeping bytes another record shares", async () => {
    const store = createServiceRecordStore(memoryRecords());
    await store.add(record("old", 1, "b"), bytesFor("b"));
    await store.add(record("new", 2, "c"), bytesFor("c"));
    await store.remove("old");
    expect((await store.list()).map((listed) => listed.id)).toEqual(["new"]);
    expect(await store.bytesOf(sha("b"))).toBeNull();
    expect(await store.bytesOf(sha("a"))).not.toBeNull();
    await store.remove("new");
    expect(await store.bytesOf(sha("a"))).toBeNull();
    expect(await store.list()).toEqual([]);
  });

  it("skips a stored record it cannot read instead of failing the list", async () => {
    const database = memoryRecords();
    const store = createServiceRecordStore(database);
    await store.add(record("good", 1, "b"), bytesFor("b"));
    await database.setMany([["record:broken", { id: "broken" }]]);
    expect((await store.list()).map((listed) => listed.id)).toEqual(["good"]);
    expect(await store.get("broken")).toBeNull();
    expect(logger.warn).toHaveBeenCalledWith("Skipped an unreadable service record (record:broken)", expect.anything());
  });

  it("without room for the input files, saves the record without them and says which are gone", async () => {
    const memory = memoryRecords();
    // Room for two entries only: the record and PAR.txt.
    const cramped: RecordDatabase = {
      ...memory,
      async setMany(entries) {
        if (entries.length > 2) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
        await memory.setMany(entries);
      },
    };
    const store = createServiceRecordStore(cramped);
    const outcome = await store.add(record("r", 1, "b"), bytesFor("b"));
    expect(outcome.saved).toBe(true);
    const saved = (await store.get("r"))!;
    expect(saved.inputs[0]!.bytesKept).toBe(false);
    expect((await store.inputFilesOf(saved)).gonePaths).toEqual(["a.txt"]);
  });

  it("answers why, and never throws, when the browser refuses to store anything", async () => {
    const refusing: RecordDatabase = {
      ...memoryRecords(),
      setMany: async () => {
        throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      },
    };
    const outcome = await createServiceRecordStore(refusing).add(record("r", 1, "b"), bytesFor("b"));
    expect(outcome).toEqual({ saved: false, reason: "the browser's storage is full" });
  });
});

describe("records restored from a backup", () => {
  it("are stored with their bytes in one write, or none when the browser refuses", async () => {
    const memory = memoryRecords();
    let writes = 0;
    const counting: RecordDatabase = {
      ...memory,
      setMany: async (entries) => {
        writes++;
        await memory.setMany(entries);
      },
    };
    const store = createServiceRecordStore(counting);
    const restored = [record("old", 1, "b"), record("new", 2, "c")];
    await store.addRestored(restored, new Map([...bytesFor("b"), ...bytesFor("c")]));
    expect(writes).toBe(1);
    expect((await store.list()).map((listed) => listed.id)).toEqual(["new", "old"]);
    expect(new TextDecoder().decode((await store.bytesOf(sha("b")))!)).toBe("PARb");

    const refusing = createServiceRecordStore({
      ...memoryRecords(),
      setMany: async () => {
        throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      },
    });
    await expect(refusing.addRestored(restored, bytesFor("b"))).rejects.toThrow("quota");
    expect(await refusing.list()).toEqual([]);
  });
});
