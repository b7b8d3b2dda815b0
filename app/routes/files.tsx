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
import { CataloguePanel } from "~/components/catalogue/CataloguePanel";
import { BrowserAbilitiesNote } from "~/components/merger/BrowserAbilitiesNote";
import { CardPanel } from "~/components/merger/CardPanel";
import { FileDropZone } from "~/components/merger/FileDropZone";
import { FileListNotices } from "~/components/merger/FileListNotices";
import { MergePreviewPanel } from "~/components/merger/MergePreviewPanel";
import type { LoadParameterRows } from "~/components/merger/ParameterTablePanel";
import { ParameterFileList } from "~/components/merger/ParameterFileList";
import { NotAddedNotice } from "~/components/merger/NotAddedNotice";
import { NotKeptNotice } from "~/components/merger/NotKeptNotice";
import { ReplacedHereNotice } from "~/components/merger/ReplacedHereNotice";
import { ParFilePanel, useParFileChoices, type ParFileChoices } from "~/components/merger/ParFilePanel";
import { RefusedShareNotice } from "~/components/merger/RefusedShareNotice";
import { StorageNotice } from "~/components/merger/StorageNotice";
import { WaitingSharedFiles } from "~/components/merger/WaitingSharedFiles";
import { RouterActionsProvider } from "~/components/shell/RouterActions";
import { ScreenHeading } from "~/components/shell/ScreenHeading";
import { whenIdle } from "~/components/shell/whenIdle";
import { loadCatalogueScreen } from "~/lib/catalogue/browser/catalogueActions";
import { takeWaitingFiles } from "~/lib/merger/browser/addedFiles";
import { noteAnswerGiven } from "~/lib/merger/browser/answersOnTheWay";
import { changeFileList, loadFileListScreen } from "~/lib/merger/browser/fileListActions";
import { listChangesSoFar, listOnScreen, noteListChanged, noteListShown } from "~/lib/merger/browser/listOnScreen";
import { getMergeClient } from "~/lib/merger/browser/mergeClient";
import { getParameterFileStore } from "~/lib/merger/browser/parameterFileStore";
import { refusedShareMarked } from "~/lib/merger/browser/sharedFiles";
import {
  changesNoFile,
  fileListIntents,
  isFileActionData,
  oneTimeFileListAction,
  readFileListRequest,
  type LabelActionData,
} from "~/lib/merger/fileListIntents";
import { listOnScreenIsBehind } from "~/lib/merger/listOnScreen";
import { parameterFilters } from "~/lib/merger/parameterTable";
import { fileListRecords } from "~/lib/records/browser/fileListRecords";
import { runOneTimeAction } from "~/lib/shell/browser/oneTimeActions";
import { pageTitle } from "~/lib/shell/product";
import { screenHeadings } from "~/lib/shell/screenHeadings";

export const meta: MetaFunction = () => [{ title: pageTitle("SD Card Files") }];

const previewQuerySchema = z.object({
  q: z.string().max(200).catch(""),
  show: z.enum(parameterFilters).catch("all"),
  problems: z.coerce.number().int().min(1).catch(1),
  /** The service worker refused files sent to the share target (refusedShareQuery). */
  share: z.literal("refused").optional().catch(undefined),
});

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  // What it reads from here on holds every change stored so far; it counts as shown once the screen renders it.
  const listChangesRead = listChangesSoFar();
  const searchParams = new URL(request.url).searchParams;
  const { q, show, problems, share } = previewQuerySchema.parse({
    q: searchParams.get("q") ?? "",
    show: searchParams.get("show") ?? "all",
    problems: searchParams.get("problems") ?? 1,
    share: searchParams.get("share") ?? undefined,
  });
  // The worker checks with the kept catalogue before the preview is made.
  const catalogue = await loadCatalogueScreen();
  const [screen, shareRefused] = await Promise.all([
    loadFileListScreen({ filter: show, query: q, problemPage: problems }),
    // The address alone says nothing: only a share the service worker refused and marked.
    share === "refused" ? refusedShareMarked().catch(() => false) : false,
  ]);
  return { ...screen, shareRefused, listChangesRead, catalogue };
}

/** Rows of the table as the technician scrolls: a window of the merge the worker keeps. */
const loadParameterRows: LoadParameterRows = (request) => getMergeClient().parameterRows(request);

export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, actionResult, defaultShouldRevalidate }) => {
  // A change the screen does not show yet (another tab's, or an action whose own reload a second tap's navigation
  // took over: a delete, then Download) is read now, also by an action that changes no file.
  if (listOnScreenIsBehind(listOnScreen())) return true;
  const intent = formData?.get("intent");
  // A stored label changes nothing else on screen; one that could not be stored is said.
  if (intent === fileListIntents.label) return (actionResult as LabelActionData | undefined)?.labelStored === false;
  return changesNoFile(intent) ? false : defaultShouldRevalidate;
};

export async function clientAction({ request }: ClientActionFunctionArgs) {
  const formData = await request.formData();
  const waitingFiles = takeWaitingFiles(formData.get("batch") as string | null);
  const fileListRequest = readFileListRequest(formData, waitingFiles);
  // A double tap on Write, Download or Delete all starts it once; the second tap gets the first one's answer.
  const answer = await runOneTimeAction(oneTimeFileListAction(fileListRequest), () =>
    changeFileList(fileListRequest, fileListRecords),
  );
  if (!changesNoFile(fileListRequest.intent) && fileListRequest.intent !== fileListIntents.label) noteListChanged();
  if (isFileActionData(answer)) noteAnswerGiven(answer);
  return answer;
}

export default function Files() {
  const { listChangesRead, ...loaded } = useLoaderData<typeof clientLoader>();
  useEffect(() => noteListShown(listChangesRead), [listChangesRead]);
  const parFileChoices = useParFileChoices(loaded.label);
  // Another tab of the app changed the list: show it here too.
  const { revalidate } = useRevalidator();
  useEffect(
    () =>
      getParameterFileStore().onChangedElsewhere(() => {
        noteListChanged();
        revalidate();
      }),
    [revalidate],
  );
  // The worker starts once the screen is up, not before it: the first files find it ready.
  useEffect(() => whenIdle(() => getMergeClient().start()), []);
  return (
    <RouterActionsProvider>
      <FilesScreen {...loaded} parFileChoices={parFileChoices} />
    </RouterActionsProvider>
  );
}

type FilesScreenProps = Omit<ReturnType<typeof useLoaderData<typeof clientLoader>>, "listChangesRead"> & {
  parFileChoices: ParFileChoices;
};

/**
 * The screen, rendered again only when the list, the merge or a choice changes: the router's
 * submitting and loading states re-render just the parts that show them (buttons, the drop zone).
 */
const FilesScreen = memo(function FilesScreen({
  preview,
  storage,
  notKept,
  card,
  waitingShares,
  shareRefused,
  notAdded,
  nextPastedName,
  replacedHere,
  parFileChoices,
  catalogue,
}: FilesScreenProps) {
  return (
    <>
      <ScreenHeading title={screenHeadings["/files"].title}>{screenHeadings["/files"].intro}</ScreenHeading>
      <FileListNotices />
      <Stack gap="lg">
        <BrowserAbilitiesNote storing={!storage.unreadable} />
        <ReplacedHereNotice replacedHere={replacedHere} />
        <StorageNotice storage={storage} />
        <NotKeptNotice notKept={notKept} />
        {shareRefused ? <RefusedShareNotice /> : null}
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="md">
              <FileDropZone nextPastedName={nextPastedName} />
              <WaitingSharedFiles shares={waitingShares} />
              <NotAddedNotice notAdded={notAdded} />
              <ParameterFileList files={preview.files} />
              <CataloguePanel catalogue={catalogue} />
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
