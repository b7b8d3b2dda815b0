import { Button, Group, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useActionData, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { showNotice } from "~/components/shell/ToastNotifier";
import { summarizePaths } from "~/lib/merger/incomingFiles";
import { toastMessages } from "~/lib/shell/toastMessages";
import { fileListIntents, isFileActionData, recordFileIntents } from "~/lib/merger/fileListIntents";

/** How long Delete all can be undone. */
const undoDeleteAllMs = 10_000;

/**
 * Notices that come with the files action's answer: one per refusal reason
 * (any number of files fits), and Undo after Delete all or after loading a
 * record's files, focused so that the keyboard lands on it instead of on the
 * page's body.
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
      const id = notifications.show({
        autoClose: undoDeleteAllMs,
        color: "blue",
        title,
        message: (
          <Group justify="space-between" gap="sm" wrap="nowrap">
            <Text size="sm">{text}</Text>
            <Button
              size="compact-sm"
              variant="light"
              autoFocus
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
