import { Alert, Button, FileButton, Stack, Text } from "@mantine/core";
import { Form, useActionData, useNavigation, useSubmit } from "@remix-run/react";
import { SubmitOnceButton } from "~/components/shell/SubmitOnceButton";
import { IconAlertTriangle, IconArchive, IconRestore, IconShieldExclamation } from "@tabler/icons-react";
import { useRef } from "react";
import { allBackedUpText, lastBackupText, type BackupReminder } from "~/lib/records/backupReminder";
import { recordListIntents, type RecordsNote } from "~/lib/records/recordIntents";
import { countOf } from "~/lib/shell/plural";
import { holdFiles } from "~/lib/shell/browser/heldFiles";
import { Details } from "~/components/shell/Details";

/** Back up records: one ZIP file with every record and its kept files. */
export function BackUpButton({ recordCount }: { recordCount: number }) {
  return (
    <Form method="post">
      <SubmitOnceButton
        intent={recordListIntents.backUp}
        leftSection={<IconArchive size={16} />}
        disabled={recordCount === 0}
      >
        Back up records
      </SubmitOnceButton>
    </Form>
  );
}

/** Restore from backup: a file input behind a button; the same file can be picked again. */
export function RestoreButton() {
  const submit = useSubmit();
  const reset = useRef<() => void>(null);
  const busy = useNavigation().formData?.get("intent") === recordListIntents.restoreBackup;
  const restore = (file: File | null) => {
    if (!file) return;
    const formData = new FormData();
    formData.set("intent", recordListIntents.restoreBackup);
    // Beside the form, not in it: WebKit cannot parse a 0-byte file part (heldFiles.ts).
    formData.set("heldBackup", holdFiles([file]));
    submit(formData, { method: "post", flushSync: true });
    reset.current?.();
  };
  return (
    <FileButton onChange={restore} accept=".zip,application/zip" resetRef={reset}>
      {(props) => (
        <Button {...props} variant="light" leftSection={<IconRestore size={16} />} loading={busy}>
          Restore from backup
        </Button>
      )}
    </FileButton>
  );
}

/** When the last backup was made, and whether records exist that no backup holds. */
export function BackupReminderNotice({
  reminder,
  recordCount,
  keptOnlyInTab,
}: {
  reminder: BackupReminder;
  recordCount: number;
  /** The browser stores no records: they last as long as the tab. */
  keptOnlyInTab: boolean;
}) {
  if (recordCount === 0 || reminder.notBackedUpCount === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="backup-reminder">
        {allBackedUpText(reminder, recordCount)}
      </Text>
    );
  }
  const count = reminder.notBackedUpCount;
  return (
    <Alert
      color="orange"
      icon={<IconShieldExclamation size={20} />}
      title={`${countOf(count, "record")} ${count === 1 ? "is" : "are"} in no backup`}
      data-testid="backup-reminder"
    >
      <Stack gap={4}>
        <Text size="sm">
          {lastBackupText(reminder)}{" "}
          {keptOnlyInTab
            ? "Records live only in this tab, until it is closed or reloaded."
            : "Records live only in this browser, which may clear them."}{" "}
          Back up records and keep the file somewhere safe.
        </Text>
        {keptOnlyInTab ? null : (
          <Details>
            Safari clears a site&apos;s records after 7 days without a visit; clearing site data, or another device,
            leaves them behind too.
          </Details>
        )}
      </Stack>
    </Alert>
  );
}

/** What the last backup, restore or export left to say after its toast: until the next action. */
export function RecordsNoteAlert() {
  const note = useActionData<{ recordsNote?: RecordsNote } | null>()?.recordsNote;
  if (!note) return null;
  return (
    <Alert
      color={note.failed ? "red" : "yellow"}
      icon={<IconAlertTriangle size={20} />}
      title={note.title.replace(/\.$/, "")}
      data-testid="records-note"
    >
      <Stack gap={4}>
        {note.lines.map((line) => (
          <Text size="sm" key={line} style={{ overflowWrap: "anywhere" }}>
            {line}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}
