import { describe, expect, it } from "vitest";
import { toastMessages } from "~/lib/shell/toastMessages";

describe("the restore's notice", () => {
  it("says how many restored records come without their PAR.txt", () => {
    expect(toastMessages.recordsRestored(3, 0)).toBe("Restored 3 records from the backup.");
    expect(toastMessages.recordsRestored(3, 1, 0, 2)).toBe(
      "Restored 3 records from the backup (2 of them come without their PAR.txt, which is not in the backup); 1 record already here, not added twice.",
    );
    expect(toastMessages.recordsRestored(1, 0, 0, 1)).toBe(
      "Restored 1 record from the backup (it comes without its PAR.txt, which is not in the backup).",
    );
  });
});
