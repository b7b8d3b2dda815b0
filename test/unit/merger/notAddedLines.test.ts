import { describe, expect, it } from "vitest";
import { notAddedLines, type NotAddedReason } from "~/lib/merger/incomingFiles";

const nothingLeftOut: Record<NotAddedReason, { path: string }[]> = {
  wrongFormat: [],
  alreadyImported: [],
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

  it("names each file left out and why, a line per reason in the order of the refusal notices", () => {
    expect(
      notAddedLines({
        ...nothingLeftOut,
        notRead: paths("card/broken.txt"),
        namesakesWithOtherContent: paths("KUNDESPEC.txt"),
        alreadyImported: paths("std.txt", "KUNDESPEC.txt", "k.txt"),
        alreadyImportedWithOtherContent: paths("k.txt"),
        wrongFormat: paths("photo.png", "manual.pdf"),
      }),
    ).toEqual([
      { files: "photo.png, manual.pdf", reason: "not text files" },
      // The namesake and the edited file are said under their own reasons only.
      { files: "std.txt", reason: "already in the list" },
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
        // Three of one name and content in one pick: the first is added, the other two are refused.
        alreadyImported: paths("KUNDESPEC.txt", "KUNDESPEC.txt"),
        setTooBig: Array.from({ length: 150 }, (_, index) => ({ path: `big${index}.txt` })),
      }),
    ).toEqual([
      { files: "KUNDESPEC.txt", reason: "already in the list" },
      { files: "150 files: big0.txt, big1.txt and 148 more", reason: "the set is too big for this device" },
    ]);
  });

  it("says namesakes and edited files in the plural when there are several", () => {
    expect(
      notAddedLines({
        ...nothingLeftOut,
        alreadyImported: paths("a.txt", "b.txt", "c.txt", "d.txt"),
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
