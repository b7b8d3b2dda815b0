/** "Load these files again" from a service record, and its Undo: the records feature's changes of the file list. */
import type { FileActionData } from "~/lib/merger/fileListIntents";
import { answerUndo } from "~/lib/merger/browser/fileListActions";
import { getMergeClient } from "~/lib/merger/browser/mergeClient";
import { getParameterFileStore, newFileId } from "~/lib/merger/browser/parameterFileStore";
import { listChangesNotDone, recordNotFoundMessage, toastMessages } from "~/lib/shell/toastMessages";
import { jsonWithError, jsonWithWarning } from "~/lib/shell/browser/toastSession";
import { getServiceRecordStore } from "./serviceRecordStore";

/** Replaces the list with the record's kept files, in one change that Undo can take back. */
export async function loadRecordFiles(recordId: string) {
  const records = getServiceRecordStore();
  const lookup = await records.get(recordId);
  const { record } = lookup;
  if (!record) return jsonWithError(null, recordNotFoundMessage(lookup));
  const { files, gonePaths } = await records.inputFilesOf(record);
  if (files.length === 0) return jsonWithWarning(null, toastMessages.recordFilesGone);
  const added = files.map(({ path, setOverride, bytes }) => ({
    id: newFileId(),
    path,
    setOverride,
    size: bytes.byteLength,
    bytes,
  }));
  const outcome = await getParameterFileStore().change(
    { kind: "replace", files: added.map(({ id, path, setOverride, size }) => ({ id, path, setOverride, size })) },
    new Map(added.map((file) => [file.id, file.bytes])),
  );
  if (outcome.kind === "refused")
    return jsonWithError(null, toastMessages.listChangeNotStored(listChangesNotDone.replace, outcome.reason));
  await getMergeClient().read(added.map(({ id, bytes }) => ({ id, bytes })));
  return { loadedRecord: { ids: added.map((file) => file.id), gonePaths } } satisfies FileActionData;
}

/** Takes the record's files out again and brings back the list as it was before. */
export async function undoLoadRecordFiles(ids: readonly string[]) {
  const outcome = await getParameterFileStore().change({ kind: "undoReplace", ids: [...ids] });
  return answerUndo(outcome, listChangesNotDone.undoReplace);
}
