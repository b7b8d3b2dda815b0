import { useCallback, useEffect } from "react";
import { pastedTextFile } from "~/lib/merger/browser/addedFiles";
import { filesOfDrop } from "~/lib/merger/browser/pickedFiles";
import { pastedContent } from "~/lib/merger/pastedText";
import { asDropEvent, takeEarlyInput } from "~/lib/shell/browser/earlyInput";
import { useAddFiles } from "./useAddFiles";

/** The File Handling API's launch queue: files opened with the installed app. */
interface LaunchParams {
  files: readonly FileSystemHandle[];
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
 * Files that reach /files other than by the drop zone or a picker: pasted (Ctrl+V of
 * text or files), opened with the installed app ("open with"), pasted or dropped
 * before the app had started, or dropped beside the drop zone. All are the
 * technician's own act on this device, so they are added at once, through
 * useAddFiles. (Files shared to the app wait for Add: WaitingSharedFiles.)
 * Returns the step that adds pasted text, for the "Paste text" button.
 */
export function useFilesFromAnywhere(nextPastedName: string) {
  const addFiles = useAddFiles();
  const addPastedText = useCallback(
    (text: string) => addFiles([pastedTextFile(text, nextPastedName)]),
    [addFiles, nextPastedName],
  );

  /** Adds what a paste holds (pastedContent: the text beside a picture of it is the text); false when nothing. */
  const addPaste = useCallback(
    (files: readonly File[], text: string) => {
      const pasted = pastedContent(files, text);
      if (pasted === null) return false;
      if ("files" in pasted) addFiles(pasted.files);
      else addPastedText(pasted.text);
      return true;
    },
    [addFiles, addPastedText],
  );

  useEffect(() => {
    function addPasted(event: ClipboardEvent) {
      // A paste into the search box or another field is that field's.
      if (isTextEntry(event.target) || !event.clipboardData) return;
      if (addPaste([...event.clipboardData.files], event.clipboardData.getData("text/plain"))) event.preventDefault();
    }
    document.addEventListener("paste", addPasted);
    return () => document.removeEventListener("paste", addPasted);
  }, [addPaste]);

  useEffect(
    () =>
      takeEarlyInput((input) => {
        if ("pasted" in input) addPaste(input.pasted.files, input.pasted.text);
        else addFiles(filesOfDrop(asDropEvent(input.dropped)));
      }),
    [addFiles, addPaste],
  );

  useEffect(() => {
    // Only the browser fills the launch queue, when the technician opens files with the installed app from
    // the file manager (the browser asks once whether the app may open files). A folder is not a file.
    window.launchQueue?.setConsumer(({ files }) => {
      const fileHandles = files.filter((handle): handle is FileSystemFileHandle => handle.kind === "file");
      // Opened with the app: the technician has just chosen them, so this tab takes editing over.
      addFiles(Promise.all(fileHandles.map((handle) => handle.getFile())), { takeOver: true });
    });
  }, [addFiles]);

  return { addPastedText };
}
