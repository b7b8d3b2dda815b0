import { Alert, Button } from "@mantine/core";
import { IconDatabaseOff } from "@tabler/icons-react";
import { useRouterActions } from "~/components/shell/RouterActions";
import { fileListIntents } from "~/lib/merger/fileListIntents";
import { notStoredNoticeText, notStoredTitleOf } from "~/lib/merger/fileListStorageText";
import type { FileListStorageView } from "~/lib/merger/browser/parameterFileStore";

/**
 * Whether the list on screen is the stored one: while something is not stored (storage refused it, or there
 * is none) the notice says which files, since when and why. (Whether the browser keeps what is stored for
 * good is said by the note on what this browser can do.)
 */
export function StorageNotice({ storage }: { storage: FileListStorageView }) {
  const { submit } = useRouterActions();
  const text = notStoredNoticeText(storage);
  if (!text) return null;
  // Storage that could be read may take the files now (space freed, a hiccup over).
  const canTryAgain =
    !storage.unreadable && (storage.notStoredIds.length > 0 || (storage.notStored?.takenOut.length ?? 0) > 0);
  return (
    <Alert
      color="yellow"
      icon={<IconDatabaseOff size={20} />}
      title={notStoredTitleOf(storage.notStored)}
      data-testid="storage-notice"
    >
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
