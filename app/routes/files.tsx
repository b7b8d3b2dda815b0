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
import { useEffect } from "react";
import { z } from "zod";
import { FileDropZone } from "~/components/merger/FileDropZone";
import { FileListNotices } from "~/components/merger/FileListNotices";
import { MergePreviewPanel } from "~/components/merger/MergePreviewPanel";
import { ParameterFileList } from "~/components/merger/ParameterFileList";
import { ParFilePanel } from "~/components/merger/ParFilePanel";
import { StorageNotice } from "~/components/merger/StorageNotice";
import { ScreenHeading } from "~/components/shell/ScreenHeading";
import { downloadBlocker } from "~/lib/merger/downloadGate";
import {
  addedFileInfoSchema,
  refusalNotices,
  sortIncomingFiles,
  summarizePaths,
  type AddedFileInfo,
  type RefusalNotice,
} from "~/lib/merger/incomingFiles";
import { getMergeClient } from "~/lib/merger/mergeClient";
import { parFileName, type LineEnding } from "~/lib/merger/parFile";
import { getParameterFileStore, newFileId } from "~/lib/merger/parameterFileStore";
import { setOverrideFor } from "~/lib/merger/parameterSet";
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
  problems: z.coerce.number().int().min(1).catch(1),
});

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  const searchParams = new URL(request.url).searchParams;
  const { q, problems } = previewQuerySchema.parse({
    q: searchParams.get("q") ?? "",
    problems: searchParams.get("problems") ?? 1,
  });
  const store = getParameterFileStore();
  const preview = await getMergeClient().preview(
    await store.list(),
    { query: q, problemPage: problems },
    store.bytesOf,
  );
  return { preview, storage: store.status() };
}

/** A download changes no file: the preview on screen stays as it is. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get("intent") === "download" ? false : defaultShouldRevalidate;

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
    intent: z.literal("download"),
    lineEnding: z.enum(["crlf", "lf"]).catch("crlf"),
    confirmedProblemsKey: z.string().optional(),
  }),
]);

function readFileIntent(formData: FormData) {
  const field = (name: string) => formData.get(name) ?? undefined;
  return fileIntentSchema.parse({
    intent: field("intent"),
    file: formData.getAll("file"),
    fileInfo: formData.getAll("fileInfo"),
    id: field("id"),
    set: field("set"),
    offset: field("offset"),
    lineEnding: field("lineEnding"),
    confirmedProblemsKey: field("confirmedProblemsKey"),
  });
}

export interface FileActionData {
  refusals?: RefusalNotice[];
  /** Set after Delete all: the screen offers Undo. */
  deletedAll?: true;
}

/** One change of the file list at a time, in the order they came (two quick picks or clicks). */
const runFileListChange = createSerialQueue();

async function addFiles(files: File[], fileInfos: AddedFileInfo[]) {
  const store = getParameterFileStore();
  const listed = await store.list();
  const sorted = sortIncomingFiles(
    files.map((file, index) => ({
      file,
      name: file.name,
      type: fileInfos[index]?.type ?? file.type,
      path: fileInfos[index]?.path ?? file.name,
    })),
    listed.map((file) => file.path),
  );
  const unreadable: string[] = [];
  const read = await Promise.all(
    sorted.accepted.map(async ({ file, path }) => {
      try {
        return { id: newFileId(), path, setOverride: null, bytes: await file.arrayBuffer() };
      } catch (error) {
        logger.error("Something went wrong", error);
        unreadable.push(path);
        return null;
      }
    }),
  );
  const added = read.filter((file) => file !== null);
  await store.add(added);
  // The store has its copy; the worker takes these bytes over.
  await getMergeClient().read(added.map(({ id, bytes }) => ({ id, bytes })));

  const refusals = refusalNotices(sorted, {
    wrongFormat: toastMessages.wrongFileFormat,
    alreadyImported: toastMessages.fileAlreadyImported,
  });
  if (unreadable.length > 0)
    refusals.push({ message: toastMessages.filesNotRead, description: summarizePaths(unreadable) });
  // Refusals travel as action data, not as a flash cookie: any number of them fits, one notice per reason.
  return { refusals } satisfies FileActionData;
}

async function downloadParFile(lineEnding: LineEnding, confirmedProblemsKey: string | null) {
  const store = getParameterFileStore();
  const files = await store.list();
  try {
    // The worker answers from the merge it keeps; nothing is read or merged again.
    const parFile = await getMergeClient().parFile(files, lineEnding, store.bytesOf);
    const blocker = downloadBlocker({ fileCount: files.length, ...parFile, confirmedProblemsKey });
    if (blocker) return jsonWithWarning(null, toastMessages.parFileNotSaved(blocker));
    saveFile(parFileName, parFile.bytes);
    return jsonWithSuccess(null, toastMessages.parFileSaved(parFile));
  } catch (error) {
    logger.error("Something went wrong", error);
    return jsonWithError(null, toastMessages.parFileFailed);
  }
}

export async function clientAction({ request }: ClientActionFunctionArgs) {
  const intent = readFileIntent(await request.formData());
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
    case "download":
      return downloadParFile(intent.lineEnding, intent.confirmedProblemsKey ?? null);
  }
}

export default function Files() {
  const { preview, storage } = useLoaderData<typeof clientLoader>();
  // Another tab of the app changed the list: show it here too.
  const { revalidate } = useRevalidator();
  useEffect(() => getParameterFileStore().onChangedElsewhere(revalidate), [revalidate]);
  return (
    <>
      <ScreenHeading title={screenHeadings["/files"].title}>{screenHeadings["/files"].intro}</ScreenHeading>
      <FileListNotices />
      <Stack gap="lg">
        <StorageNotice storage={storage} />
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="md">
              <FileDropZone listedPaths={preview.files.map((file) => file.path)} />
              <ParameterFileList files={preview.files} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <ParFilePanel preview={preview} />
          </Grid.Col>
        </Grid>
        {preview.files.length > 0 ? <MergePreviewPanel preview={preview} /> : null}
      </Stack>
    </>
  );
}
