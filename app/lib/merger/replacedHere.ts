/**
 * After the browser's storage was cleared under an open /files, the tab's files live only in the merge. When another
 * tab stores a file of one's path, the stored one takes its place (a path is listed once, and only a stored file can
 * be kept; fileListState's givingWay). It is the same file stored again when it reads as the one listed here did and
 * is in the same set: then nothing changes and nothing is said. Otherwise PAR.txt changed in this tab, and the
 * screen says which file it uses now and how to go back (J6), until the technician closes the notice, deletes the
 * file, or (for a set) chooses the set it had here again.
 */
import type { GaveWay } from "./fileListState";
import type { ListedFile } from "./listedFile";
import { setOfFile, type ParameterSet } from "./parameterSet";

/** Whether the stored file reads as the one listed here did (readsAsListed); unknown when the merge could not say. */
export type ReadsAsBefore = "same" | "differs" | "unknown";

/** A file of this tab another tab's stored one took the place of, and changed PAR.txt: what the screen says. */
export interface ReplacedHere {
  /** Counts the replacements of a tab: the notice closed is the one seen, not one that came since. */
  serial: number;
  path: string;
  /** The stored file now listed. */
  storedId: string;
  content: ReadsAsBefore;
  setBefore: ParameterSet;
  setAfter: ParameterSet;
}

const verdictOf = (readsSame: boolean | null | undefined): ReadsAsBefore =>
  readsSame === true ? "same" : readsSame === false ? "differs" : "unknown";

/**
 * The files that gave way whose stored namesake changed PAR.txt here: it reads otherwise (or the merge cannot tell),
 * or is in another set. `readsSame[i]` is the merge's verdict on `gaveWay[i]` (null: it could not tell).
 * Serials follow `lastSerial`.
 */
export function replacedToSay(
  gaveWay: readonly GaveWay[],
  readsSame: readonly (boolean | null)[],
  lastSerial: number,
): ReplacedHere[] {
  let serial = lastSerial;
  return gaveWay.flatMap((file, index) => {
    const content = verdictOf(readsSame[index]);
    const setBefore = setOfFile({ path: file.path, setOverride: file.setOverride });
    const setAfter = setOfFile({ path: file.path, setOverride: file.storedSetOverride });
    if (content === "same" && setBefore === setAfter) return [];
    serial += 1;
    return [{ serial, path: file.path, storedId: file.storedId, content, setBefore, setAfter }];
  });
}

/**
 * What is still true of the kept replacements against the list now: the stored file is still listed (a file deleted
 * leaves nothing to say), and a change of set only while the file is in another set than it was here. The newest
 * word on a file stands.
 */
export function replacedStillTrue(kept: readonly ReplacedHere[], listed: readonly ListedFile[]): ReplacedHere[] {
  const byId = new Map(listed.map((file) => [file.id, file]));
  const newest = new Map<string, ReplacedHere>();
  for (const replaced of kept) {
    const file = byId.get(replaced.storedId);
    if (!file || file.path !== replaced.path) continue;
    const setNow = setOfFile(file);
    if (replaced.content === "same" && setNow === replaced.setBefore) continue;
    newest.set(replaced.path, { ...replaced, setAfter: setNow });
  }
  return [...newest.values()].sort((a, b) => a.serial - b.serial);
}

/** The kept replacements once the notice showing them up to `serial` is closed. */
export function closeReplacedHere(kept: readonly ReplacedHere[], serial: number): ReplacedHere[] {
  return kept.filter((replaced) => replaced.serial > serial);
}
