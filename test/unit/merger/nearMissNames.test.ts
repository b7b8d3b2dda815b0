// Near-miss inputs (docs/behaviour.md#near-miss-inputs), in the names of files: a folder or file name that reads
// like a customer marker but is not KUNDESPEC, and copies of an old PAR.txt.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { customerMarkerNearMiss } from "~/lib/merger/customerMarkerNearMiss";
import { isMergedParFileName, type MergeResult } from "~/lib/merger/parameterMerge";
import { inputFileOf as fileOf, mergedOf as merge } from "./mergedParameters";

const kindsOf = (result: MergeResult) => result.problems.map(({ kind, path }) => [kind, path]);

describe("a folder or file name that reads like a customer marker but is not KUNDESPEC", () => {
  it("KUNDENSPEC/kunde.txt counts as standard with a problem; switched to Customer, PAR.txt has the customer's 22 (issue 43, case 3)", () => {
    const std = "P001\r\n1\r\nP002\r\n2\r\n";
    const customerPath = "site/KUNDENSPEC/kunde.txt";
    // A folder picked whole lists its files by path: KUNDENSPEC before Standard.
    const before = merge(fileOf(customerPath, "P002\r\n22\r\n"), fileOf("site/Standard/std.txt", std));
    expect(before.par).toBe("P002\r\n2\r\nP001\r\n1\r\n");
    expect(before.result.problems.find((problem) => problem.kind === "near-miss-customer-path")).toEqual({
      kind: "near-miss-customer-path",
      fileId: customerPath,
      path: customerPath,
      lineNumber: null,
      message: `${customerPath} counts as a standard file, but "KUNDENSPEC" in its path reads like a customer marker (KUNDESPEC misspelled): only the exact letters KUNDESPEC make a customer file. If it holds the customer's values, switch it to Customer; once you confirm, it is merged as a standard file.`,
    });

    const after = merge(fileOf(customerPath, "P002\r\n22\r\n", "customer"), fileOf("site/Standard/std.txt", std));
    expect(after.par).toBe("P001\r\n1\r\nP002\r\n22\r\n");
    expect(after.result.problems).toEqual([]);
  });

  it.each([
    ["KUNDSPEC/kunde.txt", "KUNDSPEC", "KUNDESPEC misspelled"],
    ["Kunden-Spec/k.txt", "Kunden-Spec", `"Kunden", a word for customer`],
    ["Kundenspezifisch/k.txt", "Kundenspezifisch", "a word for customer in a compound"],
    ["Customer/k.txt", "Customer", "a word for customer"],
    // Hostile: other spellings of the marker, other languages' words, names with more in them.
    ["KUNDESPCE/k.txt", "KUNDESPCE", "KUNDESPEC misspelled"],
    ["KUDNESPEC/k.txt", "KUDNESPEC", "KUNDESPEC misspelled"],
    ["KUNDESPEZ/k.txt", "KUNDESPEZ", "KUNDESPEC misspelled"],
    ["KundenSpec/k.txt", "KundenSpec", `"Kunden", a word for customer`],
    ["Kundenparameter/k.txt", "Kundenparameter", "a word for customer in a compound"],
    ["Kundeneinstellungen/k.txt", "Kundeneinstellungen", "a word for customer in a compound"],
    ["site/Kunde 1042/k.txt", "Kunde 1042", `"Kunde", a word for customer`],
    ["kunde.txt", "kunde.txt", `"kunde", a word for customer`],
    ["Kundspecifik/k.txt", "Kundspecifik", "a word for customer in a compound"],
    ["kundespesifikk/k.txt", "kundespesifikk", "a word for customer in a compound"],
    ["Klant/k.txt", "Klant", "a word for customer"],
    ["klantspecifiek/k.txt", "klantspecifiek", "a word for customer in a compound"],
    ["Client/k.txt", "Client", "a word for customer"],
    ["Clientes/k.txt", "Clientes", "a word for customer"],
    ["Klienci/k.txt", "Klienci", "a word for customer"],
    ["Zákazník/k.txt", "Zákazník", "a word for customer"],
    ["Asiakas/k.txt", "Asiakas", "a word for customer"],
    ["asiakaskohtainen/k.txt", "asiakaskohtainen", "a word for customer in a compound"],
    ["Ügyfél/k.txt", "Ügyfél", "a word for customer"],
    ["Müşteri/k.txt", "Müşteri", "a word for customer"],
    ["Πελάτης/k.txt", "Πελάτης", "a word for customer"],
    ["Клиент/k.txt", "Клиент", "a word for customer"],
    ["MyCustomers/k.txt", "MyCustomers", `"Customers", a word for customer`],
  ])("%s is standard with a problem that names %j", (path, part, reading) => {
    const { result } = merge(fileOf("std/a.txt", "P1\r\n1\r\n"), fileOf(path, "P1\r\n2\r\n"));
    expect(result.files.find((file) => file.path === path)!.set).toBe("standard");
    const problems = result.problems.filter((problem) => problem.kind === "near-miss-customer-path");
    expect(problems.map((problem) => problem.path)).toEqual([path]);
    expect(problems[0]!.message).toContain(`"${part}" in its path reads like a customer marker (${reading})`);
  });

  it("other names are no such problem, while KUNDSPEC is; a look-alike KUNDESPEC is the look-alike problem alone", () => {
    const others = [
      "std/a.txt",
      "site-1042/standard/PAR_basis.txt",
      // Other words that start like a word for customer, or hold one inside.
      "Kundendienst/a.txt",
      "Urkunden/a.txt",
      "Clientele/a.txt",
      "Spezial/a.txt",
      "Stammkundschaft/a.txt",
      // Czech and Slovak for a page, Slovenian for a customer: left out of the words.
      "Stránka 2/a.txt",
      // KUNDESPEC itself is the customer's: chosen as standard, the technician has said so.
      "KUNDESPEC/a.txt",
      // Danish for customer-specific holds the exact letters: a customer file.
      "Kundespecifik/a.txt",
    ];
    const { result } = merge(
      fileOf("std/first.txt", "P1\r\n1\r\n"),
      ...others.map((path) => fileOf(path, "P1\r\n2\r\n", path.startsWith("KUNDESPEC") ? "standard" : null)),
      fileOf("KUNDSPEC/k.txt", "P1\r\n3\r\n"),
      fileOf("Kunde-Spec/k.txt", "P1\r\n4\r\n"),
    );
    expect(kindsOf(result).filter(([kind]) => kind!.endsWith("customer-path"))).toEqual([
      ["near-miss-customer-path", "KUNDSPEC/k.txt"],
      ["look-alike-customer-path", "Kunde-Spec/k.txt"],
    ]);
    expect(result.files.find((file) => file.path === "Kundespecifik/a.txt")!.set).toBe("customer");
  });

  it("a folder that also holds a customer file is where the sites are kept, not a marker; a near miss below it is", () => {
    const { result } = merge(
      fileOf("Kunden/Fjordview/Standard/basis.txt", "P1\r\n1\r\n"),
      fileOf("Kunden/Fjordview/KUNDESPEC/k.txt", "P1\r\n2\r\n"),
      fileOf("Kunden/Fjordview/KUNDENSPEC/k.txt", "P2\r\n2\r\n"),
    );
    expect(kindsOf(result).filter(([kind]) => kind === "near-miss-customer-path")).toEqual([
      ["near-miss-customer-path", "Kunden/Fjordview/KUNDENSPEC/k.txt"],
    ]);
    const nearMiss = result.problems.find((problem) => problem.kind === "near-miss-customer-path");
    expect(nearMiss!.message).toContain('"KUNDENSPEC" in its path reads like a customer marker');
  });

  it("KUNDESPEC with any one or two letters added, left out, changed or swapped reads like a customer marker", () => {
    const letter = fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZ");
    const edit = fc.oneof(
      fc.tuple(fc.constant("add" as const), fc.nat({ max: 9 }), letter),
      fc.tuple(fc.constant("drop" as const), fc.nat({ max: 8 }), letter),
      fc.tuple(fc.constant("change" as const), fc.nat({ max: 8 }), letter),
      fc.tuple(fc.constant("swap" as const), fc.nat({ max: 7 }), letter),
    );
    const apply = (word: string, [how, at, added]: [string, number, string]) => {
      const position = Math.min(at, word.length - (how === "add" ? 0 : how === "swap" ? 2 : 1));
      if (how === "add") return word.slice(0, position) + added + word.slice(position);
      if (how === "drop") return word.slice(0, position) + word.slice(position + 1);
      if (how === "change") return word.slice(0, position) + added + word.slice(position + 1);
      return word.slice(0, position) + word[position + 1]! + word[position]! + word.slice(position + 2);
    };
    fc.assert(
      fc.property(fc.array(edit, { minLength: 1, maxLength: 2 }), fc.boolean(), (edits, lower) => {
        const spelled = edits.reduce(apply, "KUNDESPEC");
        fc.pre(!spelled.includes("KUNDESPEC"));
        const name = lower ? spelled.toLowerCase() : spelled;
        expect(customerMarkerNearMiss(`site/${name}/k.txt`)).toMatchObject({ part: name });
      }),
    );
  });

  it("any word for customer of the list, in any case, as a folder or a file name, with anything around it", () => {
    const word = fc.constantFrom(
      "Kunde",
      "Kunden",
      "kund",
      "KUNDER",
      "Customer",
      "client",
      "Cliente",
      "klant",
      "Klient",
    );
    const around = fc.constantFrom(" ", "_", "-", " (", ".");
    fc.assert(
      fc.property(word, around, fc.nat({ max: 9999 }), fc.boolean(), (customer, mark, number, asFile) => {
        const name = `${customer}${mark}${number}`;
        const path = asFile ? `site/${name}.txt` : `site/${name}/a.txt`;
        expect(customerMarkerNearMiss(path)).toMatchObject({ part: asFile ? `${name}.txt` : name });
      }),
    );
  });
});

describe("copies of an old PAR.txt", () => {
  it("KUNDESPEC/PAR - Kopie.txt beside the real files is a problem before its old value wins (issue 43, case 4)", () => {
    const copy = "site/KUNDESPEC/PAR - Kopie.txt";
    const { result } = merge(
      fileOf("site/Standard/std.txt", "P001\r\n1\r\nP005\r\n20\r\n"),
      fileOf("site/KUNDESPEC/kunde.txt", "P001\r\n7\r\n"),
      fileOf(copy, "P001\r\n7\r\nP005\r\n10\r\n"),
    );
    expect(result.problems.filter((problem) => problem.kind === "merged-par-file")).toEqual([
      {
        kind: "merged-par-file",
        fileId: copy,
        path: copy,
        lineNumber: null,
        message: `${copy} is named like a copy of a merged PAR.txt (a card's file, or one this tool made), not a parameter file: merged again, its old values take part as customer values and may win over the files you meant. Remove it unless it is meant; once you confirm, it is merged as it is.`,
      },
    ]);
  });

  it.each([
    "PAR - Kopie.txt",
    "PAR - Copy.txt",
    "PAR copy.txt",
    "PAR_old.txt",
    "PAR.txt.txt",
    // Hostile: how file managers in other languages and other systems name copies, and what people add.
    "PAR - Copy (2).txt",
    "PAR - Kopie (3).txt",
    "PAR copy 2.txt",
    "PAR (copy).txt",
    "PAR (another copy).txt",
    "PAR (3rd copy).txt",
    "PAR - Copie.txt",
    "PAR - Copia.txt",
    "PAR - Cópia.txt",
    "PAR - Kopi.txt",
    "PAR \u2014 kopia.txt",
    "PAR - Kopio.txt",
    "PAR - másolat.txt",
    "PAR - Kopya.txt",
    "PAR - копия.txt",
    "Copy of PAR.txt",
    "Kopie von PAR.txt",
    "PAR-1.txt",
    "PAR2.txt",
    "PAR_2025-03-12.txt",
    "PAR.txt.bak",
    "PAR.bak",
    "PAR_alt.txt",
    "PAR_backup.txt",
    "PAR_Sicherung.txt",
    "PAR_v2.txt",
    "par - kopie.TXT",
    "PAR",
  ])("%s is named as a merged PAR.txt", (name) => {
    expect(isMergedParFileName(`site/KUNDESPEC/${name}`)).toBe(true);
  });

  it("PAR and a word of its own, or a longer word, is a parameter file; PAR and a copy word is not", () => {
    const parameterFiles = ["PAR_basis.txt", "PAR_alarms.txt", "PAR_A.txt", "PARAM.txt", "Parameter.txt", "PARK.txt"];
    expect(parameterFiles.filter((name) => isMergedParFileName(`site/standard/${name}`))).toEqual([]);
    expect(isMergedParFileName("site/standard/PAR_old.txt")).toBe(true);
  });

  it("PAR, any marks, numbers or copy words, then any extension, is a copy; PAR then a letter is not", () => {
    const mark = fc.constantFrom(" ", " - ", "_", "-", ".", " (", ")", " \u2014 ");
    const copyWord = fc.constantFrom("", "Kopie", "Copy", "copy", "old", "Copia", "kopia", "backup", "txt");
    const decoration = fc
      .array(fc.tuple(mark, copyWord, fc.option(fc.nat({ max: 99 }), { nil: undefined })), { maxLength: 3 })
      .map((parts) => parts.map(([mark, word, number]) => `${mark}${word}${number ?? ""}`).join(""));
    const extension = fc.constantFrom(".txt", ".TXT", ".txt.txt", ".bak", "");
    fc.assert(
      fc.property(fc.constantFrom("PAR", "par", "Par"), mark, decoration, extension, (par, first, rest, end) => {
        expect(isMergedParFileName(`a/${par}${first}${rest}${end}`)).toBe(true);
      }),
    );
    const letter = fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcxyzÄÖüé");
    fc.assert(
      fc.property(letter, fc.string({ maxLength: 8 }), (next, rest) => {
        expect(isMergedParFileName(`a/PAR${next}${rest.replace(/[/\\]/g, "")}.txt`)).toBe(false);
      }),
    );
  });
});
