/**
 * The file list as a sequence of versions. One tab edits it (the one holding the editing lock), so a change is
 * planned on the version it was shown from and stored whole, or not at all; nothing is reconciled. Undo goes back
 * one change at a time, last first, to the version before exactly (files, order, sets; the label where the change
 * set it), so PAR.txt is byte-identical.
 */
import type { ListedFile } from "./listedFile";
import type { ParameterSet } from "./parameterSet";

/** What made a version, in the technician's terms: its notice says it and offers Undo. */
export type ChangeMade =
  | { kind: "add"; paths: string[] }
  | { kind: "delete"; path: string }
  | { kind: "deleteAll"; count: number }
  | { kind: "move"; path: string }
  | { kind: "chooseSet"; path: string; set: ParameterSet }
  | { kind: "replace"; count: number };

export interface FileListVersion {
  /** Grows by one with every change of the files (not with the label typed); a request names the version it was shown from. */
  version: number;
  files: ListedFile[];
  label: string;
  /** The change that made this version (null for the first one, or a list stored by an older version). */
  made: ChangeMade | null;
}

/** The stored document: the version shown, and the versions before it that Undo goes back to (newest first). */
export interface FileListHistory {
  current: FileListVersion;
  earlier: FileListVersion[];
}

/** How many changes Undo can take back; older versions (and the bytes only they use) are let go. */
export const undoDepth = 10;

export const emptyHistory: FileListHistory = {
  current: { version: 0, files: [], label: "", made: null },
  earlier: [],
};

export type FileListChange =
  | { kind: "add"; files: ListedFile[] }
  | { kind: "delete"; id: string }
  | { kind: "deleteAll" }
  | { kind: "move"; id: string; offset: -1 | 1 }
  | { kind: "chooseSet"; id: string; setOverride: ParameterSet | null; set: ParameterSet }
  /** The site/unit label: part of the version, but no step of Undo of its own (typing is not a change to undo). */
  | { kind: "label"; label: string }
  /** Loading a service record's files: they and its label take the list's place. */
  | { kind: "replace"; files: ListedFile[]; label: string };

/** Why a change was not made: the version it was planned on is not the list any more, or it changes nothing. */
export type NotMade = "stale" | "unchanged";

function withVersion(
  history: FileListHistory,
  files: ListedFile[],
  label: string,
  made: ChangeMade | null,
): FileListHistory {
  // The label typed is part of the version as it is, not a change of its own: the version keeps its number (a
  // Delete all or Undo shown before the typing still applies) and Undo goes back to the version before the last change.
  if (made === null) return { current: { ...history.current, label }, earlier: history.earlier };
  const next = { version: history.current.version + 1, files, label, made };
  return { current: next, earlier: [history.current, ...history.earlier].slice(0, undoDepth) };
}

/**
 * The history after one change, or why it was not made. `shownVersion`: the version the request was made from;
 * a change that takes the whole list (Delete all) is made only on that version, so a second tap finds it gone.
 * Changes of one file name it by id: one that is no longer listed changes nothing.
 */
export function planChange(
  history: FileListHistory,
  change: FileListChange,
  shownVersion: number | null = null,
): FileListHistory | NotMade {
  const { files, label } = history.current;
  const at = "id" in change ? files.findIndex((file) => file.id === change.id) : -1;
  switch (change.kind) {
    case "add": {
      const listed = new Set(files.map((file) => file.path));
      const added = change.files.filter((file) => !listed.has(file.path));
      if (added.length === 0) return "unchanged";
      return withVersion(history, [...files, ...added], label, { kind: "add", paths: added.map((file) => file.path) });
    }
    case "delete":
      if (at < 0) return "unchanged";
      return withVersion(
        history,
        files.filter((_, index) => index !== at),
        label,
        { kind: "delete", path: files[at]!.path },
      );
    case "deleteAll":
      if (shownVersion !== null && shownVersion !== history.current.version) return "stale";
      if (files.length === 0 && label === "") return "unchanged";
      return withVersion(history, [], "", { kind: "deleteAll", count: files.length });
    case "move": {
      const to = at + change.offset;
      if (at < 0 || to < 0 || to >= files.length) return "unchanged";
      const moved = [...files];
      [moved[at], moved[to]] = [files[to]!, files[at]!];
      return withVersion(history, moved, label, { kind: "move", path: files[at]!.path });
    }
    case "chooseSet": {
      const file = files[at];
      if (!file || file.setOverride === change.setOverride) return "unchanged";
      const chosen = files.map((listed, index) =>
        index === at ? { ...file, setOverride: change.setOverride } : listed,
      );
      return withVersion(history, chosen, label, { kind: "chooseSet", path: file.path, set: change.set });
    }
    case "label":
      if (change.label === label) return "unchanged";
      return withVersion(history, files, change.label, null);
    case "replace":
      return withVersion(history, change.files, change.label, { kind: "replace", count: change.files.length });
  }
}

/** The changes that set the label themselves (Delete all clears it, a record's files bring theirs). */
const setsTheLabel = (made: ChangeMade | null) => made?.kind === "deleteAll" || made?.kind === "replace";

/**
 * Undo of the change that made version `shownVersion`: the version before it, exactly, files, order and sets. The
 * label is the one before the change where the change set it; otherwise the label typed since stays, since typing
 * is no change of the list's to undo. Only the latest change can be undone; an Undo shown from an older version (a
 * second tap, a later change) changes nothing.
 */
export function planUndo(history: FileListHistory, shownVersion: number): FileListHistory | NotMade {
  if (shownVersion !== history.current.version) return "stale";
  const [before, ...older] = history.earlier;
  if (!before) return "unchanged";
  const label = setsTheLabel(history.current.made) ? before.label : history.current.label;
  // The version number keeps growing, so a request shown from the undone version is stale from now on.
  return { current: { ...before, label, version: history.current.version + 1 }, earlier: older };
}

/** The change Undo would take back now, or null. */
export function undoable(history: FileListHistory): ChangeMade | null {
  return history.earlier.length > 0 ? history.current.made : null;
}

/** Every file id some version of the history lists: their bytes are kept, all others let go. */
export function idsInHistory(history: FileListHistory): Set<string> {
  return new Set([history.current, ...history.earlier].flatMap((version) => version.files.map((file) => file.id)));
}

/** A list stored by an older version of the app, as the first version of a history. */
export function historyOf(files: ListedFile[], label: string): FileListHistory {
  return { current: { version: 1, files, label, made: null }, earlier: [] };
}
