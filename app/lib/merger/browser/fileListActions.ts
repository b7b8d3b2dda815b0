/**
 * The /files route's work, one handler per intent: the route parses the form and calls changeFileList, its loader
 * calls loadFileListScreen. Every request waits its turn in one queue from the moment it arrives, including a drop
 * whose folder is still being listed: Download, Write and Compare act on the list after every change before them.
 */
import { planChange, planUndo, undoable, type FileListChange } from "~/lib/merger/fileListVersions";
import { fileListTexts } from "~/lib/merger/fileListTexts";
import { fileListIntents, recordFileIntents, type FileListRequest } from "~/lib/merger/fileListIntents";
import { notAddedNow } from "~/lib/merger/notAddedNotice";
import { normalizeParameterFilePath } from "~/lib/merger/parameterFilePath";
import type { PreviewRequest } from "~/lib/merger/mergePreview";
import { setOverrideFor } from "~/lib/merger/parameterSet";
import { tellHeldOnlyInTab } from "~/lib/shell/browser/heldOnlyInTab";
import { askBeforeLeavingWhile } from "~/lib/shell/browser/pageGuard";
import { createSerialQueue } from "~/lib/shell/serialQueue";
import { jsonWithSuccess, jsonWithWarning } from "~/lib/shell/browser/toastSession";
import { addFiles, closeNotAddedNotice, nextPastedName, notAddedSoFar } from "./addFiles";
import type { CardFolder } from "~/lib/card/browser/cardFolder";
import { getFileListStore, type ChangeResult } from "./fileListStore";
import { getMergeClient } from "./mergeClient";
import { compareCard, exportParameterTable, handOutParFile, type FileListRecords } from "./parFileActions";
import { addSharedFiles, discardSharedFiles, listWaitingShares } from "./sharedFiles";

/** What the /files screen shows: the merge preview, the list's version and label, editing, storage, the card. */
export async function loadFileListScreen(previewRequest: PreviewRequest, cardFolder: CardFolder) {
  const store = getFileListStore();
  const { history, editing, editorNotSaved, notSaved, notSavedBeforeReload, notSavedGone } = await store.read();
  const { files, label, version } = history.current;
  const mergeClient = getMergeClient();
  // Both questions go to the worker at once (it answers in order), and the card folder is restored meanwhile.
  const [preview, comparison, , waitingShares] = await Promise.all([
    mergeClient.preview(files, previewRequest, store.bytesOf),
    mergeClient.cardComparison(files, store.bytesOf),
    cardFolder.restore(),
    listWaitingShares(),
  ]);
  return {
    preview,
    list: { version, label, editing, editorNotSaved, lastChange: undoable(history) },
    storage: { notSaved, notSavedBeforeReload, notSavedGone },
    card: { ...cardFolder.status(), comparison },
    waitingShares,
    notAdded: notAddedNow(notAddedSoFar(), files),
    nextPastedName: nextPastedName([history.current, ...history.earlier]),
  };
}

/** One request at a time, in the order they came (two quick drops, a drop then Download). */
const inTurn = createSerialQueue();
let waiting = 0;

/**
 * Runs one /files request in its turn, which it takes as it arrives (before its form is read). `files`: the files
 * held beside the form, which may still be being listed (a folder dropped from a slow stick). `records` and
 * `cardFolder`: the other features' adapters, handed in by the /files route.
 */
export function changeFileList(
  arriving: Promise<{ request: FileListRequest; files?: Promise<File[]> }>,
  records: FileListRecords,
  cardFolder: CardFolder,
) {
  tellWaiting(+1);
  // Leaving the page while changes wait (files being read) asks first: they are the tab's alone until stored.
  return askBeforeLeavingWhile(async () => {
    const answer = await inTurn(async () => {
      try {
        const { request, files } = await arriving;
        return await handle(request, records, cardFolder, files);
      } finally {
        tellWaiting(-1);
      }
    });
    // A PAR.txt leaves the tool after its turn (handOutParFile): the next change need not wait for a slow card.
    return typeof answer === "function" ? answer() : answer;
  });
}

/** Requests waiting their turn may be adds whose files the tab alone holds: a reload would lose them. */
function tellWaiting(change: number) {
  waiting += change;
  tellHeldOnlyInTab("file list changes running", waiting > 0 ? fileListTexts.changesRunning : null);
}

/** A change this tab could not make: said in one verdict. */
function notMadeAnswer(result: ChangeResult) {
  if (result.made || result.why === "unchanged") return null;
  return jsonWithWarning(null, result.why === "readOnly" ? fileListTexts.readOnly : fileListTexts.stale);
}

async function change(planned: FileListChange, shownVersion: number | null = null) {
  return notMadeAnswer(await getFileListStore().change((history) => planChange(history, planned, shownVersion)));
}

/** Intents that change the list: a tab that does not edit it makes none of them. */
const changesTheList: ReadonlySet<FileListRequest["intent"]> = new Set([
  fileListIntents.add,
  fileListIntents.delete,
  fileListIntents.deleteAll,
  fileListIntents.undo,
  fileListIntents.move,
  fileListIntents.chooseSet,
  fileListIntents.label,
  fileListIntents.addShared,
  recordFileIntents.loadRecordFiles,
]);

async function handle(
  request: FileListRequest,
  records: FileListRecords,
  cardFolder: CardFolder,
  files?: Promise<File[]>,
) {
  const store = getFileListStore();
  if (request.intent === fileListIntents.takeOver) {
    await store.takeOverEditing();
    return null;
  }
  if (changesTheList.has(request.intent) && (await store.read()).editing !== "here") {
    // Files opened with the app or shared to it: the technician has just chosen them, so this tab takes editing over.
    // So are a service record's files loaded again.
    if (
      request.intent === fileListIntents.addShared ||
      request.intent === recordFileIntents.loadRecordFiles ||
      (request.intent === fileListIntents.add && request.takeOver)
    )
      await store.takeOverEditing();
    else return jsonWithWarning(null, fileListTexts.readOnly);
  }
  switch (request.intent) {
    case fileListIntents.add: {
      const listed = [...request.file, ...((await files) ?? [])];
      const fileInfos = request.fileInfo.length > 0 ? request.fileInfo : listed.map(fileInfoOf);
      return (await addFiles(listed, fileInfos)).answer;
    }
    case fileListIntents.delete:
      return change({ kind: "delete", id: request.id });
    case fileListIntents.deleteAll: {
      const answer = await change({ kind: "deleteAll" }, request.version);
      // A new list is most likely the next unit: its card is read afresh, not compared with the last one.
      if (answer === null) {
        await getMergeClient().forgetCard();
        cardFolder.startOver();
      }
      return answer;
    }
    case fileListIntents.undo: {
      const { history } = await store.read();
      const made = history.current.made;
      const result = await store.change((now) => planUndo(now, request.version));
      return result.made && made ? jsonWithSuccess(null, fileListTexts.undone(made)) : notMadeAnswer(result);
    }
    case fileListIntents.move:
      return change({ kind: "move", id: request.id, offset: request.offset === "-1" ? -1 : 1 });
    case fileListIntents.chooseSet: {
      const file = (await store.read()).history.current.files.find((listed) => listed.id === request.id);
      if (!file) return null;
      const setOverride = setOverrideFor(file.path, request.set);
      return change({ kind: "chooseSet", id: request.id, setOverride, set: request.set });
    }
    case fileListIntents.label: {
      const result = await store.change((history) => planChange(history, { kind: "label", label: request.label }));
      // The input follows the list's label only when a list newer than this one is loaded.
      return result.made ? { version: result.history.current.version } : notMadeAnswer(result);
    }
    case fileListIntents.exportTable:
      return exportParameterTable({ filter: request.show, query: request.q });
    case fileListIntents.download:
    case fileListIntents.writeCard: {
      // The label on screen at this moment is the version's: stored first, then recorded with the file.
      if ((await store.read()).editing === "here")
        await store.change((history) => planChange(history, { kind: "label", label: request.serviceLabel }));
      const { label } = (await store.read()).history.current;
      return handOutParFile(records, cardFolder, request.intent === fileListIntents.download ? "downloaded" : "card", {
        lineEnding: request.lineEnding,
        confirmedProblemsKey: request.confirmedProblemsKey ?? null,
        label,
      });
    }
    case fileListIntents.compareCard:
      return compareCard(cardFolder, request.cardFile ?? (await files)?.[0]);
    case fileListIntents.addShared:
      return addSharedFiles(request.share, (shared) => addFiles(shared, []));
    case fileListIntents.discardShared:
      return discardSharedFiles(request.share);
    case fileListIntents.closeNotAdded:
      closeNotAddedNotice(request.add);
      return null;
    case fileListIntents.endUnfinishedWrite:
      await cardFolder.endUnfinishedWrite(request.unfinishedWrite);
      return null;
    case recordFileIntents.loadRecordFiles:
      return records.loadRecordFiles(request.recordId);
  }
}

/** What a file handed to the page without a form field says of itself (a dropped folder's path, a paste). */
function fileInfoOf(file: File & { path?: string; pasted?: true }) {
  return {
    name: file.name,
    path: normalizeParameterFilePath(file.path ?? file.webkitRelativePath, file.name),
    type: file.type,
    ...(file.pasted ? { pasted: true as const } : {}),
  };
}
