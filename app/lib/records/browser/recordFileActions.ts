/** "Load these files again" from a service record, and its Undo: the records feature's changes of the file list. */
import type { FileActionData } from "~/lib/merger/fileListIntents";
import {
  answerUndo,
  beforeListIsReplaced,
  forgetReplacedList,
  heldReplacedList,
  keepReplacedList,
} from "~/lib/merger/browser/fileListActions";
import { getMergeClient } from "~/lib/merger/browser/mergeClient";
import { getParameterFileStore, newFileId } from "~/lib/merger/browser/parameterFileStore";
import { summarizePaths } from "~/lib/merger/incomingFiles";
import { listChangesNotDone, recordNotFoundMessage, toastMessages } from "~/lib/shell/toastMessages";
import { jsonWithError, jsonWithWarning } from "~/lib/shell/browser/toastSession";
import { getServiceRecordStore } from "./serviceRecordStore";

/**
 * Replaces the list with the record's kept files, in one change that Undo can take back. The load has an id its
 * notice's Undo sends (`deletion`), and this tab holds the list it replaced for that Undo, as for a Delete all (K3).
 */
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
  await beforeListIsReplaced();
  const store = getParameterFileStore();
  const load = newFileId();
  const outcome = await store.change(
    {
      kind: "replace",
      id: load,
      files: added.map(({ id, path, setOverride, size }) => ({ id, path, setOverride, size })),
    },
    new Map(added.map((file) => [file.id, file.bytes])),
  );
  if (outcome.kind === "refused")
    return jsonWithError(null, toastMessages.listChangeNotStored(listChangesNotDone.replace, outcome.reason));
  const waiting = store.view().waitingForUndo;
  keepReplacedList(load, waiting?.id === load ? waiting.files : [], waiting?.id === load ? waiting.label : "");
  await getMergeClient().read(added.map(({ id, bytes }) => ({ id, bytes })));
  return { loadedRecord: { ids: added.map((file) => file.id), gonePaths }, deletion: load } satisfies FileActionData;
}

/**
 * Takes the record's files out again and brings back the list as it was before the load `load` (its notice's):
 * never what a later Delete all or load took. When this tab no longer holds that list, nothing changes and the
 * notice names what cannot come back.
 */
export async function undoLoadRecordFiles(ids: readonly string[], load: string) {
  const store = getParameterFileStore();
  const { files, held, bytes } = await heldReplacedList(load);
  // Read afresh: another tab's Delete all or load may have taken the place of this one.
  await store.list();
  if (!held && store.view().waitingForUndo?.id !== load) {
    // Nothing to bring back: the list stays as it is (the record's files are not taken out for nothing).
    const why =
      files === null || files.length === 0
        ? toastMessages.recordFilesUndoTaken
        : `Not brought back: ${summarizePaths(files.map((file) => file.path))}. ${toastMessages.notBroughtBackListReplaced(files.length)}`;
    return jsonWithWarning(null, {
      message: listChangesNotDone.undoReplace,
      description: `${why} ${toastMessages.listAsItWas}`,
    });
  }
  const outcome = await store.change(
    { kind: "undoReplace", ids: [...ids], id: load, ...(held ? { held } : {}) },
    bytes,
  );
  if (outcome.kind === "refused") return answerUndo(outcome, listChangesNotDone.undoReplace);
  forgetReplacedList(load);
  // What the load replaced that is neither listed now nor named already (its path listed, its bytes gone with
  // storage): this tab no longer held its bytes.
  const listed = new Set(store.view().files.map((file) => file.id));
  const named = new Set((outcome.pathTaken ?? []).map(({ id }) => id));
  const goneWithStorage = new Set(outcome.goneWithStorage ?? []);
  const notHeld = (held ? (files ?? []) : [])
    .filter((file) => !listed.has(file.id) && !named.has(file.id) && !goneWithStorage.has(file.path))
    .map((file) => file.path);
  return answerUndo(outcome, listChangesNotDone.undoReplace, notHeld, toastMessages.notBroughtBackListReplaced);
}
