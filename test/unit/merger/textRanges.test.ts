import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hashOfRange, hashOfString, rangeIncludes, RangeIndex, Utf8Writer } from "~/lib/merger/textRanges";

// Any UTF-16 code units, lone surrogates included: TextEncoder writes those as U+FFFD, and so must the writer.
const anyText = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit)) });

describe("ranges of a text", () => {
  it("hash a range as the equal string", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), (before, middle, after) => {
        const text = before + middle + after;
        expect(hashOfRange(text, before.length, before.length + middle.length)).toBe(hashOfString(middle));
      }),
    );
  });

  it("find each distinct range once, across texts, and strings equal to them", () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^P[0-9A-C]{0,3}$/), { maxLength: 60 }), (codes) => {
        const texts = [codes.join("\n"), codes.slice().reverse().join("\n")];
        const index = new RangeIndex(texts, codes.length * 2);
        const keyOf = new Map<string, number>();
        for (const [textIndex, text] of texts.entries()) {
          let start = 0;
          for (const code of textIndex === 0 ? codes : codes.slice().reverse()) {
            const found = index.findRange(textIndex, start, start + code.length);
            if (keyOf.has(code)) expect(found).toBe(keyOf.get(code));
            else {
              expect(found).toBe(-1);
              keyOf.set(code, index.addMissing(textIndex, start, start + code.length));
            }
            start += code.length + 1;
          }
          expect(text.length).toBe(Math.max(0, start - 1));
        }
        expect(index.size).toBe(keyOf.size);
        for (const [code, key] of keyOf) expect(index.find(code)).toBe(key);
        expect(index.find("P-not-there")).toBe(-1);
      }),
    );
  });

  it("write UTF-8 exactly as TextEncoder encodes the joined text", () => {
    fc.assert(
      fc.property(fc.array(anyText, { maxLength: 8 }), (pieces) => {
        const text = pieces.join("");
        const writer = new Utf8Writer(1);
        let start = 0;
        for (const piece of pieces) {
          writer.writeRange(text, start, start + piece.length);
          writer.writeString("\r\n");
          start += piece.length;
        }
        expect(writer.finish()).toEqual(new TextEncoder().encode(pieces.map((piece) => `${piece}\r\n`).join("")));
      }),
    );
  });

  it("search a range case-insensitively as slice, toLowerCase and includes do", () => {
    const unit = fc.constantFrom(..."aAbB9 ,İiÆæ\u0307");
    fc.assert(
      fc.property(
        fc.string({ unit, maxLength: 5 }),
        fc.string({ unit, maxLength: 12 }),
        fc.string({ unit, maxLength: 3 }),
        (before, range, query) => {
          const text = `${before}${range}x`;
          const needle = query.toLowerCase();
          expect(rangeIncludes(text, before.length, before.length + range.length, needle)).toBe(
            range.toLowerCase().includes(needle),
          );
        },
      ),
    );
  });
});
