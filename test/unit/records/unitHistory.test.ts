import { describe, expect, it } from "vitest";
import type { ServiceRecord } from "~/lib/records/serviceRecord";
import { groupedByUnit, recordsMatching, unitNeighbours } from "~/lib/records/unitHistory";

const record = (id: string, minute: number, label: string) =>
  ({ id, label, createdAt: new Date(Date.UTC(2025, 2, 12, 13, minute)).toISOString() }) as ServiceRecord;
const ids = (records: readonly ServiceRecord[]) => records.map((entry) => entry.id);

const records = [
  record("pool-1", 1, "Fjordview pool 2"),
  record("spa-1", 2, "Fjordview spa"),
  record("none", 3, ""),
  record("pool-2", 4, "fjordview  POOL 2"),
  record("lake", 5, "Lakeside 7"),
  record("pool-3", 6, "Fjordview pool 2"),
];

describe("one unit's history", () => {
  it("finds records by a part of their label, in any case", () => {
    expect(ids(recordsMatching(records, "pool 2"))).toEqual(["pool-1", "pool-2", "pool-3"]);
    expect(ids(recordsMatching(records, " FJORDVIEW "))).toEqual(["pool-1", "spa-1", "pool-2", "pool-3"]);
    expect(recordsMatching(records, "")).toHaveLength(records.length);
    expect(recordsMatching(records, "harbour")).toEqual([]);
  });

  it("finds the records without a label by what the list shows for them, No site or unit label", () => {
    expect(ids(recordsMatching(records, "No site"))).toEqual(["none"]);
    expect(ids(recordsMatching(records, " no SITE or unit  label "))).toEqual(["none"]);
  });

  it("groups records by unit, newest unit first, records without a label last", () => {
    expect(groupedByUnit(records).map((group) => [group.label, ids(group.records)])).toEqual([
      ["Fjordview pool 2", ["pool-3", "pool-2", "pool-1"]],
      ["Lakeside 7", ["lake"]],
      ["Fjordview spa", ["spa-1"]],
      ["", ["none"]],
    ]);
  });

  it("gives the unit's records just before and after a record", () => {
    const neighbours = (id: string) => {
      const found = unitNeighbours(
        records,
        records.find((entry) => entry.id === id)!,
      );
      return [found.before?.id ?? null, found.after?.id ?? null];
    };
    expect(neighbours("pool-2")).toEqual(["pool-1", "pool-3"]);
    expect(neighbours("pool-1")).toEqual([null, "pool-2"]);
    expect(neighbours("pool-3")).toEqual(["pool-2", null]);
    expect(neighbours("lake")).toEqual([null, null]);
    expect(neighbours("none")).toEqual([null, null]);
  });
});
