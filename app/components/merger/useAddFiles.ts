import { useCallback, useEffect } from "react";
import { showNotice } from "~/components/shell/ToastNotifier";
import { addFilesFormData, type IncomingParameterFile } from "~/lib/merger/browser/addedFiles";
import type { FileActionData } from "~/lib/merger/fileListIntents";
import { useFileListAction } from "./useFileListAction";

/**
 * Adds files through the route's "add" intent, the one path for every way in. The files may still be coming (a
 * dropped folder being listed): the add is sent at once and takes its turn from now. What it left out is said in
 * one notice per reason (any number of files fits); the notice above the list keeps it.
 */
export function useAddFiles() {
  const { run, data } = useFileListAction<FileActionData | null>();
  useShownRefusals(data);
  return useCallback(
    (
      files: readonly IncomingParameterFile[] | Promise<readonly IncomingParameterFile[]>,
      options?: { takeOver?: boolean },
    ) => {
      if (Array.isArray(files) && files.length === 0) return;
      run(addFilesFormData(files, options));
    },
    [run],
  );
}

/** Shows what an add left out, once per answer. */
export function useShownRefusals(data: FileActionData | null | undefined) {
  useEffect(() => {
    data?.refusals?.forEach((refusal) => showNotice({ ...refusal, type: "error" }));
    data?.cautions?.forEach((caution) => showNotice({ ...caution, type: "warning" }));
  }, [data]);
}
