import { describe, expect, it } from "vitest";
import { fileListIntents, oneTimeFileListAction } from "~/lib/merger/fileListIntents";
import { oneTimeRecordAction, recordIntents } from "~/lib/records/recordIntents";
import { isSecondTap, isSecondTapAfterMove, secondTapWithinMs, type StartedAction } from "~/lib/shell/secondTap";

const started = (key: string, running: boolean, otherRequestSince = false): StartedAction => ({
  key,
  startedAt: 1000,
  running,
  otherRequestSince,
});

describe("isSecondTap", () => {
  it("takes the same one-time action asked while it still runs, however late, as the first tap again", () => {
    expect(isSecondTap(started("write", true), "write", 1000)).toBe(true);
    expect(isSecondTap(started("write", true), "write", 1000 + 60_000)).toBe(true);
    // The label, stored as the typing pauses, may come between the two taps.
    expect(isSecondTap(started("write", true, true), "write", 1001)).toBe(true);
  });

  it("takes it as the first tap again within a double-click's time after it started, though it is done", () => {
    expect(isSecondTap(started("delete-all", false), "delete-all", 1000 + secondTapWithinMs - 1)).toBe(true);
    expect(isSecondTap(started("delete-all", false), "delete-all", 1000 + secondTapWithinMs)).toBe(false);
  });

  it("runs another action, the same one again after another request, and the first request of all", () => {
    expect(isSecondTap(started("download", true), "write", 1000)).toBe(false);
    // A file added between two downloads: the second download is the technician's own.
    expect(isSecondTap(started("download", false, true), "download", 1001)).toBe(false);
    expect(isSecondTap(null, "download", 0)).toBe(false);
  });
});

describe("isSecondTapAfterMove", () => {
  it("takes a tap on an Undo within a double-click's time of the last Undo tapped as that double tap's second tap", () => {
    expect(isSecondTapAfterMove(1_000, 1_000 + 450)).toBe(true);
    expect(isSecondTapAfterMove(1_000, 1_000 + secondTapWithinMs)).toBe(false);
    expect(isSecondTapAfterMove(null, 1_000)).toBe(false);
  });
});

describe("which requests start a one-time action", () => {
  it("on /files: writing, downloading and Delete all are, the same for the same request; moving a file is not", () => {
    const write = { intent: fileListIntents.writeCard, lineEnding: "crlf", serviceLabel: "Unit 7" } as const;
    expect(oneTimeFileListAction(write)).toBe(oneTimeFileListAction({ ...write }));
    expect(oneTimeFileListAction({ ...write, lineEnding: "lf" })).not.toBe(oneTimeFileListAction(write));
    expect(oneTimeFileListAction({ intent: fileListIntents.deleteAll })).not.toBeNull();
    expect(oneTimeFileListAction({ intent: fileListIntents.move, id: "a", offset: "-1" })).toBeNull();
  });

  it("on a record: writing back and deleting are, for that record; the look at the card before a write back is not", () => {
    expect(oneTimeRecordAction("a", recordIntents.writePreviousParFile)).not.toBe(
      oneTimeRecordAction("b", recordIntents.writePreviousParFile),
    );
    expect(oneTimeRecordAction("a", recordIntents.delete)).not.toBeNull();
    expect(oneTimeRecordAction("a", recordIntents.checkWriteBack)).toBeNull();
  });
});
