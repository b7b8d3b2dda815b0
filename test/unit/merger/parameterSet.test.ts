import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { setOfFile, setOfPath, setOverrideFor } from "~/lib/merger/parameterSet";

describe("which set a parameter file is in", () => {
  it("follows KUNDESPEC in the path unless the technician chose", () => {
    expect(setOfFile({ path: "KUNDESPEC/a.txt", setOverride: null })).toBe("customer");
    expect(setOfFile({ path: "KUNDESPEC/a.txt", setOverride: "standard" })).toBe("standard");
    expect(setOfFile({ path: "a.txt", setOverride: "customer" })).toBe("customer");
  });

  it("stores no override when the choice is what the path says", () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom("standard" as const, "customer" as const), (path, chosen) => {
        const setOverride = setOverrideFor(path, chosen);
        expect(setOfFile({ path, setOverride })).toBe(chosen);
        expect(setOverride === null).toBe(chosen === setOfPath(path));
      }),
    );
  });
});
