import { describe, expect, it } from "vitest";
import type { ListedFile } from "~/lib/merger/listedFile";
import {
  closeNotAdded,
  keepAfterAdd,
  notAddedNow,
  type AddForNotice,
  type NotAddedKept,
  type NotAddedReason,
  type RefusedFile,
} from "~/lib/merger/notAddedNotice";

const refused = (reason: NotAddedReason, ...paths: string[]): RefusedFile[] =>
  paths.map((path) => ({ path, reason, listedId: null }));
const edited = (path: string, listedId: string): RefusedFile => ({
  path,
  reason: "alreadyImportedWithOtherContent",
  listedId,
});
const file = (id: string, path: string, setOverride: ListedFile["setOverride"] = null): ListedFile => ({
  id,
  path,
  setOverride,
});
const add = (n: number, change: Partial<Omit<AddForNotice, "add">>): AddForNotice => ({
  add: n,
  refused: [],
  listedPaths: [],
  beside: [],
  ...change,
});
/** The notice after these adds, shown with this list. */
function shown(listed: ListedFile[], ...adds: AddForNotice[]) {
  return notAddedNow(
    adds.reduce<NotAddedKept | null>((kept, next) => keepAfterAdd(kept, next), null),
    listed,
  );
}
const editedReason = "a file of this name is already listed, with other content: PAR.txt uses the listed one";

describe("the notice of files adds left out", () => {
  it("says nothing when no add left anything out", () => {
    expect(shown([file("a", "a.txt")], add(1, { listedPaths: ["a.txt"] }))).toBeNull();
  });

  it("names each file left out and why, a line per reason in the order of the refusal notices", () => {
    expect(
      shown(
        [file("k", "k.txt")],
        add(1, {
          refused: [
            ...refused("notRead", "card/broken.txt"),
            ...refused("namesakesWithOtherContent", "KUNDESPEC.txt"),
            edited("k.txt", "k"),
            ...refused("wrongFormat", "photo.png", "manual.pdf"),
          ],
        }),
      )?.lines,
    ).toEqual([
      { paths: ["photo.png", "manual.pdf"], reason: "not text files" },
      { paths: ["k.txt"], reason: editedReason },
      { paths: ["KUNDESPEC.txt"], reason: "different files with this name in one pick, so none of them is used" },
      { paths: ["card/broken.txt"], reason: "could not be read" },
    ]);
  });

  it("names every one of 150 refused files, not the first two and a count", () => {
    const listed = Array.from({ length: 150 }, (_, index) => file(`id${index}`, `f${index + 1}.txt`));
    const notice = shown(listed, add(1, { refused: listed.map(({ id, path }) => edited(path, id)) }));
    expect(notice?.lines).toEqual([
      {
        paths: listed.map(({ path }) => path),
        reason: "files of these names are already listed, with other content: PAR.txt uses the listed ones",
      },
    ]);
  });

  it("keeps what an earlier add left out when a later add refuses nothing, and adds what the later one refuses", () => {
    const listed = [file("s", "std.txt"), file("k1", "KUNDESPEC.txt"), file("o", "other.txt")];
    const first = add(1, { refused: [edited("KUNDESPEC.txt", "k1"), ...refused("wrongFormat", "manual.pdf")] });
    expect(shown(listed, first, add(2, { listedPaths: ["other.txt"] }))).toEqual({
      add: 2,
      lines: [
        { paths: ["manual.pdf"], reason: "not a text file" },
        { paths: ["KUNDESPEC.txt"], reason: editedReason },
      ],
      besideNamesakes: [],
    });
    expect(shown(listed, first, add(2, { refused: refused("wrongFormat", "photo.png") }))?.lines[0]).toEqual({
      paths: ["manual.pdf", "photo.png"],
      reason: "not text files",
    });
  });

  it("drops a file once an add lists a file of its path, and says a file refused again with this add's reason", () => {
    const listed = [file("k2", "KUNDESPEC.txt")];
    expect(
      shown(
        listed,
        add(1, { refused: [...refused("notRead", "KUNDESPEC.txt"), ...refused("wrongFormat", "a.png")] }),
        add(2, { listedPaths: ["KUNDESPEC.txt"], refused: refused("notRead", "a.png") }),
      )?.lines,
    ).toEqual([{ paths: ["a.png"], reason: "could not be read" }]);
  });

  it("rewords an edited file's line once the listed file it spoke of is deleted, and drops it when another file holds the path", () => {
    const first = add(1, { refused: [edited("KUNDESPEC.txt", "k1")] });
    const rewordedLine = {
      paths: ["KUNDESPEC.txt"],
      reason: "not added while a file of this name was listed, which is deleted now: add it again to use it",
    };
    // Deleted, or Delete all: the refused file is still not in PAR.txt, and nothing stops adding it now.
    expect(shown([file("s", "std.txt")], first)?.lines).toEqual([rewordedLine]);
    expect(shown([], first)?.lines).toEqual([rewordedLine]);
    // Undo brings the listed file back, under its id: the line holds again.
    expect(shown([file("k1", "KUNDESPEC.txt")], first)?.lines).toEqual([
      { paths: ["KUNDESPEC.txt"], reason: editedReason },
    ]);
    // A record's files loaded: another file of that path, whose content nobody compared.
    expect(shown([file("r", "KUNDESPEC.txt")], first)).toBeNull();
  });

  it("says a set too big as it was when it was added: after deletes it may fit", () => {
    expect(shown([], add(1, { refused: refused("setTooBig", "big.txt") }))?.lines).toEqual([
      { paths: ["big.txt"], reason: "the set was too big for this device" },
    ]);
  });

  it("names a path once per reason", () => {
    expect(
      shown(
        [],
        add(1, {
          refused: [...refused("notRead", "K.txt", "K.txt"), ...refused("namesakesWithOtherContent", "K.txt")],
        }),
      )?.lines,
    ).toEqual([
      { paths: ["K.txt"], reason: "different files with this name in one pick, so none of them is used" },
      { paths: ["K.txt"], reason: "could not be read" },
    ]);
  });

  it("says every file added beside a namesake from both files as they are now, and drops it when either is gone", () => {
    const kunde = file("k", "site/KUNDESPEC/kunde.txt");
    const mailed = file("m", "kunde.txt");
    const adds = Array.from({ length: 5 }, (_, index) =>
      add(index + 1, { beside: [{ id: `m${index}`, listedId: `l${index}` }] }),
    );
    const listed = adds.flatMap((_, index) => [
      file(`l${index}`, `old/${index}.txt`),
      file(`m${index}`, `${index}.txt`),
    ]);
    expect(shown(listed, ...adds)?.besideNamesakes).toHaveLength(5);
    const first = add(1, { beside: [{ id: "m", listedId: "k" }] });
    expect(shown([kunde, mailed], first)?.besideNamesakes).toEqual([
      "kunde.txt has the name of the listed site/KUNDESPEC/kunde.txt, with other content. It is added as a standard file beside it and does not replace it: where both set a code, PAR.txt uses the customer value of site/KUNDESPEC/kunde.txt. If it replaces site/KUNDESPEC/kunde.txt, delete site/KUNDESPEC/kunde.txt and set kunde.txt to Customer.",
    ]);
    // Set to Customer, as the sentence advised: it says what PAR.txt does now.
    expect(shown([kunde, file("m", "kunde.txt", "customer")], first)?.besideNamesakes).toEqual([
      "kunde.txt has the name of the listed site/KUNDESPEC/kunde.txt, with other content. It is added as a customer file beside it and does not replace it: both are merged, and where both set a code the one lower in the list wins. If it replaces site/KUNDESPEC/kunde.txt, delete site/KUNDESPEC/kunde.txt.",
    ]);
    expect(shown([mailed], first)).toBeNull();
    expect(shown([kunde], first)).toBeNull();
  });

  it("forgets on close what the notice showed, not what an add since then left out", () => {
    let kept = keepAfterAdd(null, add(1, { refused: refused("wrongFormat", "a.png") }));
    kept = keepAfterAdd(kept, add(2, { refused: refused("wrongFormat", "b.png") }));
    expect(notAddedNow(closeNotAdded(kept, 1), [])?.lines).toEqual([{ paths: ["b.png"], reason: "not a text file" }]);
    expect(closeNotAdded(kept, 2)).toBeNull();
  });
});
