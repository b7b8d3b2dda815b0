/** Every text a toast can show, in one place. The exact wording of the first two is given by SPEC.md. */
export const toastMessages = {
  wrongFileFormat: "Wrong file format. Text files only!",
  fileAlreadyImported: "File already imported!",
} as const;

/** How long a toast stays on screen (SPEC.md: 5 seconds). */
export const toastAutoCloseMs = 5000;
