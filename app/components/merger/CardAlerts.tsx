import { ActionIcon, Alert, Anchor, Button, CopyButton, Group, Stack, Text, Tooltip } from "@mantine/core";
import { Link } from "@remix-run/react";
import { IconAlertTriangle, IconCheck, IconCircleCheck, IconCopy, IconDownload } from "@tabler/icons-react";
import { useState } from "react";
import { type CardFolderStatus, type CardOutcome, type FailedWriteRecord } from "~/lib/merger/browser/cardFolder";
import { countOf } from "~/lib/shell/plural";
import classes from "./Merger.module.css";
import { fileListIntents } from "~/lib/merger/fileListIntents";
import { cardTexts, mayEndUnfinishedWriteByHand } from "~/lib/merger/cardWrite";
import { previousParFileName } from "~/lib/records/serviceRecord";
import { recordPath } from "~/lib/records/recordIntents";
import { saveFile } from "~/lib/shell/browser/saveFile";
import { ShownMessage } from "./ShownValue";
import { useFileListAction } from "./useFileListAction";

export const timeOf = (at: Date) => at.toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit" });

export function OutcomeAlert({ outcome }: { outcome: CardOutcome }) {
  if (outcome.kind === "verified") {
    return (
      <Alert color="green" role="status" icon={<IconCircleCheck size={20} />} title="PAR.txt written and verified">
        <Stack gap={6}>
          <Text size="sm">
            {outcome.fileName} on the card (folder {outcome.folderName}) was read back at {timeOf(outcome.at)}: all{" "}
            {countOf(outcome.byteCount, "byte")} are exactly the ones written (verified).
          </Text>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <Text size="sm" className={classes.monospace} data-testid="card-sha256">
              SHA-256 {outcome.sha256}
            </Text>
            <CopyButton value={outcome.sha256}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? "Copied" : "Copy SHA-256"}>
                  <ActionIcon variant="subtle" color="green" onClick={copy} aria-label="Copy SHA-256">
                    {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          </Group>
          <Text size="sm" fw={600}>
            Eject the card safely (Eject / Safely Remove) before you take it out, or the unit may find it incomplete.
          </Text>
        </Stack>
      </Alert>
    );
  }
  const { report, previous, record } = outcome;
  // Only where the card may have changed is its PAR.txt from before the write worth saving.
  const cardMayHaveChanged = report.cardState === "written-unverified" || report.cardState === "may-be-incomplete";
  return (
    <Alert color="red" icon={<IconAlertTriangle size={20} />} title={report.title}>
      <Text size="sm">
        <ShownMessage text={report.cause} />
      </Text>
      <Text size="sm" fw={600} mt={4}>
        {report.advice}
      </Text>
      {cardMayHaveChanged && previous ? (
        <Stack gap={6} mt={6} align="flex-start">
          <Text size="sm">{cardTexts.previousKept(previous.bytes.length)}</Text>
          <Button
            size="xs"
            variant="white"
            color="red"
            leftSection={<IconDownload size={16} />}
            onClick={() => saveFile(previousParFileName({ createdAt: previous.readAt.toISOString() }), previous.bytes)}
          >
            {cardTexts.savePrevious}
          </Button>
        </Stack>
      ) : null}
      {record ? <FailedWriteRecordLine record={record} /> : null}
    </Alert>
  );
}

/**
 * A card action: the card folder opened in the click (the browser asks only then), then the route's action. Busy,
 * and so disabled, from the click on: a double click opens the folder and writes once.
 */
export function useCardAction() {
  const [opening, setOpening] = useState(false);
  const { run, busy } = useFileListAction();
  return {
    busy: opening || busy,
    async run(open: () => Promise<boolean>, fields: Record<string, string> | FormData) {
      setOpening(true);
      try {
        if (await open()) run(fields);
      } finally {
        setOpening(false);
      }
    },
  };
}

/** Card writes that did not finish, after a reload or from another tab: until each card is written again. */
export function UnfinishedWritesAlert({ writes }: { writes: CardFolderStatus["unfinished"] }) {
  const { run } = useFileListAction();
  return (
    <Alert color="red" icon={<IconAlertTriangle size={20} />} title={cardTexts.unfinishedTitle}>
      <Stack gap={6}>
        {writes.map((write) => (
          <Text size="sm" key={write.id}>
            {cardTexts.unfinishedWrite(write)}
            {write.recordId ? (
              <>
                {" "}
                {cardTexts.failedWriteRecordKept}{" "}
                <Anchor component={Link} to={recordPath(write.recordId)} inherit>
                  {cardTexts.failedWriteRecordLink}
                </Anchor>
                .
              </>
            ) : null}
            {mayEndUnfinishedWriteByHand(write) ? (
              <>
                {" "}
                {cardTexts.unfinishedEndByHand}{" "}
                <Button
                  variant="subtle"
                  color="red"
                  size="compact-sm"
                  onClick={() => run({ intent: fileListIntents.endUnfinishedWrite, unfinishedWrite: write.id })}
                >
                  {cardTexts.unfinishedEndButton}
                </Button>
              </>
            ) : null}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}

/** The service record of a write that may have changed the card: where it is, or why there is none. */
function FailedWriteRecordLine({ record }: { record: FailedWriteRecord }) {
  if (!record.kept)
    return (
      <Text size="sm" mt={6}>
        {record.reason}
      </Text>
    );
  return (
    <Text size="sm" mt={6}>
      {cardTexts.failedWriteRecordKept}{" "}
      <Anchor component={Link} to={recordPath(record.id)} inherit>
        {cardTexts.failedWriteRecordLink}
      </Anchor>
      .{record.note ? ` ${record.note}` : null}
    </Text>
  );
}
