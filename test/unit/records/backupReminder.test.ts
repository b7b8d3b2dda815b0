import { describe, expect, it } from "vitest";
import { allBackedUpText, backupReminder, markAfterBackup, markAfterRestore } from "~/lib/records/backupReminder";
import { recordTimeText, type ServiceRecord } from "~/lib/records/serviceRecord";

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

describe("the line when every record is in a backup", () => {
  it("says the restored records are in the file they came from, not that no backup holds them", () => {
    const reminder = backupReminder(records("a", "b"), markAfterRestore(null, ["a", "b"]));
    expect(allBackedUpText(reminder, 2)).toBe(
      "Every record is in the backup it was restored from; this browser has made no backup yet.",
    );
  });

  it("names the last backup once this browser made one, and only that while there are no records", () => {
    const mark = markAfterBackup(records("a"), madeAt);
    expect(allBackedUpText(backupReminder(records("a"), mark), 1)).toBe(
      `Last backup: ${recordTimeText(madeAt.toISOString())}. Every record is in a backup.`,
    );
    expect(allBackedUpText(backupReminder([], null), 0)).toBe("No backup made in this browser yet.");
  });
});
