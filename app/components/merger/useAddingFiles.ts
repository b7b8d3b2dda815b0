import { useNavigation } from "@remix-run/react";
import { useMemo } from "react";
import { useHeldFor } from "~/components/shell/useShownLater";
import { fileListIntents } from "~/lib/merger/fileListIntents";
import { filesBeingAdded, type FileBeingAdded } from "~/lib/merger/incomingFiles";

/**
 * How long adding files may take before the screen shows it is at work (the drop zone busy, the files
 * listed as being read). A typical set is merged before then: its screen renders once, with the result,
 * and nothing flashes.
 */
export const busyShownAfterMs = 300;

/** True while added files are read and merged, once that has taken busyShownAfterMs. */
export function useAddingFiles(): boolean {
  return useHeldFor(useNavigation().formData?.get("intent") === fileListIntents.add, busyShownAfterMs);
}

const noFilesBeingAdded: FileBeingAdded[] = [];

/**
 * The files of the pick the route action is reading, as it will add them after the listed ones, once
 * that has taken busyShownAfterMs; the same (empty) array otherwise, so a memoized list renders again
 * only when they are shown or read.
 */
export function useFilesBeingAdded(listedFiles: readonly { path: string }[]) {
  const shown = useAddingFiles();
  const formData = useNavigation().formData;
  return useMemo(
    () =>
      shown && formData
        ? filesBeingAdded(
            formData.getAll("fileInfo"),
            listedFiles.map((file) => file.path),
          )
        : noFilesBeingAdded,
    [shown, formData, listedFiles],
  );
}
