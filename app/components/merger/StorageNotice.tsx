import { Alert } from "@mantine/core";
import { IconDatabaseOff } from "@tabler/icons-react";
import type { NotSaved } from "~/lib/merger/browser/fileListStore";
import { fileListTexts } from "~/lib/merger/fileListTexts";

/**
 * Storage is all or nothing: one banner while the browser will not store the list (why, and what closing or
 * reloading the tab loses), and after a reload a line saying which changes were not saved.
 */
export function StorageNotice({
  notSaved,
  notSavedBeforeReload,
  notSavedGone,
}: {
  notSaved: NotSaved | null;
  notSavedBeforeReload: { since: number | null } | null;
  notSavedGone: { since: number | null } | null;
}) {
  return (
    <>
      {notSaved ? (
        <Alert
          color="yellow"
          icon={<IconDatabaseOff size={20} />}
          title={fileListTexts.notSaved.title}
          data-testid="storage-notice"
        >
          {fileListTexts.notSaved.body(notSaved.reason, notSaved.since)}
        </Alert>
      ) : null}
      {notSavedBeforeReload ? (
        <Alert color="yellow" icon={<IconDatabaseOff size={20} />} data-testid="not-saved-before-reload">
          {fileListTexts.notSavedBeforeReload(notSavedBeforeReload.since)}
        </Alert>
      ) : null}
      {notSavedGone ? (
        <Alert color="red" icon={<IconDatabaseOff size={20} />} data-testid="not-saved-gone">
          {fileListTexts.notSavedGone(notSavedGone.since)}
        </Alert>
      ) : null}
    </>
  );
}
