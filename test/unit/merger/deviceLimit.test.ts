import { describe, expect, it } from "vitest";
import { deviceSetSizeLimit, setSizeRefusal, unknownDeviceSetLimit } from "~/lib/merger/deviceLimit";

describe("the largest set a device can merge", () => {
  it("follows the device's memory where the browser gives it", () => {
    expect(deviceSetSizeLimit(2)).toBe(134_217_728);
    expect(deviceSetSizeLimit(8)).toBe(4 * deviceSetSizeLimit(2));
  });

  it("is a fixed 100 MB where the browser does not say", () => {
    expect(deviceSetSizeLimit(undefined)).toBe(unknownDeviceSetLimit);
    expect(unknownDeviceSetLimit).toBe(100_000_000);
  });
});

describe("refusing a set past the limit", () => {
  it("names the set's size with the new files and the limit", () => {
    expect(setSizeRefusal({ listedBytes: 100_000_000, addedBytes: 50_000_000 }, deviceSetSizeLimit(2), 2)).toBe(
      "Nothing added: 150.0 MB with these files; this device takes 134.2 MB.",
    );
    expect(setSizeRefusal({ listedBytes: 0, addedBytes: 120_000_000 }, unknownDeviceSetLimit, undefined)).toBe(
      "Nothing added: 120.0 MB with these files; the limit is 100.0 MB.",
    );
  });

  it("lets a set up to the limit in", () => {
    expect(setSizeRefusal({ listedBytes: 50, addedBytes: 50 }, 100, 2)).toBeNull();
  });
});
