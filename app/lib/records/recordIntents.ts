/** What the records screens can ask their routes to do (the records' changes of the file list are in fileListIntents). */
export const recordIntents = {
  downloadParFile: "download-par-file",
  downloadPreviousParFile: "download-previous-par-file",
  /** Before a roll back: is the card the one the record's write left behind? Asked before the technician is. */
  checkWriteBack: "check-write-back",
  /** Roll back: the card's PAR.txt from before the record's write, written to the card again and read back. */
  writePreviousParFile: "write-previous-par-file",
  delete: "delete",
} as const;

export const recordListIntents = {
  exportCsv: "export-csv",
  backUp: "back-up",
  restoreBackup: "restore-backup",
  /** Records stored here that this version cannot read (damaged, or written by another version). */
  deleteUnreadable: "delete-unreadable",
} as const;

/**
 * What stays on Records after a backup, a restore or an export that has more to say than its toast (a toast is
 * read in its 5 seconds): the toast's verdict as its title, then the reasons, until the next action.
 */
export interface RecordsNote {
  title: string;
  lines: string[];
  failed: boolean;
}

/** A download, or a look at the card, changes nothing on screen. */
export function changesNothingOnScreen(intent: unknown): boolean {
  return (
    intent === recordIntents.downloadParFile ||
    intent === recordIntents.downloadPreviousParFile ||
    intent === recordIntents.checkWriteBack
  );
}

/** /records?q=…: the site/unit label searched for, so a search can be shared, reloaded and gone back to. */
export const recordSearchParam = "q";

/** The address of a record: its id encoded, as a restored backup may bring ids with "/", "?" or "%". */
export const recordPath = (id: string) => `/records/${encodeURIComponent(id)}`;

/** The screen that compares two records, beside the records' own addresses. */
export const compareRecordsPath = "/records/compare";

const unreachableRecordIds: ReadonlySet<string> = new Set([".", "..", compareRecordsPath.split("/").pop()!]);

/**
 * Whether no address can reach a record of this id: "." and ".." are taken out of any path by the browser, and
 * "compare", in any case (the router matches paths without regard to case), is the address of the compare screen.
 * The app never makes them (its ids are a time and a random number); a backup may bring them.
 */
export function isUnreachableRecordId(id: string): boolean {
  return unreachableRecordIds.has(id.toLowerCase());
}
