import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { highestPastedNumber, nextPastedFileName, pastedContent, withFreePastedNames } from "~/lib/merger/pastedText";

const nextFor = (paths: string[], since = 0) => nextPastedFileName(highestPastedNumber(paths, since));

describe("the name of pasted text", () => {
  it("starts at pasted-1.txt", () => {
    expect(nextFor([])).toBe("pasted-1.txt");
    expect(nextFor(["standard.txt", "pasted-x.txt"])).toBe("pasted-1.txt");
  });

  it("goes one past the highest listed, also across a gap", () => {
    expect(nextFor(["pasted-1.txt", "pasted-2.txt"])).toBe("pasted-3.txt");
    expect(nextFor(["pasted-4.txt", "a.txt"])).toBe("pasted-5.txt");
    expect(nextFor(["pasted-9.txt", "pasted-10.txt"])).toBe("pasted-11.txt");
  });

  it("counts the name in any folder and any case: a name, not a path, must not come twice", () => {
    expect(nextFor(["standard.txt", "KUNDESPEC/pasted-1.txt"])).toBe("pasted-2.txt");
    expect(nextFor(["Pasted-3.TXT"])).toBe("pasted-4.txt");
  });

  it("keeps the highest seen in the visit: pasted-1.txt deleted, the next paste is pasted-2.txt", () => {
    const seenWhileListed = highestPastedNumber(["std.txt", "pasted-1.txt"]);
    expect(nextPastedFileName(highestPastedNumber(["std.txt"], seenWhileListed))).toBe("pasted-2.txt");
  });

  it("never gives a name listed or deleted in the visit, whatever the lists it saw", () => {
    const name = fc.oneof(
      fc.nat(50).map((n) => `pasted-${n}.txt`),
      fc.nat(50).map((n) => `KUNDESPEC/Pasted-${n}.txt`),
      fc.string(),
    );
    fc.assert(
      fc.property(fc.array(fc.array(name)), (lists) => {
        let highest = 0;
        const seenNames = new Set<string>();
        for (const list of lists) {
          highest = highestPastedNumber(list, highest);
          for (const path of list) seenNames.add(path.slice(path.lastIndexOf("/") + 1).toLowerCase());
        }
        expect(seenNames).not.toContain(nextPastedFileName(highest));
      }),
    );
  });
});

describe("withFreePastedNames: pasted text never collides with a listed name", () => {
  const isPasted = (file: { path: string; pasted?: boolean }) => file.pasted === true;

  it("gives a pasted text whose name is listed the next free name, and leaves other files as they are", () => {
    expect(
      withFreePastedNames(
        [{ path: "pasted-1.txt", pasted: true }, { path: "pasted-1.txt" }, { path: "pasted-3.txt", pasted: true }],
        isPasted,
        ["pasted-1.txt", "pasted-2.txt", "std.txt"],
      ),
    ).toEqual([
      { path: "pasted-3.txt", pasted: true },
      { path: "pasted-1.txt" },
      { path: "pasted-4.txt", pasted: true },
    ]);
  });

  it("keeps a pasted text's name when nothing listed has it", () => {
    expect(withFreePastedNames([{ path: "pasted-2.txt", pasted: true }], isPasted, ["std.txt"])).toEqual([
      { path: "pasted-2.txt", pasted: true },
    ]);
  });
});

// Ctrl+V of cells copied from Excel (or a table from Word) on Windows hands the page their text and a picture of
// them; only the picture was handled ("Wrong file format. Text files only!") and the text was dropped.
describe("what a paste adds", () => {
  const file = (name: string, type: string) => ({ name, type });
  const picture = file("image.png", "image/png");
  const lines = "P0100\r\n7\r\nP0101\r\n8\r\n";

  it("is the text when the clipboard's files are only pictures beside it", () => {
    expect(pastedContent([picture], lines)).toEqual({ text: lines });
    expect(pastedContent([picture, file("image.bmp", "image/bmp")], lines)).toEqual({ text: lines });
  });

  it("is the files when one of them is no picture, or no text is beside them; the text alone otherwise", () => {
    const textFile = file("PAR_basis.txt", "text/plain");
    expect(pastedContent([textFile], lines)).toEqual({ files: [textFile] });
    expect(pastedContent([picture, textFile], lines)).toEqual({ files: [picture, textFile] });
    expect(pastedContent([file("notes.txt", "")], lines)).toEqual({ files: [file("notes.txt", "")] });
    // A picture pasted alone is refused as it is today: the technician chose it.
    expect(pastedContent([picture], "")).toEqual({ files: [picture] });
    expect(pastedContent([picture], " \r\n")).toEqual({ files: [picture] });
    expect(pastedContent([], lines)).toEqual({ text: lines });
    expect(pastedContent([], " \r\n")).toBeNull();
  });

  it("never drops the text beside pictures, and never files beside which no text was pasted, for any paste", () => {
    const anyFile = fc.record({
      name: fc.string(),
      type: fc.constantFrom("image/png", "image/jpeg", "text/plain", "", "text/html", "application/pdf"),
    });
    fc.assert(
      fc.property(fc.array(anyFile, { maxLength: 4 }), fc.constantFrom("", " ", lines, "x"), (files, text) => {
        const pasted = pastedContent(files, text);
        const pictures = files.every((pastedFile) => pastedFile.type.startsWith("image/"));
        if (text.trim() !== "" && pictures) expect(pasted).toEqual({ text });
        else if (files.length > 0) expect(pasted).toEqual({ files });
        else expect(pasted).toBeNull();
      }),
    );
  });
});
