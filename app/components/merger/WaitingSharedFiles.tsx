import { Badge, Button, Group, List, Paper, Stack, Text } from "@mantine/core";
import { IconCheck, IconShare, IconX } from "@tabler/icons-react";
import { memo, useCallback } from "react";
import { fileListIntents, type FileActionData } from "~/lib/merger/fileListIntents";
import type { WaitingShare } from "~/lib/merger/sharedFiles";
import { recordTimeText } from "~/lib/records/serviceRecord";
import { countOf } from "~/lib/shell/plural";
import classes from "./Merger.module.css";
import { ShownName } from "./ShownValue";
import { useShownRefusals } from "./useAddFiles";
import { useFileListAction } from "./useFileListAction";

/** Add or Discard one waiting share: a submission to the route action, like every change of the list. */
function useWaitingShareChoice() {
  const { run, data } = useFileListAction<FileActionData | null>();
  useShownRefusals(data);
  return useCallback(
    (intent: typeof fileListIntents.addShared | typeof fileListIntents.discardShared, shareId: string) =>
      run({ intent, share: shareId }),
    [run],
  );
}

/**
 * Files shared to the app from another app on this device (the share sheet): they wait here, apart from the
 * list and out of every merge, until the technician adds them (the same checks as a drop) or discards them.
 */
export const WaitingSharedFiles = memo(function WaitingSharedFiles({ shares }: { shares: readonly WaitingShare[] }) {
  const choose = useWaitingShareChoice();
  if (shares.length === 0) return null;
  return (
    <Paper withBorder p="md" className={classes.noPrint}>
      <Stack gap="sm">
        <Group gap="xs">
          <IconShare size={18} aria-hidden />
          <Text fw={600} id="waiting-shared-files">
            Shared with the app: not added yet
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          Nothing shared joins the merge until you add it. Add the files you expected; discard anything else.
        </Text>
        <List listStyleType="none" spacing="sm" aria-labelledby="waiting-shared-files">
          {shares.map((share) => {
            const names = share.files.map((file) => file.name);
            return (
              <List.Item key={share.id} data-testid="waiting-share">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Stack gap={2} miw={0}>
                    {names.map((name, index) => (
                      <Group key={index} gap="xs" wrap="nowrap">
                        <Badge color="yellow" variant="light" size="sm">
                          Waiting
                        </Badge>
                        {/* Isolated, so a name with direction marks cannot dress up as another. */}
                        <Text size="sm" style={{ overflowWrap: "anywhere" }} data-testid="waiting-file-name">
                          <ShownName text={name} />
                        </Text>
                      </Group>
                    ))}
                    {share.sharedAt ? (
                      <Text size="xs" c="dimmed">
                        Shared {recordTimeText(share.sharedAt)}
                      </Text>
                    ) : null}
                  </Stack>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="xs"
                      leftSection={<IconCheck size={14} />}
                      onClick={() => choose(fileListIntents.addShared, share.id)}
                      aria-label={`Add ${countOf(names.length, "shared file")}: ${names.join(", ")}`}
                    >
                      Add
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      leftSection={<IconX size={14} />}
                      onClick={() => choose(fileListIntents.discardShared, share.id)}
                      aria-label={`Discard ${countOf(names.length, "shared file")}: ${names.join(", ")}`}
                    >
                      Discard
                    </Button>
                  </Group>
                </Group>
              </List.Item>
            );
          })}
        </List>
      </Stack>
    </Paper>
  );
});
