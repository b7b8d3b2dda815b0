/** "Load these files again" from a service record, and its Undo: the records feature's changes of the file list. */
import type { FileActionData } from "~/lib/merger/fileListIntents";
import { getMergeClient } from "~/lib/merger/browser/mergeClient";
import { getParameterFileStore, newFileId } from "~/lib/merger/browser/parameterFileStore";
import { toastMessages } from "~/lib/shell/toastMessages";
import { jsonWithError, jsonWithWarning } from "~/lib/shell/browser/toastSession";
import { getServiceRecordStore } from "./serviceRecordStore";

/** Replaces the list with the record's kept files (Delete all first, so Undo can bring the list back). */
export async function loadRecordFiles(recordId: string) {
  const records = getServiceRecordStore();
  const record = await records.get(recordId);
  if (!record) return jsonWithError(null, toastMessages.serviceRecordNotFound);
  const { files, gonePaths } = await records.inputFilesOf(record);
  if (files.length === 0) return jsonWithWarning(null, toastMessages.recordFilesGone);
  const store = getParameterFileStore();
  await store.removeAll();
  const added = files.map((file) => ({ id: newFileId(), ...file }));
  await store.add(added);
  await getMergeClient().read(added.map(({ id, bytes }) => ({ id, bytes })));
  return { loadedRecord: { ids: added.map((file) => file.id), gonePaths } } satisfies FileActionData;
}

/** Takes the record's files out again and brings back the list as it was before. */
export async function undoLoadRecordFiles(ids: readonly string[]) {
  const store = getParameterFileStore();
  for (const id of ids) await store.remove(id);
  await store.restoreDeleted();
  return null;
}
