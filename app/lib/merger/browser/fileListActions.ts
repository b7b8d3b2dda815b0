/**
 * The /files route's work, one handler per intent: the route parses the form and calls changeFileList,
 * its loader calls loadFileListScreen. Changes of the list run one at a time, in the order they came.
 */
import { cardComparisonSummary } from "~/lib/merger/cardCompare";
import { orderSeen } from "~/lib/merger/listOrder";
import { recordDestinationOfCardWrite, recordedCardComparison } from "~/lib/merger/cardWrite";
import { downloadBlocker } from "~/lib/merger/downloadGate";
import { deviceSetSizeLimit, setSizeRefusal } from "~/lib/merger/deviceLimit";
import { deviceMemoryGb } from "~/lib/shell/browser/deviceMemory";
import {
  deletedOneAnswer,
  fileListIntents,
  recordFileIntents,
  type FileActionData,
  type FileListRequest,
  type LabelActionData,
} from "~/lib/merger/fileListIntents";
import {
  placeInList,
  putBackIndex,
  type ChangeOutcome,
  type DeletedFiles,
  type PathTaken,
  type PlaceInList,
} from "~/lib/merger/fileListState";
import {
  filesBeingReadReloadLoss,
  listedTwiceText,
  replacedHereNotice,
  type NotKept,
} from "~/lib/merger/fileListStorageText";
import {
  addedBesideNamesakes,
  fileNameOfPath,
  refusalNotices,
  sortIncomingFiles,
  summarizePaths,
  namesakesWithOtherContent,
  withOtherContent,
  type AddedFileInfo,
} from "~/lib/merger/incomingFiles";
import {
  closeNotAdded,
  keepAfterAdd,
  notAddedNow,
  type AddForNotice,
  type NotAddedKept,
  type RefusedFile,
} from "~/lib/merger/notAddedNotice";
import type { ListedFile } from "~/lib/merger/listedFile";
import type { PreviewRequest } from "~/lib/merger/mergePreview";
import { normalizeParameterFilePath } from "~/lib/merger/parameterFilePath";
import { highestPastedNumber, nextPastedFileName, withFreePastedNames } from "~/lib/merger/pastedText";
import { parFileName, type LineEnding, type ParFileDestination } from "~/lib/merger/parFileFormat";
import { parameterTableCsvName, type ParameterQuery } from "~/lib/merger/parameterTable";
import { setOfFile, setOfPath, setOverrideFor } from "~/lib/merger/parameterSet";
import { routedPath } from "~/lib/shell/routedPath";
import { csvMimeType } from "~/lib/shell/csvFile";
import { pauseEvery } from "~/lib/shell/browser/pauseEvery";
import { logger } from "~/lib/shell/logger";
import { tellHeldOnlyInTab } from "~/lib/shell/browser/heldOnlyInTab";
import { saveFile } from "~/lib/shell/browser/saveFile";
import { createSerialQueue } from "~/lib/shell/serialQueue";
import { listChangesNotDone, toastMessages } from "~/lib/shell/toastMessages";
import { jsonWithError, jsonWithSuccess, jsonWithWarning } from "~/lib/shell/browser/toastSession";
import { CardFolderError, CardWriteError, getCardFolder, type CardRead, type CardWritten } from "./cardFolder";
import { createLoadMark, webLocks } from "./interruptedLoad";
import { getMergeClient } from "./mergeClient";
import { getParameterFileStore, newFileId } from "./parameterFileStore";
import { addSharedFiles, discardSharedFiles, listWaitingShares } from "./sharedFiles";

const loadMark = createLoadMark(
  typeof localStorage === "undefined" ? null : localStorage,
  typeof navigator !== "undefined" && navigator.locks ? webLocks(navigator.locks) : null,
  newFileId(),
);

let startOfVisit: Promise<NotKept[]> | undefined;

/**
 * The files adds left out (and put beside listed namesakes) since the notice above the list was closed: kept in this
 * tab only (a reload forgets it); notAddedNow says it against the list as it is each time the screen is shown.
 */
let notAddedKept: NotAddedKept | null = null;
/** The highest pasted text's number listed in this visit (pastedText.ts): a deleted paste's name is not given again. */
let highestPastedSeen = 0;

/**
 * The order this tab has seen its files in, deleted ones included (listOrder.ts): an Undo puts a file back where it
 * stood among them, whatever the order of the Undos (K1, K2).
 */
let listOrder: string[] = [];

function seeListed(files: readonly { id: string; path: string }[]) {
  listOrder = orderSeen(
    listOrder,
    files.map((file) => file.id),
  );
  highestPastedSeen = highestPastedNumber(
    files.map((file) => file.path),
    highestPastedSeen,
  );
}
let addCount = 0;

function rememberNotAdded(add: Omit<AddForNotice, "add">) {
  addCount += 1;
  notAddedKept = keepAfterAdd(notAddedKept, { add: addCount, ...add });
}

const refusedAs = (reason: RefusedFile["reason"], files: readonly { path: string; listedId?: string }[]) =>
  files.map(({ path, listedId }): RefusedFile => ({ path, reason, listedId: listedId ?? null }));

/**
 * Once a visit, before the list is first read or changed: files whose load never finished (the tab
 * crashed or closed, and no live tab is still adding them) are taken out; their paths are named. So is
 * what the visit before this reload showed but never stored.
 */
function takeOutInterruptedLoad(): Promise<NotKept[]> {
  startOfVisit ??= (async () => {
    const store = getParameterFileStore();
    const notKept: NotKept[] = [];
    const notStored = await store.takeNotKeptAfterReload();
    if (notStored) notKept.push({ cause: "notStored", ...notStored });
    const interrupted = await loadMark.takeInterrupted();
    if (interrupted) {
      // Files still being read were never stored: only the stored ones are taken out of the list.
      const listedIds = new Set((await store.list()).map((file) => file.id));
      const stored = interrupted.ids.filter((id) => listedIds.has(id));
      // Where storage will not store their deletion, they are taken out in this tab only (the storage notice
      // says a reload brings them back): never merged again here.
      if (stored.length > 0) await store.change({ kind: "delete", ids: stored });
      notKept.push({ cause: "interrupted", paths: interrupted.paths });
    }
    return notKept;
  })();
  return startOfVisit;
}

/** What the /files screen shows: the merge preview, the label, the storage state, files not kept, the card. */
export async function loadFileListScreen(previewRequest: PreviewRequest) {
  const notKept = await takeOutInterruptedLoad();
  const store = getParameterFileStore();
  const { files, storage } = await store.read();
  const mergeClient = getMergeClient();
  const cardFolder = getCardFolder();
  // Both questions go to the worker at once (it answers in order), and the card folder is restored meanwhile.
  // The comparison follows the files: the worker compares again with the card's kept bytes when they changed.
  const [preview, comparison, , waitingShares] = await Promise.all([
    mergeClient.preview(files, previewRequest, store.bytesOf),
    mergeClient.cardComparison(files, store.bytesOf),
    cardFolder.restore(),
    listWaitingShares(),
  ]);
  loadMark.loaded(files.map((file) => file.id));
  seeListed(files);
  // The label as it is now: it may have been typed and stored while the merge was previewed.
  const { label, version, replacedHere } = store.view();
  return {
    replacedHere: replacedHereNotice(replacedHere),
    preview,
    label: { text: label, version },
    storage,
    notKept,
    card: { ...cardFolder.status(), comparison },
    waitingShares,
    notAdded: notAddedNow(notAddedKept, files),
    nextPastedName: nextPastedFileName(highestPastedSeen),
  };
}

/** A PAR.txt that left the tool, as the service records take it. */
export interface HandedOutParFile {
  /** The listed files PAR.txt was made from, in list order. */
  files: readonly ListedFile[];
  lineEnding: LineEnding;
  /** PAR.txt exactly as it left the tool. */
  parFile: Uint8Array<ArrayBuffer>;
  destination: ParFileDestination;
  label: string;
  /** For a card write: the comparison summary and the card's PAR.txt from before. */
  cardComparison?: { summary: string; previousParFile: Uint8Array<ArrayBuffer> | null };
}

/**
 * What the file list asks of the service records. The records feature builds on the merger, so the
 * route hands them in: the merger never imports the records.
 */
export interface FileListRecords {
  /** Never throws: a record that cannot be saved says why. */
  recordParFile(
    parFile: HandedOutParFile,
  ): Promise<
    | { saved: true; record: { id: string }; onlyThisTab: string | null; withoutInputFiles: string | null }
    | { saved: false; reason: string }
  >;
  loadRecordFiles(recordId: string): Promise<unknown>;
  undoLoadRecordFiles(ids: readonly string[], load: string): Promise<unknown>;
}

/** One change of the file list at a time, in the order they came (two quick picks or clicks). */
const runFileListChange = createSerialQueue();

/**
 * The paths of the adds not done yet (waiting their turn, or being read), by add: until they are stored, the tab
 * alone holds them, and the offers of a reload (a new version, a broken screen) say a reload loses them.
 */
const addsNotDone = new Map<object, string[]>();

function beginAdd(request: FileListRequest): () => void {
  if (request.intent !== fileListIntents.add) return () => undefined;
  const add = {};
  addsNotDone.set(
    add,
    request.file.map(
      (file, index) => request.fileInfo[index]?.path ?? normalizeParameterFilePath(undefined, file.name),
    ),
  );
  const tell = () => tellHeldOnlyInTab("files being read", filesBeingReadReloadLoss([...addsNotDone.values()].flat()));
  tell();
  return () => {
    addsNotDone.delete(add);
    tell();
  };
}

export async function changeFileList(request: FileListRequest, records: FileListRecords) {
  const endAdd = beginAdd(request);
  try {
    return await changeFileListInTurn(request, records);
  } finally {
    endAdd();
  }
}

async function changeFileListInTurn(request: FileListRequest, records: FileListRecords) {
  await takeOutInterruptedLoad();
  return runFileListChange(async () => {
    const listedBefore = getParameterFileStore().view().files;
    seeListed(listedBefore);
    const answer = await handle(request, records);
    seeListed(getParameterFileStore().view().files);
    // What this tab's own change listed (an add, an Undo): a file of its name left out later was not another tab's (K7).
    const before = new Set(listedBefore.map((file) => file.id));
    for (const file of getParameterFileStore().view().files) if (!before.has(file.id)) listedHere.add(file.id);
    // Files that left the list are no load in progress any more: a later visit must not name them.
    const listedNow = new Set(
      getParameterFileStore()
        .view()
        .files.map((file) => file.id),
    );
    loadMark.forget(listedBefore.filter((file) => !listedNow.has(file.id)).map((file) => file.id));
    return answer;
  });
}

/** A change storage refused is not made: the technician is told what was not done and why. */
function answerRefused(outcome: ChangeOutcome, notDone: string) {
  return outcome.kind === "refused"
    ? jsonWithError(null, toastMessages.listChangeNotStored(notDone, outcome.reason))
    : null;
}

/** The files this tab's own changes listed (an add, an Undo), by id: see answerUndo. */
const listedHere = new Set<string>();

/**
 * The answer to an Undo (of Delete all, of loading a record's files): refused, or the files it could not bring back
 * because another tab listed their path meanwhile, named; nothing to say when all came back.
 */
export function answerUndo(
  outcome: ChangeOutcome,
  notDone: string,
  notHeld: readonly string[] = [],
  notHeldExplained: (fileCount: number) => string = toastMessages.notBroughtBackOtherDeleteAll,
) {
  if (outcome.kind === "refused") return answerRefused(outcome, notDone);
  const taken = outcome.pathTaken ?? [];
  // Whose file kept the name: this tab's own add (or Undo) is not another tab's (K7).
  const paths = taken.filter(({ listedId }) => !listedHere.has(listedId)).map(({ path }) => path);
  const pathsHere = taken.filter(({ listedId }) => listedHere.has(listedId)).map(({ path }) => path);
  const gone = outcome.goneWithStorage ?? [];
  const sentences = [
    ...(pathsHere.length > 0
      ? [`Not brought back: ${summarizePaths(pathsHere)}.`, toastMessages.notBroughtBackListedHere(pathsHere.length)]
      : []),
    ...(paths.length > 0
      ? [`Not brought back: ${summarizePaths(paths)}.`, toastMessages.notBroughtBackExplained(paths.length)]
      : []),
    // Their bytes went with the browser's storage, and the merge forgot them when they left the list.
    ...(gone.length > 0
      ? [`Not brought back: ${summarizePaths(gone)}.`, toastMessages.notBroughtBackGoneWithStorage(gone.length)]
      : []),
    // Another Delete all took the Undo of the one these belong to, and this tab no longer held them.
    ...(notHeld.length > 0 ? [`Not brought back: ${summarizePaths(notHeld)}.`, notHeldExplained(notHeld.length)] : []),
  ];
  return sentences.length > 0
    ? jsonWithWarning(null, { message: toastMessages.notBroughtBack, description: sentences.join(" ") })
    : null;
}

function pathOf(id: string): string {
  return (
    getParameterFileStore()
      .view()
      .files.find((file) => file.id === id)?.path ?? "The file"
  );
}

async function handle(request: FileListRequest, records: FileListRecords) {
  const store = getParameterFileStore();
  switch (request.intent) {
    case fileListIntents.add:
      return (await addFiles(request.file, request.fileInfo)).answer;
    case fileListIntents.delete:
      return withDeletion(await deleteOne(request.id));
    case fileListIntents.undoDelete:
      return undoDelete(request.id, request.deletion);
    case fileListIntents.deleteAll:
      return deleteAll();
    case fileListIntents.undoDeleteAll:
      return undoDeleteAll(request.deletion);
    case fileListIntents.move: {
      const notMoved = listChangesNotDone.move(pathOf(request.id));
      const offset = request.offset === "-1" ? -1 : 1;
      return answerRefused(await store.change({ kind: "move", id: request.id, offset }), notMoved);
    }
    case fileListIntents.chooseSet:
      return chooseSet(request.id, request.set);
    case fileListIntents.label: {
      const outcome = await store.change({ kind: "label", label: request.label });
      return { labelStored: outcome.kind === "stored", version: store.view().version } satisfies LabelActionData;
    }
    case fileListIntents.storeAgain:
      return storeAgain();
    case fileListIntents.exportTable:
      return exportParameterTable({ filter: request.show, query: request.q });
    case fileListIntents.download:
    case fileListIntents.writeCard:
      return handOutParFile(records, request.intent === fileListIntents.download ? "downloaded" : "card", {
        lineEnding: request.lineEnding,
        confirmedProblemsKey: request.confirmedProblemsKey ?? null,
        label: request.serviceLabel,
      });
    case fileListIntents.compareCard:
      return compareCard(request.cardFile);
    case fileListIntents.addShared:
      return addSharedFiles(request.share, (files) => addFiles(files, []));
    case fileListIntents.discardShared:
      return discardSharedFiles(request.share);
    case fileListIntents.closeNotAdded:
      notAddedKept = closeNotAdded(notAddedKept, request.add);
      return null;
    case fileListIntents.closeReplacedHere:
      store.closeReplacedHere(request.serial);
      return null;
    case fileListIntents.endUnfinishedWrite:
      await getCardFolder().endUnfinishedWrite(request.unfinishedWrite);
      return null;
    case recordFileIntents.loadRecordFiles:
      return records.loadRecordFiles(request.recordId);
    case recordFileIntents.undoLoadRecordFiles:
      return records.undoLoadRecordFiles(request.id, request.deletion);
  }
}

/**
 * Adds files as every way in does. `done`: the files the add is done with, listed or refused for good (not
 * text); the rest (a set too big, a file not read, a path already listed, a file storage did not keep) the technician may want to add again,
 * so a waiting share keeps them.
 */
async function addFiles(
  files: File[],
  fileInfos: AddedFileInfo[],
): Promise<{ answer: FileActionData; done: ReadonlySet<File> }> {
  const store = getParameterFileStore();
  const listedNow = await store.list();
  const listedIds = new Set(listedNow.map((file) => file.id));
  // The file keeps the id the list showed it under while it was read (a new one if that is taken).
  const idOf = (info: AddedFileInfo | undefined) =>
    info?.id !== undefined && !listedIds.has(info.id) ? info.id : newFileId();
  const incoming = files.map((file, index) => ({
    file: { file, id: idOf(fileInfos[index]) },
    name: file.name,
    type: fileInfos[index]?.type ?? file.type,
    path: fileInfos[index]?.path ?? normalizeParameterFilePath(undefined, file.name),
  }));
  // Pasted text has no file to pick again: named against the list as it is now, not refused as already listed.
  const pastedIds = new Set(incoming.filter((_, index) => fileInfos[index]?.pasted).map(({ file }) => file.id));
  const pastedAs = new Map(
    incoming.filter(({ file }) => pastedIds.has(file.id)).map(({ file, path }) => [file.id, path]),
  );
  const named = withFreePastedNames(
    incoming,
    ({ file }) => pastedIds.has(file.id),
    listedNow.map((file) => file.path),
  );
  // A listed file whose contents went with the browser's storage holds its path for nothing: the same file picked
  // again is added in its place and stored (fileListState's add), not refused as already imported. Only the same
  // file: one of its name with other content is refused as "content differs", as without a clear (H7).
  const goneWithOtherContent = await goneNamesakesWithOtherContent(named, store.view().storage.contentsGoneIds);
  const contentsGone = new Set(store.view().storage.contentsGoneIds);
  const listed = listedNow.filter(
    (file) => !contentsGone.has(file.id) || goneWithOtherContent.some(({ listedId }) => listedId === file.id),
  );
  const sorted = sortIncomingFiles(
    named,
    listed.map((file) => file.path),
  );
  // Marked before anything is read: the list shows them as "Reading…" from now on, so a reload or a closed tab
  // before they are listed must name them on the next visit, as it would once they are stored.
  const acceptedIds = sorted.accepted.map(({ file }) => file.id);
  await loadMark.loading({ ids: acceptedIds, paths: sorted.accepted.map(({ path }) => path) });
  // Chromium reads each picked file's size from disk on the main thread: in slices, with pauses between.
  const pause = pauseEvery();
  let addedBytes = 0;
  for (const { file } of sorted.accepted) {
    addedBytes += file.file.size;
    await pause();
  }
  const sizeRefusal = setSizeRefusal(
    { listedBytes: listed.reduce((total, file) => total + (file.size ?? 0), 0), addedBytes },
    deviceSetSizeLimit(deviceMemoryGb()),
    deviceMemoryGb(),
  );
  if (sizeRefusal) {
    loadMark.forget(acceptedIds);
    // Nothing of the pick is added: every text file whose path is not listed already is too big.
    const listedPaths = new Set(listed.map((file) => file.path));
    rememberNotAdded({
      refused: [
        ...refusedAs("wrongFormat", sorted.wrongFormat),
        ...refusedAs("setTooBig", [
          ...sorted.accepted,
          ...sorted.alreadyImported.filter(({ path }) => !listedPaths.has(path)),
        ]),
      ],
      listedPaths: [],
      beside: [],
    });
    return { answer: { refusals: [{ message: toastMessages.setTooBig, description: sizeRefusal }] }, done: new Set() };
  }
  const unreadable: { id: string; path: string }[] = [];
  const readOne = async ({ file: { file, id }, path }: (typeof sorted.accepted)[number]) => {
    try {
      const bytes = await file.arrayBuffer();
      return { id, path, setOverride: null, size: bytes.byteLength, bytes };
    } catch (error) {
      logger.error("Something went wrong", error);
      unreadable.push({ id, path });
      return null;
    }
  };
  // Starting a read costs the main thread a look at the file on disk too: the reads start in slices.
  const reading: ReturnType<typeof readOne>[] = [];
  for (const accepted of sorted.accepted) {
    reading.push(readOne(accepted));
    await pause();
  }
  const read = (await Promise.all(reading)).filter((file) => file !== null);
  // Files of this pick that share a path with other content (or content not read): which one is used would be
  // the device's order. A namesake that could not be read is named as not read as well.
  const namesakes = await namesakesOfThisPick(sorted.alreadyImported, read, unreadable);
  const namesakePaths = new Set(namesakes.map(({ path }) => path));
  unreadable.push(...namesakes.filter((namesake) => namesake.bytes === null).map(({ id, path }) => ({ id, path })));
  const added = read.filter((file) => !namesakePaths.has(file.path));
  // A file that could not be read is said now (filesNotRead), a namesake too: no later visit names them again.
  loadMark.forget([
    ...unreadable.map((file) => file.id),
    ...read.filter((file) => namesakePaths.has(file.path)).map((file) => file.id),
  ]);
  // Compared before the bytes are transferred to the worker, which leaves them empty here.
  const besideListed = await besideListedNamesakes(added, listed);
  // Stored, or kept in this tab and shown as not stored: either way the files are listed, except those whose
  // path another tab listed meanwhile (the list as the change read it): refused as if listed before the pick.
  const outcome = await store.change(
    {
      kind: "add",
      files: added.map(({ id, path, setOverride, size }) => ({ id, path, setOverride, size })),
      pastedIds: added.filter((file) => pastedIds.has(file.id)).map((file) => file.id),
    },
    new Map(added.map((file) => [file.id, file.bytes])),
  );
  const pathTaken = outcome.kind === "refused" ? [] : (outcome.pathTaken ?? []);
  const takenIds = new Set(pathTaken.map(({ id }) => id));
  const listedMeanwhile = read.filter((file) => takenIds.has(file.id));
  const listedMeanwhileWithOtherContent = await listedWithOtherContentMeanwhile(listedMeanwhile, pathTaken);
  // A file refused because its path was listed meanwhile is not beside anything: it is not added.
  const besideNamesakes = besideListed.filter(({ path }) => !listedMeanwhile.some((file) => file.path === path));
  loadMark.forget([...takenIds]);
  // Storage (or the store) has its copy; the worker takes these bytes over.
  const mergeClient = getMergeClient();
  await mergeClient.read(added.filter((file) => !takenIds.has(file.id)).map(({ id, bytes }) => ({ id, bytes })));
  // Read without a crash. A technician who has gone on to another screen sees no merge with them until
  // they come back: the files count as loaded now, or closing the tab there would take them out as an
  // interrupted load on the next visit.
  if (routedPath(location.pathname) !== "/files") loadMark.loaded(store.view().files.map((file) => file.id));
  // The worker merges the new list while the router goes on to the loader, whose preview then finds it merged.
  mergeClient
    .prepare(store.view().files, store.bytesOf)
    .catch((error: unknown) => logger.error("Something went wrong", error));

  const leftOut = {
    wrongFormat: sorted.wrongFormat,
    alreadyImported: [...sorted.alreadyImported, ...listedMeanwhile],
    alreadyImportedWithOtherContent: [
      ...(await listedWithOtherContent(sorted.alreadyImported, listed)),
      ...goneWithOtherContent,
      ...listedMeanwhileWithOtherContent,
    ],
    namesakesWithOtherContent: namesakes,
    notRead: unreadable,
  };
  // The notices close after 5 seconds; the notice above the list keeps saying what this add left out.
  const listedAfter = store.view().files;
  const idOfListed = new Map(listedAfter.map((file) => [file.path, file.id]));
  rememberNotAdded({
    refused: [
      ...refusedAs("wrongFormat", leftOut.wrongFormat),
      ...refusedAs("alreadyImportedWithOtherContent", leftOut.alreadyImportedWithOtherContent),
      ...refusedAs("namesakesWithOtherContent", leftOut.namesakesWithOtherContent),
      ...refusedAs("notRead", leftOut.notRead),
    ],
    listedPaths: added.filter((file) => idOfListed.get(file.path) === file.id).map((file) => file.path),
    beside: besideNamesakes.flatMap(({ path, listedPath }) => {
      const id = idOfListed.get(path);
      const listedId = listed.find((file) => file.path === listedPath)?.id;
      return id && listedId ? [{ id, listedId }] : [];
    }),
  });
  const refusals = refusalNotices(leftOut, {
    wrongFormat: toastMessages.wrongFileFormat,
    alreadyImported: toastMessages.fileAlreadyImported,
    alreadyImportedWithOtherContent: toastMessages.alreadyImportedWithOtherContent,
    namesakesWithOtherContent: toastMessages.namesakesWithOtherContent,
    namesakesWithOtherContentExplained: toastMessages.namesakesWithOtherContentExplained,
  });
  if (unreadable.length > 0)
    refusals.push({
      message: toastMessages.filesNotRead,
      description: summarizePaths(unreadable.map((file) => file.path)),
    });
  const done = new Set(sorted.wrongFormat.map(({ file }) => file.file));
  const addedIds = new Set(added.filter((file) => !takenIds.has(file.id)).map((file) => file.id));
  // Stored: a file kept in this tab only (storage full) is lost on a reload, so its share keeps waiting; Add
  // again then says it is already listed, and nothing is added twice.
  if (outcome.kind === "stored") for (const { file } of sorted.accepted) if (addedIds.has(file.id)) done.add(file.file);
  // A pasted text whose name another tab took meanwhile was added under the next free one: said, as it differs.
  const renamedPastes = listedAfter.flatMap((file) => {
    const typedAs = pastedAs.get(file.id);
    return typedAs !== undefined && typedAs !== file.path
      ? [
          {
            message: toastMessages.pastedNameTaken(file.path),
            description: toastMessages.pastedNameTakenExplained(typedAs),
          },
        ]
      : [];
  });
  const besideNotice =
    besideNamesakes.length > 0
      ? [
          {
            message: toastMessages.addedBesideNamesake,
            description: toastMessages.addedBesideNamesakeExplained(besideNamesakes),
          },
        ]
      : [];
  const cautions =
    renamedPastes.length + besideNotice.length > 0 ? { cautions: [...renamedPastes, ...besideNotice] } : {};
  // Refusals travel as action data, not as a flash cookie: any number of them fits, one notice per reason.
  return { answer: { refusals, ...cautions }, done };
}

/** The added files that have the name of a file listed before the add, with other content; the rule is addedBesideNamesakes'. */
async function besideListedNamesakes(
  added: readonly { path: string; bytes: ArrayBuffer }[],
  listed: readonly ListedFile[],
) {
  const addedNames = new Set(added.map(({ path }) => fileNameOfPath(path).toLowerCase()));
  // Only the listed files of an added name are read from storage.
  const ofAddedNames = listed.filter(({ path }) => addedNames.has(fileNameOfPath(path).toLowerCase()));
  if (ofAddedNames.length === 0) return [];
  const listedBytes = await getParameterFileStore().bytesOf(ofAddedNames.map(({ id }) => id));
  return addedBesideNamesakes(
    added.map(({ path, bytes }) => ({ path, set: setOfPath(path), bytes: new Uint8Array(bytes) })),
    ofAddedNames.map((file) => {
      const bytes = listedBytes.get(file.id);
      return { path: file.path, set: setOfFile(file), bytes: bytes ? new Uint8Array(bytes) : null };
    }),
  );
}

/** The refused files whose path is listed with other bytes (an edited file picked again); withOtherContent has the rule. */
async function listedWithOtherContent(
  refused: readonly { file: { file: File; id: string }; path: string }[],
  listed: readonly { id: string; path: string }[],
): Promise<{ path: string; listedId: string }[]> {
  const listedIdByPath = new Map(listed.map((file) => [file.path, file.id]));
  const ofListed = refused.filter(({ path }) => listedIdByPath.has(path));
  if (ofListed.length === 0) return [];
  const listedBytes = await getParameterFileStore().bytesOf(ofListed.map(({ path }) => listedIdByPath.get(path)!));
  return withOtherContent(await bytesOfRefused(ofListed), (path) => {
    const bytes = listedBytes.get(listedIdByPath.get(path)!);
    return bytes ? new Uint8Array(bytes) : null;
  }).map(({ path }) => ({ path, listedId: listedIdByPath.get(path)! }));
}

/**
 * The files of an add under the path of a listed file whose contents went with the browser's storage that do not
 * read as that file does in the merge (readsTheSame): not the same file picked again.
 */
async function goneNamesakesWithOtherContent(
  incoming: readonly { file: { file: File; id: string }; path: string }[],
  contentsGoneIds: readonly string[],
): Promise<{ path: string; listedId: string }[]> {
  const gone = new Set(contentsGoneIds);
  const goneIdByPath = new Map(
    getParameterFileStore()
      .view()
      .files.filter((file) => gone.has(file.id))
      .map((file) => [file.path, file.id]),
  );
  const namesakes = (await bytesOfRefused(incoming.filter(({ path }) => goneIdByPath.has(path)))).flatMap(
    ({ path, bytes }) => (bytes ? [{ path, listedId: goneIdByPath.get(path)!, bytes }] : []),
  );
  if (namesakes.length === 0) return [];
  const same = await getMergeClient().readsAsListed(
    namesakes.map(({ listedId, bytes }) => ({ id: listedId, bytes: bytes.slice().buffer })),
  );
  return namesakes.filter((_, index) => same[index] === false).map(({ path, listedId }) => ({ path, listedId }));
}

/**
 * The files of an add left out because another tab listed a file of their path meanwhile, whose bytes differ from
 * that file's (withOtherContent has the rule): said as for a path listed before the pick.
 */
async function listedWithOtherContentMeanwhile(
  refused: readonly { path: string; bytes: ArrayBuffer }[],
  pathTaken: readonly PathTaken[],
): Promise<{ path: string; listedId: string }[]> {
  if (refused.length === 0) return [];
  const listedIdByPath = new Map(pathTaken.map(({ path, listedId }) => [path, listedId]));
  const listedBytes = await getParameterFileStore().bytesOf([...listedIdByPath.values()]);
  return withOtherContent(
    refused.map(({ path, bytes }) => ({ path, bytes: new Uint8Array(bytes) })),
    (path) => {
      const bytes = listedBytes.get(listedIdByPath.get(path) ?? "");
      return bytes ? new Uint8Array(bytes) : null;
    },
  ).map(({ path }) => ({ path, listedId: listedIdByPath.get(path) ?? "" }));
}

/**
 * The refused files of a pick whose path a file of the same pick has, read or not, and that cannot be shown to
 * be the same file; namesakesWithOtherContent has the rule.
 */
async function namesakesOfThisPick(
  refused: readonly { file: { file: File; id: string }; path: string }[],
  read: readonly { path: string; bytes: ArrayBuffer }[],
  unreadable: readonly { path: string }[],
): Promise<{ id: string; path: string; bytes: Uint8Array | null }[]> {
  const takenBytesByPath = new Map<string, Uint8Array | null>(unreadable.map(({ path }) => [path, null]));
  for (const { path, bytes } of read) takenBytesByPath.set(path, new Uint8Array(bytes));
  const ofThisPick = refused.filter(({ path }) => takenBytesByPath.has(path));
  if (ofThisPick.length === 0) return [];
  return namesakesWithOtherContent(await bytesOfRefused(ofThisPick), (path) => takenBytesByPath.get(path));
}

async function bytesOfRefused<F extends { file: { file: File; id: string }; path: string }>(refused: readonly F[]) {
  return Promise.all(
    refused.map(async ({ file: { file, id }, path }) => {
      try {
        return { id, path, bytes: new Uint8Array(await file.arrayBuffer()) };
      } catch {
        return { id, path, bytes: null };
      }
    }),
  );
}

/**
 * The file the last single delete took out, where it stood and its bytes, held in this tab for its Undo (storage
 * deletes the bytes with the file). One at a time: the next delete's Undo replaces it.
 */
let undoableDelete: { file: ListedFile; place: PlaceInList; bytes: ArrayBuffer } | null = null;

async function deleteOne(id: string) {
  const store = getParameterFileStore();
  // Read afresh: storage emptied since the last read is found now, so the notice says the file cannot come back.
  const files = await store.list();
  const file = files.find((listed) => listed.id === id);
  const place = placeInList(files, id);
  // A file whose bytes went with storage is in the merge only: once out of it, nothing can bring it back.
  const contentsGone = store.view().storage.contentsGoneIds.includes(id);
  const bytes = file && !contentsGone ? (await store.bytesOf([id])).get(id) : undefined;
  const outcome = await store.change({ kind: "delete", ids: [id] });
  if (outcome.kind === "refused") return answerRefused(outcome, listChangesNotDone.delete(file?.path ?? "The file"));
  if (!file) return null;
  // Said either way (J5): without its bytes there is no Undo, and the notice says why.
  if (!bytes) return deletedOneAnswer(file, contentsGone ? "contentsGone" : "bytesNotRead");
  undoableDelete = {
    file: { id, path: file.path, setOverride: file.setOverride, size: bytes.byteLength },
    place,
    bytes,
  };
  return deletedOneAnswer(file, "offered");
}

/** Which delete the Undo of undoableDelete is for: its notice's Undo names it (J1). */
let undoableDeletion: { deletion: string; path: string } | null = null;

/** The paths of the files this tab deleted one by one, by id: a late Undo names its file. */
const deletedPaths = new Map<string, string>();

const pathOfDeletion = (id: string) => deletedPaths.get(id) ?? "The file";

/** A delete's answer with the delete named, when it can be undone (its Undo names it, so an older one is told). */
function withDeletion(answer: Awaited<ReturnType<typeof deleteOne>>) {
  if (!answer || !("deleted" in answer) || !answer.deleted) return answer;
  deletedPaths.set(answer.deleted.id, answer.deleted.path);
  undoableDeletion = { deletion: newFileId(), path: answer.deleted.path };
  return { ...answer, deletion: undoableDeletion.deletion } satisfies FileActionData;
}

async function undoDelete(id: string, deletion: string) {
  const deleted = undoableDelete;
  if (deleted?.file.id !== id || undoableDeletion?.deletion !== deletion) {
    // A later delete took the Undo (only the last file deleted can come back): said, never a silent nothing.
    const path = pathOfDeletion(id);
    const later = deleted && deleted.file.id !== id ? deleted.file.path : (undoableDeletion?.path ?? null);
    return jsonWithWarning(null, toastMessages.deletedOneNotLast(path, later === path ? null : later));
  }
  undoableDelete = null;
  undoableDeletion = null;
  const store = getParameterFileStore();
  // Where it stood among every file this tab has seen (deleted ones too), so Undos of Delete alls made since put
  // their files back around it, in any order (K1, K2).
  const place = listOrder.includes(id)
    ? placeInList(
        listOrder.map((seen) => ({ id: seen })),
        id,
      )
    : deleted.place;
  const outcome = await store.change({ kind: "add", files: [deleted.file], place }, new Map([[id, deleted.bytes]]));
  if (outcome.kind === "refused") return answerRefused(outcome, listChangesNotDone.undoDelete(deleted.file.path));
  // Another tab (or a pick meanwhile) listed a file of its path: a path is listed once.
  if (!store.view().files.some((file) => file.id === id))
    return jsonWithError(null, toastMessages.deletedOneNotBack(deleted.file.path));
  // Every file it stood between left meanwhile (another tab): its order among the rest decides duplicates.
  const others = store.view().files.filter((file) => file.id !== id);
  if (!putBackIndex(others, place).known)
    return jsonWithWarning(null, toastMessages.deletedOneBackAtEnd(deleted.file.path));
  return null;
}

/**
 * What this tab's Delete alls took, by Delete all, for their notices' Undo: another Delete all (here or in another
 * tab) takes the place of what storage keeps for Undo, so each keeps its own files, and their bytes for a while
 * (J4). The bytes are read once the Delete all is made (storage keeps them until the next one).
 */
const deleteAllsTaken = new Map<string, DeletedFiles & { bytes: Promise<Map<string, ArrayBuffer>> }>();
/** How long a Delete all's bytes are held for its Undo: its notice may be kept open (pointed at) past its 10 s. */
const deleteAllHeldMs = 60_000;
/** The Delete alls whose files and paths are kept, the newest last (their bytes go after deleteAllHeldMs). */
const deleteAllsKept = 20;

function keepDeleteAll(deletion: string, files: ListedFile[], label: string) {
  const store = getParameterFileStore();
  const bytes = store.bytesOf(files.map((file) => file.id));
  deleteAllsTaken.set(deletion, { files, label, bytes });
  for (const old of [...deleteAllsTaken.keys()].slice(0, -deleteAllsKept)) deleteAllsTaken.delete(old);
  setTimeout(() => {
    const taken = deleteAllsTaken.get(deletion);
    if (taken) deleteAllsTaken.set(deletion, { ...taken, bytes: Promise.resolve(new Map()) });
  }, deleteAllHeldMs);
}

async function undoDeleteAll(deletion: string) {
  const store = getParameterFileStore();
  const taken = deleteAllsTaken.get(deletion);
  const bytes = (await taken?.bytes) ?? new Map<string, ArrayBuffer>();
  const held = taken && {
    files: taken.files.filter((file) => bytes.has(file.id)),
    label: taken.label,
    ...(taken.putBack ? { putBack: taken.putBack } : {}),
  };
  const before = store.view();
  const outcome = await store.change(
    { kind: "undoDeleteAll", id: deletion, ...(held ? { held } : {}), order: listOrder },
    bytes,
  );
  if (outcome.kind === "refused") return answerRefused(outcome, listChangesNotDone.undoDeleteAll);
  deleteAllsTaken.delete(deletion);
  const after = store.view();
  const listed = new Set(after.files.map((file) => file.id));
  if (!taken) {
    // This tab no longer knows what that Delete all took: when nothing came back, that is said, not left unsaid.
    const listedBefore = new Set(before.files.map((file) => file.id));
    const nothingBack = after.files.every((file) => listedBefore.has(file.id)) && after.label === before.label;
    if (nothingBack && !outcome.pathTaken && !outcome.goneWithStorage)
      return jsonWithWarning(null, {
        message: listChangesNotDone.undoDeleteAll,
        description: toastMessages.deleteAllUndoTaken,
      });
  }
  // What its Delete all took and is neither listed now nor named already (its path listed, its bytes gone with
  // storage): another Delete all took its Undo, and this tab did not hold it.
  const named = new Set((outcome.pathTaken ?? []).map(({ id }) => id));
  const goneWithStorage = new Set(outcome.goneWithStorage ?? []);
  const notHeld = (taken?.files ?? [])
    .filter((file) => !listed.has(file.id) && !named.has(file.id) && !goneWithStorage.has(file.path))
    .map((file) => file.path);
  return answerUndo(outcome, listChangesNotDone.undoDeleteAll, notHeld);
}

async function deleteAll() {
  const store = getParameterFileStore();
  // The bytes of earlier Delete alls are read before this one takes their place in storage.
  await Promise.all([...deleteAllsTaken.values()].map(({ bytes }) => bytes));
  // The files Undo of one delete put back among those waiting: their Undo puts them back in place (J2).
  const superseded = store.view().waitingForUndo;
  const supersededTaken = superseded?.id === undefined ? undefined : deleteAllsTaken.get(superseded.id);
  if (superseded?.id !== undefined && supersededTaken && superseded.putBack)
    deleteAllsTaken.set(superseded.id, { ...supersededTaken, putBack: superseded.putBack });
  const deletion = newFileId();
  const outcome = await store.change({ kind: "deleteAll", id: deletion });
  if (outcome.kind === "refused") return answerRefused(outcome, listChangesNotDone.deleteAll);
  const waiting = store.view().waitingForUndo;
  if (waiting?.id === deletion) keepDeleteAll(deletion, waiting.files, waiting.label);
  // A new list is most likely the next unit: its card is read afresh, not compared with the last one.
  await getMergeClient().forgetCard();
  getCardFolder().startOver();
  // It found the list empty (another tab's Delete all of the same moment took the files): no Undo of nothing (K6).
  if (waiting?.id !== deletion) return null;
  // After the browser's storage was cleared: Undo is offered only when it brings something back, and what it cannot
  // is named now, not found missing after it.
  const { undoBringsBack, cannotComeBack } = store.view();
  if (cannotComeBack.length === 0) return { deletedAll: true, deletion } satisfies FileActionData;
  const cautions = [
    {
      message: toastMessages.deletedAll,
      description: toastMessages.deletedAllCannotComeBack(summarizePaths(cannotComeBack), undoBringsBack),
    },
  ];
  return (undoBringsBack ? { deletedAll: true, deletion, cautions } : { cautions }) satisfies FileActionData;
}

async function chooseSet(id: string, set: "standard" | "customer") {
  const store = getParameterFileStore();
  const file = (await store.list()).find((listed) => listed.id === id);
  if (!file) return null;
  return answerRefused(
    await store.change({ kind: "chooseSet", id, setOverride: setOverrideFor(file.path, set) }),
    listChangesNotDone.chooseSet(file.path),
  );
}

async function storeAgain() {
  const store = getParameterFileStore();
  const outcome = await store.change({ kind: "storeAgain", ids: store.view().storage.notStoredIds });
  if (outcome.kind !== "stored") return answerRefused(outcome, listChangesNotDone.storeAgain);
  // Another tab stored a file of the same name meanwhile: storing this one too would list the name twice for good.
  const listedTwice = (outcome.pathTaken ?? []).map(({ path }) => path);
  if (listedTwice.length > 0)
    return jsonWithWarning(null, {
      message: toastMessages.notStoredListedTwice,
      description: listedTwiceText(listedTwice),
    });
  // Files whose bytes went with storage cannot be stored again: the notice still names them.
  return store.view().storage.notStored ? null : jsonWithSuccess(null, toastMessages.storedAgain);
}

interface ParFileChoices {
  lineEnding: LineEnding;
  confirmedProblemsKey: string | null;
  label: string;
}

/**
 * Download and Write to SD card: the same gate, then the file leaves the tool, then its service record.
 * For a download the record is stored first, so no navigation can separate a PAR.txt from its record;
 * a record that fails never blocks the file, it is only said.
 */
async function handOutParFile(records: FileListRecords, destination: ParFileDestination, choices: ParFileChoices) {
  const store = getParameterFileStore();
  const files = await store.list();
  const mergeClient = getMergeClient();
  const notDone = destination === "card" ? toastMessages.parFileNotWritten : toastMessages.parFileNotSaved;
  try {
    // The worker answers from the merge it keeps; nothing is read or merged again.
    const parFile = await mergeClient.parFile(files, choices.lineEnding, store.bytesOf);
    const blocker = downloadBlocker({ fileCount: files.length, ...parFile, ...choices });
    if (blocker) return jsonWithWarning(null, notDone(blocker));
    const recorded =
      destination === "card"
        ? await writeCardAndRecord(records, files, parFile.bytes, choices)
        : await recordThenDownload(records, files, parFile.bytes, choices);
    const message = destination === "card" ? toastMessages.parFileWritten : toastMessages.parFileSaved(parFile);
    if (!recorded.saved)
      return jsonWithWarning(null, { message, description: toastMessages.serviceRecordNotSaved(recorded.reason) });
    if (recorded.onlyThisTab)
      return jsonWithWarning(null, {
        message,
        description: toastMessages.serviceRecordOnlyThisTab(recorded.onlyThisTab),
      });
    if (recorded.withoutInputFiles)
      return jsonWithWarning(null, {
        message,
        description: toastMessages.serviceRecordWithoutInputFiles(recorded.withoutInputFiles),
      });
    return jsonWithSuccess(null, { message, description: toastMessages.serviceRecordAdded });
  } catch (error) {
    logger.error("Something went wrong", error);
    // A failure at the card stays on screen as an alert (the card folder keeps it); anything else is said once.
    if (!(error instanceof CardWriteError)) return jsonWithError(null, toastMessages.parFileFailed);
  }
  return null;
}

async function recordThenDownload(
  records: FileListRecords,
  files: ListedFile[],
  parFile: Uint8Array<ArrayBuffer>,
  choices: ParFileChoices,
) {
  const recorded = await records.recordParFile({
    files,
    parFile,
    destination: "downloaded",
    lineEnding: choices.lineEnding,
    label: choices.label,
  });
  saveFile(parFileName, parFile);
  return recorded;
}

/** Writes PAR.txt to the card, reads it back, compares again, and records what the write changed. */
async function writeCardAndRecord(
  records: FileListRecords,
  files: ListedFile[],
  parFile: Uint8Array<ArrayBuffer>,
  choices: ParFileChoices,
) {
  const store = getParameterFileStore();
  const mergeClient = getMergeClient();
  const cardFolder = getCardFolder();
  let written: CardWritten;
  try {
    written = await cardFolder.write(parFile);
  } catch (error) {
    if (error instanceof CardWriteError)
      await recordFailedCardWrite(records, files, parFile, choices, error).catch(async (recordError: unknown) => {
        // The card's failure is what the technician must see; the record's own failure is said under it.
        logger.error("The service record of a failed card write could not be made", recordError);
        await cardFolder.recordedFailedWrite({
          kept: false,
          reason: toastMessages.serviceRecordNotSaved(
            recordError instanceof Error ? recordError.message : String(recordError),
          ),
        });
      });
    throw error;
  }
  // Copies cross to the worker; the card folder keeps its own for the record.
  const previousRead = cardFolder.lastCardRead();
  const previous = previousRead?.bytes ?? null;
  const before = await mergeClient.compareWithCard(files, previous?.slice().buffer ?? null, store.bytesOf);
  // The card now holds these bytes: the comparison on screen says so.
  await mergeClient.compareWithCard(files, written.bytes.slice().buffer, store.bytesOf);
  return records.recordParFile({
    files,
    parFile: written.bytes,
    destination: recordDestinationOfCardWrite("verified"),
    lineEnding: choices.lineEnding,
    label: choices.label,
    cardComparison: {
      summary: withNote(cardComparisonSummary(before.counts, before.byteDifference[choices.lineEnding]), previousRead),
      previousParFile: previous,
    },
  });
}

const withNote = (summary: string, previous: CardRead | null) =>
  recordedCardComparison(summary, previous?.note ?? null);

/**
 * A write that failed after it may have changed the card is recorded as a verified one is (what went in, PAR.txt,
 * the card's PAR.txt from before), under its own destination: the unit's card may hold it now. The alert on
 * /files links to the record, or says why there is none.
 */
async function recordFailedCardWrite(
  records: FileListRecords,
  files: ListedFile[],
  parFile: Uint8Array<ArrayBuffer>,
  choices: ParFileChoices,
  failure: CardWriteError,
) {
  const destination = recordDestinationOfCardWrite(failure.report.cardState);
  if (!destination) return;
  const store = getParameterFileStore();
  const mergeClient = getMergeClient();
  const cardFolder = getCardFolder();
  const previous = failure.previous?.bytes ?? null;
  const before = await mergeClient.compareWithCard(files, previous?.slice().buffer ?? null, store.bytesOf);
  // Nobody knows what the card holds now: the screen goes on comparing with the card as it was last read.
  const lastRead = cardFolder.lastCardRead();
  if (lastRead) await mergeClient.compareWithCard(files, lastRead.bytes?.slice().buffer ?? null, store.bytesOf);
  else await mergeClient.forgetCard();
  const recorded = await records.recordParFile({
    files,
    parFile,
    destination,
    lineEnding: choices.lineEnding,
    label: choices.label,
    cardComparison: {
      summary: withNote(
        cardComparisonSummary(before.counts, before.byteDifference[choices.lineEnding]),
        failure.previous,
      ),
      previousParFile: previous,
    },
  });
  await cardFolder.recordedFailedWrite(
    recorded.saved
      ? {
          kept: true,
          id: recorded.record.id,
          note: recorded.onlyThisTab
            ? toastMessages.serviceRecordOnlyThisTab(recorded.onlyThisTab)
            : recorded.withoutInputFiles
              ? toastMessages.serviceRecordWithoutInputFiles(recorded.withoutInputFiles)
              : null,
        }
      : { kept: false, reason: toastMessages.serviceRecordNotSaved(recorded.reason) },
  );
}

/** Reads the card's PAR.txt (from the open folder, or the picked file) and compares the merge with it. */
async function compareCard(cardFile: File | undefined) {
  const store = getParameterFileStore();
  const cardFolder = getCardFolder();
  try {
    const { read } = cardFile ? await cardFolder.readPickedFile(cardFile) : await cardFolder.read();
    // A copy crosses to the worker; the card folder keeps its own for the service record.
    await getMergeClient().compareWithCard(await store.list(), read.bytes?.slice().buffer ?? null, store.bytesOf);
  } catch (error) {
    logger.error("Something went wrong", error);
    // A failure at the card stays on screen (the card folder keeps it); anything else is said once.
    if (!(error instanceof CardFolderError)) return jsonWithError(null, toastMessages.cardCompareFailed);
  }
  return null;
}

async function exportParameterTable(query: ParameterQuery) {
  const store = getParameterFileStore();
  try {
    const csv = await getMergeClient().parameterTableCsv(await store.list(), query, store.bytesOf);
    saveFile(parameterTableCsvName, csv.bytes, csvMimeType);
    return jsonWithSuccess(null, toastMessages.parameterTableSaved(csv.rowCount));
  } catch (error) {
    logger.error("Something went wrong", error);
    return jsonWithError(null, toastMessages.parameterTableFailed);
  }
}

/**
 * Loading a record's files (records/browser/recordFileActions.ts) takes the list's place as a Delete all does: what
 * it replaced is held in this tab like a Delete all's files, under the load's id, for its notice's Undo (K3).
 * Before it takes the place of what waits for Undo in storage, the bytes earlier Delete alls and loads hold are read,
 * and the files put back among what waits are noted with it, as for a Delete all.
 */
export async function beforeListIsReplaced(): Promise<void> {
  await Promise.all([...deleteAllsTaken.values()].map(({ bytes }) => bytes));
  const superseded = getParameterFileStore().view().waitingForUndo;
  const supersededTaken = superseded?.id === undefined ? undefined : deleteAllsTaken.get(superseded.id);
  if (superseded?.id !== undefined && supersededTaken && superseded.putBack)
    deleteAllsTaken.set(superseded.id, { ...supersededTaken, putBack: superseded.putBack });
}

/** Holds what the load `load` replaced, as keepDeleteAll holds a Delete all's files. */
export function keepReplacedList(load: string, files: ListedFile[], label: string): void {
  keepDeleteAll(load, files, label);
}

/**
 * What this tab holds of the list the load `load` replaced: its files (null when this tab never held it or no longer
 * knows it), and those of them whose bytes it still holds, with their bytes.
 */
export async function heldReplacedList(
  load: string,
): Promise<{ files: ListedFile[] | null; held: DeletedFiles | undefined; bytes: Map<string, ArrayBuffer> }> {
  const taken = deleteAllsTaken.get(load);
  const bytes = (await taken?.bytes) ?? new Map<string, ArrayBuffer>();
  const files = taken?.files.filter((file) => bytes.has(file.id)) ?? [];
  // A replaced list none of whose files can come back is not brought back at all (only its label would).
  const held =
    taken && (files.length > 0 || taken.files.length === 0)
      ? { files, label: taken.label, ...(taken.putBack ? { putBack: taken.putBack } : {}) }
      : undefined;
  return { files: taken?.files ?? null, held, bytes };
}

/** The load's Undo was made: this tab need not hold what it replaced any longer. */
export function forgetReplacedList(load: string): void {
  deleteAllsTaken.delete(load);
}
