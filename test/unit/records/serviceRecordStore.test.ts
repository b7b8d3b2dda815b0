import { beforeEach, describe, expect, it, vi } from "vitest";
import { logger } from "~/lib/shell/logger";
import "fake-indexeddb/auto";
import { createStore } from "idb-keyval";
import { indexedDbRecords, memoryRecords, type RecordDatabase } from "~/lib/records/browser/recordsDatabase";
import { createServiceRecordStore } from "~/lib/records/browser/serviceRecordStore";
import { bytesFor, record, sha } from "./recordsToStore";

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
    const { files, gonePaths } = await store.inputFilesOf((await store.get("old")).record!);
    expect(gonePaths).toEqual([]);
    expect(files.map((file) => [file.path, new TextDecoder().decode(file.bytes)])).toEqual([["a.txt", "P1\n1\n"]]);
  });

  it("gives back a label stored before labels were tidied as this version keeps it, in the list, the record and the backup", async () => {
    const store = createServiceRecordStore(memoryRecords());
    // Stored as an older version did: buildServiceRecord tidies, so the label is set past it.
    await store.add({ ...record("old", 1, "b"), label: "  Unit \u202e7B\n north " }, bytesFor("b"));
    expect((await store.list()).map((listed) => listed.label)).toEqual(["Unit 7B north"]);
    expect((await store.get("old")).record?.label).toBe("Unit 7B north");
    expect((await store.wholeRecords()).records.map((whole) => whole.label)).toEqual(["Unit 7B north"]);
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

  it("keeps the bytes of a record another tab stores while a delete runs, whenever it lands", async () => {
    // "old" and "again" made the same PAR.txt (bytes "b"); another tab stores "again" while this one deletes "old".
    for (let landsBeforeCall = 0; landsBeforeCall <= 6; landsBeforeCall++) {
      const memory = memoryRecords();
      const otherTab = createServiceRecordStore(memory);
      let calls = 0;
      let landed = false;
      const storeAgain = async () => {
        if (landed) return;
        landed = true;
        await otherTab.add(record("again", 3, "b"), bytesFor("b"));
      };
      const racing = Object.fromEntries(
        Object.entries(memory).map(([name, call]) => [
          name,
          async (...args: unknown[]) => {
            if (calls++ === landsBeforeCall) await storeAgain();
            return (call as (...callArgs: unknown[]) => Promise<unknown>)(...args);
          },
        ]),
      ) as unknown as RecordDatabase;
      const store = createServiceRecordStore(racing);
      await otherTab.add(record("old", 1, "b"), bytesFor("b"));
      await store.remove("old");
      await storeAgain();
      expect((await otherTab.list()).map((listed) => listed.id)).toEqual(["again"]);
      expect(await otherTab.bytesOf(sha("b"))).not.toBeNull();
    }
  });

  it("in IndexedDB, deletes in one transaction that sees every record, whatever characters its id holds", async () => {
    const database = indexedDbRecords(createStore(`records-${crypto.randomUUID()}`, "service-records"));
    const store = createServiceRecordStore(database);
    await store.add(record("\uffffx", 1, "b"), bytesFor("b"));
    await store.add(record("a", 2, "b"), bytesFor("b"));
    await store.remove("a");
    expect((await store.list()).map((listed) => listed.id)).toEqual(["\uffffx"]);
    expect(await store.bytesOf(sha("b"))).not.toBeNull();
    await database.setMany([
      ["record:damaged", 1],
      ["rows:damaged:added:0", []],
    ]);
    expect(await store.removeUnreadable()).toBe(1);
    expect((await database.keys()).filter((key) => key.includes("damaged"))).toEqual([]);
    expect((await store.list()).map((listed) => listed.id)).toEqual(["\uffffx"]);
  });

  it("skips a stored record it cannot read instead of failing the list, names it, and deletes it", async () => {
    const database = memoryRecords();
    const store = createServiceRecordStore(database);
    await store.add(record("good", 1, "b"), bytesFor("b"));
    await database.setMany([
      ["record:broken", { id: "broken" }],
      ["rows:broken:rewritten:0", []],
    ]);
    expect((await store.list()).map((listed) => listed.id)).toEqual(["good"]);
    expect((await store.listWithUnreadable()).unreadableIds).toEqual(["broken"]);
    expect(await store.get("broken")).toEqual({ record: null, readFailure: null, unreadableHere: true });
    expect(logger.warn).toHaveBeenCalledWith("Skipped an unreadable service record (record:broken)", expect.anything());
    expect((await store.wholeRecords()).unreadableCount).toBe(1);
    await store.remove("broken");
    expect((await database.keys()).filter((key) => key.includes("broken"))).toEqual([]);
    expect((await store.listWithUnreadable()).unreadableIds).toEqual([]);
    expect(await store.bytesOf(sha("b"))).not.toBeNull();

    await database.setMany([
      ["record:again", "not a record"],
      ["rows:again:added:0", []],
    ]);
    expect(await store.removeUnreadable()).toBe(1);
    expect((await database.keys()).filter((key) => key.includes("again"))).toEqual([]);
    expect((await store.list()).map((listed) => listed.id)).toEqual(["good"]);
  });

  it("lists a thousand records and more, read a batch at a time, every one once, and names an unreadable one in a later batch", async () => {
    const database = memoryRecords();
    const store = createServiceRecordStore(database);
    const many = Array.from({ length: 1050 }, (_, index) => record(`r${index}`, index, "b"));
    for (const made of many) await store.add(made, bytesFor("b"));
    // Keys are read in their sort order: "zz" comes last, in the third batch.
    await database.setMany([["record:zz-broken", { id: "zz-broken" }]]);
    const { records, unreadableIds } = await store.listWithUnreadable();
    expect(records.map((listed) => listed.id)).toEqual(many.map((made) => made.id).reverse());
    expect(unreadableIds).toEqual(["zz-broken"]);
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
    expect(outcome).toMatchObject({ saved: true, withoutInputFiles: "the browser's storage is full" });
    const saved = (await store.get("r")).record!;
    expect(saved.inputs[0]!.bytesKept).toBe(false);
    expect((await store.inputFilesOf(saved)).gonePaths).toEqual(["a.txt"]);
  });

  it("says why a record could not be read, rather than that it is not kept", async () => {
    const failing: RecordDatabase = {
      ...memoryRecords(),
      getMany: async () => {
        throw new DOMException("The operation failed for reasons unrelated to the database itself", "UnknownError");
      },
    };
    const store = createServiceRecordStore(failing);
    expect(await store.get("r")).toEqual({
      record: null,
      readFailure: expect.stringMatching(/\S/),
      unreadableHere: false,
    });
    expect(store.storage()).toEqual({ stored: false, reason: expect.stringMatching(/\S/) });
    // A record that is simply not there is "not kept", with storage fine.
    const working = createServiceRecordStore(memoryRecords());
    expect(await working.get("r")).toEqual({ record: null, readFailure: null, unreadableHere: false });
    expect(working.storage()).toEqual({ stored: true });
    // A browser that keeps no records (private mode) has not failed to read one: the record is not kept.
    const notKept = createServiceRecordStore(memoryRecords(), () => ({ stored: false, reason: "no storage here" }));
    expect(await notKept.get("r")).toEqual({ record: null, readFailure: null, unreadableHere: false });
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
