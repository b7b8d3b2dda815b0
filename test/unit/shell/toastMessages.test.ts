import { describe, expect, it } from "vitest";
import { toastMessages } from "~/lib/shell/toastMessages";

describe("the restore's notice", () => {
  it("says how many restored records come without their PAR.txt, are here already, or were listed twice", () => {
    expect(toastMessages.recordsRestored(3, 0)).toBe("Restored 3 records from the backup.");
    expect(toastMessages.recordsRestored(3, 1, 0, 2)).toMatch(
      /^Restored 3 records .*; 2 without .*PAR\.txt; 1 already/,
    );
    expect(toastMessages.recordsRestored(1, 0, 4, 1)).toMatch(/^Restored 1 record .*; 1 without .*; 4 listed twice/);
  });
});
