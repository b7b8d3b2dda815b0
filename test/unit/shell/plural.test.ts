import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { countOf, formatCount } from "~/lib/shell/plural";

describe("formatCount", () => {
  it("writes every whole number as toLocaleString('en') does", () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (count) => {
        expect(formatCount(count)).toBe(count.toLocaleString("en"));
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), (count) => {
        expect(formatCount(count)).toBe(count.toLocaleString("en"));
      }),
    );
  });

  it("groups thousands with commas", () => {
    expect(formatCount(0)).toBe("0");
    expect(formatCount(999)).toBe("999");
    expect(formatCount(1000)).toBe("1,000");
    expect(formatCount(1234567)).toBe("1,234,567");
    expect(formatCount(-1204)).toBe("-1,204");
  });

  it("leaves fractions to toLocaleString", () => {
    expect(formatCount(1234.5)).toBe("1,234.5");
  });
});

describe("countOf", () => {
  it("names one thing in the singular and other counts in the plural", () => {
    expect(countOf(1, "parameter")).toBe("1 parameter");
    expect(countOf(1204, "problem")).toBe("1,204 problems");
    expect(countOf(2, "entry", "entries")).toBe("2 entries");
  });
});
