import { describe, expect, it } from "vitest";
import { isHeldKeyRepeat } from "~/lib/shell/heldKeys";

describe("isHeldKeyRepeat", () => {
  it("lets the first press of Enter through, on a button or anywhere", () => {
    expect(isHeldKeyRepeat({ key: "Enter", repeat: false }, { typesLines: false })).toBe(false);
  });

  it("stops Enter's repeats while it is held on a button", () => {
    expect(isHeldKeyRepeat({ key: "Enter", repeat: true }, { typesLines: false })).toBe(true);
  });

  it("lets Enter's repeats make new lines where lines are typed", () => {
    expect(isHeldKeyRepeat({ key: "Enter", repeat: true }, { typesLines: true })).toBe(false);
  });

  it("lets other keys repeat (arrows scroll, letters type)", () => {
    expect(isHeldKeyRepeat({ key: "ArrowDown", repeat: true }, { typesLines: false })).toBe(false);
    expect(isHeldKeyRepeat({ key: "a", repeat: true }, { typesLines: false })).toBe(false);
  });
});
