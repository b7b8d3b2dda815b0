import { countOf } from "./plural";

/**
 * Every text a toast can show, in one place. The exact wording of the first two is given by
 * docs/behaviour.md#exact-texts. A toast is read in its 5 seconds: each text is one verdict of at most 20 words
 * with the longest arguments the app gives it (test/unit/shell/toastWords.test.ts); the reason and the way out,
 * where they need more, stay on the screen.
 */
export const toastMessages = {
  wrongFileFormat: "Wrong file format. Text files only!",
  fileAlreadyImported: "File already imported!",
  /** Files of one pick (or drop, or share) that share a path but not their content. */
  namesakesWithOtherContent: "Files with one name and different content",
  /** Files added that have the name of a listed file at another path, with other content (addedBesideNamesakes). */
  addedBesideNamesake: "Added beside a listed file of its name",
  /** The toast names the files; the notice above the list says what PAR.txt uses (addedBesideListedSentence). */
  addedBesideNamesakeExplained: (files: readonly { path: string; listedPath: string }[]) =>
    files.length === 1
      ? `${files[0]!.path}: the notice above says which file PAR.txt uses.`
      : `${files.length} files: the notice above says which files PAR.txt uses.`,
  /** Said of the files alone: whether others of the pick were added, the list shows. */
  filesNotRead: "Could not read these files.",
  setTooBig: "The set is too big for this device.",
  parFileSaved: (counts: { parameterCount: number; rewrittenCount: number; addedCount: number }) =>
    `PAR.txt saved: ${countOf(counts.parameterCount, "parameter")}, ${counts.rewrittenCount} rewritten, ${counts.addedCount} added`,
  /** `blocker` is what downloadBlocker says. */
  parFileNotSaved: (blocker: string) => `PAR.txt was not saved. ${blocker}`,
  parFileWritten: "PAR.txt written to the card.",
  /** The verdict above a record that went wrong: the counts give way to the record's reason. */
  parFileSavedOnly: "PAR.txt saved.",
  parFileNotWritten: (blocker: string) => `PAR.txt was not written. ${blocker}`,
  cardCompareFailed: "The comparison with the card failed. Your files are kept; try again.",
  parFileFailed: "PAR.txt could not be built. Your files are kept; try again.",
  serviceRecordAdded: "Added to the service records.",
  /** The record keeps PAR.txt; its page marks the input files "not kept". */
  serviceRecordWithoutInputFiles: (reason: string) => `Record without its input files: ${reason}.`,
  serviceRecordNotSaved: (reason: string) => `Record not saved: ${reason}.`,
  /** Records says it keeps records only while the tab is open, and offers the backup. */
  serviceRecordOnlyThisTab: (reason: string) => `Record in this tab only: ${reason}.`,
  serviceRecordDeleted: "Service record deleted.",
  serviceRecordNotFound: "This service record is not kept in this browser (deleted, or made in another browser).",
  serviceRecordUnreadableHere:
    "This version cannot read this stored service record: it is damaged, or from another version. Delete it on Records.",
  unreadableRecordsDeleted: (recordCount: number) =>
    `Deleted ${countOf(recordCount, "record")} this version could not read.`,
  unreadableRecordsNotDeleted: (reason: string) =>
    `The unreadable records were not deleted: ${reason}. Reload to try again.`,
  serviceRecordUnreadable: (reason: string) => `This record could not be read (${reason}). Reload to try again.`,
  recordFileGone: "This file is no longer kept with the record.",
  noCardBefore: "This record has no PAR.txt from the card to compare with: it was downloaded, or the card had none.",
  recordsExported: "Service records exported as CSV.",
  recordRowsUnread: (rowCount: number) =>
    `${countOf(rowCount, "row")} of this page could not be read: they are damaged in this browser's storage.`,
  recordFilesGone: "The files of this record are no longer kept, so they cannot be loaded again.",
  recordFilesNotKept: (paths: string) => `Not kept, so not loaded: ${paths}`,
  previousParFileWritten: (byteCount: number) =>
    `The card's previous PAR.txt is back: ${countOf(byteCount, "byte")} written and verified.`,
  /** The description under previousParFileWritten: a write back replaces only the record's own PAR.txt. */
  previousParFileReplacedKept: "This record still keeps the PAR.txt it replaced.",
  /** `verdict`: the verdict of the alert the record shows (writeBackFailure). */
  previousParFileNotWritten: (verdict: string) => `The card's previous PAR.txt was not written back. ${verdict}`,
  backupSaved: (recordCount: number, fileCount: number) =>
    `Backup saved: ${countOf(recordCount, "record")} and ${countOf(fileCount, "kept file")}.`,
  backupNotMade: (reason: string) => `The backup could not be made: ${reason}.`,
  recordsRestored: (addedCount: number, alreadyHereCount: number, repeatedCount = 0, withoutParFileCount = 0) =>
    `Restored ${countOf(addedCount, "record")} from the backup${withoutParFileCount > 0 ? `; ${withoutParFileCount.toLocaleString("en")} without their PAR.txt` : ""}${alreadyHereCount > 0 ? `; ${alreadyHereCount.toLocaleString("en")} already here` : ""}${repeatedCount > 0 ? `; ${repeatedCount.toLocaleString("en")} listed twice, added once` : ""}.`,
  /** Why stays on Records, in a note (backupProblems, app/lib/records/recordsBackup.ts). */
  backupNotRestored: "Nothing was restored from the backup.",
  parameterTableSaved: (rowCount: number) => `Parameter table saved as CSV: ${countOf(rowCount, "row")}`,
  parameterTableFailed: "The parameter table could not be exported. Try again.",
  clipboardEmpty: "The clipboard has no text to paste.",
} as const;

/** An added file beside a listed file of its name, as the merger's addedBesideNamesakes gives it. */
interface AddedBesideListed {
  path: string;
  set: "standard" | "customer";
  listedPath: string;
  listedSet: "standard" | "customer";
}

/** What happens to one such file's values, and what to do when it is meant to replace the listed one. */
export function addedBesideListedSentence({ path, set, listedPath, listedSet }: AddedBesideListed): string {
  const whichWins =
    set === listedSet
      ? "both are merged, and where both set a code the one lower in the list wins"
      : set === "standard"
        ? `where both set a code, PAR.txt uses the customer value of ${listedPath}`
        : "where both set a code, PAR.txt uses this file's customer value";
  // A customer file that is also in the list as standard says so by its folder: only the reverse needs the set.
  const toReplace = `delete ${listedPath}${set === "standard" && listedSet === "customer" ? ` and set ${path} to Customer` : ""}`;
  return `${path} has the name of the listed ${listedPath}, with other content. It is added as a ${set} file beside it and does not replace it: ${whichWins}. If it replaces ${listedPath}, ${toReplace}.`;
}

/**
 * The notice /files keeps above the file list of the files adds left out (docs/behaviour.md#not-added): the reasons
 * of the refusal toasts, a few words each, since the toasts close after 5 seconds. `fileCount` is how many paths the
 * line names.
 */
export const notAddedTexts = {
  title: "Files not added",
  /** When the adds also (or only) added files beside listed files of their names. */
  besideNamesakesTitle: toastMessages.addedBesideNamesake,
  /** A line of more than three files: how many, before the names. */
  fileCount: (fileCount: number) => `${fileCount} files`,
  /** The fold of a long list of names: every name is there, a tap away. */
  showAll: (fileCount: number) => `Show all ${fileCount}`,
  /** A line names its files by name up to this many; beyond, by count, with every name in the fold. */
  namedInLine: 3,
  closeLabel: "Close the list of files not added",
  reasons: {
    wrongFormat: (fileCount: number) => (fileCount === 1 ? "not a text file" : "not text files"),
    alreadyImportedWithOtherContent: (fileCount: number) =>
      fileCount === 1
        ? "a file of this name is already listed, with other content: PAR.txt uses the listed one"
        : "files of these names are already listed, with other content: PAR.txt uses the listed ones",
    namesakesWithOtherContent: (fileCount: number) =>
      fileCount === 1
        ? "different files with this name in one pick, so none of them is used"
        : "different files with each of these names in one pick, so none of them is used",
    notRead: () => "could not be read",
    // Said of the set when it was added: after deletes it may fit now.
    setTooBig: () => "the set was too big for this device",
    /** An edited file refused beside a listed one that has been deleted since: it can be added now. */
    listedGone: (fileCount: number) =>
      fileCount === 1
        ? "not added while a file of this name was listed, which is deleted now: add it again to use it"
        : "not added while files of these names were listed, which are deleted now: add them again to use them",
  },
} as const;

/**
 * What is said of a record that was not found: storage failed to read it (and why), it is stored but this
 * version cannot read it, or it is not kept here.
 */
export function recordNotFoundMessage({
  readFailure,
  unreadableHere,
}: {
  readFailure: string | null;
  unreadableHere: boolean;
}) {
  if (readFailure) return toastMessages.serviceRecordUnreadable(readFailure);
  return unreadableHere ? toastMessages.serviceRecordUnreadableHere : toastMessages.serviceRecordNotFound;
}

/** How long a toast stays on screen (docs/behaviour.md#notices: 5 seconds). */
export const toastAutoCloseMs = 5000;
