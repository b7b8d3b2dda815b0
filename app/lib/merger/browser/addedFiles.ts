/**
 * Every way a file reaches /files (drop, pickers, paste, "open with", and a share once the technician adds it)
 * ends in the route's "add", so each gets the same checks and notices.
 */
import { fileListIntents } from "~/lib/merger/fileListIntents";
import { holdFiles } from "~/lib/shell/browser/heldFiles";

/** react-dropzone sets `path` on dropped files; pickers of folders set webkitRelativePath. */
export type IncomingParameterFile = File & { path?: string; pasted?: true };

/** Pasted text as a file to add: named by the app, so renamed when that name is listed already. */
export function pastedTextFile(text: string, name: string): IncomingParameterFile {
  return Object.assign(new File([text], name, { type: "text/plain" }), { pasted: true as const });
}

/**
 * The form of an add. The files are held beside it (heldFiles.ts says why), and may still be being listed: the
 * form goes at once, so the add waits its turn from the moment of the drop, and what comes after waits for it.
 */
export function addFilesFormData(
  files: readonly IncomingParameterFile[] | Promise<readonly IncomingParameterFile[]>,
  options: { takeOver?: boolean } = {},
): FormData {
  const formData = new FormData();
  formData.set("intent", fileListIntents.add);
  formData.set("batch", holdFiles(files));
  if (options.takeOver) formData.set("takeOver", "1");
  return formData;
}
