import { describe, expect, it } from "vitest";
import { notAddedLines, type NotAddedReason } from "~/lib/merger/incomingFiles";

const nothingLeftOut: Record<NotAddedReason, { path: string }[]> = {
  wrongFormat: [],
  alreadyImportedWithOtherContent: [],
  namesakesWithOtherContent: [],
  notRead: [],
  setTooBig: [],
};
const paths = (...list: string[]) => list.map((path) => ({ path }));

describe("the notice of files an add left out", () => {
  it("says nothing when the add left nothing out", () => {
    expect(notAddedLines(nothingLeftOut)).toEqual([]);
  });

  it("names no file that is refused because it is listed already with the same content: PAR.txt uses it", () => {
    // The caller hands these in as the refusal notices have them; they are not a reason of this notice.
    const refused = { ...nothingLeftOut, alreadyImported: paths("std.txt", "KUNDESPEC/k.txt") };
    expect(notAddedLines(refused)).toEqual([]);
  });

  it("names each file left out and why, a line per reason in the order of the refusal notices", () => {
    expect(
      notAddedLines({
        ...nothingLeftOut,
        notRead: paths("card/broken.txt"),
        namesakesWithOtherContent: paths("KUNDESPEC.txt"),
        alreadyImportedWithOtherContent: paths("k.txt"),
        wrongFormat: paths("photo.png", "manual.pdf"),
      }),
    ).toEqual([
      { files: "photo.png, manual.pdf", reason: "not text files" },
      {
        files: "k.txt",
        reason: "a file of this name is already listed, with other content: PAR.txt uses the listed one",
      },
      {
        files: "KUNDESPEC.txt",
        reason: "different files with this name in one pick, so none of them is used",
      },
      { files: "card/broken.txt", reason: "could not be read" },
    ]);
  });

  it("names a path once per reason, and stays short whatever the number of files", () => {
    expect(
      notAddedLines({
        ...nothingLeftOut,
        // A path named twice for one reason (the same file in two picks of one drop) is one line's one name.
        notRead: paths("KUNDESPEC.txt", "KUNDESPEC.txt"),
        setTooBig: Array.from({ length: 150 }, (_, index) => ({ path: `big${index}.txt` })),
      }),
    ).toEqual([
      { files: "KUNDESPEC.txt", reason: "could not be read" },
      { files: "150 files: big0.txt, big1.txt and 148 more", reason: "the set is too big for this device" },
    ]);
  });

  it("says namesakes and edited files in the plural when there are several", () => {
    expect(
      notAddedLines({
        ...nothingLeftOut,
        alreadyImportedWithOtherContent: paths("a.txt", "b.txt"),
        namesakesWithOtherContent: paths("c.txt", "d.txt"),
        wrongFormat: paths("e.png"),
      }),
    ).toEqual([
      { files: "e.png", reason: "not a text file" },
      {
        files: "a.txt, b.txt",
        reason: "files of these names are already listed, with other content: PAR.txt uses the listed ones",
      },
      {
        files: "c.txt, d.txt",
        reason: "different files with each of these names in one pick, so none of them is used",
      },
    ]);
  });
});
