import { describe, expect, it } from "vitest";
import { compareRecordFiles, identicalRecordsText, inTimeOrder } from "~/lib/records/recordCompare";
import type { ServiceRecord } from "~/lib/records/serviceRecord";

const bytes = (text: string) => new TextEncoder().encode(text);

describe("comparing two records' PAR.txt", () => {
  it("counts and lists changed, added, removed and unchanged codes, the later file's order first", () => {
    const comparison = compareRecordFiles(
      bytes("P001\r\n1\r\nP002\r\n2\r\nP003\r\n3\r\n"),
      bytes("P001\r\n1\r\nP002\r\n5\r\nP004\r\n4\r\n"),
    );
    expect(comparison.summary).toBe("1 changed, 1 added, 1 removed, 1 unchanged");
    expect(comparison.rows.map((row) => [row.code, row.change, row.cardValue, row.newValue])).toEqual([
      ["P001", "unchanged", "1", "1"],
      ["P002", "changed", "2", "5"],
      ["P004", "added", null, "4"],
      ["P003", "removed", "3", null],
    ]);
    expect(comparison.rows[1]!.source).toMatchObject({ path: "PAR.txt", lineNumber: 3 });
  });

  it("says so when both files are the same bytes, and counts line endings alone as no change", () => {
    const same = compareRecordFiles(bytes("P001\r\n1\r\n"), bytes("P001\r\n1\r\n"));
    expect(same.summary).toBe(identicalRecordsText);
    const endings = compareRecordFiles(bytes("P001\r\n1\r\n"), bytes("P001\n1\n"));
    expect(endings.identical).toBe(false);
    expect(endings.summary).toBe("0 changed, 0 added, 0 removed, 1 unchanged");
  });

  it("puts the two records in time order", () => {
    const early = { id: "a", createdAt: "2025-03-12T13:01:00.000Z" } as ServiceRecord;
    const late = { id: "b", createdAt: "2025-03-12T13:02:00.000Z" } as ServiceRecord;
    expect(inTimeOrder(late, early)).toEqual([early, late]);
    expect(inTimeOrder(early, late)).toEqual([early, late]);
  });
});
