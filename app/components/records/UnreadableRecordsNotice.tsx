import { Alert, Button, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconAlertTriangle, IconTrash } from "@tabler/icons-react";
import { recordListIntents } from "~/lib/records/recordIntents";
import { countOf } from "~/lib/shell/plural";
import { DeleteConfirmation } from "./DeleteConfirmation";

/**
 * Records stored here that this version cannot read: never shown, so said, and deletable after a confirmation
 * (a newer version of the tool may still read them).
 */
export function UnreadableRecordsNotice({ recordCount }: { recordCount: number }) {
  const [opened, { open, close }] = useDisclosure(false);
  const them = recordCount === 1 ? "it" : "them";
  return (
    <Alert
      color="orange"
      icon={<IconAlertTriangle size={20} />}
      title={`${countOf(recordCount, "record")} cannot be read`}
      data-testid="unreadable-records"
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {recordCount === 1 ? "It is" : "They are"} stored in this browser, but this version of the tool cannot read{" "}
          {them}: damaged, or written by another version. {recordCount === 1 ? "It is" : "They are"} not shown, backed
          up or exported.
        </Text>
        <Button variant="light" color="red" size="xs" leftSection={<IconTrash size={14} />} onClick={open}>
          Delete {recordCount === 1 ? "it" : `these ${recordCount}`}
        </Button>
      </Stack>
      <DeleteConfirmation
        opened={opened}
        close={close}
        title="Delete the records that cannot be read?"
        intent={recordListIntents.deleteUnreadable}
        deleteLabel="Delete"
      >
        {countOf(recordCount, "record")} this version cannot read {recordCount === 1 ? "is" : "are"} deleted from this
        browser, with {recordCount === 1 ? "its" : "their"} rows. This cannot be undone; a newer version of the tool
        might still read {them}.
      </DeleteConfirmation>
    </Alert>
  );
}
