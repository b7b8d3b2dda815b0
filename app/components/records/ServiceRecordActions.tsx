import { Alert, Anchor, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { Form, Link, useActionData, useFetcher, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useState } from "react";
import {
  IconAlertTriangle,
  IconDownload,
  IconFileImport,
  IconPrinter,
  IconRestore,
  IconTrash,
} from "@tabler/icons-react";
import { goneInputPaths, recordTimeText, type ServiceRecordSummary } from "~/lib/records/serviceRecord";
import { countOf } from "~/lib/shell/plural";
import { toastMessages } from "~/lib/shell/toastMessages";
import classes from "./Records.module.css";
import wrapping from "~/components/shell/WrappingButton.module.css";
import { SubmitOnceButton } from "~/components/shell/SubmitOnceButton";
import { DeleteConfirmation } from "./DeleteConfirmation";
import { recordFileIntents } from "~/lib/merger/fileListIntents";
import { recordIntents, recordPath } from "~/lib/records/recordIntents";
import { cardTexts } from "~/lib/card/cardTexts";
import type { WriteBackCheck } from "~/lib/records/browser/recordRollback";
import type { NoticeText } from "~/lib/shell/noticeText";
import { NoticeBody } from "~/components/shell/NoticeBody";

function DeleteRecord({ record }: { record: ServiceRecordSummary }) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button variant="light" color="red" leftSection={<IconTrash size={16} />} onClick={open}>
        Delete
      </Button>
      <DeleteConfirmation
        opened={opened}
        close={close}
        title="Delete this service record?"
        intent={recordIntents.delete}
        deleteLabel="Delete record"
        action={recordPath(record.id)}
      >
        The record of {recordTimeText(record.createdAt)} and the files kept with it are deleted from this browser. This
        cannot be undone; export the records as CSV first if you need them.
      </DeleteConfirmation>
    </>
  );
}

/**
 * Roll back, in two clicks: the first opens the card folder (the browser asks only in a click) and looks at the
 * card; only a card that still holds this record's PAR.txt gets the question, anything else is refused with what
 * it holds. The second writes, and the write checks the card again (it may have been swapped meanwhile).
 */
function WriteBackButton({ record, openCardFolder }: { record: ServiceRecordSummary; openCardFolder: OpenCardFolder }) {
  const submit = useSubmit();
  const look = useFetcher<{ writeBack?: WriteBackCheck }>();
  const [shown, setShown] = useState<WriteBackCheck | null>(null);
  // The folder picker and the permission prompt take a while: a second click meanwhile starts nothing.
  const [opening, setOpening] = useState(false);
  const busy = useNavigation().formData?.get("intent") === recordIntents.writePreviousParFile;
  useEffect(() => {
    if (look.state === "idle" && look.data?.writeBack) setShown(look.data.writeBack);
  }, [look.state, look.data]);
  async function lookAtCard() {
    if (opening) return;
    setOpening(true);
    try {
      if (!(await openCardFolder())) return;
      look.submit({ intent: recordIntents.checkWriteBack }, { method: "post", action: recordPath(record.id) });
    } finally {
      setOpening(false);
    }
  }
  async function writeBack() {
    setShown(null);
    if (!(await openCardFolder())) return;
    submit(
      { intent: recordIntents.writePreviousParFile },
      { method: "post", action: recordPath(record.id), preventScrollReset: true, flushSync: true },
    );
  }
  const previousSize = record.cardComparison?.previousParFile?.size ?? 0;
  return (
    <>
      <Button
        variant="light"
        color="orange"
        leftSection={<IconRestore size={16} />}
        loading={busy || opening || look.state !== "idle"}
        onClick={() => void lookAtCard()}
        classNames={{ root: wrapping.wrappingButton, label: wrapping.wrappingLabel }}
      >
        Write the previous PAR.txt back to the card
      </Button>
      <Modal
        opened={shown !== null}
        onClose={() => setShown(null)}
        title={shown?.kind === "refused" ? cardTexts.writeBackRefusedTitle : cardTexts.writeBackQuestion}
      >
        {shown?.kind === "refused" ? (
          <Stack gap="md">
            <NoticeBody notice={shown.refusal}>
              {shown.previousKeptIn ? (
                <Anchor component={Link} to={recordPath(shown.previousKeptIn)} size="sm" onClick={() => setShown(null)}>
                  {cardTexts.writeBackOpenUnfinishedRecord}
                </Anchor>
              ) : null}
            </NoticeBody>
            <Group justify="flex-end">
              <Button onClick={() => setShown(null)}>Close</Button>
            </Group>
          </Stack>
        ) : (
          <Stack gap="md">
            <Text size="sm">{cardTexts.writeBackExplained(previousSize, recordTimeText(record.createdAt))}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setShown(null)}>
                Cancel
              </Button>
              <Button color="orange" onClick={() => void writeBack()}>
                {cardTexts.writeBackConfirm}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}

/** A write back that failed at the card: what the card holds now stays on screen after its toast has gone. */
function WriteBackFailure() {
  const failure = useActionData<{ writeBackFailure?: NoticeText } | null>()?.writeBackFailure;
  if (!failure) return null;
  return (
    <Alert color="red" icon={<IconAlertTriangle size={20} />} title={cardTexts.writeBackFailedTitle}>
      <NoticeBody notice={failure} />
    </Alert>
  );
}

/** Opens the card folder (in the click: the browser asks only then); false if the technician chose none. */
type OpenCardFolder = () => Promise<boolean>;

/**
 * What can be done with a record: its files again, on paper, gone. `openCardFolder`: the card's, handed down by
 * the route; null where this browser cannot open the card as a folder.
 */
export function ServiceRecordActions({
  record,
  openCardFolder,
}: {
  record: ServiceRecordSummary;
  openCardFolder: OpenCardFolder | null;
}) {
  const gonePaths = goneInputPaths(record);
  const keptCount = record.inputs.length - gonePaths.length;
  return (
    <Stack gap="xs" className={classes.noPrint}>
      <WriteBackFailure />
      <Group gap="sm">
        <Form method="post" action={recordPath(record.id)}>
          <SubmitOnceButton
            intent={recordIntents.downloadParFile}
            color="green"
            leftSection={<IconDownload size={16} />}
          >
            Download PAR.txt again
          </SubmitOnceButton>
        </Form>
        {record.cardComparison?.previousParFile ? (
          <Form method="post" action={recordPath(record.id)}>
            <SubmitOnceButton
              intent={recordIntents.downloadPreviousParFile}
              variant="light"
              leftSection={<IconDownload size={16} />}
            >
              Download the card&apos;s previous PAR.txt
            </SubmitOnceButton>
          </Form>
        ) : null}
        {record.cardComparison?.previousParFile && openCardFolder ? (
          <WriteBackButton record={record} openCardFolder={openCardFolder} />
        ) : null}
        {/* Through the file list's own action, which replaces the list and offers Undo. */}
        <Form method="post" action="/files">
          <input type="hidden" name="recordId" value={record.id} />
          <SubmitOnceButton
            intent={recordFileIntents.loadRecordFiles}
            variant="light"
            leftSection={<IconFileImport size={16} />}
            disabled={keptCount === 0}
          >
            Load these files again
          </SubmitOnceButton>
        </Form>
        <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
          Print
        </Button>
        <DeleteRecord record={record} />
      </Group>
      <Text size="sm" c="dimmed">
        {gonePaths.length === 0
          ? "Load these files again replaces the list on SD Card Files with this record's files (Undo brings the list back)."
          : keptCount === 0
            ? toastMessages.recordFilesGone
            : `Load these files again replaces the list on SD Card Files; ${countOf(gonePaths.length, "file")} marked “not kept” cannot come back.`}
      </Text>
    </Stack>
  );
}
