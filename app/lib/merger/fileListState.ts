/**
 * One truth for the file list (docs/behaviour.md#storing-the-file-list): what a tab shows and what
 * storage holds never differ without the screen saying so.
 *
 * Storage keeps the list as one document (the files in order, the site/unit label, what Undo of Delete all
 * brings back) beside the files' bytes. A change is planned here against the document read afresh inside
 * its transaction (another tab may have changed it) and written whole, with the bytes it adds and without
 * the bytes nothing refers to any more: stored whole or not at all.
 *
 * When a change cannot be stored, one rule decides (settleNotStored):
 * - a change that leaves every stored file as it is (it adds files or a label, or changes only files that
 *   were never stored) is made in this tab, and what it added is shown as not stored, since when and why;
 * - a delete or Delete all (or the Undo of one made here) is made in this tab too: a full device must still
 *   let a wrong file out of the merge. The files it took out are shown as deleted here only (a reload brings
 *   them back, and then says so); the next change that is stored stores their deletion with it;
 * - any other change (move or set of a stored file, Undo of a stored Delete all, a record's files) is not
 *   made: the screen keeps the stored list and says why.
 * So a reload brings back nothing the screen did not name, and loses only what was shown as not stored.
 *
 * A path is listed, and stored, once (pathsTaken): a file a change would list or store under a path the list
 * already has, as the transaction reads it (another tab may have listed it meanwhile), is left out and named in the
 * change's outcome, never dropped without a word.
 * (A delete's bytes are not deleted in a transaction of their own first: were the list's rewrite then
 * refused, the stored list would name files whose bytes are gone.)
 *
 * Storage can also be emptied under an open tab (site data cleared, the browser evicting it). The stored list
 * carries a mark made by its first write and kept by every later one: another mark (or none) means the list this
 * tab stored is gone, not changed by another tab, so the files it showed as stored are kept in the tab and shown
 * as not stored (storageLost) instead of being dropped as if deleted.
 */
import type { ListedFile } from "./listedFile";
import type { ParameterSet } from "./parameterSet";
import { inOrderSeen } from "./listOrder";
import { withFreePastedNames } from "./pastedText";

/**
 * What Undo of a Delete all (or of loading a record's files) brings back, until the next one: the files, the label
 * and which Delete all took them (its notice's Undo names it: an older notice's Undo must not bring these back).
 */
export interface DeletedFiles<F extends ListedFile = ListedFile> {
  files: F[];
  label: string;
  /** The Delete all (or load of a record's files) that took them; none for an older version's. */
  id?: string;
  /**
   * Files put back one by one (Undo of one delete) while the files they stood between wait here: Undo of the Delete
   * all puts each back between them again, so the two Undos give the list as it was in either order (J2).
   */
  putBack?: PutBack[];
}

/** A file Undo of one delete put back while its neighbours waited for Undo of a Delete all, and where it stood. */
export interface PutBack {
  id: string;
  place: PlaceInList;
}

/** The list as storage keeps it. */
export interface StoredFileList {
  files: ListedFile[];
  label: string;
  /** What Undo of Delete all brings back, until the next Delete all. */
  deleted: DeletedFiles | null;
  /**
   * Which stored list this is: made by the first write to empty storage, kept by every later write. Another
   * tab's change keeps it; storage emptied under the tab does not. Lists stored by older versions have none.
   */
  mark?: string;
}

export const emptyFileList: StoredFileList = { files: [], label: "", deleted: null };

/** A file as a tab shows it: stored, or kept in this tab only. */
export interface ShownFile extends ListedFile {
  stored: boolean;
  /**
   * Its stored bytes went with storage (storageLost): only the merge still has what was read from it, so it
   * cannot be stored again, nor brought back once it leaves the list (cannotComeBack). It holds its path for
   * nothing: a file added under it takes its place (to store it again), and so does another tab's stored one
   * (givingWay: the screen says when that one reads otherwise or is in another set).
   */
  onlyInMerge?: true;
}

export interface ShownFileList {
  files: ShownFile[];
  /** Not stored when it differs from the stored label. */
  label: string;
  deleted: DeletedFiles<ShownFile> | null;
}

/** What a list waiting for Undo keeps besides its files and label (which Delete all, the files put back since). */
function deletedExtras(deleted: DeletedFiles<ListedFile> | null | undefined): Pick<DeletedFiles, "id" | "putBack"> {
  return {
    ...(deleted?.id === undefined ? {} : { id: deleted.id }),
    ...(deleted?.putBack?.length ? { putBack: deleted.putBack } : {}),
  };
}

/**
 * Where a file stood, by its neighbours' ids (nearest first), not by its index: another tab's change meanwhile
 * shifts indices, and a file put back behind a later duplicate would change which value PAR.txt takes.
 */
export interface PlaceInList {
  before: string[];
  after: string[];
}

/** Where a file stands now, to put it back there later (Undo of one delete). */
export function placeInList(files: readonly { id: string }[], id: string): PlaceInList {
  const at = files.findIndex((file) => file.id === id);
  if (at < 0) return { before: [], after: [] };
  return {
    before: files
      .slice(0, at)
      .map((file) => file.id)
      .reverse(),
    after: files.slice(at + 1).map((file) => file.id),
  };
}

/**
 * Where a file goes back in the list as it is now: before the first still listed of the files that followed it,
 * else after the nearest still listed of those before it, else at the end. `known` is false when none of its
 * neighbours is listed any more and other files are: its order among them is a guess (the caller says so).
 */
export function putBackIndex(files: readonly { id: string }[], place: PlaceInList): { at: number; known: boolean } {
  const indexOf = (id: string) => files.findIndex((file) => file.id === id);
  for (const id of place.after) {
    const at = indexOf(id);
    if (at >= 0) return { at, known: true };
  }
  for (const id of place.before) {
    const at = indexOf(id);
    if (at >= 0) return { at: at + 1, known: true };
  }
  return { at: files.length, known: files.length === 0 };
}

/** One change of the list, as the technician makes it. */
export type FileListChange =
  /** `place`: where in the list (Undo of one delete puts the file back where it stood); the end without it. */
  /** `pastedIds`: pasted texts, added under the next free name when theirs was listed meanwhile. */
  | { kind: "add"; files: ListedFile[]; place?: PlaceInList; pastedIds?: string[] }
  | { kind: "delete"; ids: string[] }
  | { kind: "move"; id: string; offset: -1 | 1 }
  | { kind: "chooseSet"; id: string; setOverride: ParameterSet | null }
  | { kind: "label"; label: string }
  /** `id`: names this Delete all, so its notice's Undo brings back what it took and nothing else. */
  | { kind: "deleteAll"; id?: string }
  /**
   * Undo of the Delete all `id` names (without one: of whatever waits for Undo). When another Delete all took the
   * place of that one meanwhile (in this tab or another), `held`, what this tab kept of that Delete all, comes back
   * instead; without it nothing does (the caller says so).
   */
  | {
      kind: "undoDeleteAll";
      id?: string;
      held?: DeletedFiles;
      /**
       * The order this tab has seen the files in, deleted ones included (listOrder.ts): the files come back where they
       * stood among the files listed, whatever the order of the Undos (K1, K2). Without it, in front of them.
       */
      order?: string[];
    }
  /**
   * A service record's files in place of the list; Undo brings the list back as after Delete all. `id` names this
   * load, as a Delete all's id does: its notice's Undo brings back the list it replaced and nothing else.
   */
  | { kind: "replace"; files: ListedFile[]; id?: string }
  /**
   * Takes these files out and brings back the list from before the load `id` names (without one: whatever waits
   * for Undo). When a Delete all or another load took its place meanwhile, `held`, what this tab kept of the list
   * that load replaced, comes back instead; without it the list stays as it is (the caller says so).
   */
  | { kind: "undoReplace"; ids: string[]; id?: string; held?: DeletedFiles }
  /** Tries again to store files this tab holds but could not store. */
  | { kind: "storeAgain"; ids: string[] };

/** What one transaction writes: the document, the bytes new to storage, the bytes nothing refers to any more. */
export interface FileListWrite {
  list: StoredFileList;
  putBytes: string[];
  deleteBytes: string[];
}

export interface FileListTab {
  /** The stored list, as this tab last read or wrote it. */
  stored: StoredFileList;
  shown: ShownFileList;
  /** Since when (ms since 1970) and why something shown is not stored; null while the screen shows what is stored. */
  notStored: { since: number; reason: string } | null;
  /** Why the stored list could not be read the last time; null once it was read. */
  unreadable: string | null;
  /** Whether this tab ever read the stored list (then it shows what was stored, even when storage is gone now). */
  readBefore: boolean;
}

/**
 * A file a change would list (or store) under a path another file is listed under already, mostly another tab's
 * added meanwhile: a path is listed once, so the list keeps the file it has, and this one is not listed (an add,
 * Undo of Delete all) or not stored (Try again). The caller says so, naming the file.
 */
export interface PathTaken {
  id: string;
  path: string;
  /** The file the list keeps under that path. */
  listedId: string;
}

/**
 * How a change ended: stored; made in this tab only (not stored); or not made at all. `pathTaken`: the files the
 * change left out because their path was listed already (as the transaction read the list).
 */
export type ChangeOutcome =
  | { kind: "stored"; pathTaken?: PathTaken[]; goneWithStorage?: string[] }
  | { kind: "notStored"; reason: string; pathTaken?: PathTaken[]; goneWithStorage?: string[] }
  | { kind: "refused"; reason: string };

/**
 * The outcome with the files it left out for their path, and (`goneWithStorage`, paths) the files an Undo could not
 * bring back because their bytes went with storage, when there are any.
 */
export function withPathTaken<O extends ChangeOutcome>(
  outcome: O,
  pathTaken: readonly PathTaken[],
  goneWithStorage: readonly string[] = [],
): O {
  const withTaken = pathTaken.length > 0 ? { ...outcome, pathTaken: [...pathTaken] } : outcome;
  return goneWithStorage.length > 0 ? { ...withTaken, goneWithStorage: [...goneWithStorage] } : withTaken;
}

/**
 * The files waiting for Undo (of Delete all, of loading a record's files) whose bytes went with storage: the merge
 * forgot them when they left the list, so Undo cannot bring them back. They stay named (by path) until then, so
 * Delete all does not offer an Undo that brings back nothing, and Undo says what it could not bring back.
 */
export function cannotComeBack(list: ShownFileList): string[] {
  return (list.deleted?.files ?? []).filter((file) => file.onlyInMerge).map((file) => file.path);
}

/** What the change's Undo could not bring back for want of bytes (see cannotComeBack). */
export function goneWithStorageBy(list: ShownFileList, change: FileListChange): string[] {
  const undo = change.kind === "undoReplace" ? undoOfReplace(change) : change;
  return undo.kind === "undoDeleteAll" && undoesWaiting(list, undo) ? cannotComeBack(list) : [];
}

/**
 * Undo of a load of a record's files as the Undo of a Delete all (a load is a Delete all that lists the record's
 * files): the load's id names what waits for its Undo, and `held` what this tab kept of it.
 */
export function undoOfReplace(
  change: Extract<FileListChange, { kind: "undoReplace" }>,
): Extract<FileListChange, { kind: "undoDeleteAll" }> {
  return {
    kind: "undoDeleteAll",
    ...(change.id === undefined ? {} : { id: change.id }),
    ...(change.held ? { held: change.held } : {}),
  };
}

/**
 * Whether Undo of this load brings anything back: the list it replaced waits for Undo, or this tab held it. Otherwise
 * (another Delete all or load took its place, and this tab no longer holds it) the list stays as it is.
 */
export function undoReplaceBringsBack(
  list: ShownFileList,
  change: Extract<FileListChange, { kind: "undoReplace" }>,
): boolean {
  const undo = undoOfReplace(change);
  return undoesWaiting(list, undo) || !!undo.held;
}

/** The list without the files a load listed (its Undo takes them out). */
function withoutLoaded(list: ShownFileList, change: Extract<FileListChange, { kind: "undoReplace" }>): ShownFileList {
  const gone = new Set(change.ids);
  return { ...list, files: list.files.filter((file) => !gone.has(file.id)) };
}

/**
 * Whether an Undo of Delete all undoes the files waiting for Undo: only when they are the ones its Delete all took
 * (another Delete all, here or in another tab, may have taken their place since).
 */
export function undoesWaiting(
  list: ShownFileList,
  change: Extract<FileListChange, { kind: "undoDeleteAll" }>,
): boolean {
  return change.id === undefined || list.deleted?.id === change.id;
}

/** Whether Undo of a Delete all made now would bring anything back: a file, or the site/unit label. */
export function undoBringsBack(list: ShownFileList): boolean {
  return !!list.deleted && (list.deleted.files.some((file) => !file.onlyInMerge) || list.deleted.label !== "");
}

/** A tab before it has read anything: storage may hold a list it does not know yet. */
export const newFileListTab: FileListTab = {
  stored: emptyFileList,
  shown: { files: [], label: "", deleted: null },
  notStored: null,
  unreadable: null,
  readBefore: false,
};

const storedFiles = (files: readonly ListedFile[]): ShownFile[] =>
  files.map((file) => ({ ...toListed(file), stored: true }));

/** A listed file as storage keeps it (no flags of the tab). */
function toListed({ id, path, setOverride, size }: ListedFile): ListedFile {
  return { id, path, setOverride, ...(size === undefined ? {} : { size }) };
}

/**
 * The stored files in their stored order, with the files this tab could not store kept where they stood:
 * each after the file shown before it (at the top when none of those is still there).
 */
function withUnstored(fresh: readonly ListedFile[], shown: readonly ShownFile[]): ShownFile[] {
  const result = storedFiles(fresh);
  let insertAt = 0;
  for (const file of shown) {
    // A file whose contents went with storage gives way to a stored file of its path (another tab added it since):
    // a path is listed once, and only the stored one can be kept. The files this tab listed after it stay after it,
    // those before it before it: list order decides which duplicate PAR.txt takes (givingWay names the file).
    const anchor = file.stored
      ? file.id
      : file.onlyInMerge
        ? fresh.find((listed) => listed.path === file.path)?.id
        : undefined;
    if (anchor !== undefined) {
      const at = result.findIndex((listed) => listed.id === anchor);
      if (at >= 0) insertAt = at + 1;
    } else {
      result.splice(insertAt, 0, file);
      insertAt += 1;
    }
  }
  return result;
}

/**
 * A listed file this tab held only in the merge (its stored bytes went with the browser's storage) that gives way to
 * another tab's stored file of its path. The stored one may read otherwise, or be in another set: only the merge can
 * tell the first (readsAsListed), and the screen says either (replacedHere.ts), never PAR.txt changed without a word.
 */
export interface GaveWay {
  path: string;
  /** This tab's file, as it was listed here. */
  id: string;
  setOverride: ParameterSet | null;
  /** The stored file listed in its place. */
  storedId: string;
  storedSetOverride: ParameterSet | null;
}

/** The listed files of the tab that give way to a stored file of their path in the list read afresh (see rebase). */
export function givingWay(tab: FileListTab, fresh: StoredFileList): GaveWay[] {
  const takenOut = takenOutIds(tab);
  const storedByPath = new Map(
    fresh.files.filter((file) => !takenOut.has(file.id)).map((file) => [file.path, file] as const),
  );
  return tab.shown.files.flatMap((file) => {
    const stored = file.onlyInMerge ? storedByPath.get(file.path) : undefined;
    return stored && stored.id !== file.id
      ? [
          {
            path: file.path,
            id: file.id,
            setOverride: file.setOverride,
            storedId: stored.id,
            storedSetOverride: stored.setOverride,
          },
        ]
      : [];
  });
}

/** The ids of stored files this tab took out of the list without storing it (a reload brings them back). */
export function takenOutIds(tab: FileListTab): Set<string> {
  const listed = new Set(tab.shown.files.map((file) => file.id));
  return new Set(tab.stored.files.filter((file) => !listed.has(file.id)).map((file) => file.id));
}

/** The tab's list on top of the stored one read afresh: what storage has, and what only this tab has. */
export function rebase(tab: FileListTab, fresh: StoredFileList): ShownFileList {
  const labelNotStored = tab.shown.label !== tab.stored.label;
  const takenOut = takenOutIds(tab);
  // A Delete all made here only: its Undo brings back what this tab deleted, not what storage would.
  if (tab.shown.deleted?.files.some((file) => takenOut.has(file.id))) {
    const freshIds = new Set(idsOf(fresh));
    const deleted = tab.shown.deleted.files.filter((file) => !file.stored || freshIds.has(file.id));
    return {
      files: withUnstored(
        fresh.files.filter((file) => !takenOut.has(file.id)),
        tab.shown.files,
      ),
      label: labelNotStored ? tab.shown.label : fresh.label,
      deleted: deleted.length > 0 ? { ...tab.shown.deleted, files: deleted } : null,
    };
  }
  const unstoredDeleted = tab.shown.deleted?.files.filter((file) => !file.stored) ?? [];
  const deletedFiles = withUnstored(fresh.deleted?.files ?? [], tab.shown.deleted?.files ?? []);
  return {
    files: withUnstored(
      fresh.files.filter((file) => !takenOut.has(file.id)),
      tab.shown.files,
    ),
    label: labelNotStored ? tab.shown.label : fresh.label,
    deleted:
      fresh.deleted || unstoredDeleted.length > 0
        ? {
            files: deletedFiles,
            label: fresh.deleted?.label ?? tab.shown.deleted?.label ?? "",
            ...deletedExtras(fresh.deleted ?? tab.shown.deleted),
          }
        : null,
  };
}

/** After a successful read. */
export function tabRead(tab: FileListTab, fresh: StoredFileList): FileListTab {
  const shown = rebase(tab, fresh);
  return {
    stored: fresh,
    shown,
    notStored: hasUnstored(shown, fresh) ? tab.notStored : null,
    unreadable: null,
    readBefore: true,
  };
}

export function tabReadFailed(tab: FileListTab, reason: string): FileListTab {
  return { ...tab, unreadable: reason };
}

/** The files whose path another file of `listed` has. */
function takenBy(files: readonly ListedFile[], listed: readonly ListedFile[]): PathTaken[] {
  const listedIdByPath = new Map(listed.map((file) => [file.path, file.id]));
  return files.flatMap(({ id, path }) => {
    const listedId = listedIdByPath.get(path);
    return listedId === undefined || listedId === id ? [] : [{ id, path, listedId }];
  });
}

/**
 * A path is listed once, and stored once: the files a change would bring into the list (an add, the files Undo
 * brings back) or into storage (Try again) under a path the list already has. Judged on the list as the change
 * finds it, which inside a transaction is the stored list read afresh: another tab may have listed the path
 * meanwhile, and a file left out for it is named like one refused before the pick, never dropped without a word.
 */
export function pathsTaken(list: ShownFileList, change: FileListChange): PathTaken[] {
  switch (change.kind) {
    case "add":
      // A file whose contents went with storage holds its path for nothing: the file added under it takes its place.
      return takenBy(
        change.files,
        list.files.filter((file) => !file.onlyInMerge),
      );
    case "undoDeleteAll":
      return takenBy(undoesWaiting(list, change) ? comingBack(list) : (change.held?.files ?? []), list.files);
    case "undoReplace":
      return undoReplaceBringsBack(list, change) ? pathsTaken(withoutLoaded(list, change), undoOfReplace(change)) : [];
    case "storeAgain": {
      // A file this tab could not store, beside another tab's stored file of its path: storing it too would
      // store the path twice, for every tab.
      const again = new Set(change.ids);
      return takenBy(
        list.files.filter((file) => again.has(file.id) && !file.stored),
        list.files.filter((file) => file.stored),
      );
    }
    default:
      return [];
  }
}

function withoutIds<F extends ListedFile>(files: readonly F[], taken: readonly PathTaken[]): F[] {
  const ids = new Set(taken.map((file) => file.id));
  return files.filter((file) => !ids.has(file.id));
}

/** The files Undo brings back: those waiting for it whose bytes are still at hand (see cannotComeBack). */
const comingBack = (list: ShownFileList): ShownFile[] =>
  (list.deleted?.files ?? []).filter((file) => !file.onlyInMerge);

function deleteAll(list: ShownFileList, id: string | undefined): ShownFileList {
  // Nothing listed (another tab's Delete all of the same moment took the files): what waits for that one's Undo stays
  // (its files and their bytes), never replaced by an empty Delete all that brings back nothing (K6).
  if (list.files.length === 0) return { ...list, label: "" };
  // The merge forgets what leaves the list: a file whose bytes went with storage cannot come back with Undo, but it
  // waits with the others, so Undo names it (cannotComeBack).
  return {
    files: [],
    label: "",
    deleted: { files: list.files, label: list.label, ...(id === undefined ? {} : { id }) },
  };
}

/**
 * The files back in front of those listed since (a path listed since is not doubled: pathsTaken names what stays
 * out), and each file Undo of one delete put back meanwhile moved back between the files it stood between.
 */
function inFrontOf(
  back: readonly ShownFile[],
  listed: readonly ShownFile[],
  putBack: readonly PutBack[],
  order: readonly string[] | undefined,
): ShownFile[] {
  // Where the tab saw them: every file keeps its place among all the others, so no put-back needs moving (K1, K2).
  if (order) return inOrderSeen(order, back, listed).files;
  let files = [...back, ...listed];
  for (const { id, place } of putBack) {
    const file = files.find((listedFile) => listedFile.id === id);
    if (!file) continue;
    const others = files.filter((listedFile) => listedFile.id !== id);
    const at = putBackIndex(others, place).at;
    files = [...others.slice(0, at), file, ...others.slice(at)];
  }
  return files;
}

function undoDeleteAll(
  list: ShownFileList,
  change: Extract<FileListChange, { kind: "undoDeleteAll" }>,
  added: (files: readonly ListedFile[]) => ShownFile[],
): ShownFileList {
  if (!undoesWaiting(list, change)) {
    // Another Delete all took the place of this one: what this tab kept of it comes back, and what waits stays.
    if (!change.held) return list;
    const listed = new Set(list.files.map((file) => file.id));
    const back = added(withoutIds(change.held.files, pathsTaken(list, change))).filter((file) => !listed.has(file.id));
    return {
      ...list,
      files: inFrontOf(back, list.files, change.held.putBack ?? [], change.order),
      // A label typed since is the list's on screen: a Delete all's label comes back with its files only (K5).
      label: back.length > 0 ? change.held.label || list.label : list.label,
    };
  }
  if (!list.deleted) return list;
  return {
    files: inFrontOf(
      withoutIds(comingBack(list), pathsTaken(list, change)),
      list.files,
      list.deleted.putBack ?? [],
      change.order,
    ),
    label: list.deleted.label || list.label,
    deleted: null,
  };
}

/**
 * A listed file whose contents went with storage, as the same file added again takes its place (to store it again):
 * the added file's bytes, with every choice the technician made for the listed one (its set). A picked file comes
 * with none, and dropping the choice would change PAR.txt without a word (J3). Its place in the list the caller keeps.
 */
export function takingPlaceOf<F extends ListedFile>(listed: ListedFile, added: F): F {
  return { ...added, setOverride: listed.setOverride };
}

/**
 * The files waiting for Undo of a Delete all, noting a file Undo of one delete puts back while the files it stood
 * between wait there (none of them listed): Undo of the Delete all then puts it back between them (J2).
 */
function notingPutBack(
  list: ShownFileList,
  files: readonly ListedFile[],
  place: PlaceInList | undefined,
): ShownFileList["deleted"] {
  const deleted = list.deleted;
  if (!deleted || !place || files.length === 0) return deleted;
  const listedIds = new Set(list.files.map((file) => file.id));
  const waitingIds = new Set(deleted.files.map((file) => file.id));
  const neighbours = [...place.after, ...place.before];
  if (neighbours.some((id) => listedIds.has(id)) || !neighbours.some((id) => waitingIds.has(id))) return deleted;
  return { ...deleted, putBack: [...(deleted.putBack ?? []), ...files.map(({ id }) => ({ id, place }))] };
}

/**
 * The listed files with each one whose contents went with storage replaced by the added file of its path (the same
 * file picked again, to store it again), in its place and with its choices (takingPlaceOf), and the added files that
 * replaced none.
 */
function inPlaceOfGone(
  listed: readonly ShownFile[],
  adding: readonly ShownFile[],
): { files: ShownFile[]; rest: ShownFile[] } {
  const byPath = new Map(adding.map((file) => [file.path, file]));
  const used = new Set<string>();
  const files = listed.map((file) => {
    const replacement = file.onlyInMerge ? byPath.get(file.path) : undefined;
    if (!replacement || used.has(replacement.id)) return file;
    used.add(replacement.id);
    return takingPlaceOf(file, replacement);
  });
  return { files, rest: adding.filter((file) => !used.has(file.id)) };
}

/** The change applied to a list; added files are marked stored or not, as the caller is about to make them. */
export function applyChange(list: ShownFileList, change: FileListChange, addedStored: boolean): ShownFileList {
  const added = (files: readonly ListedFile[]) => files.map((file) => ({ ...toListed(file), stored: addedStored }));
  switch (change.kind) {
    case "add": {
      // Another tab may have listed a path meanwhile: a path is listed once (pathsTaken names what stays out).
      const adding = added(withoutIds(change.files, pathsTaken(list, change)));
      // A file added under the path of one whose contents went with storage takes its place: storing it again.
      const { files, rest } = inPlaceOfGone(list.files, adding);
      // Undo of one delete puts the file back where it stood: list order decides which duplicate wins.
      const at = change.place ? putBackIndex(files, change.place).at : files.length;
      return {
        ...list,
        files: [...files.slice(0, at), ...rest, ...files.slice(at)],
        deleted: notingPutBack(list, rest, change.place),
      };
    }
    case "delete": {
      const gone = new Set(change.ids);
      return { ...list, files: list.files.filter((file) => !gone.has(file.id)) };
    }
    case "move": {
      const from = list.files.findIndex((file) => file.id === change.id);
      const to = from + change.offset;
      if (from < 0 || to < 0 || to >= list.files.length) return list;
      const files = [...list.files];
      [files[from], files[to]] = [files[to]!, files[from]!];
      return { ...list, files };
    }
    case "chooseSet":
      return {
        ...list,
        files: list.files.map((file) => (file.id === change.id ? { ...file, setOverride: change.setOverride } : file)),
      };
    case "label":
      return { ...list, label: change.label };
    case "deleteAll":
      return deleteAll(list, change.id);
    case "undoDeleteAll":
      return undoDeleteAll(list, change, added);
    case "replace":
      return { ...deleteAll(list, change.id), files: added(change.files) };
    case "undoReplace":
      // Nothing to bring back: the record's files stay rather than leave an empty list (the caller names the list).
      if (!undoReplaceBringsBack(list, change)) return list;
      return undoDeleteAll(withoutLoaded(list, change), undoOfReplace(change), added);
    case "storeAgain": {
      const again = new Set(change.ids);
      for (const { id } of pathsTaken(list, change)) again.delete(id);
      return addedStored
        ? {
            ...list,
            files: list.files.map((file) =>
              again.has(file.id) && !file.onlyInMerge ? { ...file, stored: true } : file,
            ),
          }
        : list;
    }
  }
}

/** What storage keeps of a shown list: its stored files and its label. */
export function storedPart(list: ShownFileList): StoredFileList {
  const deletedFiles = list.deleted?.files.filter((file) => file.stored) ?? [];
  return {
    files: list.files.filter((file) => file.stored).map(toListed),
    label: list.label,
    // A Delete all of files that were never stored leaves nothing to undo in storage.
    deleted:
      list.deleted && deletedFiles.length > 0
        ? { files: deletedFiles.map(toListed), label: list.deleted.label, ...deletedExtras(list.deleted) }
        : null,
  };
}

const idsOf = (list: StoredFileList) => [...list.files, ...(list.deleted?.files ?? [])].map((file) => file.id);

const sameFiles = (a: readonly ListedFile[], b: readonly ListedFile[]) =>
  a.length === b.length &&
  a.every((file, index) => {
    const other = b[index]!;
    return file.id === other.id && file.path === other.path && file.setOverride === other.setOverride;
  });

/** The same stored files, in the same order, with the same sets (the label aside). */
function sameStoredFiles(a: StoredFileList, b: StoredFileList): boolean {
  return sameFiles(a.files, b.files) && sameFiles(a.deleted?.files ?? [], b.deleted?.files ?? []);
}

function sameStoredList(a: StoredFileList, b: StoredFileList): boolean {
  return (
    sameStoredFiles(a, b) &&
    a.label === b.label &&
    (a.deleted?.label ?? "") === (b.deleted?.label ?? "") &&
    JSON.stringify(deletedExtras(a.deleted)) === JSON.stringify(deletedExtras(b.deleted))
  );
}

/**
 * An add with pasted texts named against the list as the change finds it (in the transaction: another tab's paste
 * of the same moment is listed now): a pasted text whose name is taken gets the next free one (H8).
 */
export function withPastedNamesFree(list: ShownFileList, change: FileListChange): FileListChange {
  if (change.kind !== "add" || !change.pastedIds?.length) return change;
  const pasted = new Set(change.pastedIds);
  return {
    ...change,
    files: withFreePastedNames(
      change.files,
      (file) => pasted.has(file.id),
      list.files.map((file) => file.path),
    ),
  };
}

/**
 * The change planned against the stored list as read in the transaction: what the tab will show once it
 * is stored, and what to write (null: storage already holds it, nothing to write).
 */
export function planChange(
  tab: FileListTab,
  fresh: StoredFileList,
  asMade: FileListChange,
): { shown: ShownFileList; write: FileListWrite | null; pathTaken: PathTaken[]; goneWithStorage: string[] } {
  const rebased = rebase(tab, fresh);
  const change = withPastedNamesFree(rebased, asMade);
  const pathTaken = pathsTaken(rebased, change);
  const goneWithStorage = goneWithStorageBy(rebased, change);
  const shown = applyChange(rebased, change, true);
  const list = storedPart(shown);
  if (sameStoredList(list, fresh)) return { shown, write: null, pathTaken, goneWithStorage };
  const freshIds = new Set(idsOf(fresh));
  const keptIds = new Set(idsOf(list));
  return {
    shown,
    pathTaken,
    goneWithStorage,
    write: {
      list,
      putBytes: [...keptIds].filter((id) => !freshIds.has(id)),
      deleteBytes: [...freshIds].filter((id) => !keptIds.has(id)),
    },
  };
}

/** Anything this tab holds that storage does not: files listed or waiting for Undo, the label, files taken out. */
export function hasUnstored(shown: ShownFileList, stored: StoredFileList): boolean {
  const listed = new Set(shown.files.map((file) => file.id));
  return (
    unstoredIds(shown).size > 0 || shown.label !== stored.label || stored.files.some((file) => !listed.has(file.id))
  );
}

/** After the planned write was stored (or storage already held it). */
export function settleStored(
  tab: FileListTab,
  planned: { shown: ShownFileList; write: FileListWrite | null },
  fresh: StoredFileList,
): FileListTab {
  const stored = planned.write?.list ?? fresh;
  return {
    stored,
    shown: planned.shown,
    notStored: hasUnstored(planned.shown, stored) ? tab.notStored : null,
    unreadable: null,
    readBefore: true,
  };
}

const sameFile = (a: ListedFile, b: ListedFile) =>
  a.id === b.id && a.path === b.path && a.setOverride === b.setOverride;

/**
 * Whether `after` only takes stored files out of `stored`: the files still listed are stored ones, in the
 * stored order, with their stored sets; the files waiting for Undo are stored ones (or none).
 */
function onlyTakesOut(stored: StoredFileList, after: StoredFileList): boolean {
  const kept = new Set(after.files.map((file) => file.id));
  const storedAnywhere = [...stored.files, ...(stored.deleted?.files ?? [])];
  return (
    sameFiles(
      after.files,
      stored.files.filter((file) => kept.has(file.id)),
    ) && (after.deleted?.files ?? []).every((file) => storedAnywhere.some((listed) => sameFile(listed, file)))
  );
}

/** The changes made in the tab when storage refuses them although they take stored files out of the list. */
const takesOutInTab: ReadonlySet<FileListChange["kind"]> = new Set(["delete", "deleteAll", "undoDeleteAll"]);

/**
 * After the change could not be stored: made in this tab when it leaves every stored file as it is, or is a
 * delete (Delete all, its Undo) that only takes stored files out; refused otherwise.
 */
export function settleNotStored(
  tab: FileListTab,
  asMade: FileListChange,
  reason: string,
  now: number,
): { tab: FileListTab; outcome: ChangeOutcome } {
  const change = withPastedNamesFree(tab.shown, asMade);
  const shown = applyChange(tab.shown, change, false);
  const after = storedPart(shown);
  const madeHere =
    change.kind !== "storeAgain" &&
    // Every stored file as the tab shows it (files it took out stay out), or files only taken out.
    (sameStoredFiles(after, storedPart(tab.shown)) ||
      (takesOutInTab.has(change.kind) && onlyTakesOut(tab.stored, after)));
  if (!madeHere) return { tab, outcome: { kind: "refused", reason } };
  const notStored = hasUnstored(shown, tab.stored) ? { since: tab.notStored?.since ?? now, reason } : null;
  return {
    tab: { ...tab, shown, notStored },
    outcome: withPathTaken(
      { kind: "notStored", reason },
      pathsTaken(tab.shown, change),
      goneWithStorageBy(tab.shown, change),
    ),
  };
}

/**
 * Whether storage was emptied since this tab last read or wrote it: the stored list bears another mark than the
 * one this tab knows (or none). Another tab's changes keep the mark, so its deletions are not taken for a loss.
 */
export function storageLost(tab: FileListTab, fresh: StoredFileList): boolean {
  return tab.readBefore && tab.stored.mark !== undefined && fresh.mark !== tab.stored.mark;
}

/**
 * The tab after storage was emptied under it: the files it showed as stored and storage no longer holds stay
 * listed where they were, shown as not stored since now and why (their bytes are gone: only the merge has them);
 * nothing of this tab's counts as stored any more, so the label and the deletions made here only go with it.
 * Files waiting for Undo whose bytes went with storage cannot come back: they wait on, flagged, so Undo names them
 * (cannotComeBack) rather than bringing back less than it took without a word.
 */
export function tabAfterStorageLost(tab: FileListTab, fresh: StoredFileList, reason: string, now: number): FileListTab {
  const stillStored = new Set(idsOf(fresh));
  const lost = (file: ShownFile) => file.stored && !stillStored.has(file.id);
  const keep = (file: ShownFile): ShownFile => (lost(file) ? { ...file, stored: false, onlyInMerge: true } : file);
  const shown: ShownFileList = {
    files: tab.shown.files.map(keep),
    label: tab.shown.label,
    deleted: tab.shown.deleted && { ...tab.shown.deleted, files: tab.shown.deleted.files.map(keep) },
  };
  const stored: StoredFileList = { ...emptyFileList, ...(fresh.mark === undefined ? {} : { mark: fresh.mark }) };
  return {
    ...tab,
    stored,
    shown,
    notStored: hasUnstored(shown, stored) ? { since: tab.notStored?.since ?? now, reason } : null,
  };
}

/** The change needs no transaction: it touches only what this tab never stored. */
export function changesOnlyThisTab(tab: FileListTab, change: FileListChange): boolean {
  return planChange(tab, tab.stored, change).write === null;
}

/** What the screen says is not stored: which files, whether the label, since when and why. */
export interface NotStoredView {
  paths: string[];
  /** The label as typed, when it is not stored. */
  label: string | null;
  /** Stored files deleted in this tab only (by path): a reload brings them back. */
  takenOut: string[];
  /**
   * Paths of files not stored here that another tab stored a file of meanwhile: listed twice in this tab, and not
   * stored again while the other is (a path is stored once).
   */
  listedTwice: string[];
  /** Paths of files shown whose contents went with storage: only adding the same files again stores them again. */
  contentsGone: string[];
  since: number;
  reason: string;
}

/**
 * A file a visit showed and did not store (or deleted without storing it), as the next visit looks for it: by id,
 * since a file of the same path may be listed again by then. Notes left before ids were noted have none.
 */
export interface NotedFile {
  id?: string;
  path: string;
}

/** What a visit leaves for the next one (a reload) of what it holds and storage does not. */
export interface LastVisitNote {
  files: NotedFile[];
  label: string | null;
  takenOut: NotedFile[];
  since: number;
  reason: string;
  /** Which visit (page) left it; notes of older versions name none. */
  visit?: string;
}

/**
 * The note a visit finds, if it is its tab's last visit's (a reload, or back to the tool): only then did the files
 * it names go with that visit. A tab opened as a copy of another (Duplicate tab, a page opened from it) inherits
 * that tab's note with its sessionStorage while the visit that left it is still open and holds them: nothing to
 * name there. `visitStillOpen`: whether the visit the note names is open in some tab.
 */
export function noteOfLastVisit(note: LastVisitNote | null, visitStillOpen: boolean): LastVisitNote | null {
  return note && !(note.visit !== undefined && visitStillOpen) ? note : null;
}

const notedFile = ({ id, path }: ListedFile): NotedFile => ({ id, path });

export function lastVisitNote(tab: FileListTab): LastVisitNote | null {
  if (!tab.notStored) return null;
  const files = tab.shown.files.filter((file) => !file.stored).map(notedFile);
  const label = tab.shown.label !== tab.stored.label ? tab.shown.label : null;
  const takenOut = takenOutIds(tab);
  const takenOutFiles = tab.stored.files.filter((file) => takenOut.has(file.id)).map(notedFile);
  if (files.length === 0 && label === null && takenOutFiles.length === 0) return null;
  return { files, label, takenOut: takenOutFiles, ...tab.notStored };
}

export function notStoredView(tab: FileListTab): NotStoredView | null {
  const note = lastVisitNote(tab);
  if (!note) return null;
  const { files, takenOut, ...rest } = note;
  const pathsOf = (noted: readonly NotedFile[]) => noted.map((file) => file.path);
  const unstored = tab.shown.files.filter((file) => !file.stored && !file.onlyInMerge);
  const listedTwice = takenBy(
    unstored,
    tab.shown.files.filter((file) => file.stored),
  ).map(({ path }) => path);
  const contentsGone = tab.shown.files.filter((file) => file.onlyInMerge).map((file) => file.path);
  return { ...rest, paths: pathsOf(files), takenOut: pathsOf(takenOut), listedTwice, contentsGone };
}

/** What waits for Undo of the last Delete all, as storage keeps it (no flags of the tab). */
export function waitingForUndo(list: ShownFileList): DeletedFiles | null {
  return list.deleted && { ...list.deleted, files: list.deleted.files.map(toListed) };
}

/** The listed files as the merge takes them. */
export const listedFiles = (list: ShownFileList): ListedFile[] => list.files.map(toListed);

/**
 * The ids of files this tab holds the only copy of (listed or waiting for Undo). A file waiting for Undo whose bytes
 * went with storage is held nowhere: it only waits to be named (cannotComeBack).
 */
export function unstoredIds(list: ShownFileList): Set<string> {
  return new Set([...list.files, ...comingBack(list)].filter((file) => !file.stored).map((file) => file.id));
}

/** What a reload could not bring back of what the last visit showed, as the next visit names it. */
export interface NotKeptAfterReload {
  /** Files the last visit showed and never stored. */
  paths: string[];
  label: string | null;
  /** Files the last visit deleted without storing the deletion: listed again. */
  cameBack: string[];
  /** Files of `paths` whose path another file has in the list now (the deleted one that came back, or another tab's). */
  otherFileListed: string[];
}

/**
 * What a reload cannot bring back of what the last visit showed: the files it never stored, a label it never
 * stored, and the files it deleted without storing that are listed again (`cameBack`). Files are told by id, not
 * by path: a file deleted and added again under its path (an edited file, the next unit's files after Delete
 * all, pasted text named again) is lost even though a file of its path is listed again.
 * The note is what that visit left; `shown` is the list after the reload.
 */
export function notKeptAfterReload(note: LastVisitNote, shown: ShownFileList): NotKeptAfterReload | null {
  const listedIds = new Set(shown.files.map((file) => file.id));
  const listedPaths = new Set(shown.files.map((file) => file.path));
  // A note from before ids were noted can only be matched by path.
  const listed = (file: NotedFile) => (file.id === undefined ? listedPaths.has(file.path) : listedIds.has(file.id));
  const paths = note.files.filter((file) => !listed(file)).map((file) => file.path);
  const cameBack = note.takenOut.filter(listed).map((file) => file.path);
  const otherFileListed = paths.filter((path) => listedPaths.has(path));
  // A label cleared by a Delete all that was not stored comes back with its files: their return says it.
  const clearedWithFiles = note.label === "" && cameBack.length > 0;
  const label = note.label !== null && note.label !== shown.label && !clearedWithFiles ? note.label : null;
  return paths.length === 0 && label === null && cameBack.length === 0
    ? null
    : { paths, label, cameBack, otherFileListed };
}
