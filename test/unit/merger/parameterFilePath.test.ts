import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addedBesideNamesakes,
  isAcceptedTextFile,
  refusalNotices,
  namesakesWithOtherContent,
  withOtherContent,
  sortIncomingFiles,
  summarizePaths,
} from "~/lib/merger/incomingFiles";
import {
  normalizeParameterFilePath,
  oneSpellingOf,
  parameterFilePathSchema,
  shortenedPath,
} from "~/lib/merger/parameterFilePath";
import { addedFileInfoSchema } from "~/lib/merger/incomingFiles";
import { setOfPath } from "~/lib/merger/parameterSet";
import { addedBesideListedSentence, toastMessages } from "~/lib/shell/toastMessages";

describe("file paths", () => {
  it.each([
    ["/KUNDESPEC/a.txt", "KUNDESPEC/a.txt"],
    ["KUNDESPEC/a.txt", "KUNDESPEC/a.txt"],
    ["./a.txt", "a.txt"],
    ["", "a.txt"],
    [undefined, "a.txt"],
    // A name handed over decomposed (macOS) is the name handed over composed (Windows, Android).
    ["KUNDESPEC/Mu\u0308ller.txt", "KUNDESPEC/M\u00fcller.txt"],
  ])("names %s as %s", (path, expected) => {
    expect(normalizeParameterFilePath(path, "a.txt")).toBe(expected);
  });

  it("reads a path from anywhere but a pick (stored list, note, record, backup, the screen's form) in the pick's spelling", () => {
    const decomposed = "KUNDESPEC/Mu\u0308ller.txt";
    const composed = "KUNDESPEC/M\u00fcller.txt";
    expect(parameterFilePathSchema.parse(decomposed)).toBe(composed);
    expect(parameterFilePathSchema.parse(composed)).toBe(composed);
    expect(addedFileInfoSchema.parse({ path: decomposed, type: "text/plain" }).path).toBe(composed);
    expect(addedFileInfoSchema.safeParse({ path: "", type: "text/plain" }).success).toBe(false);
    // Whatever the way in, one name is one spelling: the pick's and the stored one's agree, and a name kept
    // decomposed (a Mac's, NFD) is the name picked composed (Windows, Android: NFC).
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 30 }), (path) => {
        const stored = parameterFilePathSchema.parse(path.normalize("NFD"));
        expect(stored).toBe(oneSpellingOf(path.normalize("NFC")));
        expect(parameterFilePathSchema.parse(path)).toBe(oneSpellingOf(path));
        // A picked path loses a leading "/" or "./" (the folder it was dropped from); the spelling is the same.
        if (path !== "" && !/^\.?\//.test(path)) {
          expect(normalizeParameterFilePath(path.normalize("NFC"), "a.txt")).toBe(stored);
          expect(normalizeParameterFilePath(path, "a.txt")).toBe(oneSpellingOf(path));
        }
      }),
    );
  });

  // NFC folds some characters on their own (the Kelvin sign into K): a folder spelled with one was listed in
  // Latin letters, as a customer file, and no problem said how it is spelled.
  const foldedAlone = ["\u212a", "\u2126", "\u212b", "\uf900", "\u1fef", "\u037e", "\u0958", "\u0340"];
  const spellingParts = fc.oneof(
    fc.constantFrom(...foldedAlone, "K", "k", "\u017f", "S", "A", "u", "E", "\u0308", "\u030a", "\u0301", "/", "_"),
    fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
    fc.string({ unit: "grapheme", minLength: 1, maxLength: 1 }),
  );
  const anyPath = fc.array(spellingParts, { maxLength: 20 }).map((parts) => parts.join(""));
  const asciiLetterCounts = (text: string) => {
    const counts = new Map<string, number>();
    for (const letter of text.match(/[A-Za-z]/g) ?? []) counts.set(letter, (counts.get(letter) ?? 0) + 1);
    return counts;
  };

  it("keeps the Kelvin sign and every character NFC would turn into another on its own, as picked", () => {
    expect(oneSpellingOf("\u212aUNDESPEC/k.txt")).toBe("\u212aUNDESPEC/k.txt");
    expect(normalizeParameterFilePath("/\u212aUNDESPEC/k.txt", "k.txt")).toBe("\u212aUNDESPEC/k.txt");
    expect(parameterFilePathSchema.parse("\u212aundespec/k.txt")).toBe("\u212aundespec/k.txt");
    expect(addedFileInfoSchema.parse({ path: "\u212aUNDESPEC/k.txt", type: "text/plain" }).path).toBe(
      "\u212aUNDESPEC/k.txt",
    );
    // What a Mac decomposed is still composed, also beside such a character.
    expect(oneSpellingOf("\u212aUNDESPEC/Mu\u0308ller.txt")).toBe("\u212aUNDESPEC/M\u00fcller.txt");
    fc.assert(
      fc.property(anyPath, (path) => {
        const kept = [...path].filter((character) => character.normalize("NFC") !== character);
        const spelled = [...oneSpellingOf(path)];
        // Each of them is there, in its order.
        let from = 0;
        for (const character of kept) {
          from = spelled.indexOf(character, from) + 1;
          expect(from).toBeGreaterThan(0);
        }
        // The NFD and NFC spellings of one name give one path, and a path read again stays as it is.
        expect(oneSpellingOf(path.normalize("NFD"))).toBe(oneSpellingOf(path.normalize("NFC")));
        expect(oneSpellingOf(oneSpellingOf(path))).toBe(oneSpellingOf(path));
      }),
    );
  });

  it("never turns a letter that is not ASCII into an ASCII letter, for any path", () => {
    fc.assert(
      fc.property(anyPath, (path) => {
        const before = asciiLetterCounts(path);
        for (const [letter, count] of asciiLetterCounts(oneSpellingOf(path)))
          expect(count, letter).toBeLessThanOrEqual(before.get(letter) ?? 0);
      }),
    );
  });

  it("cuts a path at 50 characters followed by '...', and leaves shorter ones alone", () => {
    expect(shortenedPath("a".repeat(50))).toBe("a".repeat(50));
    expect(shortenedPath("b".repeat(51))).toBe(`${"b".repeat(50)}...`);
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), (path) => {
        const shown = shortenedPath(path);
        expect(shown.length).toBeLessThanOrEqual(53);
        expect(path.startsWith(shown.replace(/\.\.\.$/, ""))).toBe(true);
      }),
    );
  });

  it("puts a path with KUNDESPEC in any case into the customer set", () => {
    expect(setOfPath("site/KUNDESPEC/a.txt")).toBe("customer");
    expect(setOfPath("site/kundespec_1042.txt")).toBe("customer");
    expect(setOfPath("site/KundeSpec/a.txt")).toBe("customer");
    expect(setOfPath("site/standard/a.txt")).toBe("standard");
  });

  it("accepts text/plain, or an empty type with a .txt name", () => {
    expect(isAcceptedTextFile("a.dat", "text/plain")).toBe(true);
    expect(isAcceptedTextFile("A.TXT", "")).toBe(true);
    expect(isAcceptedTextFile("a.csv", "text/csv")).toBe(false);
    expect(isAcceptedTextFile("a.png", "")).toBe(false);
    expect(isAcceptedTextFile("a.txt", "image/png")).toBe(false);
  });
});

describe("sorting incoming files", () => {
  const incoming = (path: string, type = "text/plain") => ({ file: path, name: path.split("/").pop()!, type, path });

  it("refuses wrong types and paths already listed or twice in one drop, compared exactly", () => {
    const sorted = sortIncomingFiles(
      [incoming("a.txt"), incoming("photo.png", "image/png"), incoming("b.txt"), incoming("b.txt"), incoming("A.txt")],
      ["a.txt"],
    );
    expect(sorted.accepted.map((file) => file.path)).toEqual(["A.txt", "b.txt"]);
    expect(sorted.wrongFormat.map((file) => file.path)).toEqual(["photo.png"]);
    expect(sorted.alreadyImported.map((file) => file.path)).toEqual(["a.txt", "b.txt"]);
  });
});

describe("the order of a pick or drop", () => {
  const incoming = (path: string) => ({ file: path, name: path.split("/").pop()!, type: "text/plain", path });

  it("is natural path order, whatever order the OS lists the files in", () => {
    const paths = ["site/file10.txt", "KUNDESPEC/k.txt", "site/file2.txt", "site/File1.txt", "site/file2.TXT"];
    fc.assert(
      fc.property(fc.shuffledSubarray(paths, { minLength: paths.length }), (listed) => {
        expect(sortIncomingFiles(listed.map(incoming), []).accepted.map((file) => file.path)).toEqual([
          "KUNDESPEC/k.txt",
          "site/File1.txt",
          "site/file2.txt",
          "site/file2.TXT",
          "site/file10.txt",
        ]);
      }),
    );
  });
});

describe("refusal notices", () => {
  const messages = {
    wrongFormat: "Wrong file format. Text files only!",
    alreadyImported: "File already imported!",
    namesakesWithOtherContent: "Namesakes",
  };
  const files = (count: number, prefix: string) =>
    Array.from({ length: count }, (_, index) => ({ path: `${prefix}${index + 1}.txt` }));

  it("stay short whatever the number of files", () => {
    expect(summarizePaths(["a.txt"])).toBe("a.txt");
    expect(summarizePaths(["a.txt", "b.txt", "c.txt"])).toBe("a.txt, b.txt, c.txt");
    expect(summarizePaths(files(150, "f").map((file) => file.path))).toBe("150 files: f1.txt, f2.txt and 148 more");
  });

  it("tell an edited file picked again (same path, other bytes) from the same file picked again", () => {
    const bytes = (text: string) => new TextEncoder().encode(text);
    const listed: Record<string, Uint8Array | null> = { "a.txt": bytes("P1\n1\n"), "gone.txt": null };
    const refused = [
      { path: "a.txt", bytes: bytes("P1\n1\n") },
      { path: "a.txt", bytes: bytes("P1\n2\n") },
      { path: "a.txt", bytes: bytes("P1\n1\n\n") },
      { path: "gone.txt", bytes: bytes("x") },
      { path: "a.txt", bytes: null },
    ];
    expect(withOtherContent(refused, (path) => listed[path] ?? null)).toEqual([refused[1], refused[2]]);
  });

  it("tell namesakes of one pick apart only when both were read and hold the same bytes", () => {
    const bytes = (text: string) => new TextEncoder().encode(text);
    // What the pick's first file of each path holds; null: it could not be read; no entry: no file of the pick.
    const taken: Record<string, Uint8Array | null> = { "KUNDESPEC.txt": bytes("P1\n1\n"), "gone.txt": null };
    const refused = [
      { path: "KUNDESPEC.txt", bytes: bytes("P1\n1\n") },
      { path: "KUNDESPEC.txt", bytes: bytes("P1\n2\n") },
      { path: "KUNDESPEC.txt", bytes: null },
      { path: "gone.txt", bytes: bytes("P1\n1\n") },
      { path: "listed.txt", bytes: bytes("P1\n1\n") },
    ];
    expect(namesakesWithOtherContent(refused, (path) => taken[path])).toEqual([refused[1], refused[2], refused[3]]);
  });

  it("give each reason its own message", () => {
    expect(
      refusalNotices(
        {
          wrongFormat: files(250, "x"),
          alreadyImported: files(1, "a"),
          alreadyImportedWithOtherContent: [],
          namesakesWithOtherContent: [],
        },
        messages,
      ),
    ).toEqual([
      {
        message: "Wrong file format. Text files only!",
        description: "Not added: 250 files: x1.txt, x2.txt and 248 more",
      },
      { message: "File already imported!", description: "Not added: a1.txt" },
    ]);
  });

  it("count an edited file picked again and namesakes of one pick under their own reasons, each toast a verdict", () => {
    const alreadyImported = files(3, "a");
    expect(
      refusalNotices(
        {
          wrongFormat: [],
          alreadyImported,
          alreadyImportedWithOtherContent: [alreadyImported[1]!],
          namesakesWithOtherContent: [alreadyImported[2]!],
        },
        messages,
      ),
    ).toEqual([
      { message: "File already imported!", description: "Not added: a1.txt" },
      { message: "File already imported!", description: "Not added: a2.txt" },
      { message: "Namesakes", description: "Not added: a3.txt" },
    ]);
  });
});

describe("files added beside a listed file of their name", () => {
  const bytes = (text: string) => new TextEncoder().encode(text);
  const listed = [
    { path: "site/Standard/basis.txt", set: "standard" as const, bytes: bytes("P1\n1\n") },
    { path: "site/KUNDESPEC/kunde.txt", set: "customer" as const, bytes: bytes("P1\n10\n") },
  ];

  it("names the listed file of the same name at another path when the content differs", () => {
    expect(addedBesideNamesakes([{ path: "kunde.txt", set: "standard", bytes: bytes("P1\n55\n") }], listed)).toEqual([
      { path: "kunde.txt", set: "standard", listedPath: "site/KUNDESPEC/kunde.txt", listedSet: "customer" },
    ]);
    // Another way in, the same rule: a share's name in other case, a folder of the mail's attachments.
    expect(
      addedBesideNamesakes([{ path: "mail/KUNDE.TXT", set: "standard", bytes: bytes("P1\n55\n") }], listed),
    ).toHaveLength(1);
  });

  it("says nothing of the same content, another name, the same path, or a listed file whose bytes are gone", () => {
    expect(
      addedBesideNamesakes(
        [
          { path: "kunde.txt", set: "standard", bytes: bytes("P1\n10\n") },
          { path: "kunde2.txt", set: "standard", bytes: bytes("P1\n55\n") },
          { path: "site/Standard/basis.txt", set: "standard", bytes: bytes("P1\n2\n") },
        ],
        listed,
      ),
    ).toEqual([]);
    expect(
      addedBesideNamesakes(
        [{ path: "basis.txt", set: "standard", bytes: bytes("P1\n2\n") }],
        [{ path: "site/Standard/basis.txt", set: "standard", bytes: null }],
      ),
    ).toEqual([]);
  });

  it("tells what PAR.txt uses and what to do, by the sets of both files", () => {
    expect(
      addedBesideListedSentence({
        path: "kunde.txt",
        set: "standard",
        listedPath: "site/KUNDESPEC/kunde.txt",
        listedSet: "customer",
      }),
    ).toBe(
      "kunde.txt has the name of the listed site/KUNDESPEC/kunde.txt, with other content. It is added as a standard file beside it and does not replace it: where both set a code, PAR.txt uses the customer value of site/KUNDESPEC/kunde.txt. If it replaces site/KUNDESPEC/kunde.txt, delete site/KUNDESPEC/kunde.txt and set kunde.txt to Customer.",
    );
    expect(
      addedBesideListedSentence({
        path: "basis.txt",
        set: "standard",
        listedPath: "std/basis.txt",
        listedSet: "standard",
      }),
    ).toBe(
      "basis.txt has the name of the listed std/basis.txt, with other content. It is added as a standard file beside it and does not replace it: both are merged, and where both set a code the one lower in the list wins. If it replaces std/basis.txt, delete std/basis.txt.",
    );
    expect(
      addedBesideListedSentence({
        path: "KUNDESPEC/basis.txt",
        set: "customer",
        listedPath: "basis.txt",
        listedSet: "standard",
      }),
    ).toBe(
      "KUNDESPEC/basis.txt has the name of the listed basis.txt, with other content. It is added as a customer file beside it and does not replace it: where both set a code, PAR.txt uses this file's customer value. If it replaces basis.txt, delete basis.txt.",
    );
  });

  it("counts the files in the toast when there are several", () => {
    const files = ["a", "b", "c", "d", "e"].map((name) => ({
      path: `${name}.txt`,
      set: "standard" as const,
      listedPath: `old/${name}.txt`,
      listedSet: "standard" as const,
    }));
    // Many files are counted, not named: a toast has no room for five paths.
    expect(toastMessages.addedBesideNamesakeExplained(files)).toMatch(/^5 files: /);
    for (const { path } of files) expect(toastMessages.addedBesideNamesakeExplained(files)).not.toContain(path);
  });
});
