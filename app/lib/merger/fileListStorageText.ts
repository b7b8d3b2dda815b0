/**
 * What /files says about storing the list: what is not stored (which files, since when, why), and what a
 * visit could not bring back of the one before it. Plain text, so the screen and the tests share it.
 */
import type { NotStoredView } from "./fileListState";
import { summarizePaths } from "./incomingFiles";

/** "14:05", local time: the technician's clock. */
export function clockTime(msSince1970: number): string {
  return new Date(msSince1970).toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit" });
}

export const notStoredTitle = "Files are kept only while this tab is open";

/** What is not stored: the files, and the label when it is not. */
function notStoredWhat(paths: readonly string[], label: string | null): string {
  const labelText = label === null ? null : `the site/unit label “${label}”`;
  if (paths.length === 0) return labelText ?? "";
  return labelText ? `${summarizePaths(paths)} and ${labelText}` : summarizePaths(paths);
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
      `The browser's storage cannot be reached just now (${unreadable}). The list is as it was last stored: files you add now stay in this tab only, other changes cannot be made until storage works again.`,
    );
  } else if (unreadable) sentences.push(`This browser does not let the tool store files (${unreadable}).`);
  if (notStored) {
    const why = unreadable ? "" : ` (${notStored.reason})`;
    sentences.push(
      `Not stored since ${clockTime(notStored.since)}${why}: ${notStoredWhat(notStored.paths, notStored.label)}.`,
    );
  }
  if (notStored) sentences.push("Everything works, but what is not stored is gone when you close or reload this tab.");
  else if (!readBefore) sentences.push("Everything works, but the list is gone when you close or reload this tab.");
  return sentences.join(" ");
}

/** What the last visit lost, as the next one says it. */
export type NotKept =
  | { cause: "interrupted"; paths: string[] }
  /** An interrupted load whose files storage would not take out of the list: they are listed again. */
  | { cause: "interruptedStillListed"; paths: string[]; reason: string }
  | { cause: "notStored"; paths: string[]; label: string | null; since: number; reason: string };

export function notKeptNoticeText(notKept: NotKept): { title: string; text: string } {
  if (notKept.cause === "interrupted") {
    return {
      title: "The last files you added were not kept",
      text: `The page was closed or reloaded while they were loading (or the set was too big for this device), so the list is as it was before them. Not kept: ${summarizePaths(notKept.paths)}.`,
    };
  }
  if (notKept.cause === "interruptedStillListed") {
    return {
      title: "The last files you added did not finish loading",
      text: `The page was closed or reloaded while they were loading, and the browser could not take them out of the list (${notKept.reason}), so they are listed again. If the screen stops again, delete them: ${summarizePaths(notKept.paths)}.`,
    };
  }
  return {
    title: "Not kept after the reload",
    text: `The browser did not store them (since ${clockTime(notKept.since)}: ${notKept.reason}), so the reload could not bring them back. Not kept: ${notStoredWhat(notKept.paths, notKept.label)}.`,
  };
}
