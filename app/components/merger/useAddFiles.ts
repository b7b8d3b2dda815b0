import { useNavigation, useSubmit } from "@remix-run/react";
import { useCallback } from "react";
import { addFilesFormData, type IncomingParameterFile } from "~/lib/merger/addedFiles";

/**
 * Adds files through the route's "add" intent, the one path for every way in.
 * `action` defaults to the current address (keeps the preview's search).
 */
export function useAddFiles() {
  const submit = useSubmit();
  const navigation = useNavigation();
  const adding = navigation.formData?.get("intent") === "add";
  const addFiles = useCallback(
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
  return { addFiles, adding };
}
