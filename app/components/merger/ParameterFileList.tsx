import { ActionIcon, Badge, Chip, Group, List, Paper, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconArrowDown, IconArrowUp, IconTrash } from "@tabler/icons-react";
import { useEffect, useRef } from "react";
import { HoverTooltip } from "~/components/shell/HoverTooltip";
import { useRouterActions } from "~/components/shell/RouterActions";
import type { FileSummary } from "~/lib/merger/mergePreview";
import { shortenedPath } from "~/lib/merger/parameterFilePath";
import { parameterSetLabels, parameterSets } from "~/lib/merger/parameterSet";
import { countOf } from "~/lib/shell/plural";
import classes from "./Merger.module.css";

const deleteButtonLabel = (file: FileSummary) => `delete ${file.path}`;

/** The list's changes go straight to the route action (no Form: it would render again with every router state). */
function useFileListChange() {
  const { submit } = useRouterActions();
  return (change: Record<string, string>) => submit(change, { method: "post", preventScrollReset: true });
}

function MoveButton({ file, offset, disabled }: { file: FileSummary; offset: -1 | 1; disabled: boolean }) {
  const changeFileList = useFileListChange();
  const label = `Move ${file.path} ${offset === -1 ? "up" : "down"}`;
  return (
    <HoverTooltip label={label} disabled={disabled}>
      <ActionIcon
        onClick={() => changeFileList({ intent: "move", id: file.id, offset: String(offset) })}
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={label}
        disabled={disabled}
      >
        {offset === -1 ? <IconArrowUp size={18} /> : <IconArrowDown size={18} />}
      </ActionIcon>
    </HoverTooltip>
  );
}

function FileEntry({
  file,
  position,
  fileCount,
  onDelete,
}: {
  file: FileSummary;
  position: number;
  fileCount: number;
  onDelete: () => void;
}) {
  const changeFileList = useFileListChange();
  const hiddenProblemCount = file.problemCount - file.firstProblems.length;
  return (
    <Paper
      component="li"
      withBorder
      p="sm"
      className={classes.fileEntry}
      data-set={file.set}
      data-problems={file.problemCount > 0 || undefined}
    >
      {/* Plain elements with the module's classes for the layout: a file's entry is rendered once per file with every change of the list. */}
      <div className={classes.fileEntryRow}>
        <div className={classes.fileText}>
          <div className={classes.fileTitle}>
            <p className={`${classes.fileDimmed} ${classes.filePosition}`} aria-label={`File ${position + 1}`}>
              {position + 1}.
            </p>
            <HoverTooltip label={<bdi>{file.path}</bdi>} openDelay={200} multiline maw={480}>
              <p className={classes.filePath} data-testid="file-path">
                <bdi>{shortenedPath(file.path)}</bdi>
              </p>
            </HoverTooltip>
          </div>
          <div className={classes.fileFacts}>
            <p className={classes.fileDimmed}>
              {countOf(file.parameterCount, "parameter")}
              {file.encoding === "windows-1252" ? " · read as Windows-1252 (not UTF-8)" : ""}
              {file.encoding === "utf-16" ? " · read as UTF-16" : ""}
              {file.setOverride ? " · set chosen by you" : " · set from path"}
            </p>
            {file.problemCount > 0 ? (
              <Badge color="orange" variant="light" leftSection={<IconAlertTriangle size={12} aria-hidden="true" />}>
                {countOf(file.problemCount, "problem")}
              </Badge>
            ) : null}
          </div>
        </div>
        <div className={classes.fileControls}>
          {/* Chips, not a SegmentedControl: its sliding indicator measures the layout once per file on every change of the list. */}
          <Chip.Group
            multiple={false}
            value={file.set}
            onChange={(set) => changeFileList({ intent: "set-kind", id: file.id, set })}
          >
            <div className={classes.fileSets} role="radiogroup" aria-label={`Set of ${file.path}`}>
              {parameterSets.map((set) => (
                <Chip key={set} value={set} size="xs" color={set === "customer" ? "grape" : "blue"}>
                  {parameterSetLabels[set]}
                </Chip>
              ))}
            </div>
          </Chip.Group>
          <div className={classes.fileButtons}>
            <MoveButton file={file} offset={-1} disabled={position === 0} />
            <MoveButton file={file} offset={1} disabled={position === fileCount - 1} />
          </div>
          <HoverTooltip label={deleteButtonLabel(file)}>
            <ActionIcon
              onClick={() => {
                onDelete();
                changeFileList({ intent: "delete", id: file.id });
              }}
              variant="subtle"
              color="red"
              size="lg"
              aria-label={deleteButtonLabel(file)}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </HoverTooltip>
        </div>
      </div>
      {file.firstProblems.length > 0 ? (
        <List
          size="sm"
          mt="xs"
          spacing={2}
          className={classes.problemList}
          icon={<IconAlertTriangle size={16} color="var(--mantine-color-orange-filled)" aria-hidden="true" />}
          aria-label={`Problems in ${file.path}`}
        >
          {file.firstProblems.map((message, index) => (
            <List.Item key={index}>{message}</List.Item>
          ))}
          {hiddenProblemCount > 0 ? (
            <List.Item>{`and ${countOf(hiddenProblemCount, "more problem")}: see Problems in the preview below.`}</List.Item>
          ) : null}
        </List>
      ) : null}
    </Paper>
  );
}

/**
 * After a delete, the keyboard goes to the delete button of the file that took
 * its place (or the one before it), or to "Select files" when the list is empty.
 */
function useFocusAfterDelete(files: FileSummary[]) {
  const list = useRef<HTMLElement>(null);
  const deletedPosition = useRef<number | null>(null);
  useEffect(() => {
    const position = deletedPosition.current;
    if (position === null) return;
    deletedPosition.current = null;
    const next = files[Math.min(position, files.length - 1)];
    const target = next
      ? list.current?.querySelector<HTMLElement>(`[aria-label="${CSS.escape(deleteButtonLabel(next))}"]`)
      : document.querySelector<HTMLElement>("[data-focus-after-delete]");
    target?.focus();
  }, [files]);
  return { list, deletedAt: (position: number) => (deletedPosition.current = position) };
}

export function ParameterFileList({ files }: { files: FileSummary[] }) {
  const { list, deletedAt } = useFocusAfterDelete(files);
  if (files.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="md">
        No files added yet.
      </Text>
    );
  }
  const customerCount = files.filter((file) => file.set === "customer").length;
  return (
    <section aria-labelledby="file-list-title" ref={list}>
      <Group justify="space-between" mb="xs">
        <Text fw={700} id="file-list-title">
          Added files ({files.length})
        </Text>
        <Group gap="xs">
          <Badge variant="light" color="blue">
            {files.length - customerCount} standard
          </Badge>
          <Badge variant="light" color="grape">
            {customerCount} customer
          </Badge>
        </Group>
      </Group>
      <Text size="sm" c="dimmed" mb="xs">
        Merged in this order: later files win over earlier ones in the same set.
      </Text>
      <Stack component="ul" gap="xs" className={classes.fileList} aria-labelledby="file-list-title">
        {files.map((file, position) => (
          <FileEntry
            key={file.id}
            file={file}
            position={position}
            fileCount={files.length}
            onDelete={() => deletedAt(position)}
          />
        ))}
      </Stack>
    </section>
  );
}
