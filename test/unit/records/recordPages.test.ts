import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pageOf, recordTablePages } from "~/lib/records/recordPages";

describe("pageOf", () => {
  it("gives the rows of a page and clamps a page past the end to the last", () => {
    expect(pageOf(100_000, 1, 100)).toEqual({ page: 1, pageCount: 1000, from: 0, to: 100 });
    expect(pageOf(250, 9, 100)).toEqual({ page: 3, pageCount: 3, from: 200, to: 250 });
    expect(pageOf(0, 1, 100)).toEqual({ page: 1, pageCount: 1, from: 0, to: 0 });
  });

  it("shows every row exactly once across the pages", () => {
    fc.assert(
      fc.property(fc.nat(5000), fc.integer({ min: 1, max: 300 }), (rowCount, perPage) => {
        const { pageCount } = pageOf(rowCount, 1, perPage);
        let next = 0;
        for (let page = 1; page <= pageCount; page++) {
          const { from, to } = pageOf(rowCount, page, perPage);
          expect(from).toBe(next);
          expect(to - from).toBeLessThanOrEqual(perPage);
          next = to;
        }
        expect(next).toBe(rowCount);
      }),
    );
  });
});

describe("recordTablePages", () => {
  const pagesOf = (search: string) => recordTablePages(new URLSearchParams(search));

  it("reads each table's page from the record's address", () => {
    expect(pagesOf("rewritten=3&problems=2")).toEqual({ inputs: 1, rewritten: 3, added: 1, confirmedProblems: 2 });
  });

  it("takes page 1 for anything but digits, as the app never writes another form", () => {
    for (const nonsense of ["0", "-1", "0x2", " 2 ", "1e3", "2.5", "NaN", "Infinity", "", "%00"]) {
      expect(pagesOf(`rewritten=${encodeURIComponent(nonsense)}`).rewritten).toBe(1);
    }
    // A page past the end is a page: the screen shows the last one (pageOf).
    expect(pagesOf("rewritten=9999999999").rewritten).toBe(9_999_999_999);
  });
});
