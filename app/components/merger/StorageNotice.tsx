import { Alert, Button, Text } from "@mantine/core";
import { IconDatabaseOff } from "@tabler/icons-react";
import { useRouterActions } from "~/components/shell/RouterActions";
import { fileListIntents } from "~/lib/merger/fileListIntents";
import { notStoredNoticeText, notStoredTitle } from "~/lib/merger/fileListStorageText";
import type { FileListStorageView } from "~/lib/merger/browser/parameterFileStore";
import { storageKeepingText, type StorageKeeping } from "~/lib/shell/storageKeeping";

/**
 * Whether the list on screen is the stored one. While something is not stored (storage refused it, or
 * there is none) the notice says which files, since when and why; otherwise one line says whether the
 * browser keeps them for good.
 */
export function StorageNotice({ storage }: { storage: FileListStorageView & { keeping: StorageKeeping } }) {
  const { submit } = useRouterActions();
  const text = notStoredNoticeText(storage);
  if (!text) {
    return (
      <Text size="sm" c="dimmed" data-testid="storage-keeping">
        {storageKeepingText(storage.keeping, "Files")}
      </Text>
    );
  }
  // Storage that could be read may take the files now (space freed, a hiccup over).
  const canTryAgain = !storage.unreadable && storage.notStoredIds.length > 0;
  return (
    <Alert color="yellow" icon={<IconDatabaseOff size={20} />} title={notStoredTitle} data-testid="storage-notice">
      {text}
      {canTryAgain ? (
        <Button
          display="block"
          mt="xs"
          size="compact-sm"
          variant="light"
          color="yellow"
          onClick={() => submit({ intent: fileListIntents.storeAgain }, { method: "post", preventScrollReset: true })}
        >
          Try to store them again
        </Button>
      ) : null}
    </Alert>
  );
}
