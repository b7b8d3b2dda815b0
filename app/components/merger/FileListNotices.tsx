import { Button, Group, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useActionData, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { showNotice } from "~/components/shell/ToastNotifier";
import { focusAfterUndo, noticeOf } from "./focusAfterUndo";
import { summarizePaths } from "~/lib/merger/incomingFiles";
import { toastMessages } from "~/lib/shell/toastMessages";
import { fileListIntents, isFileActionData, recordFileIntents } from "~/lib/merger/fileListIntents";

/** How long Delete all, one file's delete and loading a record's files can be undone. */
const undoMs = 10_000;

/**
 * Notices that come with the files action's answer: one per refusal reason
 * (any number of files fits), and Undo after Delete all, after one file's
 * delete or after loading a record's files, focused so that the keyboard lands
 * on it instead of on the page's body; when it closes, the keyboard goes back
 * where it was before (the next file's delete button after a delete).
 */
export function FileListNotices() {
  const actionData: unknown = useActionData();
  const submit = useSubmit();
  const shownFor = useRef<unknown>(null);
  useEffect(() => {
    if (!isFileActionData(actionData) || shownFor.current === actionData) return;
    shownFor.current = actionData;
    actionData.refusals?.forEach((refusal) => showNotice({ ...refusal, type: "error" }));
    actionData.cautions?.forEach((caution) => showNotice({ ...caution, type: "warning" }));
    const showUndo = (text: string, undo: URLSearchParams, title?: string) => {
      // What had the keyboard when Undo took it, and Undo itself: closed with the keyboard on it, focus goes back.
      let returnTo: HTMLElement | null = null;
      let undoButton: HTMLButtonElement | null = null;
      const id = notifications.show({
        autoClose: undoMs,
        color: "blue",
        title,
        onClose: () => {
          const active = document.activeElement;
          const back = returnTo?.isConnected ? returnTo : focusAfterUndo.take();
          if (back && (active === null || active === document.body || noticeOf(active) === noticeOf(undoButton)))
            back.focus();
        },
        message: (
          <Group justify="space-between" gap="sm" wrap="nowrap">
            {/* A long path wraps; Undo keeps its width. */}
            <Text size="sm" style={{ minWidth: 0, overflowWrap: "anywhere" }}>
              {text}
            </Text>
            <Button
              ref={(button) => {
                undoButton = button;
              }}
              size="compact-sm"
              variant="light"
              style={{ flexShrink: 0 }}
              autoFocus
              onFocus={(event) => {
                if (event.relatedTarget instanceof HTMLElement) returnTo ??= event.relatedTarget;
              }}
              onClick={() => {
                notifications.hide(id);
                submit(undo, { method: "post", action: "/files", preventScrollReset: true });
              }}
            >
              {toastMessages.undo}
            </Button>
          </Group>
        ),
      });
    };
    if (actionData.deletedAll)
      showUndo(toastMessages.deletedAll, new URLSearchParams({ intent: fileListIntents.undoDeleteAll }));
    const deleted = actionData.deleted;
    if (deleted)
      showUndo(
        toastMessages.deletedOne(deleted.path),
        new URLSearchParams({ intent: fileListIntents.undoDelete, id: deleted.id }),
      );
    const loaded = actionData.loadedRecord;
    if (loaded) {
      showUndo(
        toastMessages.recordFilesReplaced,
        // One id field per file: a plain object would join an array into one string.
        new URLSearchParams([["intent", recordFileIntents.undoLoadRecordFiles], ...loaded.ids.map((id) => ["id", id])]),
        toastMessages.recordFilesLoaded(loaded.ids.length),
      );
      if (loaded.gonePaths.length > 0)
        showNotice({ message: toastMessages.recordFilesNotKept(summarizePaths(loaded.gonePaths)), type: "warning" });
    }
  }, [actionData, submit]);
  return null;
}
