import { countOf } from "./plural";

/** Every text a toast can show, in one place. The exact wording of the first two is given by SPEC.md. */
export const toastMessages = {
  wrongFileFormat: "Wrong file format. Text files only!",
  fileAlreadyImported: "File already imported!",
  filesNotRead: "Could not read these files; the others were added.",
  deletedAll: "All files deleted.",
  undo: "Undo",
  parFileSaved: (counts: { parameterCount: number; rewrittenCount: number; addedCount: number }) =>
    `PAR.txt saved: ${countOf(counts.parameterCount, "parameter")}, ${counts.rewrittenCount} rewritten, ${counts.addedCount} added`,
  /** `reason` is what downloadBlocker says. */
  parFileNotSaved: (reason: string) => `PAR.txt was not saved. ${reason}`,
  parFileFailed: "PAR.txt could not be built. Your files are kept; try again.",
  clipboardEmpty: "The clipboard has no text to paste.",
} as const;

/** How long a toast stays on screen (SPEC.md: 5 seconds). */
export const toastAutoCloseMs = 5000;
