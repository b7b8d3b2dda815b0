import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeParameterText, entriesOf, keptLinesOf, readParameterFile } from "~/lib/merger/parameterFile";

const utf8 = (text: string) => new TextEncoder().encode(text);
const linesOf = (text: string) => {
  const lines = keptLinesOf(text);
  return Array.from({ length: lines.count }, (_, line) => [
    lines.lineNumber[line]!,
    text.slice(lines.start[line]!, lines.end[line]!),
  ]);
};

describe("decoding bytes", () => {
  it("reads UTF-8 and drops a byte order mark", () => {
    expect(decodeParameterText(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8("P1\nø")]))).toEqual({
      text: "P1\nø",
      encoding: "utf-8",
    });
  });

  it("reads bytes that are not UTF-8 as Windows-1252 and says so", () => {
    // "Pumpe æ ø å" in Windows-1252: æ = E6, ø = F8, å = E5
    const bytes = new Uint8Array([...utf8("P1\r\nPumpe "), 0xe6, 0x20, 0xf8, 0x20, 0xe5, ...utf8("\r\n")]);
    expect(decodeParameterText(bytes)).toEqual({ text: "P1\r\nPumpe æ ø å\r\n", encoding: "windows-1252" });
  });

  it.each([
    ["little-endian", [0xff, 0xfe], "utf-16le"],
    ["big-endian", [0xfe, 0xff], "utf-16be"],
  ])("reads a file with a UTF-16 %s byte order mark as UTF-16", (_name, byteOrderMark, layout) => {
    const text = "P1\r\nKlorpumpe æøå\r\n";
    const units = [...text].map((character) => character.charCodeAt(0));
    const body = units.flatMap((unit) => (layout === "utf-16le" ? [unit & 0xff, unit >> 8] : [unit >> 8, unit & 0xff]));
    expect(decodeParameterText(new Uint8Array([...byteOrderMark, ...body]))).toEqual({ text, encoding: "utf-16" });
  });

  it("drops a UTF-8 byte order mark also when the rest is Windows-1252", () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8("P1\n"), 0xe6]);
    expect(decodeParameterText(bytes)).toEqual({ text: "P1\næ", encoding: "windows-1252" });
  });
});

describe("reading lines", () => {
  it.each([
    ["CRLF", "P1\r\n10\r\nP2\r\n20\r\n"],
    ["LF", "P1\n10\nP2\n20\n"],
    ["CR", "P1\r10\rP2\r20\r"],
    ["mixed", "P1\r\n10\nP2\r20"],
  ])("splits %s line breaks", (_name, text) => {
    expect(linesOf(text)).toEqual([
      [1, "P1"],
      [2, "10"],
      [3, "P2"],
      [4, "20"],
    ]);
  });

  it("drops comment lines and blank or whitespace-only lines, keeping line numbers", () => {
    expect(linesOf("* header\nP1\n\n   \n\t\n10\n*P2\n")).toEqual([
      [2, "P1"],
      [6, "10"],
    ]);
  });

  it("drops a line of any space Unicode has, the ogham space mark too, as it drops a no-break space", () => {
    for (const space of ["\u00a0", "\u1680", "\u2003", "\u3000", " \u1680\t"])
      expect(linesOf(`P1\n${space}\n10\n`), JSON.stringify(space)).toEqual([
        [1, "P1"],
        [3, "10"],
      ]);
  });

  it("passes a line's content through verbatim: no splitting, unquoting or trimming", () => {
    const values = [
      "1,5",
      '"Pump A";"Pump B"',
      "  leading and trailing  ",
      "a\tb",
      '"unclosed',
      "x,y;z|w",
      'say ""hi""',
    ];
    const text = values.map((value, index) => `P${index}\n${value}`).join("\r\n");
    expect(
      linesOf(text)
        .filter((_, index) => index % 2 === 1)
        .map(([, line]) => line),
    ).toEqual(values);
  });

  it("keeps even a NUL character inside a line", () => {
    expect(linesOf("P1\na\u0000b")).toEqual([
      [1, "P1"],
      [2, "a\u0000b"],
    ]);
  });
});

describe("pairing lines into parameters", () => {
  const read = (text: string) => readParameterFile(utf8(text));

  it("pairs a code line with the value line after it", () => {
    expect(entriesOf(read('P0001\n1,5\nP0002\n"A";B\n'))).toEqual([
      { code: "P0001", value: "1,5", lineNumber: 1 },
      { code: "P0002", value: '"A";B', lineNumber: 3 },
    ]);
  });

  it("takes a value line that itself starts with P as the value", () => {
    expect(entriesOf(read("P0001\nPUMP ON\n"))).toEqual([{ code: "P0001", value: "PUMP ON", lineNumber: 1 }]);
  });

  it("reports a line in code position that is not a code, with its line number, and goes on", () => {
    const parsed = read("P1\n10\n* c\n42\nP2\n20\n");
    expect(entriesOf(parsed).map((entry) => entry.code)).toEqual(["P1", "P2"]);
    expect(parsed.problems).toEqual([
      {
        kind: "not-a-code",
        lineNumber: 4,
        message: 'Line 4: expected a parameter code (a line starting with P) but found "42". This line is left out.',
      },
    ]);
  });

  it("reports a code with no value at the end of a file (odd line count)", () => {
    const parsed = read("P1\n10\nP2\n");
    expect(entriesOf(parsed)).toHaveLength(1);
    expect(parsed.problems).toEqual([
      {
        kind: "missing-value",
        lineNumber: 3,
        message: "Line 3: code P2 has no value line; the file ends after it. This code is left out.",
      },
    ]);
  });

  it.each([
    ["an empty file", ""],
    ["a file of only comments and blank lines", "* one\n\n* two\r\n   \r\n"],
  ])("reports %s as having no parameters", (_name, text) => {
    const parsed = read(text);
    expect({ encoding: parsed.encoding, entries: entriesOf(parsed), problems: parsed.problems }).toEqual({
      encoding: "utf-8",
      entries: [],
      problems: [
        {
          kind: "no-parameters",
          lineNumber: null,
          message: "This file has no parameters (it is empty or has only comments and blank lines).",
        },
      ],
    });
  });
});

describe("a missing value line does not swallow the next code", () => {
  const read = (text: string) => readParameterFile(utf8(text));

  it("leaves out the code without value and pairs again from the code-shaped line", () => {
    const parsed = read("P001\r\nP002\r\n5\r\nP003\r\n6\r\n");
    expect(entriesOf(parsed)).toEqual([
      { code: "P002", value: "5", lineNumber: 2 },
      { code: "P003", value: "6", lineNumber: 4 },
    ]);
    expect(parsed.problems).toEqual([
      {
        kind: "missing-value",
        lineNumber: 1,
        message: "Line 1: code P001 has no value: the next line, 2, is the code P002. P001 is left out.",
      },
    ]);
  });

  it("still takes a value that starts with P but does not look like the codes", () => {
    const parsed = read("P001\nPump 3\n42\n");
    expect(entriesOf(parsed)).toEqual([{ code: "P001", value: "Pump 3", lineNumber: 1 }]);
    expect(parsed.problems.map((problem) => problem.kind)).toEqual(["not-a-code"]);
  });

  it("finds the missing value before the last code too", () => {
    const parsed = read("P001\nP002\n5\nP003\n");
    expect(entriesOf(parsed).map((entry) => [entry.code, entry.value])).toEqual([["P002", "5"]]);
    expect(parsed.problems.map((problem) => [problem.kind, problem.lineNumber])).toEqual([
      ["missing-value", 1],
      ["missing-value", 4],
    ]);
  });
});

describe("a stray byte in a UTF-8 file", () => {
  it("is a problem on its line, which is left out with its code, and the file's UTF-8 characters stay as they are", () => {
    const bytes = new Uint8Array([...utf8("P1\r\nPumpe ä\r\nP2\r\nx"), 0xe4, ...utf8("\r\n")]);
    const parsed = readParameterFile(bytes);
    expect(parsed.encoding).toBe("utf-8");
    expect(entriesOf(parsed)).toEqual([{ code: "P1", value: "Pumpe ä", lineNumber: 1 }]);
    expect(parsed.problems).toEqual([
      {
        kind: "mixed-encoding",
        lineNumber: 4,
        pairedLineNumber: 3,
        message:
          'Line 4: byte E4 is not UTF-8 (column 2), but the file has UTF-8 characters elsewhere: mixed encodings? In the older Windows encoding that byte is "ä". This line and its code P2 on line 3 are left out.',
      },
    ]);
  });

  it("leaves a plain Windows-1252 file (no UTF-8 characters at all) as Windows-1252 without a problem", () => {
    const parsed = readParameterFile(new Uint8Array([...utf8("P1\r\nPumpe "), 0xe4, ...utf8("\r\n")]));
    expect(parsed).toMatchObject({ encoding: "windows-1252", problems: [] });
    expect(entriesOf(parsed)[0]!.value).toBe("Pumpe ä");
  });
});

describe("the parsed form (docs/performance.md)", () => {
  it("holds no object per line: a million parameters are one string and five typed arrays", () => {
    const parameterCount = 1_000_000;
    const lines: string[] = ["* generated"];
    for (let index = 0; index < parameterCount; index++) lines.push(`P${index}`, `${index % 97},5`);
    const parsed = readParameterFile(utf8(lines.join("\r\n")));

    expect(parsed.entryCount).toBe(parameterCount);
    const fields = Object.entries(parsed);
    const typedArrays = fields.filter(([, field]) => field instanceof Int32Array);
    expect(typedArrays.map(([name]) => name).sort()).toEqual([
      "codeEnd",
      "codeStart",
      "lineNumber",
      "valueEnd",
      "valueStart",
    ]);
    for (const [, array] of typedArrays) expect(array).toHaveLength(parameterCount);
    // Everything else is the text, the encoding, the count and the (empty) problem list.
    expect(
      fields
        .filter(([, field]) => !(field instanceof Int32Array))
        .map(([name]) => name)
        .sort(),
    ).toEqual(["encoding", "entryCount", "problems", "text"]);
    expect(typeof parsed.text).toBe("string");
    expect(parsed.problems).toEqual([]);
    expect(entriesOf(parsed, parameterCount - 1)).toEqual([
      { code: `P${parameterCount - 1}`, value: `${(parameterCount - 1) % 97},5`, lineNumber: 2 * parameterCount },
    ]);
    // A million lines take a few seconds on a loaded machine; the test is about the shape, not the time.
  }, 60_000);

  it("keeps the same lines as splitting on every CRLF, LF and CR", () => {
    const unit = fc.constantFrom(..."P1a *\t\r\n\r\n\u00a0");
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 40 }), (text) => {
        const expected = text
          .split(/\r\n|\r|\n/)
          .map((line, index) => [index + 1, line] as const)
          .filter(([, line]) => !line.startsWith("*") && line.trim() !== "");
        expect(linesOf(text)).toEqual(expected);
      }),
    );
  });
});
