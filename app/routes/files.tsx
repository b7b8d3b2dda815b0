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
import { MergePreviewPanel } from "~/components/merger/MergePreviewPanel";
import { ParameterFileList } from "~/components/merger/ParameterFileList";
import { ParFilePanel } from "~/components/merger/ParFilePanel";
import { StorageNotice } from "~/components/merger/StorageNotice";
import { ScreenHeading } from "~/components/shell/ScreenHeading";
import { downloadBlocker } from "~/lib/merger/downloadGate";
import { addedFileInfoSchema, sortIncomingFiles, type AddedFileInfo } from "~/lib/merger/incomingFiles";
import { getMergeClient } from "~/lib/merger/mergeClient";
import { parFileName, type LineEnding } from "~/lib/merger/parFile";
import { getParameterFileStore, newFileId } from "~/lib/merger/parameterFileStore";
import { setOverrideFor } from "~/lib/merger/parameterSet";
import { logger } from "~/lib/shell/logger";
import { pageTitle } from "~/lib/shell/product";
import { saveFile } from "~/lib/shell/saveFile";
import { toastMessages } from "~/lib/shell/toastMessages";
import { jsonWithError, jsonWithSuccess, jsonWithWarning } from "~/lib/shell/toastSession";

export const meta: MetaFunction = () => [{ title: pageTitle("SD Card Files") }];

const previewQuerySchema = z.object({ q: z.string().max(200).catch("") });

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  const { q } = previewQuerySchema.parse({ q: new URL(request.url).searchParams.get("q") ?? "" });
  const store = getParameterFileStore();
  const preview = await getMergeClient().preview(await store.list(), q, store.bytesOf);
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
    lineEnding: field("lineEnding"),
    confirmedProblemsKey: field("confirmedProblemsKey"),
  });
}

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

  const refused = [...sorted.wrongFormat, ...sorted.alreadyImported].map((file) => file.path);
  if (refused.length > 0) {
    const message = sorted.wrongFormat.length > 0 ? toastMessages.wrongFileFormat : toastMessages.fileAlreadyImported;
    return jsonWithError(null, { message, description: `Not added: ${refused.join(", ")}` });
  }
  if (unreadable.length > 0) return jsonWithError(null, toastMessages.filesNotRead(unreadable));
  return null;
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
  const store = getParameterFileStore();
  switch (intent.intent) {
    case "add":
      return addFiles(intent.file, intent.fileInfo);
    case "delete":
      await store.remove(intent.id);
      return null;
    case "delete-all":
      await store.removeAll();
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
      <ScreenHeading title="SD card file merger">
        Add the standard parameter files and the customer files (KUNDESPEC). Customer values win; check the preview,
        then download PAR.txt for the unit&apos;s SD card.
      </ScreenHeading>
      <Stack gap="lg">
        <StorageNotice storage={storage} />
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="md">
              <FileDropZone />
              <ParameterFileList files={preview.files} problems={preview.problems} />
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
