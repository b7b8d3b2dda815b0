import { describe, expect, it } from "vitest";
import { sharedFileAddress, sharedFileName, waitingSharesOf } from "~/lib/merger/sharedFiles";

describe("the shares the service worker keeps", () => {
  it("reads the share and the place from an entry's path, and nothing from any other path", () => {
    expect(sharedFileAddress("/shared-files/abc/2")).toEqual({ shareId: "abc", index: 2 });
    expect(sharedFileAddress("/shared-files/abc")).toBeNull();
    expect(sharedFileAddress("/shared-files/abc/x")).toBeNull();
    expect(sharedFileAddress("/shared-files/abc/1/2")).toBeNull();
    expect(sharedFileAddress("/files/abc/1")).toBeNull();
  });

  it("groups entries by share, files in the order shared, the oldest share first", () => {
    const entry = (path: string, name: string, sharedAt: string | null) => ({ path, name, type: "", sharedAt });
    expect(
      waitingSharesOf([
        entry("/shared-files/new/1", "n2.txt", "2025-03-12T10:00:00.000Z"),
        entry("/shared-files/old/0", "o1.txt", "2025-03-11T10:00:00.000Z"),
        entry("/shared-files/new/0", "n1.txt", "2025-03-12T10:00:00.000Z"),
        entry("/elsewhere/x/0", "x.txt", null),
      ]),
    ).toEqual([
      { id: "old", sharedAt: "2025-03-11T10:00:00.000Z", files: [{ name: "o1.txt", type: "" }] },
      {
        id: "new",
        sharedAt: "2025-03-12T10:00:00.000Z",
        files: [
          { name: "n1.txt", type: "" },
          { name: "n2.txt", type: "" },
        ],
      },
    ]);
  });

  it("names a file as shared, or by its place when the name is missing or damaged", () => {
    expect(sharedFileName(encodeURIComponent("KUNDESPEC/æ ø.txt"), 0)).toBe("KUNDESPEC/æ ø.txt");
    expect(sharedFileName(null, 0)).toBe("shared-1.txt");
    expect(sharedFileName("%E0%A4%A", 1)).toBe("shared-2.txt");
  });
});
