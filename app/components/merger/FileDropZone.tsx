import { Button, FileButton, Group, Stack, Text } from "@mantine/core";
import { Dropzone, type FileWithPath } from "@mantine/dropzone";
import { useNavigation, useSubmit } from "@remix-run/react";
import { IconFileText, IconFiles, IconFolderOpen, IconUpload } from "@tabler/icons-react";
import { useRef, type InputHTMLAttributes } from "react";
import type { AddedFileInfo } from "~/lib/merger/incomingFiles";
import { normalizeParameterFilePath } from "~/lib/merger/parameterFilePath";
import classes from "./Merger.module.css";

// Chromium and Firefox both honour webkitdirectory; React 18 passes it through as written.
const folderPickerProps = { webkitdirectory: "", directory: "" } as InputHTMLAttributes<HTMLInputElement>;

const dropZoneText = "Drag 'n' drop some files here, or click to select files";

/** Drop zone and pickers; every way of adding files ends in one "add" submission to the route action. */
export function FileDropZone() {
  const submit = useSubmit();
  const navigation = useNavigation();
  const adding = navigation.formData?.get("intent") === "add";
  const openPicker = useRef<() => void>(null);

  function addFiles(files: readonly File[]) {
    if (files.length === 0) return;
    const formData = new FormData();
    formData.set("intent", "add");
    for (const file of files) {
      formData.append("file", file);
      // Neither react-dropzone's path nor an empty type survives multipart encoding
      // (an empty type arrives as application/octet-stream): send both as their own field.
      const droppedPath = (file as FileWithPath).path ?? file.webkitRelativePath;
      const fileInfo: AddedFileInfo = { path: normalizeParameterFilePath(droppedPath, file.name), type: file.type };
      formData.append("fileInfo", JSON.stringify(fileInfo));
    }
    submit(formData, { method: "post", encType: "multipart/form-data", preventScrollReset: true });
  }

  return (
    <Stack gap="xs" className={classes.noPrint}>
      <Dropzone
        onDrop={addFiles}
        onReject={(rejections) => addFiles(rejections.map((rejection) => rejection.file))}
        loading={adding}
        useFsAccessApi={false}
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
      </Dropzone>
      <Group gap="xs">
        <Button
          variant="default"
          leftSection={<IconFiles size={18} />}
          onClick={() => openPicker.current?.()}
          data-focus-after-delete
        >
          Select files
        </Button>
        <FileButton onChange={addFiles} multiple inputProps={folderPickerProps}>
          {(props) => (
            <Button {...props} variant="default" leftSection={<IconFolderOpen size={18} />}>
              Select a folder
            </Button>
          )}
        </FileButton>
        <Text size="sm" c="dimmed">
          A folder keeps its paths, e.g. KUNDESPEC/…
        </Text>
      </Group>
    </Stack>
  );
}
