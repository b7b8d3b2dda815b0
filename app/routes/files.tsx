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
import { CardPanel } from "~/components/card/CardPanel";
import { FileDropZone } from "~/components/merger/FileDropZone";
import { MergePreviewPanel } from "~/components/merger/MergePreviewPanel";
import type { LoadParameterRows } from "~/components/merger/ParameterTablePanel";
import { ParameterFileList } from "~/components/merger/ParameterFileList";
import { NotAddedNotice } from "~/components/merger/NotAddedNotice";
import { EditingElsewhereNotice, LastChangeNotice } from "~/components/merger/FileListChanges";
import { ParFilePanel, useParFileChoices, type ParFileChoices } from "~/components/merger/ParFilePanel";
import { RefusedShareNotice } from "~/components/merger/RefusedShareNotice";
import { StorageNotice } from "~/components/merger/StorageNotice";
import { WaitingSharedFiles } from "~/components/merger/WaitingSharedFiles";
import { RouterActionsProvider } from "~/components/shell/RouterActions";
import { ScreenHeading } from "~/components/shell/ScreenHeading";
import { whenIdle } from "~/components/shell/whenIdle";
import { getCardFolder } from "~/lib/card/browser/cardFolder";
import { loadCatalogueScreen } from "~/lib/catalogue/browser/catalogueActions";
import { changeFileList, loadFileListScreen } from "~/lib/merger/browser/fileListActions";
import { getFileListStore, newFileId } from "~/lib/merger/browser/fileListStore";
import { getMergeClient } from "~/lib/merger/browser/mergeClient";
import { refusedShareMarked } from "~/lib/merger/browser/sharedFiles";
import { fileListIntents, readFileListRequest } from "~/lib/merger/fileListIntents";
import { parameterFilters } from "~/lib/merger/parameterTable";
import { fileListRecords } from "~/lib/records/browser/fileListRecords";
import { takeHeldFiles } from "~/lib/shell/browser/heldFiles";
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
  const searchParams = new URL(request.url).searchParams;
  const { q, show, problems, share } = previewQuerySchema.parse({
    q: searchParams.get("q") ?? "",
    show: searchParams.get("show") ?? "all",
    problems: searchParams.get("problems") ?? 1,
    share: searchParams.get("share") ?? undefined,
  });
  // The worker checks with the kept catalogue before the preview is made.
  const catalogue = await loadCatalogueScreen(getMergeClient());
  const [screen, shareRefused] = await Promise.all([
    loadFileListScreen({ filter: show, query: q, problemPage: problems }, getCardFolder()),
    // The address alone says nothing: only a share the service worker refused and marked.
    share === "refused" ? refusedShareMarked().catch(() => false) : false,
  ]);
  return { ...screen, shareRefused, catalogue };
}

/** Rows of the table as the technician scrolls: a window of the merge the worker keeps. */
const loadParameterRows: LoadParameterRows = (request) => getMergeClient().parameterRows(request);

/** A label stored changes nothing else on screen; every other request reads the list again (it may have changed). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get("intent") === fileListIntents.label ? false : defaultShouldRevalidate;

export function clientAction({ request }: ClientActionFunctionArgs) {
  // Takes its turn now, as it arrives, before its form is read; an add's files may still be being listed.
  return changeFileList(
    request.formData().then((formData) => ({
      request: readFileListRequest(formData),
      files: takeHeldFiles(formData.get("batch")),
    })),
    fileListRecords({ store: getFileListStore(), mergeClient: getMergeClient(), newFileId }),
    getCardFolder(),
  );
}

export default function Files() {
  const loaded = useLoaderData<typeof clientLoader>();
  const parFileChoices = useParFileChoices({
    text: loaded.list.label,
    version: loaded.list.version,
    editing: loaded.list.editing,
  });
  // Editing moved to or from this tab (another tab took it, or closed), or the technician comes back to a tab that
  // shows another's list: read it again.
  const { revalidate } = useRevalidator();
  useEffect(() => getFileListStore().onEditingMoved(revalidate), [revalidate]);
  // Leaving /files lets another tab edit the list.
  useEffect(() => () => getFileListStore().releaseEditing(), []);
  useEffect(() => {
    if (loaded.list.editing === "here") return;
    const readAgain = () => document.visibilityState === "visible" && revalidate();
    document.addEventListener("visibilitychange", readAgain);
    window.addEventListener("focus", readAgain);
    return () => {
      document.removeEventListener("visibilitychange", readAgain);
      window.removeEventListener("focus", readAgain);
    };
  }, [loaded.list.editing, revalidate]);
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
  list,
  storage,
  card,
  waitingShares,
  shareRefused,
  notAdded,
  nextPastedName,
  parFileChoices,
  catalogue,
}: FilesScreenProps) {
  const readOnly = list.editing !== "here";
  return (
    <>
      <ScreenHeading title={screenHeadings["/files"].title}>{screenHeadings["/files"].intro}</ScreenHeading>
      <Stack gap="lg">
        <BrowserAbilitiesNote storing={storage.notSaved === null} cardFolder={card.supported} />
        {readOnly ? <EditingElsewhereNotice editorNotSaved={list.editorNotSaved} /> : null}
        <StorageNotice {...storage} />
        {list.lastChange && !readOnly ? <LastChangeNotice change={list.lastChange} version={list.version} /> : null}
        {shareRefused ? <RefusedShareNotice /> : null}
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="md">
              <FileDropZone nextPastedName={nextPastedName} readOnly={readOnly} />
              <WaitingSharedFiles shares={waitingShares} />
              <NotAddedNotice notAdded={notAdded} />
              <ParameterFileList files={preview.files} readOnly={readOnly} />
              <CataloguePanel catalogue={catalogue} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <ParFilePanel preview={preview} choices={parFileChoices} version={list.version} readOnly={readOnly} />
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
