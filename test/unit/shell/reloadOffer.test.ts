import { describe, expect, it } from "vitest";
import { filesBeingReadReloadLoss } from "~/lib/merger/fileListStorageText";
import { newVersionText, screenErrorReloadText } from "~/lib/shell/reloadOffer";

describe("the app's offers of a reload", () => {
  it("promise the files are kept only while the tab holds nothing storage does not", () => {
    expect(newVersionText([])).toBe("Reload when you are ready; your files are kept.");
    expect(screenErrorReloadText([])).toBe("Your files and settings are kept. Reload the page to try again.");
  });

  it("otherwise say what a reload loses, as each feature names it", () => {
    const held = ["KUNDESPEC.txt and the deletion of std.txt (the files deleted here come back)", "2 records"];
    expect(newVersionText(held)).toBe(
      "A reload now loses what this tab could not store: KUNDESPEC.txt and the deletion of std.txt (the files deleted here come back); 2 records. Reload once you no longer need it.",
    );
    expect(screenErrorReloadText(held)).toBe(
      "A reload now loses what this tab could not store: KUNDESPEC.txt and the deletion of std.txt (the files deleted here come back); 2 records. Reload the page to try again.",
    );
  });

  it("name every file still being read while an add runs, and nothing once none runs (G9)", () => {
    expect(filesBeingReadReloadLoss([])).toBeNull();
    const paths = Array.from({ length: 40 }, (_, index) => `card/f${index}.txt`);
    // Two adds of one path (a pick, then the same pick again) name it once.
    expect(filesBeingReadReloadLoss([...paths, "card/f0.txt"])).toBe(
      `the files still being read, not stored yet: ${paths.join(", ")}`,
    );
    expect(screenErrorReloadText([filesBeingReadReloadLoss(["big40.txt"])!])).toBe(
      "A reload now loses what this tab could not store: the files still being read, not stored yet: big40.txt. Reload the page to try again.",
    );
  });
});
