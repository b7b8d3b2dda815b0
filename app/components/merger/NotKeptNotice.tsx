import { Alert } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useState } from "react";
import { summarizePaths } from "~/lib/merger/incomingFiles";

/**
 * After a visit that ended while files were loading (the tab crashed or was
 * closed): the list is as it was before them, and this says which were not kept.
 */
export function NotKeptNotice({ paths }: { paths: string[] | null }) {
  // Only the first load of a visit knows; the notice stays until closed.
  const [shownPaths, setShownPaths] = useState(paths);
  if (!shownPaths || shownPaths.length === 0) return null;
  return (
    <Alert
      color="orange"
      icon={<IconAlertTriangle size={20} />}
      title="The last files you added were not kept"
      withCloseButton
      closeButtonLabel="Close notice"
      onClose={() => setShownPaths(null)}
      role="alert"
    >
      The app closed while they were loading (the set may be too big for this device), so the list is as it was before
      them. Not kept: {summarizePaths(shownPaths)}.
    </Alert>
  );
}
