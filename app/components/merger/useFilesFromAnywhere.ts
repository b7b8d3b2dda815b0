import { useLocation } from "@remix-run/react";
import { useCallback, useEffect, useRef } from "react";
import { useRouterActions } from "~/components/shell/RouterActions";
import { logger } from "~/lib/shell/logger";
import { sharedFilesParameter, takeSharedFiles } from "~/lib/merger/browser/addedFiles";
import { useAddFiles } from "./useAddFiles";

/** The File Handling API's launch queue: files opened with the installed app. */
interface LaunchParams {
  files: readonly FileSystemFileHandle[];
}
declare global {
  interface Window {
    launchQueue?: { setConsumer(consumer: (params: LaunchParams) => void): void };
  }
}

function isTextEntry(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || !!target.closest("input, textarea, select"));
}

/**
 * Files that reach /files other than by a drop or a picker: pasted (Ctrl+V of
 * text or files), opened with the installed app ("open with"), or shared to it
 * (the service worker keeps them: SharedFiles takes them). All go through useAddFiles.
 * Returns the step that adds pasted text, for the "Paste text" button.
 */
export function useFilesFromAnywhere(nextPastedName: string) {
  const addFiles = useAddFiles();
  const addPastedText = useCallback(
    (text: string) => addFiles([new File([text], nextPastedName, { type: "text/plain" })]),
    [addFiles, nextPastedName],
  );

  useEffect(() => {
    function addPasted(event: ClipboardEvent) {
      // A paste into the search box or another field is that field's.
      if (isTextEntry(event.target) || !event.clipboardData) return;
      const files = [...event.clipboardData.files];
      const text = event.clipboardData.getData("text/plain");
      if (files.length > 0) addFiles(files);
      else if (text.trim() !== "") addPastedText(text);
      else return;
      event.preventDefault();
    }
    document.addEventListener("paste", addPasted);
    return () => document.removeEventListener("paste", addPasted);
  }, [addFiles, addPastedText]);

  useEffect(() => {
    window.launchQueue?.setConsumer(async ({ files }) => {
      addFiles(await Promise.all(files.map((handle) => handle.getFile())));
    });
  }, [addFiles]);

  return { addPastedText };
}

/**
 * Adds the files shared to the installed app (the address names the share, see addedFiles.ts). A component
 * of its own: the address is new with every submission, and only this part needs to read it.
 */
export function SharedFiles() {
  const addFiles = useAddFiles();
  const { search } = useLocation();
  const { navigate } = useRouterActions();
  const shareId = new URLSearchParams(search).get(sharedFilesParameter);
  const takenShare = useRef<string | null>(null);
  useEffect(() => {
    if (!shareId || takenShare.current === shareId) return;
    takenShare.current = shareId;
    const rest = new URLSearchParams(search);
    rest.delete(sharedFilesParameter);
    const address = rest.size > 0 ? `/files?${rest}` : "/files";
    takeSharedFiles(shareId)
      .then((files) => (files.length > 0 ? addFiles(files, address) : navigate(address, { replace: true })))
      .catch((error: unknown) => logger.error("Something went wrong", error));
  }, [shareId, search, addFiles, navigate]);

  return null;
}
