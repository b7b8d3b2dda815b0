import { Alert } from "@mantine/core";
import { IconDatabaseOff } from "@tabler/icons-react";
import type { StorageStatus } from "~/lib/merger/browser/parameterFileStore";

/** Shown while the browser refuses storage: the list then lasts only as long as this tab. */
export function StorageNotice({ storage }: { storage: StorageStatus }) {
  if (storage.persistent) return null;
  return (
    <Alert color="yellow" icon={<IconDatabaseOff size={20} />} title="Files are kept only while this tab is open">
      This browser does not let the tool store files (private mode or no space left: {storage.reason}). Everything
      works, but the list is gone when you close or reload this tab.
    </Alert>
  );
}
