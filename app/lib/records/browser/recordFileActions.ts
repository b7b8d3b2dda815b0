/** "Load these files again" from a service record: the records feature's change of the file list. */
import type { FileListStore } from "~/lib/merger/browser/fileListStore";
import type { MergeClient } from "~/lib/merger/browser/mergeClient";
import { planChange } from "~/lib/merger/fileListVersions";
import { fileListTexts } from "~/lib/merger/fileListTexts";
import { summarizePaths } from "~/lib/merger/incomingFiles";
import { recordNotFoundMessage, toastMessages } from "~/lib/shell/toastMessages";
import { jsonWithError, jsonWithWarning } from "~/lib/shell/browser/toastSession";
import { getServiceRecordStore } from "./serviceRecordStore";

/** The file list as the records use it: the merger's adapters, handed in by the /files route. */
export interface RecordsFileList {
  store: FileListStore;
  mergeClient: MergeClient;
  newFileId(): string;
}

/**
 * Replaces the list with the record's kept files and its site/unit label, in one change: Undo of the list's latest
 * change brings back the list as it was.
 */
export async function loadRecordFiles(recordId: string, fileList: RecordsFileList) {
  const records = getServiceRecordStore();
  const lookup = await records.get(recordId);
  const { record } = lookup;
  if (!record) return jsonWithError(null, recordNotFoundMessage(lookup));
  const { files, gonePaths } = await records.inputFilesOf(record);
  if (files.length === 0) return jsonWithWarning(null, toastMessages.recordFilesGone);
  const added = files.map(({ path, setOverride, bytes }) => ({
    id: fileList.newFileId(),
    path,
    setOverride,
    size: bytes.byteLength,
    bytes,
  }));
  const result = await fileList.store.change(
    (history) =>
      planChange(history, {
        kind: "replace",
        files: added.map(({ bytes: _bytes, ...file }) => file),
        label: record.label,
      }),
    new Map(added.map((file) => [file.id, file.bytes])),
  );
  if (!result.made) return jsonWithWarning(null, fileListTexts.readOnly);
  await fileList.mergeClient.read(added.map(({ id, bytes }) => ({ id, bytes: bytes.slice(0) })));
  return gonePaths.length > 0
    ? jsonWithWarning(null, toastMessages.recordFilesNotKept(summarizePaths(gonePaths)))
    : null;
}
