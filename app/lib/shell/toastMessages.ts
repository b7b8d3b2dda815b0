import { countOf } from "./plural";

/** Every text a toast can show, in one place. The exact wording of the first two is given by docs/behaviour.md#exact-texts. */
export const toastMessages = {
  wrongFileFormat: "Wrong file format. Text files only!",
  fileAlreadyImported: "File already imported!",
  /** Said after the paths of files refused as already imported whose content differs from the listed file's. */
  alreadyImportedWithOtherContent: (fileCount: number) =>
    fileCount === 1
      ? "Its content differs from the listed file's, and PAR.txt uses the listed one. To use this one, delete the listed file, then add this one again."
      : "Their content differs from the listed files', and PAR.txt uses the listed ones. To use these, delete the listed files, then add these again.",
  /** Files of one pick (or drop, or share) that share a path but not their content. */
  namesakesWithOtherContent: "Files with one name and different content",
  namesakesWithOtherContentExplained: (pathCount: number) =>
    pathCount === 1
      ? "Files with different content have this name in one pick, so none of them is used: PAR.txt would depend on the order the device lists them. Add the one you mean on its own."
      : "Files with different content share each of these names in one pick, so none of them is used: PAR.txt would depend on the order the device lists them. Add the ones you mean on their own.",
  /** Files added that have the name of a listed file at another path, with other content (addedBesideNamesakes). */
  addedBesideNamesake: "Added beside a listed file of its name",
  /** Short, as a notice has little room on a phone: the notice above the list says what PAR.txt uses (addedBesideListedSentence). */
  addedBesideNamesakeExplained: (files: readonly { path: string; listedPath: string }[]) =>
    files.length === 1
      ? `${files[0]!.path} has the name of the listed ${files[0]!.listedPath}, with other content: it is added beside it, not in its place. The notice above the list says what PAR.txt uses.`
      : `${files.length} files have the names of listed files, with other content: they are added beside them, not in their place. The notice above the list says what PAR.txt uses.`,
  filesNotRead: "Could not read these files; the others were added.",
  setTooBig: "The set is too big for this device.",
  parFileSaved: (counts: { parameterCount: number; rewrittenCount: number; addedCount: number }) =>
    `PAR.txt saved: ${countOf(counts.parameterCount, "parameter")}, ${counts.rewrittenCount} rewritten, ${counts.addedCount} added`,
  /** `reason` is what downloadBlocker says. */
  parFileNotSaved: (reason: string) => `PAR.txt was not saved. ${reason}`,
  parFileWritten: "PAR.txt written to the card.",
  parFileNotWritten: (reason: string) => `PAR.txt was not written to the card. ${reason}`,
  cardCompareFailed: "The comparison with the card failed. Your files are kept; try again.",
  parFileFailed: "PAR.txt could not be built. Your files are kept; try again.",
  serviceRecordAdded: "Added to the service records.",
  serviceRecordWithoutInputFiles: (reason: string) =>
    `Added to the service records without its input files (${reason}): the record keeps PAR.txt, but its files cannot be loaded again.`,
  serviceRecordNotSaved: (reason: string) => `The service record could not be saved: ${reason}.`,
  serviceRecordOnlyThisTab: (reason: string) =>
    `Added to the service records of this tab only, until it is closed: ${reason}. Back them up on Records.`,
  serviceRecordDeleted: "Service record deleted.",
  serviceRecordNotFound: "This service record is not kept in this browser (deleted, or made in another browser).",
  serviceRecordUnreadableHere:
    "This service record is stored in this browser, but this version of the tool cannot read it: it is damaged, or was written by another version. Delete it on Records.",
  unreadableRecordsDeleted: (recordCount: number) =>
    `Deleted ${countOf(recordCount, "record")} this version could not read.`,
  unreadableRecordsNotDeleted: (reason: string) =>
    `The records that cannot be read were not deleted: ${reason}. Reload the page to try again.`,
  /** Said under a backup or an export that left out records this version cannot read. */
  unreadableRecordsLeftOut: (recordCount: number) =>
    `Left out: ${countOf(recordCount, "record")} this version cannot read (damaged, or written by another version).`,
  serviceRecordUnreadable: (reason: string) =>
    `This service record could not be read from this browser's storage (${reason}). Reload the page to try again.`,
  recordFileGone: "This file is no longer kept with the record.",
  noCardBefore:
    "This record has no PAR.txt from the card to compare with: it was downloaded, or the card held no PAR.txt before.",
  recordsExported: "Service records exported as CSV.",
  /** Said under a backup or an export that left out rows storage damaged: one "100 rows of the record of …" each. */
  unreadRowsLeftOut: (leftOut: readonly string[]) =>
    `Left out, as this browser's storage damaged them: ${leftOut.join("; ")}.`,
  recordRowsUnread: (rowCount: number) =>
    `${countOf(rowCount, "row")} of this page could not be read: they are damaged in this browser's storage.`,
  recordFilesGone: "The files of this record are no longer kept, so they cannot be loaded again.",
  recordFilesNotKept: (paths: string) => `Not kept, so not loaded: ${paths}`,
  previousParFileWritten: (byteCount: number) =>
    `The card's previous PAR.txt is back on the card: ${countOf(byteCount, "byte")} written, read back and verified.`,
  /** The description under previousParFileWritten: a write back replaces only the record's own PAR.txt. */
  previousParFileReplacedKept:
    "The PAR.txt it replaced is the one this record wrote, still kept with the record (Download PAR.txt again).",
  previousParFileNotWritten: (reason: string) => `The card's previous PAR.txt was not written back. ${reason}`,
  backupSaved: (recordCount: number, fileCount: number) =>
    `Backup saved: ${countOf(recordCount, "record")} and ${countOf(fileCount, "kept file")}.`,
  backupNotMade: (reason: string) => `The backup could not be made: ${reason}.`,
  recordsRestored: (addedCount: number, alreadyHereCount: number, repeatedCount = 0, withoutParFileCount = 0) =>
    `Restored ${countOf(addedCount, "record")} from the backup${withoutParFileCount > 0 ? ` (${addedCount === 1 ? "it comes without its" : `${withoutParFileCount} of them come without their`} PAR.txt, which is not in the backup)` : ""}${alreadyHereCount > 0 ? `; ${countOf(alreadyHereCount, "record")} already here, not added twice` : ""}${repeatedCount > 0 ? `; ${countOf(repeatedCount, "record")} listed in it twice, added once` : ""}.`,
  /** `problem` is one of backupProblems (app/lib/records/recordsBackup.ts), or why the browser did not store it. */
  backupNotRestored: (problem: string) => `Nothing was restored: ${problem}`,
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

/** What a change of the file list did not do when storage refused it (listChangeNotStored). */

/** How long a toast stays on screen (docs/behaviour.md#notices: 5 seconds). */
export const toastAutoCloseMs = 5000;
