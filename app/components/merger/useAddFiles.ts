import { useCallback } from "react";
import { useRouterActions } from "~/components/shell/RouterActions";
import { addFilesFormData, type IncomingParameterFile } from "~/lib/merger/browser/addedFiles";

/**
 * Adds files through the route's "add" intent, the one path for every way in.
 * `action` defaults to the current address (keeps the preview's search).
 * Reads no router state, so a component that only adds files does not render again while they load.
 */
export function useAddFiles() {
  const { submit } = useRouterActions();
  return useCallback(
    (files: readonly IncomingParameterFile[], action?: string) => {
      if (files.length === 0) return;
      submit(addFilesFormData(files), {
        method: "post",
        encType: "multipart/form-data",
        preventScrollReset: true,
        ...(action ? { action } : {}),
      });
    },
    [submit],
  );
}
