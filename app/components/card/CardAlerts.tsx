import { ActionIcon, Alert, Anchor, Button, CopyButton, Group, Stack, Text, Tooltip } from "@mantine/core";
import { Link } from "@remix-run/react";
import { useState } from "react";
import { IconAlertTriangle, IconCheck, IconCircleCheck, IconCopy, IconDownload } from "@tabler/icons-react";
import { Details } from "~/components/shell/Details";
import type { CardFolderStatus, CardOutcome, FailedWriteRecord } from "~/lib/card/browser/cardFolder";
import { cardTexts } from "~/lib/card/cardTexts";
import { mayEndUnfinishedWriteByHand } from "~/lib/card/unfinishedWrites";
import { fileListIntents } from "~/lib/merger/fileListIntents";
import { recordPath } from "~/lib/records/recordIntents";
import { previousParFileName } from "~/lib/records/serviceRecord";
import { saveFile } from "~/lib/shell/browser/saveFile";
import { countOf } from "~/lib/shell/plural";
import classes from "./Card.module.css";
import { ShownMessage } from "~/components/merger/ShownValue";
import { useFileListAction } from "~/components/merger/useFileListAction";

export const timeOf = (at: Date) => at.toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit" });

function VerifiedAlert({ outcome }: { outcome: Extract<CardOutcome, { kind: "verified" }> }) {
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

/**
 * The last write: verified, or what the card holds now (the title), what happened, what to do; the card's PAR.txt
 * from before, where the card may have changed, with the reasons behind Details.
 */
export function OutcomeAlert({ outcome }: { outcome: CardOutcome }) {
  if (outcome.kind === "verified") return <VerifiedAlert outcome={outcome} />;
  const { report, previous, record } = outcome;
  // Only where the card may have changed is its PAR.txt from before the write worth saving.
  const cardMayHaveChanged = report.cardState === "written-unverified" || report.cardState === "may-be-incomplete";
  const recordNote = record?.kept ? record.note : null;
  return (
    <Alert color="red" icon={<IconAlertTriangle size={20} />} title={report.title}>
      <Stack gap={6} align="flex-start">
        <Text size="sm">
          <ShownMessage text={report.cause} />
        </Text>
        <Text size="sm" fw={600}>
          {report.advice}
        </Text>
        {cardMayHaveChanged && previous ? (
          <>
            <Text size="sm">{cardTexts.previousKept(previous.bytes.length)}</Text>
            <Button
              size="xs"
              variant="white"
              color="red"
              leftSection={<IconDownload size={16} />}
              onClick={() =>
                saveFile(previousParFileName({ createdAt: previous.readAt.toISOString() }), previous.bytes)
              }
            >
              {cardTexts.savePrevious}
            </Button>
          </>
        ) : null}
        {record ? <FailedWriteRecordLine record={record} /> : null}
        {(cardMayHaveChanged && previous) || recordNote ? (
          <Details>
            {[cardMayHaveChanged && previous ? cardTexts.previousKeptWhy : null, recordNote]
              .filter((text) => text !== null)
              .join(" ")}
          </Details>
        ) : null}
      </Stack>
    </Alert>
  );
}

/**
 * Card writes that did not finish, after a reload, until each card is written again: which
 * card and what to do first; what the tool keeps, the record and how to end the note behind Details.
 */
export function UnfinishedWritesAlert({ writes }: { writes: CardFolderStatus["unfinished"] }) {
  const { run } = useFileListAction();
  return (
    <Alert color="red" icon={<IconAlertTriangle size={20} />} title={cardTexts.unfinishedTitle}>
      <Stack gap="sm">
        {writes.map((write) => (
          <Stack gap={4} key={write.id} align="stretch">
            <Text size="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
              {cardTexts.unfinishedWrite(write)}
            </Text>
            <Text size="sm">{cardTexts.unfinishedWhatToDo}</Text>
            <Details>
              <Stack gap={6} align="flex-start">
                <Text size="sm">
                  {cardTexts.unfinishedKept(write.replacedSize)}
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
                </Text>
                {mayEndUnfinishedWriteByHand(write) ? (
                  <>
                    <Text size="sm">{cardTexts.unfinishedEndByHand}</Text>
                    <Anchor
                      component="button"
                      type="button"
                      size="sm"
                      fw={600}
                      ta="start"
                      onClick={() => run({ intent: fileListIntents.endUnfinishedWrite, unfinishedWrite: write.id })}
                    >
                      {cardTexts.unfinishedEndButton}
                    </Anchor>
                  </>
                ) : null}
              </Stack>
            </Details>
          </Stack>
        ))}
      </Stack>
    </Alert>
  );
}

/** The service record of a write that may have changed the card: where it is, or why there is none. */
function FailedWriteRecordLine({ record }: { record: FailedWriteRecord }) {
  if (!record.kept) return <Text size="sm">{record.reason}</Text>;
  return (
    <Text size="sm">
      {cardTexts.failedWriteRecordKept}{" "}
      <Anchor component={Link} to={recordPath(record.id)} inherit>
        {cardTexts.failedWriteRecordLink}
      </Anchor>
      .
    </Text>
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
