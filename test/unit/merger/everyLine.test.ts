// Every line has one meaning (docs/behaviour.md#every-line-has-one-meaning): each row of the hostile
// tester's table, and the class of lines it stands for.
import { describe, expect, it } from "vitest";
import { readParameterFile } from "~/lib/merger/parameterFile";
import { mergeParameterFiles, parFileBytesOf, type MergeInputFile } from "~/lib/merger/parameterMerge";
import { setOfPath } from "~/lib/merger/parameterSet";
import { createMergeSession } from "~/lib/merger/mergeSession";

const utf8 = (text: string) => new TextEncoder().encode(text);
const standardText = "P001\r\n1\r\nP002\r\n2\r\nP003\r\n3\r\n";

function fileOf(path: string, content: string | Uint8Array): MergeInputFile {
  const bytes = typeof content === "string" ? utf8(content) : content;
  return { id: path, path, set: setOfPath(path), parsed: readParameterFile(bytes) };
}

function merge(...files: MergeInputFile[]) {
  const result = mergeParameterFiles(files);
  return {
    result,
    par: new TextDecoder().decode(parFileBytesOf(result, "crlf")),
    problems: result.problems.map(({ path, lineNumber, message }) => ({ path, lineNumber, message })),
  };
}

const withStandard = (customerText: string) =>
  merge(fileOf("standard/PAR_basis.txt", standardText), fileOf("KUNDESPEC/k.txt", customerText));

describe("a code line with a separator, a space or an invisible character is a problem, never a new code", () => {
  it.each([
    ["=", "equals sign (U+003D)"],
    [";", "semicolon (U+003B)"],
    [":", "colon (U+003A)"],
    [",", "comma (U+002C)"],
    ["\t", "tab (U+0009)"],
    [" ", "space (U+0020)"],
    ["\uff1d", "fullwidth equals sign (U+FF1D)"],
  ])("code and value on one line with %j: both customer lines are named and left out", (separator, name) => {
    const { par, problems } = withStandard(`P001${separator}5\r\nP002${separator}6\r\n`);
    expect(par).toBe(standardText);
    expect(problems).toEqual(
      [1, 2].map((lineNumber) => ({
        path: "KUNDESPEC/k.txt",
        lineNumber,
        message: `Line ${lineNumber}: "P00${lineNumber}${separator}${lineNumber + 4}" has ${/^[aeiou]/.test(name) ? "an" : "a"} ${name} at column 5: code and value on one line? This line is left out.`,
      })),
    );
  });

  it("a comment after the code: the line and its value are left out, P002 keeps the standard value", () => {
    const { par, problems } = withStandard("P002 * pump\r\n9\r\n");
    expect(par).toBe(standardText);
    expect(problems).toEqual([
      {
        path: "KUNDESPEC/k.txt",
        lineNumber: 1,
        message:
          'Line 1: "P002 * pump" has a space (U+0020) at column 5: a comment after the code? This line and its value on line 2 are left out.',
      },
    ]);
  });

  it.each([
    ["P 002", "a space (U+0020) at column 2: a space inside the code?"],
    ["P\t001", "a tab (U+0009) at column 2: a space inside the code?"],
    ["P\u00a0001", "a no-break space (U+00A0) at column 2: a space inside the code?"],
    ["P00\u20031", "an em space (U+2003) at column 4: a space inside the code?"],
    [" P002", "a space (U+0020) at column 1: a space before the code?"],
    ['"P002"', "a quotation mark (U+0022) at column 1: a quoted code?"],
    ["P002*", "an asterisk (U+002A) at column 5: a comment after the code?"],
  ])("%j is a problem: %s", (code, found) => {
    const { par, problems } = withStandard(`${code}\r\n9\r\n`);
    expect(par).toBe(standardText);
    expect(problems).toEqual([
      {
        path: "KUNDESPEC/k.txt",
        lineNumber: 1,
        message: `Line 1: "${code}" has ${found} This line and its value on line 2 are left out.`,
      },
    ]);
  });

  it.each([
    ["\u200b", "zero width space"],
    ["\u200c", "zero width non-joiner"],
    ["\u200d", "zero width joiner"],
    ["\u2060", "word joiner"],
    ["\u00ad", "soft hyphen"],
    ["\ufeff", "byte order mark"],
    ["\u200e", "left-to-right mark"],
    ["\u200f", "right-to-left mark"],
    ["\u202e", "right-to-left override"],
    ["\u2066", "left-to-right isolate"],
    ["\u061c", "Arabic letter mark"],
    ["\u180e", "Mongolian vowel separator"],
    ["\u3164", "Hangul filler"],
    ["\u0007", "control character"],
  ])("an invisible %j (%s) anywhere in a code is a problem that names it", (invisible, name) => {
    const code = `P0${invisible}02`;
    const column = 3;
    for (const line of [code, `P002${invisible}`]) {
      const { par, problems } = withStandard(`${line}\r\n9\r\n`);
      expect(par).toBe(standardText);
      expect(problems).toHaveLength(1);
      const at = line === code ? column : 5;
      expect(problems[0]!.message).toContain(
        `${name} (U+${invisible.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}) at column ${at}: an invisible character, the line looks like P002.`,
      );
      expect(problems[0]!.message).toMatch(/This line and its value on line 2 are left out\.$/);
    }
  });

  it.each(["P1.2", "P-01", "P_7", "PX12/3"])("%s stays a code", (code) => {
    const { par, problems } = merge(fileOf("standard/a.txt", `${code}\r\n5\r\n`));
    expect(par).toBe(`${code}\r\n5\r\n`);
    expect(problems).toEqual([]);
  });

  it.each([
    [
      "p002",
      'Line 1: "p002" starts with a lower-case p: a code in lower case? This line and its value on line 2 are left out.',
    ],
    [
      "\u0420002",
      'Line 1: "\u0420002" starts with a Cyrillic capital letter er (U+0420), not the letter P: a code typed with a look-alike letter? This line and its value on line 2 are left out.',
    ],
  ])("%j looks like a code but is not one", (code, message) => {
    expect(withStandard(`${code}\r\n9\r\n`).problems).toEqual([{ path: "KUNDESPEC/k.txt", lineNumber: 1, message }]);
  });
});

describe("a line in code position that is no code", () => {
  it("is named, and the character it starts with when that does not show", () => {
    const { par, problems } = merge(fileOf("standard/a.txt", "P1\r\n1\r\n\u200b\r\n\u008542\r\n42\r\n"));
    expect(par).toBe("P1\r\n1\r\n");
    expect(problems.map((problem) => problem.message)).toEqual([
      'Line 3: expected a parameter code (a line starting with P) but found "<U+200B>", which starts with a zero width space (U+200B). This line is left out.',
      'Line 4: expected a parameter code (a line starting with P) but found "<U+0085>42", which starts with a next line control character (U+0085). This line is left out.',
      'Line 5: expected a parameter code (a line starting with P) but found "42". This line is left out.',
    ]);
  });
});

describe("a value with the shape of a code: a value line is probably missing", () => {
  it("two empty values: both P0001 and P0002 are named, and nothing goes in unconfirmed", () => {
    const { result, par, problems } = merge(fileOf("standard/a.txt", "P0001\r\n\r\nP0002\r\n\r\nP0003\r\n5\r\n"));
    expect(par).toBe("P0001\r\nP0002\r\nP0003\r\n5\r\n");
    expect(problems).toEqual([
      {
        path: "standard/a.txt",
        lineNumber: 1,
        message:
          'Line 1: the value of P0001 is "P0002" (line 3), which looks like a code: a value line is probably missing (blank lines are dropped, so an empty value cannot be read). P0001 goes into PAR.txt with the value "P0002", as read, once you confirm.',
      },
      {
        path: "standard/a.txt",
        lineNumber: 3,
        message:
          "Line 3: P0002 is read as the value of P0001 (line 1), not as a code: if it is a code, its value line is missing too, and PAR.txt has no P0002 from this line.",
      },
    ]);
    expect(result.problems.map((problem) => problem.kind)).toEqual(["value-like-code", "value-like-code"]);
  });

  it("three empty values: every code without a value is named and left out, the last code keeps its value", () => {
    const { par, problems } = merge(fileOf("standard/a.txt", "P0001\r\n\r\nP0002\r\n\r\nP0003\r\n\r\nP0004\r\n5\r\n"));
    expect(par).toBe("P0004\r\n5\r\n");
    expect(problems.map((problem) => problem.message)).toEqual([
      "Line 1: code P0001 has no value: the next line, 3, is the code P0002. P0001 is left out.",
      "Line 3: code P0002 has no value: the next line, 5, is the code P0003. P0002 is left out.",
      "Line 5: code P0003 has no value: the next line, 7, is the code P0004. P0003 is left out.",
    ]);
  });

  it("codes without values at the end of a file are each named", () => {
    const { par, problems } = merge(fileOf("standard/a.txt", "P1\r\n1\r\nP0001\r\n\r\nP0002\r\n\r\nP0003\r\n"));
    expect(par).toBe("P1\r\n1\r\n");
    expect(problems.map((problem) => problem.lineNumber)).toEqual([3, 5, 7]);
  });

  it("a value that is a code and its value on one line is a code-shaped value too", () => {
    const { par, problems } = withStandard("P001\r\nP002=6\r\n");
    expect(par).toBe("P001\r\nP002=6\r\nP002\r\n2\r\nP003\r\n3\r\n");
    expect(problems.map((problem) => problem.lineNumber)).toEqual([1, 2]);
  });

  // Whatever hides the code's shape from the eye (the hostile tester's cases), the value is still named.
  const hiddenCodes = [
    ["a trailing space", "P002 "],
    ["a trailing no-break space", "P002\u00a0"],
    ["a zero-width space inside", "P0\u200b02"],
    ["a lower-case p", "p002"],
    ["a Cyrillic Er for the P", "\u0420002"],
    ["a fullwidth P", "\uff30002"],
  ];

  it.each(hiddenCodes)("a code with %s as the last value of a file is named, not taken quietly", (_, hidden) => {
    const { result, problems } = withStandard(`P001\r\n${hidden}\r\n`);
    // A character no screen shows, in the value that goes on the card, is a problem of its own too.
    const hiddenToo = hidden.includes("\u200b") ? ["hidden-characters"] : [];
    expect(result.problems.map((problem) => problem.kind).sort()).toEqual([
      ...hiddenToo,
      "value-like-code",
      "value-like-code",
    ]);
    expect([...new Set(problems.map((problem) => problem.lineNumber))]).toEqual([1, 2]);
    const quoted = `"${hidden.replace("\u200b", "<U+200B>")}"`;
    expect(problems.map((problem) => problem.message).join("\n")).toContain(
      `the value of P001 is ${quoted} (line 2), which looks like a code`,
    );
  });

  it.each(hiddenCodes)(
    "a code with %s before a value: the code before it had no value and is left out",
    (_, hidden) => {
      const { par, problems } = withStandard(`P001\r\n${hidden}\r\n9\r\n`);
      expect(problems[0]).toEqual({
        path: "KUNDESPEC/k.txt",
        lineNumber: 1,
        message: `Line 1: code P001 has no value: the next line, 2, is the code ${hidden}. P001 is left out.`,
      });
      // P001 keeps the standard value: the code-shaped line never becomes its value.
      expect(par.startsWith("P001\r\n1\r\n")).toBe(true);
    },
  );

  it.each([
    ["spaces", "  * note"],
    ["a tab", "\t* note"],
  ])(
    "a comment moved in by %s in value position is named with the code that takes it, not taken quietly",
    (_, comment) => {
      const { par, problems } = withStandard(`P001\r\n${comment}\r\n1\r\nP002\r\n2\r\n`);
      // Read as P001's value, as the unit would read it; line 3 has no code and is left out, both said.
      expect(par.startsWith(`P001\r\n${comment}\r\nP002\r\n2\r\n`)).toBe(true);
      expect(problems.map((problem) => problem.lineNumber)).toEqual([1, 3]);
      expect(problems[0]!.message).toBe(
        `Line 1: the value of P001 is "${comment}" (line 2), which looks like a comment moved in by whitespace: a comment counts only at the start of its line, so it is read as the value, and the value is probably on the line after it. P001 goes into PAR.txt with the value "${comment}", as read, once you confirm.`,
      );
    },
  );

  it("a value with a star after text, or a star first, is a value", () => {
    const { par, problems } = merge(fileOf("standard/a.txt", "P001\r\n5 * 2\r\nP002\r\n*2\r\n3\r\n"));
    expect(par).toBe("P001\r\n5 * 2\r\nP002\r\n3\r\n");
    expect(problems).toEqual([]);
  });

  it("a quoted value or a code number with words is a value: a quote and a word show", () => {
    const text = 'P0100\r\n"P1";"P2"\r\nP0101\r\nP1 pump\r\nP0102\r\n\u201cP0103\u201d\r\n';
    const { par, problems } = merge(fileOf("standard/a.txt", text));
    expect(par).toBe(text);
    expect(problems).toEqual([]);
  });

  it("a value that only starts with P is a value", () => {
    const { par, problems } = merge(fileOf("standard/a.txt", "P0001\r\nPUMP ON\r\nP0002\r\nPa12\r\n"));
    expect(par).toBe("P0001\r\nPUMP ON\r\nP0002\r\nPa12\r\n");
    expect(problems).toEqual([]);
  });

  it("a value of a code number and words after a space is a value (a pump named in text)", () => {
    const text = "P0001\r\nP1 pump\r\nP0002\r\nP2 dosing on\r\nP0003\r\nP 5\r\n";
    const { par, problems } = merge(fileOf("standard/a.txt", text));
    expect(par).toBe(text);
    expect(problems).toEqual([]);
  });
});

describe("a set without a standard file", () => {
  it("is a problem: the unit would lose every standard parameter", () => {
    const { par, problems } = merge(
      fileOf("KUNDESPEC/k.txt", "P002\r\n9\r\n"),
      fileOf("KUNDESPEC/l.txt", "P003\r\n8\r\n"),
    );
    expect(par).toBe("P002\r\n9\r\nP003\r\n8\r\n");
    expect(problems).toEqual([
      {
        path: "KUNDESPEC/k.txt",
        lineNumber: null,
        message:
          "No standard file is added, only customer files: PAR.txt holds only the customer's codes, and the unit would lose every standard parameter. Add the standard files, or set a file to standard if it is one. Once you confirm, PAR.txt is written as it is.",
      },
    ]);
  });

  it("is no problem when a standard file is there, even an empty one (that file says so itself)", () => {
    const { problems } = merge(fileOf("standard/a.txt", ""), fileOf("KUNDESPEC/k.txt", "P002\r\n9\r\n"));
    expect(problems.map((problem) => problem.message)).toEqual([
      "This file has no parameters (it is empty or has only comments and blank lines).",
    ]);
  });
});

describe("bytes that are not what they seem", () => {
  const byteOrderMark = [0xef, 0xbb, 0xbf];

  it("files joined with copy /b: the byte order mark inside is dropped with a note, P002 is kept", () => {
    const joined = new Uint8Array([
      ...byteOrderMark,
      ...utf8("P001\r\n1\r\n"),
      ...byteOrderMark,
      ...utf8("P002\r\n2\r\n"),
    ]);
    const { result, par, problems } = merge(fileOf("standard/a.txt", joined));
    expect(par).toBe("P001\r\n1\r\nP002\r\n2\r\n");
    expect(problems).toEqual([]);
    expect(result.notes.map(({ path, lineNumber, message }) => ({ path, lineNumber, message }))).toEqual([
      {
        path: "standard/a.txt",
        lineNumber: 3,
        message:
          "Line 3: a byte order mark (U+FEFF) at the start of the line is dropped: were files joined (copy /b)? The rest of the line is read as usual.",
      },
    ]);
  });

  it.each([
    ["little-endian", "utf16le"],
    ["big-endian", "utf16be"],
  ] as const)("UTF-16 %s without a byte order mark is read as UTF-16 and marked so", (order, layout) => {
    const text = "* Pumpe\r\nP0400\r\nKlorpumpe æøå\r\nP0401\r\n2\r\n";
    const units = [...text].map((character) => character.charCodeAt(0));
    const bytes = new Uint8Array(
      units.flatMap((unit) => (layout === "utf16le" ? [unit & 0xff, unit >> 8] : [unit >> 8, unit & 0xff])),
    );
    const file = fileOf("standard/a.txt", bytes);
    expect(file.parsed.encoding).toBe("utf-16");
    const { result, par, problems } = merge(file);
    expect(par).toBe("P0400\r\nKlorpumpe æøå\r\nP0401\r\n2\r\n");
    expect(problems).toEqual([]);
    expect(result.notes.map((note) => note.message)).toEqual([
      `Read as UTF-16 ${order}: the file has no byte order mark, but a NUL byte at every other position.`,
    ]);
  });

  it("any other NUL byte is a problem: the line and its pair are left out, PAR.txt holds no NUL", () => {
    const { par, problems } = merge(fileOf("standard/a.txt", "P1\r\na\u0000b\r\nP\u00002\r\n2\r\nP3\r\n3\r\n"));
    expect(par).toBe("P3\r\n3\r\n");
    expect(problems.map((problem) => problem.message)).toEqual([
      'Line 2: "a<U+0000>b" has a NUL character (U+0000) at column 2: the file is probably not text. This line and its code P1 on line 1 are left out.',
      'Line 3: "P<U+0000>2" has a NUL character (U+0000) at column 2: the file is probably not text. This line and its value on line 4 are left out.',
    ]);
  });

  it("a line with a byte that is not UTF-8 in a UTF-8 file is left out with its code, as the message says", () => {
    const bytes = new Uint8Array([...utf8("P001\r\nK\u00e6lte\r\nP002\r\nK"), 0xe6, ...utf8("lte\r\n")]);
    const { par, problems } = merge(fileOf("standard/a.txt", bytes));
    expect(par).toBe("P001\r\nKælte\r\n");
    expect(par).not.toContain("\ufffd");
    expect(problems).toEqual([
      {
        path: "standard/a.txt",
        lineNumber: 4,
        message:
          'Line 4: byte E6 is not UTF-8 (column 2), but the file has UTF-8 characters elsewhere: mixed encodings? In the older Windows encoding that byte is "æ". This line and its code P002 on line 3 are left out.',
      },
    ]);
  });

  it("a stray byte that is no character in the older Windows encoding either is said to be none, never quoted blank", () => {
    const bytes = new Uint8Array([...utf8("P001\r\nK\u00e6lte\r\nP002\r\nK"), 0x81, ...utf8("lte\r\n")]);
    const { problems } = merge(fileOf("standard/a.txt", bytes));
    expect(problems.map((problem) => problem.message)).toEqual([
      "Line 4: byte 81 is not UTF-8 (column 2), but the file has UTF-8 characters elsewhere: mixed encodings? In the older Windows encoding that byte is no character either. This line and its code P002 on line 3 are left out.",
    ]);
  });

  it("every line with such a byte is named, not only the first", () => {
    const bytes = new Uint8Array([
      ...utf8("P001\r\nK\u00e6lte\r\nP"),
      0xe6,
      ...utf8("2\r\n1\r\nP003\r\n"),
      0xf8,
      ...utf8("\r\n"),
    ]);
    const { par, problems } = merge(fileOf("standard/a.txt", bytes));
    expect(par).toBe("P001\r\nKælte\r\n");
    expect(problems.map((problem) => problem.lineNumber)).toEqual([3, 6]);
  });

  it("a replacement character already in the file is a problem too: PAR.txt never holds U+FFFD", () => {
    const { par, problems } = merge(fileOf("standard/a.txt", "P1\r\nPumpe \ufffd\r\nP2\r\n2\r\n"));
    expect(par).toBe("P2\r\n2\r\n");
    expect(problems.map((problem) => problem.message)).toEqual([
      'Line 2: "Pumpe \ufffd" has a replacement character (U+FFFD) at column 7: a character was lost when the file was saved in another encoding? This line and its code P1 on line 1 are left out.',
    ]);
  });
});

describe("the file list says how a file was read", () => {
  it("shows a file's notes in its entry, the first three and how many more", () => {
    const session = createMergeSession();
    const joined = (count: number) =>
      new Uint8Array(
        Array.from({ length: count }, (_, index) => [0xef, 0xbb, 0xbf, ...utf8(`P${index}\r\n1\r\n`)]).flat(),
      );
    const utf16WithoutMark = new Uint8Array([...utf8("P9\r\n1\r\n")].flatMap((byte) => [byte, 0]));
    session.read([
      { id: "joined", bytes: joined(5).buffer as ArrayBuffer },
      { id: "unicode", bytes: utf16WithoutMark.buffer as ArrayBuffer },
    ]);
    const preview = session.preview(
      [
        { id: "joined", path: "standard/joined.txt", setOverride: null },
        { id: "unicode", path: "standard/unicode.txt", setOverride: null },
      ],
      { filter: "all", query: "", problemPage: 1 },
    );
    expect(preview.problemCount).toBe(0);
    expect(preview.files.map(({ encoding, notes }) => ({ encoding, notes }))).toEqual([
      {
        encoding: "utf-8",
        notes: [
          ...[3, 5, 7].map(
            (lineNumber) =>
              `Line ${lineNumber}: a byte order mark (U+FEFF) at the start of the line is dropped: were files joined (copy /b)? The rest of the line is read as usual.`,
          ),
          "and 1 more note.",
        ],
      },
      {
        encoding: "utf-16",
        notes: [
          "Read as UTF-16 little-endian: the file has no byte order mark, but a NUL byte at every other position.",
        ],
      },
    ]);
  });
});
