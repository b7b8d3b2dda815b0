// Sets the property test in lineConservation.test.ts once found wrong, kept as files in test/fixtures/every-line.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readParameterFile } from "~/lib/merger/parameterFile";

const fixture = (name: string) => new Uint8Array(readFileSync(`test/fixtures/every-line/${name}`));

describe("counterexamples of the conservation property", () => {
  it("a second byte order mark in a file with a stray byte stays in the text, as in a file that is all UTF-8", () => {
    const parsed = readParameterFile(fixture("two-byte-order-marks-then-a-stray-byte.txt"));
    expect(parsed.text).toBe("\ufeff\r\nK\ufffdlte\r\nP001");
    expect(parsed.problems.map(({ lineNumber, message }) => ({ lineNumber, message }))).toEqual([
      {
        lineNumber: 2,
        message:
          'Line 2: byte E6 is not UTF-8 (column 2), but the file has UTF-8 characters elsewhere: mixed encodings? In the older Windows encoding that byte is "æ". This line is left out.',
      },
      {
        lineNumber: 3,
        message: "Line 3: code P001 has no value line; the file ends after it. This code is left out.",
      },
    ]);
  });

  it("one NUL byte in a file of odd length is not UTF-16: the line is a problem", () => {
    const parsed = readParameterFile(fixture("nul-in-a-file-of-odd-length.txt"));
    expect(parsed).toMatchObject({ encoding: "utf-8", text: "K\u0000lte", entryCount: 0 });
    expect(parsed.problems.map((problem) => problem.message)).toEqual([
      'Line 1: "K<U+0000>lte" has a NUL character (U+0000) at column 2: the file is probably not text. This line is left out.',
    ]);
  });
});
