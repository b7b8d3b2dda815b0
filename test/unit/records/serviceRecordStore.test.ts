import fc from "fast-check";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { recordRowsPerPage } from "~/lib/records/recordPages";
import { buildServiceRecord, summaryOf, type ServiceRecord } from "~/lib/records/serviceRecord";
import { logger } from "~/lib/shell/logger";
import "fake-indexeddb/auto";
import { createStore } from "idb-keyval";
import {
  createServiceRecordStore,
  indexedDbRecords,
  memoryRecords,
  type RecordDatabase,
} from "~/lib/records/browser/serviceRecordStore";

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

/** A record of a big set: `rewritten` rewritten codes, `added` added ones and `problems` confirmed problems. */
function bigRecord(id: string, rewritten: number, added: number, problems: number): ServiceRecord {
  const source = (lineNumber: number) => ({ path: "KUNDESPEC/PAR.txt", lineNumber });
  const base = record(id, 5, "d");
  return {
    ...base,
    rewritten: Array.from({ length: rewritten }, (_, index) => ({
      code: `P${index}`,
      standardValue: "1",
      customerValue: String(index),
      source: source(index + 1),
    })),
    added: Array.from({ length: added }, (_, index) => ({ code: `A${index}`, value: "7", source: source(index + 1) })),
    confirmedProblems: Array.from({ length: problems }, (_, index) => ({
      path: "log.txt",
      lineNumber: index + 1,
      message: `line ${index + 1} is not a code`,
    })),
  };
}

/** The memory database, telling which keys each read asked for. */
function watchedRecords() {
  const memory = memoryRecords();
  const reads: string[][] = [];
  const database: RecordDatabase = {
    ...memory,
    getMany: async (wanted) => {
      reads.push([...wanted]);
      return memory.getMany(wanted);
    },
  };
  return { database, reads, memory };
}

describe("a record of a big set", () => {
  it("opens by reading its summary and the page shown, never every row", async () => {
    const { database, reads } = watchedRecords();
    const store = createServiceRecordStore(database);
    const stored = bigRecord("big", 2_500, 3, 120);
    await store.add(stored, bytesFor("d"));
    const fresh = createServiceRecordStore(database);
    reads.length = 0;
    const summary = (await fresh.get("big")).record!;
    expect(summary).toEqual(summaryOf(stored));
    expect(summary.rowCounts).toEqual({ rewritten: 2_500, added: 3, confirmedProblems: 120 });
    const page = { from: 2 * recordRowsPerPage, to: 3 * recordRowsPerPage };
    expect(await fresh.rowsOf(summary, "rewritten", page)).toEqual(stored.rewritten.slice(page.from, page.to));
    expect(reads).toEqual([["record:big"], ["rows:big:rewritten:2"]]);
  });

  it("gives back any range of rows as they were added", async () => {
    const store = createServiceRecordStore(memoryRecords());
    const stored = bigRecord("big", 731, 0, 205);
    await store.add(stored, bytesFor("d"));
    const summary = (await store.get("big")).record!;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("rewritten" as const, "added" as const, "confirmedProblems" as const),
        fc.integer({ min: -5, max: 800 }),
        fc.integer({ min: 0, max: 400 }),
        async (part, from, length) => {
          const rows = await store.rowsOf(summary, part, { from, to: from + length });
          expect(rows).toEqual(stored[part].slice(Math.max(0, from), Math.max(0, from + length)));
        },
      ),
      { numRuns: 60 },
    );
    expect(await store.wholeRecords()).toEqual({ records: [stored], unreadRows: [], unreadableCount: 0 });
  });

  it("leaves no page behind when it is deleted", async () => {
    const memory = memoryRecords();
    const store = createServiceRecordStore(memory);
    await store.add(bigRecord("big", 450, 120, 3), bytesFor("d"));
    await store.add(record("small", 1, "b"), bytesFor("b"));
    expect((await memory.keys()).filter((key) => key.startsWith("rows:big:"))).toHaveLength(5 + 2 + 1);
    await store.remove("big");
    expect((await memory.keys()).filter((key) => key.startsWith("rows:"))).toEqual([]);
    expect((await store.list()).map((listed) => listed.id)).toEqual(["small"]);
  });

  it("stored whole by an older version, is still listed, opened a page at a time, backed up whole and deleted", async () => {
    const memory = memoryRecords();
    const old = bigRecord("old", 250, 2, 1);
    await memory.setMany([
      ["record:old", old],
      [`bytes:${sha("a")}`, bytesOf("P1\n1\n").buffer],
      [`bytes:${sha("d")}`, bytesOf("PARd").buffer],
    ]);
    const store = createServiceRecordStore(memory);
    expect(await store.list()).toEqual([summaryOf(old)]);
    const summary = (await store.get("old")).record!;
    expect(await store.rowsOf(summary, "rewritten", { from: 200, to: 300 })).toEqual(old.rewritten.slice(200));
    expect(await store.wholeRecords()).toEqual({ records: [old], unreadRows: [], unreadableCount: 0 });
    await store.remove("old");
    expect(await memory.keys()).toEqual([]);
  });

  it("whose stored row count is beyond any set's is damaged: skipped, and the other records still back up", async () => {
    vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    const memory = memoryRecords();
    const store = createServiceRecordStore(memory);
    const good = bigRecord("good", 150, 0, 0);
    await store.add(good, bytesFor("d"));
    await store.add(bigRecord("huge", 150, 0, 0), bytesFor("d"));
    const [stored] = await memory.getMany(["record:huge"]);
    await memory.setMany([
      ["record:huge", { ...(stored as object), rowCounts: { rewritten: 1e12, added: 0, confirmedProblems: 0 } }],
    ]);
    expect((await store.list()).map((listed) => listed.id)).toEqual(["good"]);
    expect(await store.wholeRecords()).toEqual({ records: [good], unreadRows: [], unreadableCount: 1 });
  });

  it("whose row count is damaged but within bounds reads only the pages stored, once each", async () => {
    const { database, reads, memory } = watchedRecords();
    const store = createServiceRecordStore(database);
    const stored = bigRecord("damaged", 120, 0, 0);
    await store.add(stored, bytesFor("d"));
    const [summary] = await memory.getMany(["record:damaged"]);
    const damagedCounts = { rewritten: 9_999_999, added: 9_999_999, confirmedProblems: 9_999_999 };
    await memory.setMany([["record:damaged", { ...(summary as object), rowCounts: damagedCounts }]]);
    reads.length = 0;
    const { records, unreadRows } = await store.wholeRecords();
    expect(records[0]!.rewritten).toEqual(stored.rewritten);
    expect(unreadRows).toEqual([{ record: expect.objectContaining({ id: "damaged" }), rowCount: 3 * 9_999_999 - 120 }]);
    // The summary, then the two pages of rewritten codes that are there: not the 300,000 the counts name.
    expect(reads.flat()).toEqual(["record:damaged", "rows:damaged:rewritten:0", "rows:damaged:rewritten:1"]);
    await store.remove("damaged");
    expect(await memory.keys()).toEqual([]);
  });

  it("deleted, takes its own pages only, not those of a record whose id starts the same", async () => {
    const memory = memoryRecords();
    const store = createServiceRecordStore(memory);
    const neighbour = bigRecord("a:rewritten", 150, 0, 0);
    await store.add(bigRecord("a", 150, 0, 0), bytesFor("d"));
    await store.add(neighbour, bytesFor("d"));
    await store.remove("a");
    expect((await memory.keys()).filter((key) => key.startsWith("rows:")).sort()).toEqual([
      "rows:a:rewritten:rewritten:0",
      "rows:a:rewritten:rewritten:1",
    ]);
    expect((await store.wholeRecords()).records).toEqual([neighbour]);
  });

  it("skips a damaged page of rows, and the rest still opens", async () => {
    vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    const memory = memoryRecords();
    const store = createServiceRecordStore(memory);
    const stored = bigRecord("big", 250, 0, 0);
    await store.add(stored, bytesFor("d"));
    await memory.setMany([["rows:big:rewritten:1", [{ code: 5 }]]]);
    const summary = (await store.get("big")).record!;
    expect(await store.rowsOf(summary, "rewritten", { from: 0, to: 250 })).toEqual([
      ...stored.rewritten.slice(0, 100),
      ...stored.rewritten.slice(200),
    ]);
    expect(logger.warn).toHaveBeenCalledWith("Skipped an unreadable page of a service record (big, rewritten 1)");
    vi.mocked(logger.warn).mockClear();
    // The backup and the export get the rest, and are told what is missing.
    const { records, unreadRows } = await store.wholeRecords();
    expect(records[0]!.rewritten).toHaveLength(150);
    expect(unreadRows).toEqual([{ record: summary, rowCount: 100 }]);
    expect(logger.warn).toHaveBeenCalledTimes(1);
  });
});
