import { ActionIcon, Badge, Chip, Group, List, Paper, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconArrowDown, IconArrowUp, IconInfoCircle, IconTrash } from "@tabler/icons-react";
import { useWindowVirtualizer } from "@tanstack/react-virtual";
import { memo, useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { HoverTooltip } from "~/components/shell/HoverTooltip";
import { usePrinting } from "~/components/shell/useShownLater";
import type { FileSummary } from "~/lib/merger/mergePreview";
import { shortenedPath } from "~/lib/merger/parameterFilePath";
import { parameterSetLabels, parameterSets, type ParameterSet } from "~/lib/merger/parameterSet";
import { countOf } from "~/lib/shell/plural";
import { useFileListAction } from "./useFileListAction";
import classes from "./Merger.module.css";
import { fileListIntents } from "~/lib/merger/fileListIntents";
import { ShownMessage, ShownName } from "./ShownValue";

const deleteButtonLabel = (file: { path: string }) => `delete ${file.path}`;

function MoveButton({
  file,
  offset,
  disabled,
}: {
  file: { id: string; path: string };
  offset: -1 | 1;
  disabled: boolean;
}) {
  // Its own fetcher (no Form: it would render again with every router state), busy from the click on.
  const { run, busy } = useFileListAction();
  const label = `Move ${file.path} ${offset === -1 ? "up" : "down"}`;
  return (
    <HoverTooltip label={label} disabled={disabled}>
      <ActionIcon
        onClick={() => run({ intent: fileListIntents.move, id: file.id, offset: String(offset) })}
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={label}
        disabled={disabled || busy}
      >
        {offset === -1 ? <IconArrowUp size={18} /> : <IconArrowDown size={18} />}
      </ActionIcon>
    </HoverTooltip>
  );
}

/**
 * The set, the moves and delete of one file. Memoized on plain values: when the pick that added a file
 * has been read, its entry shows the counts and these controls stay as they are.
 */
const FileControls = memo(function FileControls({
  id,
  path,
  set,
  position,
  fileCount,
  deletedAt,
}: {
  id: string;
  path: string;
  set: ParameterSet;
  position: number;
  fileCount: number;
  deletedAt: (position: number) => void;
}) {
  // The set and delete of this file share a fetcher: while one runs, neither can be tapped again.
  const { run: changeFileList, busy } = useFileListAction();
  const file = { id, path };
  return (
    <div className={classes.fileControls}>
      {/* Chips, not a SegmentedControl: its sliding indicator measures the layout once per file on every change of the list. */}
      <Chip.Group
        multiple={false}
        value={set}
        onChange={(chosen) => changeFileList({ intent: fileListIntents.chooseSet, id, set: chosen })}
      >
        <div className={classes.fileSets} role="radiogroup" aria-label={`Set of ${path}`}>
          {parameterSets.map((choice) => (
            <Chip
              key={choice}
              value={choice}
              size="xs"
              color={choice === "customer" ? "grape" : "blue"}
              disabled={busy}
            >
              {parameterSetLabels[choice]}
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
            deletedAt(position);
            changeFileList({ intent: fileListIntents.delete, id });
          }}
          variant="subtle"
          color="red"
          size="lg"
          aria-label={deleteButtonLabel(file)}
          disabled={busy}
        >
          <IconTrash size={18} />
        </ActionIcon>
      </HoverTooltip>
    </div>
  );
});

/** What the list says of a file: its parameters, how it was read, where its set comes from, its problems. */
function FileFacts({ file }: { file: FileSummary }) {
  return (
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
  );
}

/** A file's messages under its entry: its first problems, or its notes. */
function FileMessages({
  label,
  icon,
  messages,
  children,
}: {
  label: string;
  icon: ReactNode;
  messages: string[];
  children?: ReactNode;
}) {
  return (
    <List size="sm" mt="xs" spacing={2} className={classes.problemList} icon={icon} aria-label={label}>
      {messages.map((message, index) => (
        <List.Item key={index}>
          <ShownMessage text={message} />
        </List.Item>
      ))}
      {children}
    </List>
  );
}

function FileProblems({ file }: { file: FileSummary }) {
  const hiddenProblemCount = file.problemCount - file.firstProblems.length;
  return (
    <FileMessages
      label={`Problems in ${file.path}`}
      icon={<IconAlertTriangle size={16} color="var(--mantine-color-orange-filled)" aria-hidden="true" />}
      messages={file.firstProblems}
    >
      {hiddenProblemCount > 0 ? (
        <List.Item>{`and ${countOf(hiddenProblemCount, "more problem")}: see Problems in the preview below.`}</List.Item>
      ) : null}
    </FileMessages>
  );
}

/** How the file was read, where that needs a word; nothing to confirm. */
function FileNotes({ file }: { file: FileSummary }) {
  return (
    <FileMessages
      label={`Notes on ${file.path}`}
      icon={<IconInfoCircle size={16} color="var(--mantine-color-dimmed)" aria-hidden="true" />}
      messages={file.notes}
    />
  );
}

const FileEntry = memo(function FileEntry({
  file,
  position,
  fileCount,
  deletedAt,
  measure,
}: {
  file: FileSummary;
  position: number;
  fileCount: number;
  deletedAt: (position: number) => void;
  /** In a windowed list: measures the entry's height (it finds the entry by data-index). */
  measure?: (entry: HTMLElement | null) => void;
}) {
  return (
    <Paper
      component="li"
      ref={measure}
      data-index={measure ? position : undefined}
      // A windowed list holds a few entries: the list's size and each one's place are said to screen readers.
      aria-setsize={fileCount}
      aria-posinset={position + 1}
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
            {/* No label of its own: the entry's aria-posinset tells screen readers its place. */}
            <p className={`${classes.fileDimmed} ${classes.filePosition}`}>{position + 1}.</p>
            <HoverTooltip label={<ShownName text={file.path} />} openDelay={200} multiline maw={480}>
              <p className={classes.filePath} data-testid="file-path">
                <ShownName text={shortenedPath(file.path)} />
              </p>
            </HoverTooltip>
          </div>
          <FileFacts file={file} />
        </div>
        <FileControls
          id={file.id}
          path={file.path}
          set={file.set}
          position={position}
          fileCount={fileCount}
          deletedAt={deletedAt}
        />
      </div>
      {file.firstProblems.length > 0 ? <FileProblems file={file} /> : null}
      {file.notes.length > 0 ? <FileNotes file={file} /> : null}
    </Paper>
  );
});

/**
 * After a delete, the keyboard goes to the delete button of the file that took
 * its place (or the one before it), or to "Select files" when the list is empty;
 * when the delete's Undo has it, once Undo closes.
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
  const deletedAt = useCallback((position: number) => {
    deletedPosition.current = position;
  }, []);
  return { list, deletedAt };
}

/**
 * From this many files the list holds only the entries in view and a few around them: laying out 300 entries
 * at once froze the screen for two seconds. Shorter lists are whole, so the browser's find sees them; a print
 * gets every entry (usePrinting).
 */
const windowedFromFileCount = 100;
/** An entry with its counts and controls, before it is measured; entries with problems are taller. */
const estimatedEntryHeight = 74;
/** Mantine's xs spacing, the gap between entries. */
const entryGap = 10;

/** The entries in view of a long list, with room kept above and below for the others (the page scrolls). */
function WindowedFileEntries({ files, deletedAt }: { files: FileSummary[]; deletedAt: (position: number) => void }) {
  const listRef = useRef<HTMLUListElement>(null);
  const [listTop, setListTop] = useState(0);
  // Where the list starts on the page: notices above it come and go with changes of the list. A few pixels
  // off only moves which entries are drawn, within the ones drawn beyond the view.
  useLayoutEffect(() => {
    const top = (listRef.current?.getBoundingClientRect().top ?? 0) + window.scrollY;
    setListTop((now) => (Math.abs(now - top) < 1 ? now : top));
  }, [files]);
  const virtualizer = useWindowVirtualizer({
    count: files.length,
    estimateSize: () => estimatedEntryHeight,
    gap: entryGap,
    overscan: 6,
    scrollMargin: listTop,
    getItemKey: (index) => files[index]?.id ?? index,
  });
  const entries = virtualizer.getVirtualItems();
  const first = entries[0];
  const last = entries.at(-1);
  const spaceAbove = first ? first.start - listTop : 0;
  const spaceBelow = last ? Math.max(0, virtualizer.getTotalSize() - (last.end - listTop)) : 0;
  return (
    <ul
      ref={listRef}
      className={`${classes.fileList} ${classes.windowedFileList}`}
      aria-labelledby="file-list-title"
      style={{ paddingTop: spaceAbove, paddingBottom: spaceBelow }}
    >
      {entries.map((entry) => {
        const file = files[entry.index]!;
        return (
          <FileEntry
            key={entry.key}
            file={file}
            position={entry.index}
            fileCount={files.length}
            deletedAt={deletedAt}
            measure={virtualizer.measureElement}
          />
        );
      })}
    </ul>
  );
}

/**
 * The listed files. Read-only while another tab edits the list: every control of the list is disabled at once (a
 * disabled fieldset), so no change starts here.
 */
export const ParameterFileList = memo(function ParameterFileList({
  files,
  readOnly,
}: {
  files: FileSummary[];
  readOnly: boolean;
}) {
  const { list, deletedAt } = useFocusAfterDelete(files);
  const printing = usePrinting();
  const shownFiles: FileSummary[] = files;
  if (shownFiles.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="md">
        No files added yet.
      </Text>
    );
  }
  const customerCount = shownFiles.filter((file) => file.set === "customer").length;
  return (
    <fieldset disabled={readOnly} className={classes.fileListFieldset}>
      <section aria-labelledby="file-list-title" ref={list}>
        <Group justify="space-between" mb="xs">
          <Text fw={700} id="file-list-title">
            Added files ({shownFiles.length})
          </Text>
          <Group gap="xs">
            <Badge variant="light" color="blue">
              {shownFiles.length - customerCount} standard
            </Badge>
            <Badge variant="light" color="grape">
              {customerCount} customer
            </Badge>
          </Group>
        </Group>
        <Text size="sm" c="dimmed" mb="xs">
          Merged in this order: later files win over earlier ones in the same set.
        </Text>
        {shownFiles.length >= windowedFromFileCount && !printing ? (
          <WindowedFileEntries files={shownFiles} deletedAt={deletedAt} />
        ) : (
          <Stack component="ul" gap="xs" className={classes.fileList} aria-labelledby="file-list-title">
            {shownFiles.map((file, position) => (
              <FileEntry
                key={file.id}
                file={file}
                position={position}
                fileCount={shownFiles.length}
                deletedAt={deletedAt}
              />
            ))}
          </Stack>
        )}
      </section>
    </fieldset>
  );
});
