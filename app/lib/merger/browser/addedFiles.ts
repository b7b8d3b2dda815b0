/**
 * Every way a file reaches /files (drop, pickers, paste, "open with", and a share once the technician adds it)
 * ends in the route's "add", so each gets the same checks and notices.
 */
import type { AddedFileInfo } from "~/lib/merger/incomingFiles";
import { normalizeParameterFilePath } from "~/lib/merger/parameterFilePath";
import { newFileId } from "~/lib/merger/browser/parameterFileStore";
import { fileListIntents } from "~/lib/merger/fileListIntents";

/** react-dropzone sets `path` on dropped files; pickers of folders set webkitRelativePath. */
export type IncomingParameterFile = File & { path?: string };

/**
 * The files of a submission wait here, by batch, for the route's action: in
 * the form data itself the router would encode them into one multipart body
 * that the action parses back, copying the whole set twice (0.2–0.4 s and
 * twice its size in memory for a 70 MB set). The form carries the batch.
 */
const waitingFiles = new Map<string, File[]>();
let batchCount = 0;

/** The files a form of addFilesFormData sent (once: they are then the action's); none for another batch. */
export function takeWaitingFiles(batch: string | null): File[] {
  if (batch === null) return [];
  const files = waitingFiles.get(batch) ?? [];
  waitingFiles.delete(batch);
  return files;
}

export function addFilesFormData(files: readonly IncomingParameterFile[]): FormData {
  const formData = new FormData();
  formData.set("intent", fileListIntents.add);
  const batch = `batch-${++batchCount}`;
  waitingFiles.set(batch, [...files]);
  formData.set("batch", batch);
  for (const file of files) {
    // Neither the dropped path nor an empty type survives multipart encoding
    // (an empty type arrives as application/octet-stream): send both as their own field. The id is the
    // file's from now on: the list shows the file under it while the action reads it (filesBeingAdded).
    const fileInfo: AddedFileInfo = {
      id: newFileId(),
      name: file.name,
      path: normalizeParameterFilePath(file.path ?? file.webkitRelativePath, file.name),
      type: file.type,
    };
    formData.append("fileInfo", JSON.stringify(fileInfo));
  }
  return formData;
}

const pastedFileNamePattern = /^pasted-(\d+)\.txt$/;

/**
 * Pasted text becomes pasted-1.txt, pasted-2.txt, …: one past the highest
 * listed, so a later paste also sorts after an earlier one, and a name is not
 * given twice while its file is listed.
 */
export function nextPastedFileName(listedPaths: readonly string[]): string {
  const highest = listedPaths.reduce((found, path) => {
    const number = pastedFileNamePattern.exec(path)?.[1];
    return number === undefined ? found : Math.max(found, Number(number));
  }, 0);
  return `pasted-${highest + 1}.txt`;
}
