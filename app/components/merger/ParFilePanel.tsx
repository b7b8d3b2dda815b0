import {
  Anchor,
  Button,
  Checkbox,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useLocalStorage } from "@mantine/hooks";
import { Form, Link, useNavigation } from "@remix-run/react";
import { IconDownload, IconHistory, IconTrash } from "@tabler/icons-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { HoverTooltip } from "~/components/shell/HoverTooltip";
import {
  downloadBlocker,
  problemConfirmationDescription,
  problemConfirmationLabel,
  type DownloadGateInput,
} from "~/lib/merger/downloadGate";
import type { MergePreview } from "~/lib/merger/mergePreview";
import { defaultLineEnding, lineEndingLabels, type LineEnding } from "~/lib/merger/parFileFormat";
import { serviceLabelStorageKey } from "~/lib/records/serviceRecord";
import { useAddingFiles } from "./useAddingFiles";
import classes from "./Merger.module.css";
import { formatCount } from "~/lib/shell/plural";
import { fileListIntents } from "~/lib/merger/fileListIntents";

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
  /** Site or unit, kept for the next record: a visit usually makes several PAR.txt files for one unit. */
  serviceLabel: string;
  setServiceLabel: (label: string) => void;
}

export function useParFileChoices(): ParFileChoices {
  const [lineEnding, setLineEnding] = useState<LineEnding>(defaultLineEnding);
  const [confirmedProblemsKey, setConfirmedProblemsKey] = useState<string | null>(null);
  const [serviceLabel, setServiceLabel] = useLocalStorage({ key: serviceLabelStorageKey, defaultValue: "" });
  // The same object until a choice changes: the screen below it re-renders only for its own reasons.
  return useMemo(
    () => ({ lineEnding, setLineEnding, confirmedProblemsKey, setConfirmedProblemsKey, serviceLabel, setServiceLabel }),
    [lineEnding, confirmedProblemsKey, serviceLabel, setServiceLabel],
  );
}

/**
 * Download and the reason it is not allowed. On its own, so the router's states re-render the button, not
 * the panel: it says it works while its download runs, and waits while added files are read.
 */
function DownloadButton({ gate, hasFiles }: { gate: Omit<DownloadGateInput, "filesBeingRead">; hasFiles: boolean }) {
  const downloading = useNavigation().formData?.get("intent") === fileListIntents.download;
  const filesBeingRead = useAddingFiles();
  const blocker = downloadBlocker({ ...gate, filesBeingRead });
  // With no files yet the disabled button says enough; the first files being read are worth a word.
  const reasonShown = blocker !== null && (hasFiles || filesBeingRead);
  // The button is disabled while it works; give the keyboard its place back afterwards.
  const downloadButton = useRef<HTMLButtonElement>(null);
  const wasDownloading = useRef(false);
  useEffect(() => {
    if (wasDownloading.current && !downloading) downloadButton.current?.focus();
    wasDownloading.current = downloading;
  }, [downloading]);
  return (
    <>
      <HoverTooltip label="Merge all files into PAR.txt for the unit's SD card" disabled={!hasFiles}>
        <Button
          type="submit"
          name="intent"
          value={fileListIntents.download}
          // The theme darkens green's filled shade so white text reaches 4.5:1.
          color="green"
          size="md"
          ref={downloadButton}
          leftSection={<IconDownload size={18} />}
          disabled={blocker !== null}
          loading={downloading}
          aria-describedby={reasonShown ? "download-blocker" : undefined}
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

function DeleteAllButton({ hasFiles }: { hasFiles: boolean }) {
  const deleting = useNavigation().formData?.get("intent") === fileListIntents.deleteAll;
  return (
    <Button
      type="submit"
      name="intent"
      value={fileListIntents.deleteAll}
      variant="light"
      color="red"
      leftSection={<IconTrash size={16} />}
      disabled={!hasFiles}
      loading={deleting}
    >
      Delete all
    </Button>
  );
}

/** The result and its download: counts, line ending, the problem check, and the two side buttons. */
export function ParFilePanel({
  preview,
  choices: { lineEnding, setLineEnding, confirmedProblemsKey, setConfirmedProblemsKey, serviceLabel, setServiceLabel },
}: {
  preview: MergePreview;
  choices: ParFileChoices;
}) {
  const hasFiles = preview.files.length > 0;
  const problemsChecked = confirmedProblemsKey === preview.problemsKey;
  const needsProblemCheck = preview.problemCount > 0;

  return (
    <Paper withBorder p="md" className={classes.sticky}>
      <Form method="post" preventScrollReset>
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
            <SegmentedControl
              name="lineEnding"
              fullWidth
              aria-labelledby="line-ending-label"
              value={lineEnding}
              onChange={(value) => setLineEnding(value as LineEnding)}
              data={(["crlf", "lf"] as const).map((value) => ({ value, label: lineEndingLabels[value] }))}
            />
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

          <TextInput
            name="serviceLabel"
            label="Site / unit (optional)"
            description="Goes into the service record of the download."
            placeholder="e.g. Fjordview pool 2"
            maxLength={200}
            value={serviceLabel}
            onChange={(event) => setServiceLabel(event.currentTarget.value)}
          />

          <DownloadButton
            gate={{ fileCount: preview.files.length, ...preview, confirmedProblemsKey }}
            hasFiles={hasFiles}
          />
          <Group grow className={classes.noPrint}>
            <DeleteAllButton hasFiles={hasFiles} />
          </Group>
          <Anchor component={Link} to="/records" size="sm" className={classes.noPrint}>
            <Group gap={6} component="span" wrap="nowrap">
              <IconHistory size={16} aria-hidden />
              Records of every PAR.txt made
            </Group>
          </Anchor>
        </Stack>
      </Form>
    </Paper>
  );
}
