import { describe, expect, it } from "vitest";
import { type CardEntry, cardFolderWarnings, parFileOnCard } from "~/lib/card/cardFolderContents";

const files = (...names: string[]): CardEntry[] => names.map((name) => ({ name, kind: "file" }));
const folder = (name: string): CardEntry => ({ name, kind: "directory" });

describe("which file on the card is PAR.txt", () => {
  it("keeps the name of a PAR.TXT in another case (FAT ignores case)", () => {
    expect(parFileOnCard(files("PAR.TXT", "LOG"))).toEqual({ fileName: "PAR.TXT", caseTwins: [], folderName: null });
    expect(parFileOnCard(files("LOG"))).toEqual({ fileName: null, caseTwins: [], folderName: null });
  });

  it("takes PAR.txt itself when another case stands beside it, and names the other", () => {
    expect(parFileOnCard(files("par.TXT", "PAR.txt"))).toEqual({
      fileName: "PAR.txt",
      caseTwins: ["par.TXT"],
      folderName: null,
    });
  });

  it("never takes a folder named PAR.txt for the file", () => {
    expect(parFileOnCard([folder("PAR.txt")])).toEqual({ fileName: null, caseTwins: [], folderName: "PAR.txt" });
  });
});

describe("what the card folder holds besides PAR.txt", () => {
  it("says nothing about a card with just PAR.txt, in any case", () => {
    expect(cardFolderWarnings(files("PAR.txt", "LOG"))).toEqual([]);
    expect(cardFolderWarnings(files("PAR.TXT"))).toEqual([]);
  });

  it("warns about a missing PAR.txt, a Mac's ._PAR.txt, other PAR files and a half-done write", () => {
    expect(cardFolderWarnings([])).toEqual(["The card has no PAR.txt yet."]);
    expect(cardFolderWarnings(files("PAR.txt", "._PAR.txt", "PAR (1).txt", "PAR_old.TXT", "PAR.txt.crswap"))).toEqual([
      "._PAR.txt: a hidden file a Mac wrote next to PAR.txt. Some units read it instead of PAR.txt; delete it from the card.",
      'PAR (1).txt, PAR_old.TXT: other PAR files on the card (a browser names a second download "PAR (1).txt"). The unit reads only PAR.txt; delete the others so nobody takes them for it.',
      "PAR.txt.crswap: left over from a write that did not finish; delete it from the card.",
    ]);
  });

  it("names a folder called PAR.txt in the technician's words", () => {
    expect(cardFolderWarnings([folder("PAR.txt")])).toEqual([
      "The card has a folder named PAR.txt where the file PAR.txt should be: the unit cannot read it. Rename or delete that folder on a computer.",
    ]);
  });

  it("names both files when PAR.txt and par.TXT stand side by side", () => {
    expect(cardFolderWarnings(files("par.TXT", "PAR.txt"))).toEqual([
      "PAR.txt and par.TXT: the card holds PAR files whose names differ only in case, and the unit may read any of them. The tool reads and writes PAR.txt; delete par.TXT from the card.",
    ]);
  });
});
