/**
 * J6: after the browser's storage was cleared, a file this tab holds only in the merge gives way to another tab's
 * stored file of its path; PAR.txt never changes its values or a file's set here without the screen saying so.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { givingWay, tabRead, type FileListTab, type ShownFile, type StoredFileList } from "~/lib/merger/fileListState";
import { replacedHereNotice, replacedHereSentence } from "~/lib/merger/fileListStorageText";
import type { ListedFile } from "~/lib/merger/listedFile";
import { setOfFile, type ParameterSet } from "~/lib/merger/parameterSet";
import { closeReplacedHere, replacedStillTrue, replacedToSay, type ReplacedHere } from "~/lib/merger/replacedHere";

const gave = (path: string, setOverride: ParameterSet | null, storedSetOverride: ParameterSet | null) => ({
  path,
  id: `here-${path}`,
  setOverride,
  storedId: `theirs-${path}`,
  storedSetOverride,
});

describe("replacedToSay: what changed PAR.txt here", () => {
  it("says nothing of the same file stored again in the same set", () => {
    expect(
      replacedToSay([gave("std.txt", null, null), gave("kunde.txt", "customer", "customer")], [true, true], 0),
    ).toEqual([]);
  });

  it("names a file that reads otherwise, or that the merge could not compare, and a set that differs", () => {
    expect(
      replacedToSay(
        [gave("a.txt", null, null), gave("b.txt", null, null), gave("kunde.txt", "customer", null)],
        [false, null, true],
        4,
      ),
    ).toEqual([
      {
        serial: 5,
        path: "a.txt",
        storedId: "theirs-a.txt",
        content: "differs",
        setBefore: "standard",
        setAfter: "standard",
      },
      {
        serial: 6,
        path: "b.txt",
        storedId: "theirs-b.txt",
        content: "unknown",
        setBefore: "standard",
        setAfter: "standard",
      },
      {
        serial: 7,
        path: "kunde.txt",
        storedId: "theirs-kunde.txt",
        content: "same",
        setBefore: "customer",
        setAfter: "standard",
      },
    ]);
  });
});

describe("replacedStillTrue and closeReplacedHere: the notice says only what is still true", () => {
  const setOnly: ReplacedHere = {
    serial: 1,
    path: "kunde.txt",
    storedId: "theirs",
    content: "same",
    setBefore: "customer",
    setAfter: "standard",
  };
  const differs: ReplacedHere = { ...setOnly, serial: 2, path: "a.txt", storedId: "a", content: "differs" };
  const file = (id: string, path: string, setOverride: ParameterSet | null): ListedFile => ({ id, path, setOverride });

  it("drops a file deleted since, and a set chosen again as it was here", () => {
    expect(
      replacedStillTrue([setOnly, differs], [file("theirs", "kunde.txt", null), file("a", "a.txt", null)]),
    ).toEqual([setOnly, differs]);
    expect(replacedStillTrue([setOnly, differs], [file("theirs", "kunde.txt", "customer")])).toEqual([]);
  });

  it("closing the notice keeps what came after it was shown", () => {
    expect(closeReplacedHere([setOnly, differs], 1)).toEqual([differs]);
  });

  it("says which file PAR.txt uses and how to go back", () => {
    expect(replacedHereSentence({ ...differs, setAfter: "customer", setBefore: "standard" })).toBe(
      "a.txt: another tab stored a file of this name with other content, and PAR.txt now uses it. It is taken as Customer: here it was Standard. The a.txt listed here before is in no storage (its content went with the browser's storage): to use it again, delete a.txt, then add that file again.",
    );
    expect(replacedHereSentence({ ...differs, content: "unknown", setAfter: "standard" })).toBe(
      "a.txt: another tab stored a file of this name, and PAR.txt now uses it. It is taken as Standard: here it was Customer. This tab cannot tell whether it reads as the a.txt listed here before, whose content went with the browser's storage: if it is not the file you mean, delete a.txt, then add that file again.",
    );
    expect(replacedHereNotice([])).toBeNull();
    expect(replacedHereNotice([setOnly, differs])?.serial).toBe(2);
  });
});

describe("after a read of another tab's list, every file whose content or set differs from before is said (property)", () => {
  const pathPool = ["a.txt", "b.txt", "KUNDESPEC.txt", "kunde.txt"];
  const set = fc.constantFrom<ParameterSet | null>(null, "standard", "customer");
  /** A file as this tab lists it: stored, not stored, or only in the merge; `content` stands for what it reads as. */
  const tabFile = fc.record({
    kind: fc.constantFrom("stored", "notStored", "onlyInMerge"),
    setOverride: set,
    content: fc.nat(2),
  });
  const storedFile = fc.record({ setOverride: set, content: fc.nat(2) });

  it("holds for any list here and any list another tab stored", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom(...pathPool), { maxLength: 4 }),
        fc.array(tabFile, { minLength: 4, maxLength: 4 }),
        fc.uniqueArray(fc.constantFrom(...pathPool), { maxLength: 4 }),
        fc.array(storedFile, { minLength: 4, maxLength: 4 }),
        fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
        (herePaths, hereFiles, theirPaths, theirFiles, mergeCanTell) => {
          const contentOf = new Map<string, number>();
          const here: ShownFile[] = herePaths.map((path, index) => {
            const { kind, setOverride, content } = hereFiles[index]!;
            contentOf.set(`here-${path}`, content);
            return {
              id: `here-${path}`,
              path,
              setOverride,
              stored: kind === "stored",
              ...(kind === "onlyInMerge" ? { onlyInMerge: true as const } : {}),
            };
          });
          // Another tab's list keeps this tab's stored files it still has, and its own files of other ids.
          const theirs: ListedFile[] = theirPaths.map((path, index) => {
            const ours = here.find((file) => file.path === path && file.stored);
            if (ours) return { id: ours.id, path, setOverride: ours.setOverride };
            const { setOverride, content } = theirFiles[index]!;
            contentOf.set(`theirs-${path}`, content);
            return { id: `theirs-${path}`, path, setOverride };
          });
          const tab: FileListTab = {
            stored: { files: here.filter((file) => file.stored), label: "", deleted: null, mark: "m" },
            shown: { files: here, label: "", deleted: null },
            notStored: null,
            unreadable: null,
            readBefore: true,
          };
          const fresh: StoredFileList = { files: theirs, label: "", deleted: null, mark: "m" };
          const gaveWay = givingWay(tab, fresh);
          // The merge compares what it read from this tab's file with the stored bytes (or cannot: null).
          const readsSame = gaveWay.map((file, index) =>
            mergeCanTell[index] ? contentOf.get(file.id) === contentOf.get(file.storedId) : null,
          );
          const said = new Set(replacedToSay(gaveWay, readsSame, 0).map((file) => file.path));
          const after = tabRead(tab, fresh).shown.files;
          for (const before of here) {
            if (before.stored) continue;
            // Itself (beside another tab's namesake, if it was not only in the merge: listedTwice says that), or the
            // stored file in its place.
            const now =
              after.find((file) => file.id === before.id) ??
              after.find((file) => file.path === before.path && file.stored);
            const unchanged =
              now !== undefined &&
              contentOf.get(now.id) === contentOf.get(before.id) &&
              setOfFile(now) === setOfFile(before);
            if (!unchanged) expect(said.has(before.path), `${before.path} changed without a word`).toBe(true);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
