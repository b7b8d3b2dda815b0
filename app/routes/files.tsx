import "@mantine/dropzone/styles.css";

import { Grid, Stack } from "@mantine/core";
import {
  useLoaderData,
  useRevalidator,
  type ClientActionFunctionArgs,
  type ClientLoaderFunctionArgs,
  type MetaFunction,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { memo, useEffect } from "react";
import { z } from "zod";
import { BrowserAbilitiesNote } from "~/components/merger/BrowserAbilitiesNote";
import { CardPanel } from "~/components/merger/CardPanel";
import { FileDropZone } from "~/components/merger/FileDropZone";
import { FileListNotices } from "~/components/merger/FileListNotices";
import { MergePreviewPanel } from "~/components/merger/MergePreviewPanel";
import type { LoadParameterRows } from "~/components/merger/ParameterTablePanel";
import { ParameterFileList } from "~/components/merger/ParameterFileList";
import { NotKeptNotice } from "~/components/merger/NotKeptNotice";
import { ParFilePanel, useParFileChoices, type ParFileChoices } from "~/components/merger/ParFilePanel";
import { StorageNotice } from "~/components/merger/StorageNotice";
import { RouterActionsProvider } from "~/components/shell/RouterActions";
import { ScreenHeading } from "~/components/shell/ScreenHeading";
import { whenIdle } from "~/components/shell/useShownLater";
import { downloadBlocker } from "~/lib/merger/downloadGate";
import {
  addedFileInfoSchema,
  refusalNotices,
  sortIncomingFiles,
  summarizePaths,
  type AddedFileInfo,
  type RefusalNotice,
} from "~/lib/merger/incomingFiles";
import { cardComparisonSummary } from "~/lib/merger/cardCompare";
import { CardFolderError, getCardFolder } from "~/lib/merger/cardFolder";
import { setSizeLimit, setSizeRefusal } from "~/lib/merger/deviceLimit";
import { nextPastedFileName, takeWaitingFiles } from "~/lib/merger/addedFiles";
import { createLoadMark } from "~/lib/merger/interruptedLoad";
import { getMergeClient } from "~/lib/merger/mergeClient";
import { parFileName, type LineEnding } from "~/lib/merger/parFile";
import { getParameterFileStore, newFileId } from "~/lib/merger/parameterFileStore";
import { parameterFilters, parameterTableCsvName, type ParameterQuery } from "~/lib/merger/parameterTable";
import { setOverrideFor } from "~/lib/merger/parameterSet";
import { recordParFile } from "~/lib/records/recordParFile";
import { getServiceRecordStore } from "~/lib/records/serviceRecordStore";
import { logger } from "~/lib/shell/logger";
import { pageTitle } from "~/lib/shell/product";
import { screenHeadings } from "~/lib/shell/screenHeadings";
import { saveFile } from "~/lib/shell/saveFile";
import { createSerialQueue } from "~/lib/shell/serialQueue";
import { toastMessages } from "~/lib/shell/toastMessages";
import { jsonWithError, jsonWithSuccess, jsonWithWarning } from "~/lib/shell/toastSession";

export const meta: MetaFunction = () => [{ title: pageTitle("SD Card Files") }];

const previewQuerySchema = z.object({
  q: z.string().max(200).catch(""),
  show: z.enum(parameterFilters).catch("all"),
  problems: z.coerce.number().int().min(1).catch(1),
});

/** The browser's word on the device's memory (Chromium only). */
const deviceMemoryGb = () =>
  typeof navigator === "undefined" ? undefined : (navigator as Navigator & { deviceMemory?: number }).deviceMemory;

const loadMark = createLoadMark(typeof localStorage === "undefined" ? null : localStorage);
let interruptedLoad: Promise<string[] | null> | undefined;

/**
 * Once a visit, before the list is first read or changed: files whose load
 * never finished (the tab crashed or closed) are taken out; their paths are named.
 */
function takeOutInterruptedLoad(): Promise<string[] | null> {
  interruptedLoad ??= (async () => {
    const interrupted = loadMark.takeInterrupted();
    if (!interrupted) return null;
    const store = getParameterFileStore();
    for (const id of interrupted.ids) await store.remove(id);
    return interrupted.paths;
  })();
  return interruptedLoad;
}

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  const searchParams = new URL(request.url).searchParams;
  const { q, show, problems } = previewQuerySchema.parse({
    q: searchParams.get("q") ?? "",
    show: searchParams.get("show") ?? "all",
    problems: searchParams.get("problems") ?? 1,
  });
  const notKeptPaths = await takeOutInterruptedLoad();
  const store = getParameterFileStore();
  const files = await store.list();
  const mergeClient = getMergeClient();
  const cardFolder = getCardFolder();
  // Both questions go to the worker at once (it answers in order), and the card folder is restored meanwhile.
  // The comparison follows the files: the worker compares again with the card's kept bytes when they changed.
  const [preview, comparison] = await Promise.all([
    mergeClient.preview(files, { filter: show, query: q, problemPage: problems }, store.bytesOf),
    mergeClient.cardComparison(files, store.bytesOf),
    cardFolder.restore(),
  ]);
  loadMark.loaded(files.map((file) => file.id));
  return { preview, storage: store.status(), notKeptPaths, card: { ...cardFolder.status(), comparison } };
}

/** Rows of the table as the technician scrolls: a window of the merge the worker keeps. */
const loadParameterRows: LoadParameterRows = (request) => getMergeClient().parameterRows(request);

/** A download or an export changes no file: the preview on screen stays as it is. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get("intent") === "download" || formData?.get("intent") === "export-table"
    ? false
    : defaultShouldRevalidate;

const fileIntentSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("add"),
    file: z.array(z.instanceof(File)),
    fileInfo: z.array(
      z
        .string()
        .transform((json) => JSON.parse(json) as unknown)
        .pipe(addedFileInfoSchema),
    ),
  }),
  z.object({ intent: z.literal("delete"), id: z.string().min(1) }),
  z.object({ intent: z.literal("delete-all") }),
  z.object({ intent: z.literal("undo-delete-all") }),
  z.object({ intent: z.literal("move"), id: z.string().min(1), offset: z.enum(["-1", "1"]).transform(Number) }),
  z.object({ intent: z.literal("set-kind"), id: z.string().min(1), set: z.enum(["standard", "customer"]) }),
  z.object({
    intent: z.literal("export-table"),
    show: z.enum(parameterFilters).catch("all"),
    q: z.string().max(200).catch(""),
  }),
  z.object({
    intent: z.enum(["download", "write-card"]),
    lineEnding: z.enum(["crlf", "lf"]).catch("crlf"),
    confirmedProblemsKey: z.string().optional(),
    serviceLabel: z.string().catch(""),
  }),
  // Without a file: read PAR.txt from the card folder opened in the click handler.
  z.object({ intent: z.literal("compare-card"), cardFile: z.instanceof(File).optional() }),
  z.object({ intent: z.literal("load-record"), recordId: z.string().min(1) }),
  z.object({ intent: z.literal("undo-load-record"), id: z.array(z.string().min(1)) }),
]);

function readFileIntent(formData: FormData) {
  const field = (name: string) => formData.get(name) ?? undefined;
  return fileIntentSchema.parse({
    intent: field("intent"),
    // Files a form lists (route tests post them) or the picked ones waiting for this batch.
    file: [...formData.getAll("file"), ...takeWaitingFiles(formData.get("batch") as string | null)],
    fileInfo: formData.getAll("fileInfo"),
    id: field("intent") === "undo-load-record" ? formData.getAll("id") : field("id"),
    set: field("set"),
    offset: field("offset"),
    lineEnding: field("lineEnding"),
    confirmedProblemsKey: field("confirmedProblemsKey"),
    cardFile: field("cardFile"),
    serviceLabel: field("serviceLabel") ?? "",
    recordId: field("recordId"),
    show: field("show"),
    q: field("q"),
  });
}

export interface FileActionData {
  refusals?: RefusalNotice[];
  /** Set after Delete all: the screen offers Undo. */
  deletedAll?: true;
  /** Set after "Load these files again": the screen offers Undo (remove these ids, bring the list before back). */
  loadedRecord?: { ids: string[]; gonePaths: string[] };
}

/** One change of the file list at a time, in the order they came (two quick picks or clicks). */
const runFileListChange = createSerialQueue();

async function addFiles(files: File[], fileInfos: AddedFileInfo[]) {
  const store = getParameterFileStore();
  const listed = await store.list();
  // The file keeps the id the list showed it under while it was read (a new one if that is taken).
  const listedIds = new Set(listed.map((file) => file.id));
  const idOf = (info: AddedFileInfo | undefined) =>
    info?.id !== undefined && !listedIds.has(info.id) ? info.id : newFileId();
  const sorted = sortIncomingFiles(
    files.map((file, index) => ({
      file: { file, id: idOf(fileInfos[index]) },
      name: file.name,
      type: fileInfos[index]?.type ?? file.type,
      path: fileInfos[index]?.path ?? file.name,
    })),
    listed.map((file) => file.path),
  );
  const sizeRefusal = setSizeRefusal(
    {
      listedBytes: listed.reduce((total, file) => total + (file.size ?? 0), 0),
      addedBytes: sorted.accepted.reduce((total, { file: { file } }) => total + file.size, 0),
    },
    setSizeLimit(deviceMemoryGb()),
    deviceMemoryGb(),
  );
  if (sizeRefusal) {
    return {
      refusals: [{ message: toastMessages.setTooBig, description: sizeRefusal }],
    } satisfies FileActionData;
  }
  const unreadable: string[] = [];
  const read = await Promise.all(
    sorted.accepted.map(async ({ file: { file, id }, path }) => {
      try {
        const bytes = await file.arrayBuffer();
        return { id, path, setOverride: null, size: bytes.byteLength, bytes, source: file };
      } catch (error) {
        logger.error("Something went wrong", error);
        unreadable.push(path);
        return null;
      }
    }),
  );
  const added = read.filter((file) => file !== null);
  loadMark.loading({ ids: added.map((file) => file.id), paths: added.map((file) => file.path) });
  await store.add(added);
  // The store has its copy; the worker takes these bytes over.
  const mergeClient = getMergeClient();
  await mergeClient.read(added.map(({ id, bytes }) => ({ id, bytes })));
  // The worker merges the new list while the router goes on to the loader, whose preview then finds it merged.
  const listedNow = [...listed, ...added.map(({ id, path, setOverride }) => ({ id, path, setOverride }))];
  mergeClient.prepare(listedNow, store.bytesOf).catch((error: unknown) => logger.error("Something went wrong", error));

  const refusals = refusalNotices(sorted, {
    wrongFormat: toastMessages.wrongFileFormat,
    alreadyImported: toastMessages.fileAlreadyImported,
  });
  if (unreadable.length > 0)
    refusals.push({ message: toastMessages.filesNotRead, description: summarizePaths(unreadable) });
  // Refusals travel as action data, not as a flash cookie: any number of them fits, one notice per reason.
  return { refusals } satisfies FileActionData;
}

async function downloadParFile(lineEnding: LineEnding, confirmedProblemsKey: string | null, label: string) {
  const store = getParameterFileStore();
  const files = await store.list();
  try {
    // The worker answers from the merge it keeps; nothing is read or merged again.
    const parFile = await getMergeClient().parFile(files, lineEnding, store.bytesOf);
    const blocker = downloadBlocker({ fileCount: files.length, ...parFile, confirmedProblemsKey });
    if (blocker) return jsonWithWarning(null, toastMessages.parFileNotSaved(blocker));
    saveFile(parFileName, parFile.bytes);
    // The file is out; the record follows and, if it fails, only says so.
    const recorded = await recordParFile({
      files,
      lineEnding,
      parFile: parFile.bytes,
      destination: "downloaded",
      label,
    });
    const message = toastMessages.parFileSaved(parFile);
    return recorded.saved
      ? jsonWithSuccess(null, { message, description: toastMessages.serviceRecordAdded })
      : jsonWithWarning(null, { message, description: toastMessages.serviceRecordNotSaved(recorded.reason) });
  } catch (error) {
    logger.error("Something went wrong", error);
    return jsonWithError(null, toastMessages.parFileFailed);
  }
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

/**
 * Writes PAR.txt to the card under the same rule as Download, reads it back,
 * compares with it again, and adds the service record with what the write
 * changed against the card's previous PAR.txt.
 */
async function writeCard(lineEnding: LineEnding, confirmedProblemsKey: string | null, label: string) {
  const store = getParameterFileStore();
  const files = await store.list();
  const mergeClient = getMergeClient();
  try {
    const parFile = await mergeClient.parFile(files, lineEnding, store.bytesOf);
    const blocker = downloadBlocker({ fileCount: files.length, ...parFile, confirmedProblemsKey });
    if (blocker) return jsonWithWarning(null, toastMessages.parFileNotWritten(blocker));
    const cardFolder = getCardFolder();
    const written = await cardFolder.write(parFile.bytes);
    // Copies cross to the worker; the card folder keeps its own for the record.
    const previous = cardFolder.lastCardRead()?.bytes ?? null;
    const before = await mergeClient.compareWithCard(files, previous?.slice().buffer ?? null, store.bytesOf);
    // The card now holds these bytes: the comparison on screen says so.
    await mergeClient.compareWithCard(files, written.bytes.slice().buffer, store.bytesOf);
    const recorded = await recordParFile({
      files,
      lineEnding,
      parFile: written.bytes,
      destination: "card",
      label,
      cardComparison: {
        summary: cardComparisonSummary(before.counts, before.byteDifference[lineEnding]),
        previousParFile: previous,
      },
    });
    const message = toastMessages.parFileWritten;
    return recorded.saved
      ? jsonWithSuccess(null, { message, description: toastMessages.serviceRecordAdded })
      : jsonWithWarning(null, { message, description: toastMessages.serviceRecordNotSaved(recorded.reason) });
  } catch (error) {
    logger.error("Something went wrong", error);
    // A failure at the card stays on screen as an alert (the card folder keeps it); anything else is said once.
    if (!(error instanceof CardFolderError)) return jsonWithError(null, toastMessages.parFileFailed);
  }
  return null;
}

/** Replaces the list with the record's kept files (Delete all first, so Undo can bring the list back). */
async function loadRecordFiles(recordId: string) {
  const record = await getServiceRecordStore().get(recordId);
  if (!record) return jsonWithError(null, toastMessages.serviceRecordNotFound);
  const { files, gonePaths } = await getServiceRecordStore().inputFilesOf(record);
  if (files.length === 0) return jsonWithWarning(null, toastMessages.recordFilesGone);
  const store = getParameterFileStore();
  await store.removeAll();
  const added = files.map((file) => ({ id: newFileId(), ...file }));
  await store.add(added);
  await getMergeClient().read(added.map(({ id, bytes }) => ({ id, bytes })));
  return { loadedRecord: { ids: added.map((file) => file.id), gonePaths } } satisfies FileActionData;
}

async function undoLoadRecordFiles(ids: readonly string[]) {
  const store = getParameterFileStore();
  for (const id of ids) await store.remove(id);
  await store.restoreDeleted();
  return null;
}

async function exportParameterTable(query: ParameterQuery) {
  const store = getParameterFileStore();
  try {
    const csv = await getMergeClient().parameterTableCsv(await store.list(), query, store.bytesOf);
    saveFile(parameterTableCsvName, csv.bytes, "text/csv");
    return jsonWithSuccess(null, toastMessages.parameterTableSaved(csv.rowCount));
  } catch (error) {
    logger.error("Something went wrong", error);
    return jsonWithError(null, toastMessages.parameterTableFailed);
  }
}

export async function clientAction({ request }: ClientActionFunctionArgs) {
  const intent = readFileIntent(await request.formData());
  await takeOutInterruptedLoad();
  return runFileListChange(() => changeFileList(intent));
}

async function changeFileList(intent: z.infer<typeof fileIntentSchema>) {
  const store = getParameterFileStore();
  switch (intent.intent) {
    case "add":
      return addFiles(intent.file, intent.fileInfo);
    case "delete":
      await store.remove(intent.id);
      return null;
    case "delete-all":
      await store.removeAll();
      // A new list is most likely the next unit: its card is read afresh, not compared with the last one.
      await getMergeClient().forgetCard();
      getCardFolder().startOver();
      return { deletedAll: true } satisfies FileActionData;
    case "undo-delete-all":
      await store.restoreDeleted();
      return null;
    case "move":
      await store.move(intent.id, intent.offset === -1 ? -1 : 1);
      return null;
    case "set-kind": {
      const file = (await store.list()).find((listed) => listed.id === intent.id);
      if (file) await store.setSet(intent.id, setOverrideFor(file.path, intent.set));
      return null;
    }
    case "export-table":
      return exportParameterTable({ filter: intent.show, query: intent.q });
    case "download":
      return downloadParFile(intent.lineEnding, intent.confirmedProblemsKey ?? null, intent.serviceLabel);
    case "write-card":
      return writeCard(intent.lineEnding, intent.confirmedProblemsKey ?? null, intent.serviceLabel);
    case "compare-card":
      return compareCard(intent.cardFile);
    case "load-record":
      return loadRecordFiles(intent.recordId);
    case "undo-load-record":
      return undoLoadRecordFiles(intent.id);
  }
}

export default function Files() {
  const loaded = useLoaderData<typeof clientLoader>();
  const parFileChoices = useParFileChoices();
  // Another tab of the app changed the list: show it here too.
  const { revalidate } = useRevalidator();
  useEffect(() => getParameterFileStore().onChangedElsewhere(revalidate), [revalidate]);
  // The worker starts once the screen is up, not before it: the first files find it ready.
  useEffect(() => whenIdle(() => getMergeClient().start()), []);
  return (
    <RouterActionsProvider>
      <FilesScreen {...loaded} parFileChoices={parFileChoices} />
    </RouterActionsProvider>
  );
}

type FilesScreenProps = ReturnType<typeof useLoaderData<typeof clientLoader>> & { parFileChoices: ParFileChoices };

/**
 * The screen, rendered again only when the list, the merge or a choice changes: the router's
 * submitting and loading states re-render just the parts that show them (buttons, the drop zone).
 */
const FilesScreen = memo(function FilesScreen({
  preview,
  storage,
  notKeptPaths,
  card,
  parFileChoices,
}: FilesScreenProps) {
  return (
    <>
      <ScreenHeading title={screenHeadings["/files"].title}>{screenHeadings["/files"].intro}</ScreenHeading>
      <FileListNotices />
      <Stack gap="lg">
        <BrowserAbilitiesNote />
        <StorageNotice storage={storage} />
        <NotKeptNotice paths={notKeptPaths} />
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="md">
              <FileDropZone nextPastedName={nextPastedFileName(preview.files.map((file) => file.path))} />
              <ParameterFileList files={preview.files} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <ParFilePanel preview={preview} choices={parFileChoices} />
          </Grid.Col>
        </Grid>
        {preview.files.length > 0 ? <CardPanel card={card} preview={preview} choices={parFileChoices} /> : null}
        {preview.files.length > 0 ? (
          <MergePreviewPanel preview={preview} loadParameterRows={loadParameterRows} />
        ) : null}
      </Stack>
    </>
  );
});
