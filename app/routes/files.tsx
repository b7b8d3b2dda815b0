import "@mantine/dropzone/styles.css";

import { Grid, Stack } from "@mantine/core";
import {
  useLoaderData,
  useRevalidator,
  type ClientActionFunctionArgs,
  type ClientLoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/react";
import { useEffect } from "react";
import { z } from "zod";
import { FileDropZone } from "~/components/merger/FileDropZone";
import { MergePreviewPanel } from "~/components/merger/MergePreviewPanel";
import { ParameterFileList } from "~/components/merger/ParameterFileList";
import { ParFilePanel } from "~/components/merger/ParFilePanel";
import { StorageNotice } from "~/components/merger/StorageNotice";
import { ScreenHeading } from "~/components/shell/ScreenHeading";
import { addedFileInfoSchema, sortIncomingFiles, type AddedFileInfo } from "~/lib/merger/incomingFiles";
import { logger } from "~/lib/shell/logger";
import { getMergeEngine } from "~/lib/merger/mergeClient";
import { newFileId, getParameterFileStore } from "~/lib/merger/parameterFileStore";
import { setOfPath } from "~/lib/merger/parameterFilePath";
import { parFileName } from "~/lib/merger/parameterMerge";
import { pageTitle } from "~/lib/shell/product";
import { saveTextFile } from "~/lib/shell/saveFile";
import { toastMessages } from "~/lib/shell/toastMessages";
import { jsonWithError, jsonWithSuccess, jsonWithWarning } from "~/lib/shell/toastSession";

export const meta: MetaFunction = () => [{ title: pageTitle("SD Card Files") }];

const previewQuerySchema = z.object({ q: z.string().max(200).catch("") });

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  const { q } = previewQuerySchema.parse({ q: new URL(request.url).searchParams.get("q") ?? "" });
  const store = getParameterFileStore();
  const preview = await getMergeEngine().preview(await store.list(), q);
  return { preview, storage: store.status() };
}

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
    problemsChecked: z.literal("on").optional(),
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
    problemsChecked: field("problemsChecked"),
  });
}

export type FileActionData = { ok: boolean };

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
  await store.add(read.filter((file) => file !== null));

  const refused = [...sorted.wrongFormat, ...sorted.alreadyImported].map((file) => file.path);
  const data: FileActionData = { ok: refused.length === 0 && unreadable.length === 0 };
  if (refused.length > 0) {
    const message = sorted.wrongFormat.length > 0 ? toastMessages.wrongFileFormat : toastMessages.fileAlreadyImported;
    return jsonWithError(data, { message, description: `Not added: ${refused.join(", ")}` });
  }
  if (unreadable.length > 0) return jsonWithError(data, toastMessages.filesNotRead(unreadable));
  return data;
}

async function downloadParFile(lineEnding: "crlf" | "lf", problemsChecked: boolean) {
  const files = await getParameterFileStore().list();
  if (files.length === 0) return jsonWithError<FileActionData>({ ok: false }, toastMessages.nothingToMerge);
  try {
    const parFile = await getMergeEngine().parFile(files, lineEnding);
    if (parFile.problemCount > 0 && !problemsChecked) {
      return jsonWithWarning<FileActionData>({ ok: false }, toastMessages.parFileNeedsProblemCheck);
    }
    saveTextFile(parFileName, parFile.text);
    return jsonWithSuccess<FileActionData>({ ok: true }, toastMessages.parFileSaved(parFile));
  } catch (error) {
    logger.error("Something went wrong", error);
    return jsonWithError<FileActionData>({ ok: false }, toastMessages.parFileFailed);
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
      return { ok: true } satisfies FileActionData;
    case "delete-all":
      await store.removeAll();
      return { ok: true } satisfies FileActionData;
    case "set-kind": {
      const file = (await store.list()).find((listed) => listed.id === intent.id);
      // Choosing what the path already says is no override.
      if (file) await store.setSet(intent.id, intent.set === setOfPath(file.path) ? null : intent.set);
      return { ok: true } satisfies FileActionData;
    }
    case "download":
      return downloadParFile(intent.lineEnding, intent.problemsChecked === "on");
  }
}

export default function Files() {
  const { preview, storage } = useLoaderData<typeof clientLoader>();
  const hasFiles = preview.files.length > 0;
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
            <ParFilePanel preview={preview} hasFiles={hasFiles} />
          </Grid.Col>
        </Grid>
        {hasFiles ? <MergePreviewPanel preview={preview} /> : null}
      </Stack>
    </>
  );
}
