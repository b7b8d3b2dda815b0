import { describe, expect, it } from "vitest";
import { backupReminder, markAfterBackup, markAfterRestore } from "~/lib/records/backupReminder";
import type { ServiceRecord } from "~/lib/records/serviceRecord";

const records = (...ids: string[]) => ids.map((id) => ({ id }) as ServiceRecord);
const madeAt = new Date(Date.UTC(2025, 2, 12, 13, 5));

describe("the backup reminder", () => {
  it("counts every record as in no backup before the first one", () => {
    expect(backupReminder(records("a", "b"), null)).toEqual({ lastBackupAt: null, notBackedUpCount: 2 });
  });

  it("counts the records made after the last backup", () => {
    const mark = markAfterBackup(records("a", "b"), madeAt);
    expect(backupReminder(records("c", "a", "b"), mark)).toEqual({
      lastBackupAt: madeAt.toISOString(),
      notBackedUpCount: 1,
    });
  });

  it("counts restored records as held by the file they came from, keeping the last backup's time", () => {
    const mark = markAfterRestore(markAfterBackup(records("a"), madeAt), ["b", "a"]);
    expect(mark).toEqual({ madeAt: madeAt.toISOString(), recordIds: ["a", "b"] });
    expect(backupReminder(records("a", "b"), markAfterRestore(null, ["a", "b"]))).toEqual({
      lastBackupAt: null,
      notBackedUpCount: 0,
    });
  });
});
