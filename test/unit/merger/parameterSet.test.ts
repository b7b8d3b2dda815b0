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

  // toUpperCase read the long s "ſ" as S, so Kundeſpec/ was a customer folder with no problem.
  it("takes only the exact letters KUNDESPEC, in any case: no other letter counts as one of them", () => {
    expect(setOfPath("site/kundespec/a.txt")).toBe("customer");
    expect(setOfPath("site/KundeSpec/a.txt")).toBe("customer");
    expect(setOfPath("site/Kunde\u017fpec/s.txt")).toBe("standard");
    expect(setOfPath("site/KUNDE\u017fPEC/s.txt")).toBe("standard");
    expect(setOfPath("site/\u212aUNDESPEC/k.txt")).toBe("standard");
    expect(setOfPath("site/\u212aundespec/k.txt")).toBe("standard");
    const notAscii = fc.oneof(
      fc.constantFrom("\u017f", "\u212a", "\u0131", "\u0130", "\ufb06", "\uff33"),
      fc.integer({ min: 0x80, max: 0x10ffff }).map((codePoint) => String.fromCodePoint(codePoint)),
    );
    fc.assert(
      fc.property(
        fc.array(fc.boolean(), { minLength: 9, maxLength: 9 }),
        fc.nat({ max: 8 }),
        notAscii,
        (upper, at, character) => {
          const letters = [..."kundespec"].map((letter, index) => (upper[index] ? letter.toUpperCase() : letter));
          expect(setOfPath(`site/${letters.join("")}/a.txt`)).toBe("customer");
          letters[at] = character;
          expect(setOfPath(`site/${letters.join("")}/a.txt`)).toBe("standard");
        },
      ),
    );
  });
});
