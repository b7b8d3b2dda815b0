import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { memoryRecords, type RecordDatabase } from "~/lib/records/browser/recordsDatabase";
import { createServiceRecordStore } from "~/lib/records/browser/serviceRecordStore";
import { recordRowsPerPage } from "~/lib/records/recordPages";
import { summaryOf, type ServiceRecord } from "~/lib/records/serviceRecord";
import { logger } from "~/lib/shell/logger";
import { bytesFor, bytesOf, record, sha } from "./recordsToStore";

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
