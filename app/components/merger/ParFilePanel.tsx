import { Anchor, Button, Checkbox, Chip, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Link, useFetcher } from "@remix-run/react";
import { IconDownload, IconHistory, IconTrash } from "@tabler/icons-react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { HoverTooltip } from "~/components/shell/HoverTooltip";
import {
  downloadBlocker,
  problemConfirmationDescription,
  problemConfirmationLabel,
  type DownloadGateInput,
} from "~/lib/merger/downloadGate";
import type { MergePreview } from "~/lib/merger/mergePreview";
import type { Editing } from "~/lib/merger/browser/editingLock";
import { defaultLineEnding, lineEndingLabels, type LineEnding } from "~/lib/merger/parFileFormat";
import { useAddingFiles } from "./useAddingFiles";
import { useFileListAction, useFocusBackAfter } from "./useFileListAction";
import classes from "./Merger.module.css";
import { formatCount } from "~/lib/shell/plural";
import { fileListIntents } from "~/lib/merger/fileListIntents";
import { ServiceLabelInput } from "./ServiceLabelInput";

function Stat({ label, value, color }: { label: string; value: number; color?: string }) {
  return (
    <div>
      <Text className={classes.statValue} c={color} data-testid={`stat-${label}`}>
        {formatCount(value)}
      </Text>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
    </div>
  );
}

/** The choices that Download and Write to SD card share; the screen keeps them. */
export interface ParFileChoices {
  lineEnding: LineEnding;
  setLineEnding: (lineEnding: LineEnding) => void;
  /** A confirmation holds for exactly the problems it was given for. */
  confirmedProblemsKey: string | null;
  setConfirmedProblemsKey: (key: string | null) => void;
  /**
   * Site or unit, kept for the next record: a visit usually makes several PAR.txt files for one unit. It
   * belongs to the list: stored with it as it is typed, cleared by Delete all, brought back by Undo.
   */
  serviceLabel: string;
  setServiceLabel: (label: string) => void;
  /** Stores a label still waiting for the typing to pause. */
  storeServiceLabel: () => void;
}

/** How long typing pauses before the label is stored. */
const labelStoredAfterMs = 400;

/**
 * The label as typed, stored with the list as the typing pauses. The input follows the list's label when a
 * newer list is loaded than the one the last stored label went into: after Delete all, Undo, another tab.
 */
function useServiceLabel(loaded: StoredLabel) {
  const [serviceLabel, setLabel] = useState(loaded.text);
  // A tab that does not edit shows the stored label, and starts from it when it edits: the other tab may have changed it.
  const editingHere = loaded.editing === "here";
  useEffect(() => {
    if (!editingHere) setLabel(loaded.text);
  }, [editingHere, loaded.text]);
  const fetcher = useFetcher<{ version: number }>({ key: "service-label" });
  const { submit } = fetcher;
  const storedAt = fetcher.data?.version ?? -1;
  const storing = fetcher.state !== "idle";
  const waiting = useRef<{ label: string; timer: ReturnType<typeof setTimeout> } | null>(null);
  useEffect(() => {
    // What is being typed or stored wins over a list loaded before it.
    if (waiting.current || storing || loaded.version <= storedAt) return;
    setLabel(loaded.text);
  }, [loaded.text, loaded.version, storing, storedAt]);
  const storeServiceLabel = useCallback(() => {
    if (!waiting.current) return;
    clearTimeout(waiting.current.timer);
    const { label } = waiting.current;
    waiting.current = null;
    submit({ intent: fileListIntents.label, label }, { method: "post", action: "/files" });
  }, [submit]);
  const setServiceLabel = useCallback(
    (label: string) => {
      setLabel(label);
      if (waiting.current) clearTimeout(waiting.current.timer);
      waiting.current = { label, timer: setTimeout(storeServiceLabel, labelStoredAfterMs) };
    },
    [storeServiceLabel],
  );
  // Leaving the screen stores what was typed.
  useEffect(() => storeServiceLabel, [storeServiceLabel]);
  return { serviceLabel: editingHere ? serviceLabel : loaded.text, setServiceLabel, storeServiceLabel };
}

/** The list's label as last loaded, with the list's version, and whether this tab edits the list. */
interface StoredLabel {
  text: string;
  version: number;
  editing: Editing;
}

export function useParFileChoices(storedLabel: StoredLabel): ParFileChoices {
  const [lineEnding, setLineEnding] = useState<LineEnding>(defaultLineEnding);
  const [confirmedProblemsKey, setConfirmedProblemsKey] = useState<string | null>(null);
  const { serviceLabel, setServiceLabel, storeServiceLabel } = useServiceLabel(storedLabel);
  // The same object until a choice changes: the screen below it re-renders only for its own reasons.
  return useMemo(
    () => ({
      lineEnding,
      setLineEnding,
      confirmedProblemsKey,
      setConfirmedProblemsKey,
      serviceLabel,
      setServiceLabel,
      storeServiceLabel,
    }),
    [lineEnding, confirmedProblemsKey, serviceLabel, setServiceLabel, storeServiceLabel],
  );
}

/** The form's choices, for Download (and Write to SD card) to send. */
function formOf(button: HTMLButtonElement, intent: string): FormData {
  const formData = new FormData(button.form ?? undefined);
  formData.set("intent", intent);
  return formData;
}

/**
 * Download and the reason it is not allowed. On its own fetcher, so its state re-renders the button, not the panel:
 * disabled from the click until PAR.txt is saved, and waiting while added files are read.
 */
function DownloadButton({ gate, hasFiles }: { gate: Omit<DownloadGateInput, "filesBeingRead">; hasFiles: boolean }) {
  const { run, busy: downloading } = useFileListAction();
  const filesBeingRead = useAddingFiles();
  const blocker = downloadBlocker({ ...gate, filesBeingRead });
  // With no files yet the disabled button says enough; the first files being read are worth a word.
  const reasonShown = blocker !== null && (hasFiles || filesBeingRead);
  const downloadButton = useFocusBackAfter(downloading);
  return (
    <>
      <HoverTooltip label="Merge all files into PAR.txt for the unit's SD card" disabled={!hasFiles}>
        <Button
          type="submit"
          // The theme darkens green's filled shade so white text reaches 4.5:1.
          color="green"
          size="md"
          ref={downloadButton}
          leftSection={<IconDownload size={18} />}
          disabled={blocker !== null || downloading}
          loading={downloading}
          aria-describedby={reasonShown ? "download-blocker" : undefined}
          onClick={(event) => {
            event.preventDefault();
            run(formOf(event.currentTarget, fileListIntents.download));
          }}
        >
          Download SD card file
        </Button>
      </HoverTooltip>
      {reasonShown ? (
        <Text size="sm" id="download-blocker" data-testid="download-blocker">
          {blocker}
        </Text>
      ) : null}
    </>
  );
}

/** Delete all of the list as shown (its version): a second tap finds the list changed and deletes nothing more. */
function DeleteAllButton({ hasFiles, version }: { hasFiles: boolean; version: number }) {
  const { run, busy } = useFileListAction();
  return (
    <Button
      type="button"
      variant="light"
      color="red"
      leftSection={<IconTrash size={16} />}
      disabled={!hasFiles || busy}
      loading={busy}
      onClick={() => run({ intent: fileListIntents.deleteAll, version: String(version) })}
    >
      Delete all
    </Button>
  );
}

/** The result and its download: counts, line ending, the problem check, and the two side buttons. */
export function ParFilePanel({
  preview,
  choices: {
    lineEnding,
    setLineEnding,
    confirmedProblemsKey,
    setConfirmedProblemsKey,
    serviceLabel,
    setServiceLabel,
    storeServiceLabel,
  },
  version,
  readOnly,
}: {
  preview: MergePreview;
  choices: ParFileChoices;
  /** The list's version on screen: what Delete all deletes. */
  version: number;
  /** Another tab edits the list: the label and Delete all are not this tab's to change. */
  readOnly: boolean;
}) {
  const hasFiles = preview.files.length > 0;
  const problemsChecked = confirmedProblemsKey === preview.problemsKey;
  const needsProblemCheck = preview.problemCount > 0;

  return (
    <Paper withBorder p="md" className={classes.sticky}>
      <form onSubmit={(event) => event.preventDefault()}>
        <Stack gap="md">
          <Title order={2} size="h4">
            PAR.txt
          </Title>
          <SimpleGrid cols={2} spacing="sm">
            <Stat label="parameters" value={preview.parameterCount} />
            <Stat label="rewritten" value={preview.rewrittenCount} />
            <Stat label="added" value={preview.addedCount} />
            <Stat label="problems" value={preview.problemCount} color={needsProblemCheck ? "red" : undefined} />
          </SimpleGrid>

          <div>
            <Text size="sm" fw={500} id="line-ending-label" mb={4}>
              Line ending
            </Text>
            {/* Chips, not a SegmentedControl: its sliding indicator measures the whole page's layout as the screen
                first appears, one of the longest tasks of a first visit. */}
            <Chip.Group multiple={false} value={lineEnding} onChange={(value) => setLineEnding(value as LineEnding)}>
              <Group gap="xs" role="radiogroup" aria-labelledby="line-ending-label">
                {(["crlf", "lf"] as const).map((value) => (
                  <Chip key={value} value={value} name="lineEnding">
                    {lineEndingLabels[value]}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </div>

          {needsProblemCheck ? (
            <Checkbox
              name="confirmedProblemsKey"
              value={preview.problemsKey}
              checked={problemsChecked}
              onChange={(event) => setConfirmedProblemsKey(event.currentTarget.checked ? preview.problemsKey : null)}
              color="orange"
              label={problemConfirmationLabel(preview.problemCount)}
              description={problemConfirmationDescription}
            />
          ) : null}

          <ServiceLabelInput
            value={serviceLabel}
            readOnly={readOnly}
            onChange={setServiceLabel}
            onBlur={storeServiceLabel}
          />

          <DownloadButton
            gate={{ fileCount: preview.files.length, ...preview, confirmedProblemsKey }}
            hasFiles={hasFiles}
          />
          <Group grow className={classes.noPrint}>
            <DeleteAllButton hasFiles={hasFiles && !readOnly} version={version} />
          </Group>
          <Anchor component={Link} to="/records" size="sm" className={classes.noPrint}>
            <Group gap={6} component="span" wrap="nowrap">
              <IconHistory size={16} aria-hidden />
              Records of every PAR.txt made
            </Group>
          </Anchor>
        </Stack>
      </form>
    </Paper>
  );
}
