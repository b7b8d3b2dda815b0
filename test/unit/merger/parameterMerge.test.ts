import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { entriesOf, readParameterFile, type ParsedParameterFile } from "~/lib/merger/parameterFile";
import { setOfPath } from "~/lib/merger/parameterSet";
import { mergeChecks } from "~/lib/merger/mergeChecks";
import {
  isMergedParFileName,
  mergeParameterFiles,
  parFileBytesOf,
  type MergeInputFile,
} from "~/lib/merger/parameterMerge";
import { normalizeParameterFilePath, parameterFilePathSchema } from "~/lib/merger/parameterFilePath";
import { parametersOf, referenceParFile } from "./mergedParameters";

const utf8 = (text: string) => new TextEncoder().encode(text);

function fileOf(path: string, text: string): MergeInputFile {
  return { id: path, path, set: setOfPath(path), parsed: readParameterFile(utf8(text)) };
}

describe("merging the standard and the customer set", () => {
  const standardA = fileOf("std/a.txt", "P1\n10\nP2\n20\n");
  const standardB = fileOf("std/b.txt", "P3\n30\n");
  const customer = fileOf("KUNDESPEC/c.txt", "P2\n22\nP9\n90\n");

  it("lets the customer value win in place, marks it rewritten, and appends new codes", () => {
    const result = mergeParameterFiles([standardA, customer, standardB]);
    expect(
      parametersOf(result).map(({ code, value, rewritten, added }) => ({ code, value, rewritten, added })),
    ).toEqual([
      { code: "P1", value: "10", rewritten: false, added: false },
      { code: "P2", value: "22", rewritten: true, added: false },
      { code: "P3", value: "30", rewritten: false, added: false },
      { code: "P9", value: "90", rewritten: false, added: true },
    ]);
    expect(result.rewrittenCount).toBe(1);
    expect(result.addedCount).toBe(1);
  });

  it("remembers the replaced standard value and where the new value comes from", () => {
    const rewritten = parametersOf(mergeParameterFiles([standardA, customer]))[1]!;
    expect(rewritten).toMatchObject({ standardValue: "20", source: { path: "KUNDESPEC/c.txt", lineNumber: 1 } });
  });

  it("lets the later of two same codes in one set win and says so", () => {
    const later = fileOf("std/later.txt", "* again\nP1\n11\n");
    const result = mergeParameterFiles([standardA, later]);
    expect(parametersOf(result).map((parameter) => [parameter.code, parameter.value])).toEqual([
      ["P1", "11"],
      ["P2", "20"],
    ]);
    expect(result.problems).toEqual([
      {
        kind: "duplicate-code",
        fileId: "std/later.txt",
        path: "std/later.txt",
        lineNumber: 2,
        message: "Line 2: P1 appears again in the standard set (first in std/a.txt line 1); this later value is used.",
      },
    ]);
  });

  it("names the value PAR.txt uses when a duplicate's value is not it: a later duplicate, or the customer's", () => {
    // The folder's customer file, then the edited one picked on its own (a standard file by its path).
    const basis = fileOf("site/Standard/basis.txt", "P1\n1\nP2\n2\n");
    const kunde = fileOf("site/KUNDESPEC/kunde.txt", "P1\n10\n");
    const edited = fileOf("kunde.txt", "P1\n55\n");
    const third = fileOf("std/third.txt", "P2\n3\n");
    const second = fileOf("std/second.txt", "P2\n22\n");
    const result = mergeParameterFiles([basis, kunde, edited, second, third]);
    expect(parametersOf(result).map((parameter) => [parameter.code, parameter.value])).toEqual([
      ["P1", "10"],
      ["P2", "3"],
    ]);
    expect(result.problems.map((problem) => [problem.path, problem.message])).toEqual([
      [
        "kunde.txt",
        // Near-miss inputs: a file named for the customer, picked on its own, counts as standard and says so.
        'kunde.txt counts as a standard file, but "kunde.txt" in its path reads like a customer marker ("kunde", a word for customer): only the exact letters KUNDESPEC make a customer file. If it holds the customer\'s values, switch it to Customer; once you confirm, it is merged as a standard file.',
      ],
      [
        "kunde.txt",
        "Line 1: P1 appears again in the standard set (first in site/Standard/basis.txt line 1); PAR.txt uses the customer's value of site/KUNDESPEC/kunde.txt line 1, not this one.",
      ],
      [
        "std/second.txt",
        "Line 1: P2 appears again in the standard set (first in site/Standard/basis.txt line 3); PAR.txt uses the later value of std/third.txt line 1, not this one.",
      ],
      [
        "std/third.txt",
        "Line 1: P2 appears again in the standard set (first in site/Standard/basis.txt line 3); this later value is used.",
      ],
    ]);
  });

  it("names the customer value PAR.txt uses when a third customer file wins over two that disagree", () => {
    const k2 = fileOf("KUNDESPEC/d.txt", "P2\n23\n");
    const k3 = fileOf("KUNDESPEC/e.txt", "P2\n24\n");
    const result = mergeParameterFiles([standardA, customer, k2, k3]);
    expect(result.problems.map((problem) => problem.message)).toEqual([
      'Line 1: P2 is "23" here but "22" in KUNDESPEC/c.txt line 1; a later file wins: PAR.txt uses "24" of KUNDESPEC/e.txt line 1. Make the customer files agree.',
      'Line 1: P2 is "24" here but "23" in KUNDESPEC/d.txt line 1; the later file wins. Make the customer files agree.',
    ]);
  });

  it("does the same within the customer set", () => {
    const secondCustomer = fileOf("kundespec/d.txt", "P2\n23\n");
    const result = mergeParameterFiles([standardA, customer, secondCustomer]);
    expect(parametersOf(result).find((parameter) => parameter.code === "P2")).toMatchObject({
      value: "23",
      standardValue: "20",
      rewritten: true,
    });
    expect(result.rewrittenCount).toBe(1);
    expect(result.problems).toEqual([
      expect.objectContaining({
        kind: "customer-conflict",
        path: "kundespec/d.txt",
        lineNumber: 1,
        message:
          'Line 1: P2 is "23" here but "22" in KUNDESPEC/c.txt line 1; the later file wins. Make the customer files agree.',
      }),
    ]);
  });

  it("carries every file's problems with its path, in the order the files were added", () => {
    const broken = fileOf("KUNDESPEC/broken.txt", "P5\n50\nP6\n");
    const odd = fileOf("std/odd.txt", "oops\nP7\n70\n");
    const problems = mergeParameterFiles([broken, odd]).problems;
    expect(problems.map((problem) => [problem.path, problem.lineNumber, problem.kind])).toEqual([
      ["KUNDESPEC/broken.txt", 3, "missing-value"],
      ["std/odd.txt", 1, "not-a-code"],
    ]);
  });
});

describe("writing PAR.txt", () => {
  const merged = mergeParameterFiles([fileOf("std/a.txt", '* set\nP1\n1,5\n\nP2\n"A";B\n')]);
  const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

  it("writes code and value lines with CRLF and a final separator, without comments or blanks", () => {
    expect(text(parFileBytesOf(merged, "crlf"))).toBe('P1\r\n1,5\r\nP2\r\n"A";B\r\n');
  });

  it("writes LF when chosen", () => {
    expect(text(parFileBytesOf(merged, "lf"))).toBe('P1\n1,5\nP2\n"A";B\n');
  });

  it("writes UTF-8 without a byte order mark, also for a Windows-1252 file", () => {
    const windows1252 = new Uint8Array([...utf8("P1\r\nPumpe "), 0xe6, ...utf8("\r\n")]);
    const merge = mergeParameterFiles([
      { id: "w", path: "w.txt", set: "standard", parsed: readParameterFile(windows1252) },
    ]);
    expect([...parFileBytesOf(merge, "crlf")]).toEqual([...utf8("P1\r\nPumpe æ\r\n")]);
  });

  it("writes nothing for no parameters", () => {
    expect(parFileBytesOf(mergeParameterFiles([]), "crlf")).toHaveLength(0);
  });
});

// Generated sets: codes start with P, values are any line that is not a comment or blank.
const codeArbitrary = fc.stringMatching(/^P[0-9A-Z_]{1,6}$/);
const valueArbitrary = fc
  .string({ minLength: 1, maxLength: 12, unit: fc.constantFrom(..."abcXYZ019 ,;\"'æøå.P-") })
  .filter((value) => !value.startsWith("*") && value.trim() !== "");
const setArbitrary = fc.uniqueArray(fc.tuple(codeArbitrary, valueArbitrary), {
  selector: ([code]) => code,
  maxLength: 40,
});

function parsedOf(pairs: [string, string][]): ParsedParameterFile {
  return readParameterFile(utf8(pairs.map(([code, value]) => `${code}\r\n${value}`).join("\r\n")));
}

describe("merge properties", () => {
  it("every code appears once, the customer value wins, standard order is kept, added codes follow", () => {
    fc.assert(
      fc.property(setArbitrary, setArbitrary, (standardPairs, customerPairs) => {
        const result = mergeParameterFiles([
          { id: "s", path: "s.txt", set: "standard", parsed: parsedOf(standardPairs) },
          { id: "c", path: "KUNDESPEC/c.txt", set: "customer", parsed: parsedOf(customerPairs) },
        ]);
        const codes = parametersOf(result).map((parameter) => parameter.code);
        expect(new Set(codes).size).toBe(codes.length);

        const customerValues = new Map(customerPairs);
        const standardCodes = standardPairs.map(([code]) => code);
        expect(codes.slice(0, standardCodes.length)).toEqual(standardCodes);
        expect(codes.slice(standardCodes.length)).toEqual(
          customerPairs.map(([code]) => code).filter((code) => !standardCodes.includes(code)),
        );
        for (const parameter of parametersOf(result)) {
          const expected = customerValues.get(parameter.code) ?? new Map(standardPairs).get(parameter.code);
          expect(parameter.value).toBe(expected);
        }
        // Random codes may look mistyped (the checks' own tests cover that); the merge itself finds nothing wrong.
        expect(
          result.problems.filter((problem) => problem.kind !== "no-parameters" && !(problem.kind in mergeChecks)),
        ).toEqual([]);
      }),
    );
  });

  it("PAR.txt read back gives the same entries, with either line ending", () => {
    fc.assert(
      fc.property(setArbitrary, fc.constantFrom("crlf" as const, "lf" as const), (pairs, lineEnding) => {
        const parameters = pairs.map(([code, value]) => ({ code, value }));
        const merge = mergeParameterFiles([{ id: "s", path: "s.txt", set: "standard", parsed: parsedOf(pairs) }]);
        const readBack = entriesOf(readParameterFile(parFileBytesOf(merge, lineEnding)));
        expect(readBack.map(({ code, value }) => ({ code, value }))).toEqual(parameters);
      }),
    );
  });
});

/** The merge as docs/behaviour.md states it, with a Map and an object per code: what the columnar merge must equal. */
function referenceMerge(files: { set: "standard" | "customer"; pairs: [string, string][] }[]) {
  const codes: string[] = [];
  const values = new Map<string, string>();
  const firstSet = new Map<string, string>();
  const settingCounts = new Map<string, number>();
  const standardValues = new Map<string, string>();
  const ordered = [
    ...files.filter((file) => file.set === "standard"),
    ...files.filter((file) => file.set === "customer"),
  ];
  for (const { set, pairs } of ordered) {
    for (const [code, value] of pairs) {
      if (!values.has(code)) {
        codes.push(code);
        firstSet.set(code, set);
      } else if (set === "customer" && firstSet.get(code) === "standard" && !standardValues.has(code)) {
        standardValues.set(code, values.get(code)!);
      }
      values.set(code, value);
      settingCounts.set(code, (settingCounts.get(code) ?? 0) + 1);
    }
  }
  return codes.map((code) => ({
    code,
    value: values.get(code)!,
    rewritten: standardValues.has(code),
    added: firstSet.get(code) === "customer",
    standardValue: standardValues.get(code),
    overwrittenCount: settingCounts.get(code)! - 1,
  }));
}

describe("the columnar merge against the reference merge", () => {
  // Few codes, so files repeat each other's codes and their own.
  const repeatedCode = fc.constantFrom("P1", "P2", "P10", "P0010", "PA", "P9");
  const fileArbitrary = fc.record({
    set: fc.constantFrom("standard" as const, "customer" as const),
    pairs: fc.array(fc.tuple(repeatedCode, valueArbitrary), { maxLength: 8 }),
  });

  it("gives the same parameters, flags, old values and PAR.txt bytes for any files", () => {
    fc.assert(
      fc.property(fc.array(fileArbitrary, { minLength: 1, maxLength: 5 }), (files) => {
        const result = mergeParameterFiles(
          files.map(({ set, pairs }, index) => ({
            id: `f${index}`,
            path: set === "customer" ? `KUNDESPEC/f${index}.txt` : `f${index}.txt`,
            set,
            parsed: parsedOf(pairs),
          })),
        );
        const expected = referenceMerge(files);
        expect(
          parametersOf(result).map((parameter) => ({
            code: parameter.code,
            value: parameter.value,
            rewritten: parameter.rewritten,
            added: parameter.added,
            standardValue: parameter.standardValue,
            overwrittenCount: parameter.overwritten?.length ?? 0,
          })),
        ).toEqual(expected);
        expect(result.rewrittenCount).toBe(expected.filter((parameter) => parameter.rewritten).length);
        expect(result.addedCount).toBe(expected.filter((parameter) => parameter.added).length);
        for (const lineEnding of ["crlf", "lf"] as const) {
          expect(parFileBytesOf(result, lineEnding)).toEqual(referenceParFile(expected, lineEnding));
        }
      }),
    );
  });
});

describe("codes that differ only by surrounding whitespace", () => {
  it.each([
    ["a trailing space", "P001 ", "spaces or tabs"],
    ["a trailing tab", "P001\t", "spaces or tabs"],
    ["a trailing no-break space", "P001\u00a0", "whitespace (a no-break space (U+00A0))"],
  ])("are a problem naming both files and lines (%s), and both lines stay verbatim", (_name, paddedCode, around) => {
    const result = mergeParameterFiles([
      fileOf("standard/a.txt", "P001\n1\nP002\n2\n"),
      fileOf("KUNDESPEC/b.txt", `* customer\n${paddedCode}\n9\n`),
    ]);
    expect(parametersOf(result).map((parameter) => parameter.code)).toEqual(["P001", "P002", paddedCode]);
    expect(result.problems).toEqual([
      expect.objectContaining({
        kind: "code-whitespace",
        path: "KUNDESPEC/b.txt",
        lineNumber: 2,
        message: `Line 2: code ${JSON.stringify(paddedCode)} differs from "P001" (standard/a.txt line 1) only by ${around} around it, so PAR.txt holds both. Correct the file that is wrong.`,
      }),
    ]);
  });

  it("is found whichever of the two comes first", () => {
    const result = mergeParameterFiles([
      fileOf("standard/a.txt", "P001 \n1\n"),
      fileOf("KUNDESPEC/b.txt", "P001\n9\n"),
    ]);
    expect(result.problems.map((problem) => [problem.kind, problem.path, problem.lineNumber])).toEqual([
      ["code-whitespace", "KUNDESPEC/b.txt", 1],
    ]);
  });
});

describe("a code with whitespace at its end and no twin", () => {
  it("is a note that says PAR.txt holds it as read; with a twin it is the problem above instead", () => {
    const alone = mergeParameterFiles([fileOf("standard/a.txt", "P001\n1\n"), fileOf("KUNDESPEC/b.txt", "P009 \n9\n")]);
    expect(alone.problems).toEqual([]);
    expect(alone.notes).toEqual([
      {
        kind: "padded-code",
        fileId: "KUNDESPEC/b.txt",
        path: "KUNDESPEC/b.txt",
        lineNumber: 1,
        message:
          'Line 1: code "P009 " ends in a space (U+0020); no file has P009 without it, so PAR.txt holds the code as read, with the whitespace.',
      },
    ]);
    const twinned = mergeParameterFiles([
      fileOf("standard/a.txt", "P009 \n1\n"),
      fileOf("KUNDESPEC/b.txt", "P009\n9\n"),
    ]);
    expect(twinned.notes).toEqual([]);
  });
});

describe("a merged PAR.txt among the inputs", () => {
  it.each(["PAR.txt", "card/par.TXT", "Downloads\\PAR (1).txt", "PAR(2).txt", "PAR before 2025-03-12 10.00.txt"])(
    "%s is named as one",
    (path) => expect(isMergedParFileName(path)).toBe(true),
  );
  // Near-miss inputs: a backup of PAR.txt is a merged PAR.txt too.
  it.each(["PAR_basis.txt", "standard/PAR_alarms.txt", "SPAR.txt", "PAR/basis.txt"])("%s is a parameter file", (path) =>
    expect(isMergedParFileName(path)).toBe(false),
  );

  it("is one problem, naming the file, however many codes it repeats; nothing else changes", () => {
    const standard = fileOf("standard/PAR_basis.txt", "P1\n10\nP2\n20\n");
    const card = fileOf("PAR.txt", "P1\n11\nP2\n20\n");
    const result = mergeParameterFiles([standard, card]);
    const merged = result.problems.filter((problem) => problem.kind === "merged-par-file");
    expect(merged).toEqual([
      {
        kind: "merged-par-file",
        fileId: "PAR.txt",
        path: "PAR.txt",
        lineNumber: null,
        message:
          "PAR.txt is named as a merged PAR.txt (a card's file, or one this tool made), not a parameter file: merged again, its old values take part as standard values and may win over the files you meant. Remove it unless it is meant; once you confirm, it is merged as it is.",
      },
    ]);
    expect(new TextDecoder().decode(parFileBytesOf(result, "lf"))).toBe("P1\n11\nP2\n20\n");
  });
});

describe("a standard file whose path reads as KUNDESPEC but is spelled otherwise", () => {
  it.each([
    ["KUNDЕSPEC/k.txt", `"Е" (U+0415) for "E"`],
    ["ＫＵＮＤＥＳＰＥＣ/k.txt", "fullwidth letters"],
    ["site/KUNDE SPEC/k.txt", "a space (U+0020)"],
    ["Kunde_Spec.txt", `"_"`],
    ["KUNDE\u200bSPEC/k.txt", "a zero width space (U+200B)"],
    // Round 5: lower-case letters of other scripts, compatibility forms, any sign between the words.
    ["kunde\u0455pec/k.txt", `"\u0455" (U+0455) for "s"`],
    ["\u043aundespec/k.txt", `"\u043a" (U+043A) for "k"`],
    ["kundes\u03c1ec/k.txt", `"\u03c1" (U+03C1) for "p"`],
    ["kundespe\u03f2/k.txt", `"\u03f2" (U+03F2) for "c"`],
    ["k\u057dndespec/k.txt", `"\u057d" (U+057D) for "u"`],
    ["kun\u0501espec/k.txt", `"\u0501" (U+0501) for "d"`],
    ["\u212aUNDESPEC/k.txt", `"\u212a" (U+212A) for "K"`],
    ["KUNDESPE\u216d/k.txt", `"\u216d" (U+216D) for "C"`],
    ["KUNDESPE\u03f9/k.txt", `"\u03f9" (U+03F9) for "C"`],
    ["\u{1d40a}\u{1d414}\u{1d40d}\u{1d403}\u{1d404}\u{1d412}\u{1d40f}\u{1d404}\u{1d402}/k.txt", "mathematical letters"],
    ["KUNDE\u2013SPEC/k.txt", `"\u2013" (U+2013)`],
    ["KUNDE\u2010SPEC/k.txt", `"\u2010" (U+2010)`],
    ["KUNDE+SPEC/k.txt", `"+"`],
    ["KUNDE\u00b7SPEC/k.txt", `"\u00b7" (U+00B7)`],
    ["Kunde,Spec/k.txt", `","`],
    ["Kunde(Spec)/k.txt", `"("`],
    // Round 6: small capitals, circled and parenthesized letters, Lisu, Coptic, a combining mark.
    [
      "\u1d0b\u1d1c\u0274\u1d05\u1d07\ua731\u1d18\u1d07\u1d04/k.txt",
      '"\u1d0b" (U+1D0B) for "k", "\u1d1c" (U+1D1C) for "u", "\u0274" (U+0274) for "n", "\u1d05" (U+1D05) for "d", "\u1d07" (U+1D07) for "e", "\ua731" (U+A731) for "s", "\u1d18" (U+1D18) for "p", "\u1d04" (U+1D04) for "c"',
    ],
    ["\u24c0UNDESPEC/k.txt", `"\u24c0" (U+24C0) for "K"`],
    ["\u24a6undespec/k.txt", `"\u24a6" (U+24A6) for "k"`],
    ["\ua4d7UN\ua4d3ESPEC/k.txt", `"\ua4d7" (U+A4D7) for "K", "\ua4d3" (U+A4D3) for "D"`],
    ["\u2c94UNDESPEC/k.txt", `"\u2c94" (U+2C94) for "K"`],
    ["KUN\u0500ESPEC/k.txt", `"\u0500" (U+0500) for "D"`],
    ["KUNDE\u0301SPEC/k.txt", "a combining mark (U+0301)"],
    ["site/Neu Kunde Spec/k.txt", "a space (U+0020)"],
    ["KUNDE SPEC 1042/k.txt", "a space (U+0020)"],
    // Round 7: glued to other letters, as the exact letters make a customer file anywhere in a name.
    ["xKUND\u0415SPEC/k.txt", `"\u0415" (U+0415) for "E"`],
    ["SiteKund\u0435Spec/k.txt", `"\u0435" (U+0435) for "e"`],
    ["KUND\u0415SPECneu/k.txt", `"\u0415" (U+0415) for "E"`],
  ])("%s is a problem that names how it is spelled", (path, spelling) => {
    const result = mergeParameterFiles([fileOf("std/a.txt", "P1\n1\n"), fileOf(path, "P1\n2\n")]);
    const [problem] = result.problems.filter((found) => found.kind === "look-alike-customer-path");
    expect(problem?.path).toBe(path);
    expect(problem?.message).toContain(`reads as KUNDESPEC, spelled with ${spelling}: only the exact letters`);
  });

  // A Mac hands an accented letter over as the letter and a combining mark (KUNDE\u0301SPEC), which the pick's
  // one spelling composes (KUNDÉSPEC, as below); the eye reads the plain letter.
  const accented = [
    ["KUND\u00c9SPEC", `"\u00c9" (U+00C9) for "E"`],
    ["KUND\u1eb8SPEC", `"\u1eb8" (U+1EB8) for "E"`],
    ["KUNDESPE\u00c7", `"\u00c7" (U+00C7) for "C"`],
    ["KUNDESPE\u0106", `"\u0106" (U+0106) for "C"`],
    ["K\u00dcNDESPEC", `"\u00dc" (U+00DC) for "U"`],
  ] as const;

  // The cases above call the merge with the path as written; a pick (and the stored list, the screen's form)
  // spells it first, which turned the Kelvin sign into K, and the set rule read the long s "ſ" as S.
  it.each([
    ["\u212aUNDESPEC/k.txt", "\u212aUNDESPEC", `"\u212a" (U+212A) for "K"`],
    ["site/\u212aundespec/k.txt", "\u212aundespec", `"\u212a" (U+212A) for "K"`],
    ["Kunde\u017fpec/s.txt", "Kunde\u017fpec", `"\u017f" (U+017F) for "s"`],
    ["KUNDE\u017fPEC/s.txt", "KUNDE\u017fPEC", `"\u017f" (U+017F) for "s"`],
    ...accented.map(([part, spelling]) => [`${part}/k.txt`, part, spelling]),
  ])(
    "%s, as a pick spells it, stays a standard file with a problem that names how it is spelled",
    (path, part, spelling) => {
      const picked = normalizeParameterFilePath(`/${path}`, path.slice(path.lastIndexOf("/") + 1));
      expect(picked).toBe(path);
      expect(parameterFilePathSchema.parse(path)).toBe(path);
      const file = fileOf(picked, "P1\n2\n");
      expect(file.set).toBe("standard");
      const result = mergeParameterFiles([fileOf("std/a.txt", "P1\n1\n"), file]);
      expect(result.problems.filter((found) => found.kind === "look-alike-customer-path")).toEqual([
        {
          kind: "look-alike-customer-path",
          fileId: path,
          path,
          lineNumber: null,
          message: `${path} counts as a standard file, but "${part}" in its path reads as KUNDESPEC, spelled with ${spelling}: only the exact letters KUNDESPEC make a customer file. If it holds the customer's values, switch it to Customer; once you confirm, it is merged as a standard file.`,
        },
      ]);
    },
  );

  it("any KUNDESPEC, in any case, with marks added to its letters is standard with a problem, as picked", () => {
    const mark = fc.integer({ min: 0x300, max: 0x36f }).map((code) => String.fromCodePoint(code));
    const marks = fc.array(mark, { maxLength: 2 });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.boolean(), marks), { minLength: 9, maxLength: 9 }),
        fc.nat({ max: 8 }),
        mark,
        (letters, marked, oneMark) => {
          const name = [..."KUNDESPEC"]
            .map((letter, index) => {
              const [lower, added] = letters[index]!;
              // At least one letter carries a mark.
              return `${lower ? letter.toLowerCase() : letter}${added.join("")}${index === marked ? oneMark : ""}`;
            })
            .join("");
          const picked = normalizeParameterFilePath(`/${name}/k.txt`, "k.txt");
          const file = fileOf(picked, "P1\n2\n");
          expect(file.set).toBe("standard");
          const result = mergeParameterFiles([fileOf("std/a.txt", "P1\n1\n"), file]);
          expect(result.problems.filter((found) => found.kind === "look-alike-customer-path")).toHaveLength(1);
        },
      ),
    );
  });

  it.each([
    "KUNDESPEC/k.txt",
    "kundespec_1042.txt",
    "standard/PAR_basis.txt",
    "KUNDEN/spec.txt",
    "Kunde 1042/special.txt",
    "Kunden (Spezial)/a.txt",
    // Round 6: other words that hold the letters K U N D E S P E C in a row.
    "Kunde Specht/a.txt",
    "Kunde_Speck/a.txt",
    "Fam. Kunde, Spechtweg 3/a.txt",
    "Kunde - Spectra Pool/a.txt",
    "Kunde+Spectrum/a.txt",
    "Kunde Sp. Ecke/a.txt",
    "Stammkunde Spechtl/a.txt",
    "Neukunde Spec/a.txt",
    "Kunde Spe-Cola/a.txt",
  ])("%s is no such problem", (path) => {
    const result = mergeParameterFiles([fileOf("std/a.txt", "P1\n1\n"), fileOf(path, "P1\n2\n")]);
    expect(result.problems.filter((found) => found.kind === "look-alike-customer-path")).toEqual([]);
  });
});
