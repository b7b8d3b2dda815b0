import { describe, expect, it } from "vitest";
import { newVersionText, screenErrorReloadText } from "~/lib/shell/reloadOffer";

describe("the app's offers of a reload", () => {
  it("promise the files are kept only while the tab holds nothing storage does not", () => {
    expect(newVersionText([])).toBe("Reload when you are ready; your files are kept.");
    expect(screenErrorReloadText([])).toBe("Your files and settings are kept. Reload the page to try again.");
  });

  it("otherwise say what a reload loses, as each feature names it", () => {
    const held = ["the changes to the file list since 14:05", "2 records"];
    expect(newVersionText(held)).toBe(
      "A reload now loses what this tab could not store: the changes to the file list since 14:05; 2 records. Reload once you no longer need it.",
    );
    expect(screenErrorReloadText(held)).toBe(
      "A reload now loses what this tab could not store: the changes to the file list since 14:05; 2 records. Reload the page to try again.",
    );
  });
});
