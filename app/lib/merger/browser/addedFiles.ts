/**
 * Every way a file reaches /files (drop, pickers, paste, "open with", and a share once the technician adds it)
 * ends in the route's "add", so each gets the same checks and notices.
 */
import type { AddedFileInfo } from "~/lib/merger/incomingFiles";
import { normalizeParameterFilePath } from "~/lib/merger/parameterFilePath";
import { newFileId } from "~/lib/merger/browser/parameterFileStore";
import { fileListIntents } from "~/lib/merger/fileListIntents";
import { holdFiles, takeHeldFiles } from "~/lib/shell/browser/heldFiles";

/** react-dropzone sets `path` on dropped files; pickers of folders set webkitRelativePath. */
export type IncomingParameterFile = File & { path?: string; pasted?: true };

/** Pasted text as a file to add: named by the app, so renamed when another tab took its name (H8). */
export function pastedTextFile(text: string, name: string): IncomingParameterFile {
  return Object.assign(new File([text], name, { type: "text/plain" }), { pasted: true as const });
}

/** The files a form of addFilesFormData sent (once: they are then the action's); none for another batch. */
export function takeWaitingFiles(batch: FormDataEntryValue | null): File[] {
  return takeHeldFiles(batch);
}

export function addFilesFormData(files: readonly IncomingParameterFile[]): FormData {
  const formData = new FormData();
  formData.set("intent", fileListIntents.add);
  // Held beside the form (heldFiles.ts says why); the form carries the batch.
  formData.set("batch", holdFiles(files));
  for (const file of files) {
    // Neither the dropped path nor an empty type survives multipart encoding
    // (an empty type arrives as application/octet-stream): send both as their own field. The id is the
    // file's from now on: the list shows the file under it while the action reads it (filesBeingAdded).
    const fileInfo: AddedFileInfo = {
      id: newFileId(),
      name: file.name,
      path: normalizeParameterFilePath(file.path ?? file.webkitRelativePath, file.name),
      type: file.type,
      ...(file.pasted ? { pasted: true } : {}),
    };
    formData.append("fileInfo", JSON.stringify(fileInfo));
  }
  return formData;
}
