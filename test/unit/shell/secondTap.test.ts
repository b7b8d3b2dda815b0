import { describe, expect, it } from "vitest";
import { isSecondTap, secondTapWithinMs, type StartedAction } from "~/lib/shell/secondTap";

const started = (key: string | null, running: boolean): StartedAction => ({ key, startedAt: 1000, running });

describe("isSecondTap", () => {
  it("takes the same one-time action asked while it still runs, however late, as the first tap again", () => {
    expect(isSecondTap(started("write", true), "write", 1000)).toBe(true);
    expect(isSecondTap(started("write", true), "write", 1000 + 60_000)).toBe(true);
  });

  it("takes it as the first tap again within a double-click's time after it started, though it is done", () => {
    expect(isSecondTap(started("delete-all", false), "delete-all", 1000 + secondTapWithinMs - 1)).toBe(true);
    expect(isSecondTap(started("delete-all", false), "delete-all", 1000 + secondTapWithinMs)).toBe(false);
  });

  it("runs another action, an action after another request, and the first request of all", () => {
    expect(isSecondTap(started("download", true), "write", 1000)).toBe(false);
    // A file added between two downloads: the second download is the technician's own.
    expect(isSecondTap(started(null, false), "download", 1001)).toBe(false);
    expect(isSecondTap(null, "download", 0)).toBe(false);
  });
});
