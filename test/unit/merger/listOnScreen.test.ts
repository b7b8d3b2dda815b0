import { describe, expect, it } from "vitest";
import { listChanged, listOnScreenAtStart, listOnScreenIsBehind, listShown } from "~/lib/merger/listOnScreen";

describe("listOnScreenIsBehind", () => {
  it("is not behind at the start, and is after a change until the list read after it is shown", () => {
    expect(listOnScreenIsBehind(listOnScreenAtStart)).toBe(false);
    const deleted = listChanged(listOnScreenAtStart);
    expect(listOnScreenIsBehind(deleted)).toBe(true);
    expect(listOnScreenIsBehind(listShown(deleted, 1))).toBe(false);
  });

  it("stays behind when the reload after a delete was dropped: the list read before it was shown, not the one after", () => {
    // The delete's reload read the list (1 change) but a second tap took its navigation over: nothing was shown.
    const deleted = listChanged(listOnScreenAtStart);
    expect(listOnScreenIsBehind(listShown(deleted, 0))).toBe(true);
  });

  it("is behind after two changes when only the first one's list was shown", () => {
    const twice = listChanged(listChanged(listOnScreenAtStart));
    expect(listOnScreenIsBehind(listShown(twice, 1))).toBe(true);
    expect(listOnScreenIsBehind(listShown(twice, 2))).toBe(false);
  });

  it("does not go behind again when an older list is rendered after a newer one", () => {
    const twice = listChanged(listChanged(listOnScreenAtStart));
    expect(listOnScreenIsBehind(listShown(listShown(twice, 2), 1))).toBe(false);
  });
});
