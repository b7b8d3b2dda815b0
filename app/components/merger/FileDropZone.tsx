import { Button, FileButton, Group, Stack, Text } from "@mantine/core";
import { Dropzone, type DropzoneProps } from "@mantine/dropzone";
import { IconFileText, IconFiles, IconFolderOpen, IconUpload } from "@tabler/icons-react";
import { memo, useMemo, useRef, type InputHTMLAttributes } from "react";
import { preparePathOrder } from "~/lib/merger/incomingFiles";
import { filesFromDropEvent, parameterFilesOf } from "~/lib/merger/browser/pickedFiles";
import { PasteTextButton } from "./PasteTextButton";
import { useAddFiles } from "./useAddFiles";
import { useAddingFiles } from "./useAddingFiles";
import { useFilesFromAnywhere } from "./useFilesFromAnywhere";
import classes from "./Merger.module.css";

// Chromium and Firefox both honour webkitdirectory; React 18 passes it through as written.
const folderPickerProps = { webkitdirectory: "", directory: "" } as InputHTMLAttributes<HTMLInputElement>;

const dropZoneText = "Drag 'n' drop some files here, or click to select files";

/** The drop zone renders again only when it turns busy or idle: its props come from a parent that does not render again. */
const MemoizedDropzone = memo(Dropzone);

/** The drop zone, busy while files are added (once that takes a while). Only this part follows the router's state. */
function DropzoneWhileAdding(props: Omit<DropzoneProps, "loading">) {
  return <MemoizedDropzone {...props} loading={useAddingFiles()} />;
}

/**
 * A drop is sent the moment it happens, its folders still being listed (a slow USB stick): the add takes its turn
 * now, and a Download tapped meanwhile waits for it. While a drag is over the zone, the items pass as they are.
 */
function listedAtDrop(addFiles: ReturnType<typeof useAddFiles>): DropzoneProps["getFilesFromEvent"] {
  return async (event) => {
    if ("type" in event && (event.type === "dragenter" || event.type === "dragover")) return filesFromDropEvent(event);
    addFiles(filesFromDropEvent(event).then((files) => parameterFilesOf(files as File[])));
    return [];
  };
}

/**
 * Drop zone, pickers and paste; every way of adding files ends in one "add" submission to the route action.
 * It takes only the name the next pasted text gets, so a change of the list does not render it again.
 */
export const FileDropZone = memo(function FileDropZone({
  nextPastedName,
  readOnly,
}: {
  nextPastedName: string;
  /** Another tab edits the list: nothing is added here (files opened with the app take editing over). */
  readOnly: boolean;
}) {
  const addFiles = useAddFiles();
  const getFilesFromEvent = useMemo(() => listedAtDrop(addFiles), [addFiles]);
  const { addPastedText } = useFilesFromAnywhere(nextPastedName);
  const openPicker = useRef<() => void>(null);

  return (
    // Ordering paths needs Intl, whose first use takes tens of milliseconds on a phone: made when a hand or
    // the keyboard comes near, so neither the screen's start nor the pick waits for it.
    <Stack
      gap="xs"
      className={classes.noPrint}
      onPointerEnter={preparePathOrder}
      onFocus={preparePathOrder}
      onDragEnter={preparePathOrder}
    >
      <DropzoneWhileAdding
        getFilesFromEvent={getFilesFromEvent}
        onDrop={() => undefined}
        disabled={readOnly}
        useFsAccessApi={false}
        // A drop beside the zone adds the files too (earlyInputScript.ts), rather than being refused.
        preventDropOnDocument={false}
        multiple
        openRef={openPicker}
        inputProps={{ "aria-label": "Select parameter files" }}
        data-testid="drop-zone"
        p="xl"
      >
        <Group justify="center" gap="lg" mih={120} style={{ pointerEvents: "none" }}>
          <Dropzone.Accept>
            <IconUpload size={48} stroke={1.5} color="var(--mantine-color-blue-filled)" />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconUpload size={48} stroke={1.5} color="var(--mantine-color-red-filled)" />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconFileText size={48} stroke={1.5} color="var(--mantine-color-dimmed)" />
          </Dropzone.Idle>
          <div>
            <Text size="lg" fw={500}>
              {dropZoneText}
            </Text>
            <Text size="sm" c="dimmed" mt={4}>
              Text files (.txt). Drop whole folders to keep their paths, so KUNDESPEC folders count as customer files.
            </Text>
          </div>
        </Group>
      </DropzoneWhileAdding>
      <Group gap="xs">
        <Button
          variant="default"
          leftSection={<IconFiles size={18} />}
          onClick={() => openPicker.current?.()}
          disabled={readOnly}
          data-focus-after-delete
        >
          Select files
        </Button>
        <FileButton onChange={(files) => addFiles(files)} multiple inputProps={folderPickerProps}>
          {(props) => (
            <Button {...props} variant="default" leftSection={<IconFolderOpen size={18} />} disabled={readOnly}>
              Select a folder
            </Button>
          )}
        </FileButton>
        <PasteTextButton onText={addPastedText} nextName={nextPastedName} />
        <Text size="sm" c="dimmed">
          A folder keeps its paths, e.g. KUNDESPEC/…
        </Text>
      </Group>
    </Stack>
  );
});
