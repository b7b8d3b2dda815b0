/**
 * What /files says about storing the list: what is not stored (which files, since when, why), and what a
 * visit could not bring back of the one before it. Plain text, so the screen and the tests share it.
 */
import type { NotStoredView } from "./fileListState";
import { summarizePaths } from "./incomingFiles";
import { parameterSetLabels } from "./parameterSet";
import type { ReplacedHere } from "./replacedHere";

/** "14:05", local time: the technician's clock. */
export function clockTime(msSince1970: number): string {
  return new Date(msSince1970).toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit" });
}

export const notStoredTitle = "Files are kept only while this tab is open";
/** The title while files deleted here only are shown deleted (a reload brings them back). */
export const notStoredDeletionTitle = "Changes are kept only while this tab is open";

export function notStoredTitleOf(notStored: NotStoredView | null): string {
  return notStored && notStored.takenOut.length > 0 ? notStoredDeletionTitle : notStoredTitle;
}

/** "a", "a and b", "a, b and c". */
function listed(parts: readonly string[]): string {
  return parts.length <= 1 ? (parts[0] ?? "") : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}

/** What is not stored: the files, the label when it is not, the deletions. */
function notStoredWhat(paths: readonly string[], label: string | null, takenOut: readonly string[] = []): string {
  const parts: string[] = [];
  if (paths.length > 0) parts.push(summarizePaths(paths));
  // Delete all clears the label with the files: their deletion says it.
  if (label === "") {
    if (takenOut.length === 0) parts.push("the cleared site/unit label");
  } else if (label !== null) parts.push(`the site/unit label “${label}”`);
  if (takenOut.length > 0) parts.push(`the deletion of ${summarizePaths(takenOut)}`);
  return listed(parts);
}

/** The notice's text while something shown is not stored, or the list cannot be read; null when all is stored. */
export function notStoredNoticeText(storage: {
  unreadable: string | null;
  readBefore: boolean;
  notStored: NotStoredView | null;
}): string | null {
  const { unreadable, readBefore, notStored } = storage;
  if (!unreadable && !notStored) return null;
  const sentences: string[] = [];
  if (unreadable && readBefore) {
    sentences.push(
      `The browser's storage cannot be reached just now (${unreadable}). The list is as it was last stored: files you add or delete now change this tab only, other changes cannot be made until storage works again.`,
    );
  } else if (unreadable) sentences.push(`This browser does not let the tool store files (${unreadable}).`);
  if (notStored) {
    const why = unreadable ? "" : ` (${notStored.reason})`;
    sentences.push(
      `Not stored since ${clockTime(notStored.since)}${why}: ${notStoredWhat(notStored.paths, notStored.label, notStored.takenOut)}.`,
    );
  }
  if (notStored && notStored.contentsGone.length > 0) sentences.push(contentsGoneText(notStored.contentsGone.length));
  if (notStored && notStored.listedTwice.length > 0) sentences.push(listedTwiceText(notStored.listedTwice));
  if (notStored && notStored.takenOut.length > 0) {
    sentences.push(
      "Everything works, but what is not stored is gone when you close or reload this tab: the files deleted here come back.",
    );
  } else if (notStored) {
    sentences.push("Everything works, but what is not stored is gone when you close or reload this tab.");
  } else if (!readBefore) sentences.push("Everything works, but the list is gone when you close or reload this tab.");
  return sentences.join(" ");
}

/**
 * Files whose stored contents went with the browser's storage: the tab merges what it read from them, but has no
 * bytes to store again; the same files added again are stored in their place.
 */
export function contentsGoneText(fileCount: number): string {
  return fileCount === 1
    ? "Its stored content went with the browser's storage: to store it again, add the same file again."
    : "Their stored contents went with the browser's storage: to store them again, add the same files again.";
}

/**
 * Files this tab could not store whose name another tab stored a file of meanwhile: both are listed here, and this
 * tab's is not stored while the other is (a name is stored once, for every tab).
 */
export function listedTwiceText(paths: readonly string[]): string {
  return paths.length === 1
    ? `${paths[0]} is listed twice: another tab stored a file of this name meanwhile, and this tab's is not stored beside it. Delete both, then add the one you mean again.`
    : `${summarizePaths(paths)} are listed twice: another tab stored files of these names meanwhile, and this tab's are not stored beside them. Delete both of each, then add the ones you mean again.`;
}

/**
 * What a reload would lose of the file list, as the app's offers of a reload (a new version, a broken screen) name
 * it; null when the browser stores everything the screen shows.
 */
export function fileListReloadLoss(notStored: NotStoredView | null): string | null {
  if (!notStored) return null;
  const what = notStoredWhat(notStored.paths, notStored.label, notStored.takenOut);
  return notStored.takenOut.length > 0 ? `${what} (the files deleted here come back)` : what;
}

/**
 * What a reload loses while added files are still being read: they are stored once read, not before, so the app's
 * offers of a reload name every one of them instead of promising the files are kept. null when no add runs.
 */
export function filesBeingReadReloadLoss(paths: readonly string[]): string | null {
  return paths.length === 0 ? null : `the files still being read, not stored yet: ${[...new Set(paths)].join(", ")}`;
}

/** What the last visit lost, as the next one says it. */
export type NotKept =
  | { cause: "interrupted"; paths: string[] }
  /**
   * `cameBack`: files the last visit deleted without storing it, listed again. `otherFileListed`: files not kept
   * whose name another file has in the list now (mostly the deleted one that came back).
   */
  | {
      cause: "notStored";
      paths: string[];
      label: string | null;
      cameBack: string[];
      otherFileListed: string[];
      since: number;
      reason: string;
    };

export function notKeptNoticeText(notKept: NotKept): { title: string; text: string } {
  if (notKept.cause === "interrupted") {
    return {
      title: "The last files you added were not kept",
      text: `The page was closed or reloaded while they were loading (or the set was too big for this device), so the list is as it was before them. Not kept: ${summarizePaths(notKept.paths)}.`,
    };
  }
  const since = `since ${clockTime(notKept.since)}: ${notKept.reason}`;
  const cameBack =
    notKept.cameBack.length > 0
      ? `Deleted in the last visit, but the browser did not store the deletion (${since}), so they are listed again. Delete them again: ${summarizePaths(notKept.cameBack)}.`
      : null;
  if (notKept.paths.length === 0 && notKept.label === null) {
    return { title: "Deleted files are back after the reload", text: cameBack ?? "" };
  }
  const lost = `The browser did not store them (${since}), so the reload could not bring them back. Not kept: ${notStoredWhat(notKept.paths, notKept.label)}.`;
  // The name alone would read as "it is listed": the file listed under it is another one.
  const others = notKept.otherFileListed;
  const otherFile =
    others.length === 0
      ? null
      : others.length === 1
        ? `The ${others[0]} listed now is another file than the one not kept: to use that one, add it again.`
        : `The files listed now as ${summarizePaths(others)} are other files than the ones not kept: to use those, add them again.`;
  return { title: "Not kept after the reload", text: [lost, cameBack, otherFile].filter(Boolean).join(" ") };
}

export const replacedHereTitle = "PAR.txt changed: another tab stored a file of a name listed here";

/** One file another tab's stored namesake took the place of (replacedHere.ts): what PAR.txt uses now, how to go back. */
export function replacedHereSentence({ path, content, setBefore, setAfter }: ReplacedHere): string {
  const before = parameterSetLabels[setBefore];
  const after = parameterSetLabels[setAfter];
  const otherSet = setBefore === setAfter ? "" : ` It is taken as ${after}: here it was ${before}.`;
  switch (content) {
    case "same":
      return `${path}: another tab stored the same file again, as ${after}, and PAR.txt now takes it so: here it was ${before}. To have it as ${before} again, choose ${before} for it.`;
    case "differs":
      return `${path}: another tab stored a file of this name with other content, and PAR.txt now uses it.${otherSet} The ${path} listed here before is in no storage (its content went with the browser's storage): to use it again, delete ${path}, then add that file again.`;
    case "unknown":
      return `${path}: another tab stored a file of this name, and PAR.txt now uses it.${otherSet} This tab cannot tell whether it reads as the ${path} listed here before, whose content went with the browser's storage: if it is not the file you mean, delete ${path}, then add that file again.`;
  }
}

/** The notice of the files other tabs' stored namesakes took the place of; null when there is nothing to say. */
export function replacedHereNotice(
  replaced: readonly ReplacedHere[],
): { title: string; sentences: string[]; serial: number } | null {
  if (replaced.length === 0) return null;
  return {
    title: replacedHereTitle,
    sentences: replaced.map(replacedHereSentence),
    serial: Math.max(...replaced.map((file) => file.serial)),
  };
}
