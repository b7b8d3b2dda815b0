/**
 * Adding files, as every way in does (drop, pickers, paste, "open with", a share): sorted by path, checked, read,
 * and listed as one change of the list, in its turn.
 */
import { deviceSetSizeLimit, setSizeRefusal } from "~/lib/merger/deviceLimit";
import type { FileActionData } from "~/lib/merger/fileListIntents";
import { planChange } from "~/lib/merger/fileListVersions";
import { fileListTexts } from "~/lib/merger/fileListTexts";
import {
  addedBesideNamesakes,
  fileNameOfPath,
  namesakesWithOtherContent,
  refusalNotices,
  sortIncomingFiles,
  summarizePaths,
  withOtherContent,
  type AddedFileInfo,
} from "~/lib/merger/incomingFiles";
import type { ListedFile } from "~/lib/merger/listedFile";
import {
  closeNotAdded,
  keepAfterAdd,
  type AddForNotice,
  type NotAddedKept,
  type RefusedFile,
} from "~/lib/merger/notAddedNotice";
import { normalizeParameterFilePath } from "~/lib/merger/parameterFilePath";
import { setOfFile, setOfPath } from "~/lib/merger/parameterSet";
import { highestPastedNumber, nextPastedFileName, withFreePastedNames } from "~/lib/merger/pastedText";
import { deviceMemoryGb } from "~/lib/shell/browser/deviceMemory";
import { pauseEvery } from "~/lib/shell/browser/pauseEvery";
import { logger } from "~/lib/shell/logger";
import { toastMessages } from "~/lib/shell/toastMessages";
import { getFileListStore, newFileId } from "./fileListStore";
import { getMergeClient } from "./mergeClient";

/**
 * What this tab's adds left out since the notice above the list was closed (a reload forgets it): the notice says
 * it against the list as it is each time the screen is shown.
 */
let notAddedKept: NotAddedKept | null = null;
let addCount = 0;

export function notAddedSoFar(): NotAddedKept | null {
  return notAddedKept;
}

export function closeNotAddedNotice(add: number): void {
  notAddedKept = closeNotAdded(notAddedKept, add);
}

function rememberNotAdded(add: Omit<AddForNotice, "add">) {
  addCount += 1;
  notAddedKept = keepAfterAdd(notAddedKept, { add: addCount, ...add });
}

const refusedAs = (reason: RefusedFile["reason"], files: readonly { path: string; listedId?: string }[]) =>
  files.map(({ path, listedId }): RefusedFile => ({ path, reason, listedId: listedId ?? null }));

/** The name the next pasted text gets: never one a paste of this list's history had. */
export function nextPastedName(versions: readonly { files: readonly { path: string }[] }[]): string {
  return nextPastedFileName(highestPastedNumber(versions.flatMap((version) => version.files.map((file) => file.path))));
}

async function bytesOf(file: File): Promise<Uint8Array | null> {
  try {
    return new Uint8Array(await file.arrayBuffer());
  } catch {
    return null;
  }
}

/**
 * Adds files. `done`: the files the add is done with, listed or refused for good (not text); the rest (a set too
 * big, a file not read, a path already listed) the technician may want to add again, so a waiting share keeps them.
 */
export async function addFiles(
  files: readonly File[],
  fileInfos: readonly AddedFileInfo[],
): Promise<{ answer: FileActionData; done: ReadonlySet<File> }> {
  const store = getFileListStore();
  const { history } = await store.read();
  const listed = history.current.files;
  const incoming = files.map((file, index) => ({
    file: { file, id: newFileId() },
    name: file.name,
    type: fileInfos[index]?.type ?? file.type,
    path: fileInfos[index]?.path ?? normalizeParameterFilePath(undefined, file.name),
    pasted: fileInfos[index]?.pasted === true,
  }));
  // Pasted text has no file to pick again: named against the list as it is now, not refused as already listed.
  const named = withFreePastedNames(
    incoming,
    ({ pasted }) => pasted,
    listed.map((file) => file.path),
  );
  const sorted = sortIncomingFiles(
    named,
    listed.map((file) => file.path),
  );
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
  // Starting a read costs the main thread a look at the file on disk too: the reads start in slices.
  const reading: Promise<(ListedFile & { bytes: ArrayBuffer }) | null>[] = [];
  for (const { file, path } of sorted.accepted) {
    reading.push(
      file.file.arrayBuffer().then(
        (bytes) => ({ id: file.id, path, setOverride: null, size: bytes.byteLength, bytes }),
        (error: unknown) => {
          logger.error("Something went wrong", error);
          unreadable.push({ id: file.id, path });
          return null;
        },
      ),
    );
    await pause();
  }
  const read = (await Promise.all(reading)).filter((file) => file !== null);
  // Files of this pick that share a path with other content (or content not read): which one is used would be
  // the device's order, so none of them is added.
  const takenBytesByPath = new Map<string, Uint8Array | null>(unreadable.map(({ path }) => [path, null]));
  for (const { path, bytes } of read) takenBytesByPath.set(path, new Uint8Array(bytes));
  const samePick = sorted.alreadyImported.filter(({ path }) => takenBytesByPath.has(path));
  const namesakes = namesakesWithOtherContent(
    await Promise.all(samePick.map(async ({ file, path }) => ({ id: file.id, path, bytes: await bytesOf(file.file) }))),
    (path) => takenBytesByPath.get(path),
  );
  const namesakePaths = new Set(namesakes.map(({ path }) => path));
  unreadable.push(...namesakes.filter((namesake) => namesake.bytes === null).map(({ id, path }) => ({ id, path })));
  const added = read.filter((file) => !namesakePaths.has(file.path));
  // Compared before the bytes are transferred to the worker, which leaves them empty here.
  const beside = await besideListedNamesakes(added, listed);
  const editedAgain = await listedWithOtherContent(sorted.alreadyImported, listed);
  // Read by the merge first, then stored: a set that takes the tab down while it is read is never stored, so the
  // next visit opens with the list as it was. The worker takes copies; the store keeps the bytes read.
  const mergeClient = getMergeClient();
  await mergeClient.read(added.map(({ id, bytes }) => ({ id, bytes: bytes.slice(0) })));
  const result = await store.change(
    (now) => planChange(now, { kind: "add", files: added.map(({ bytes: _bytes, ...file }) => file) }),
    new Map(added.map((file) => [file.id, file.bytes])),
  );
  // Another tab took editing over while these were read: nothing is added, and the files are named.
  if (!result.made && result.why === "readOnly")
    return {
      answer: {
        refusals: [
          { message: fileListTexts.notAddedReadOnly, description: summarizePaths(added.map((file) => file.path)) },
        ],
      },
      done: new Set(),
    };
  // The worker merges the new list while the router goes on to the loader, whose preview then finds it merged.
  if (result.made)
    mergeClient
      .prepare(result.history.current.files, store.bytesOf)
      .catch((error: unknown) => logger.error("Something went wrong", error));
  const listedAfter = result.made ? result.history.current.files : listed;
  const idOfListed = new Map(listedAfter.map((file) => [file.path, file.id]));
  rememberNotAdded({
    refused: [
      ...refusedAs("wrongFormat", sorted.wrongFormat),
      ...refusedAs("alreadyImportedWithOtherContent", editedAgain),
      ...refusedAs("namesakesWithOtherContent", namesakes),
      ...refusedAs("notRead", unreadable),
    ],
    listedPaths: added.map((file) => file.path),
    beside: beside.flatMap(({ path, listedPath }) => {
      const id = idOfListed.get(path);
      const listedId = idOfListed.get(listedPath);
      return id && listedId ? [{ id, listedId }] : [];
    }),
  });
  const refusals = refusalNotices(
    {
      wrongFormat: sorted.wrongFormat,
      alreadyImported: sorted.alreadyImported,
      alreadyImportedWithOtherContent: editedAgain,
      namesakesWithOtherContent: namesakes,
    },
    {
      wrongFormat: toastMessages.wrongFileFormat,
      alreadyImported: toastMessages.fileAlreadyImported,
      namesakesWithOtherContent: toastMessages.namesakesWithOtherContent,
    },
  );
  if (unreadable.length > 0)
    refusals.push({
      message: toastMessages.filesNotRead,
      description: `Not added: ${summarizePaths(unreadable.map((file) => file.path))}`,
    });
  const done = new Set(sorted.wrongFormat.map(({ file }) => file.file));
  // Only a stored add is done with: a share whose files the tab alone holds keeps waiting (a reload would lose them).
  if (result.made && result.stored)
    for (const file of added) done.add(sorted.accepted.find((one) => one.file.id === file.id)!.file.file);
  const cautions =
    beside.length > 0
      ? {
          cautions: [
            {
              message: toastMessages.addedBesideNamesake,
              description: toastMessages.addedBesideNamesakeExplained(beside),
            },
          ],
        }
      : {};
  // Refusals travel as action data, not as a flash toast: any number of them fits, one notice per reason.
  return { answer: { refusals, ...cautions }, done };
}

/** The added files that have the name of a listed file, with other content; the rule is addedBesideNamesakes'. */
async function besideListedNamesakes(
  added: readonly { path: string; bytes: ArrayBuffer }[],
  listed: readonly ListedFile[],
) {
  const addedNames = new Set(added.map(({ path }) => fileNameOfPath(path).toLowerCase()));
  const ofAddedNames = listed.filter(({ path }) => addedNames.has(fileNameOfPath(path).toLowerCase()));
  if (ofAddedNames.length === 0) return [];
  const listedBytes = await getFileListStore().bytesOf(ofAddedNames.map(({ id }) => id));
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
  refused: readonly { file: { file: File }; path: string }[],
  listed: readonly ListedFile[],
): Promise<{ path: string; listedId: string }[]> {
  const listedIdByPath = new Map(listed.map((file) => [file.path, file.id]));
  const ofListed = refused.filter(({ path }) => listedIdByPath.has(path));
  if (ofListed.length === 0) return [];
  const listedBytes = await getFileListStore().bytesOf(ofListed.map(({ path }) => listedIdByPath.get(path)!));
  const refusedBytes = await Promise.all(
    ofListed.map(async ({ file, path }) => ({ path, bytes: await bytesOf(file.file) })),
  );
  return withOtherContent(refusedBytes, (path) => {
    const bytes = listedBytes.get(listedIdByPath.get(path)!);
    return bytes ? new Uint8Array(bytes) : null;
  }).map(({ path }) => ({ path, listedId: listedIdByPath.get(path)! }));
}
