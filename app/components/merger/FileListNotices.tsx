import { Button, Group, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useActionData, useLocation, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { showNotice } from "~/components/shell/ToastNotifier";
import { focusAfterUndo, noticeOf } from "./focusAfterUndo";
import { summarizePaths } from "~/lib/merger/incomingFiles";
import { isSecondTapAfterMove } from "~/lib/shell/secondTap";
import { toastMessages } from "~/lib/shell/toastMessages";
import { takeAnswersToShow } from "~/lib/merger/browser/answersOnTheWay";
import {
  fileListIntents,
  isFileActionData,
  recordFileIntents,
  type FileActionData,
} from "~/lib/merger/fileListIntents";

/** How long Delete all, one file's delete and loading a record's files can be undone. */
const undoMs = 10_000;

/**
 * Notices that come with the files action's answer: one per refusal reason
 * (any number of files fits), and Undo after Delete all, after one file's
 * delete or after loading a record's files, whose text takes the keyboard (not
 * the page's body, not Undo: the next Enter would undo unasked), Tab reaching
 * Undo; when it closes, the keyboard goes back where it was before (the next
 * file's delete button after a delete).
 */
export function FileListNotices() {
  const actionData: unknown = useActionData();
  const submit = useSubmit();
  // Each navigation's end is a new location: then its answer, or none, and any answer that missed its own.
  const { key } = useLocation();
  const shownAt = useRef<string | null>(null);
  // The open notice of the last single delete: a later delete takes its Undo (only the last file deleted can come
  // back), so that notice then says so instead of offering an Undo that would bring back nothing (J1).
  const openDelete = useRef<{ id: string; path: string } | null>(null);
  // When an Undo was last tapped: a notice closed by it lets the next one slide up under the same double tap.
  const lastUndoTapAt = useRef<number | null>(null);
  useEffect(() => {
    if (shownAt.current === key) return;
    shownAt.current = key;
    const show = (actionData: FileActionData) => {
      actionData.refusals?.forEach((refusal) => showNotice({ ...refusal, type: "error" }));
      actionData.cautions?.forEach((caution) => showNotice({ ...caution, type: "warning" }));
      const showUndo = (text: string, undo: URLSearchParams, title?: string): string => {
        // What had the keyboard when the notice took it, and the notice's text: closed with the keyboard in the
        // notice, focus goes back.
        let returnTo: HTMLElement | null = null;
        let noticeText: HTMLParagraphElement | null = null;
        const id = notifications.show({
          autoClose: undoMs,
          color: "blue",
          title,
          onClose: () => {
            if (openDelete.current?.id === id) openDelete.current = null;
            const active = document.activeElement;
            const back = returnTo?.isConnected ? returnTo : focusAfterUndo.take();
            if (back && (active === null || active === document.body || noticeOf(active) === noticeOf(noticeText)))
              back.focus();
          },
          message: (
            <Group justify="space-between" gap="sm" wrap="nowrap">
              {/* A long path wraps; Undo keeps its width. The keyboard lands on the text, not on Undo: the next
                  Enter (or a held one) would undo unasked; Tab reaches Undo. */}
              <Text
                ref={(element: HTMLParagraphElement | null) => {
                  if (element && noticeText !== element) {
                    noticeText = element;
                    element.focus();
                  }
                }}
                tabIndex={-1}
                onFocus={(event) => {
                  if (event.relatedTarget instanceof HTMLElement) returnTo ??= event.relatedTarget;
                }}
                size="sm"
                style={{ minWidth: 0, overflowWrap: "anywhere" }}
              >
                {text}
              </Text>
              <Button
                size="compact-sm"
                variant="light"
                style={{ flexShrink: 0 }}
                onClick={() => {
                  const now = performance.now();
                  if (isSecondTapAfterMove(lastUndoTapAt.current, now)) return;
                  lastUndoTapAt.current = now;
                  notifications.hide(id);
                  submit(undo, { method: "post", action: "/files", preventScrollReset: true });
                }}
              >
                {toastMessages.undo}
              </Button>
            </Group>
          ),
        });
        return id;
      };
      const deletion = actionData.deletion ?? "";
      if (actionData.deletedAll)
        showUndo(toastMessages.deletedAll, new URLSearchParams({ intent: fileListIntents.undoDeleteAll, deletion }));
      const deleted = actionData.deleted;
      if (deleted) {
        const earlier = openDelete.current;
        if (earlier)
          notifications.update({
            id: earlier.id,
            message: (
              <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                {toastMessages.deletedOneUndoTaken(earlier.path, deleted.path)}
              </Text>
            ),
          });
        const id = showUndo(
          toastMessages.deletedOne(deleted.path),
          new URLSearchParams({ intent: fileListIntents.undoDelete, id: deleted.id, deletion }),
        );
        openDelete.current = { id, path: deleted.path };
      }
      const loaded = actionData.loadedRecord;
      if (loaded) {
        showUndo(
          toastMessages.recordFilesReplaced,
          // One id field per file: a plain object would join an array into one string.
          new URLSearchParams([
            ["intent", recordFileIntents.undoLoadRecordFiles],
            ...loaded.ids.map((id) => ["id", id]),
            ["deletion", deletion],
          ]),
          toastMessages.recordFilesLoaded(loaded.ids.length),
        );
        if (loaded.gonePaths.length > 0)
          showNotice({ message: toastMessages.recordFilesNotKept(summarizePaths(loaded.gonePaths)), type: "warning" });
      }
    };
    // An answer whose navigation the next tap took over (Delete all, then Download) comes with the next one.
    for (const answer of takeAnswersToShow(actionData, undoMs)) if (isFileActionData(answer)) show(answer);
  }, [actionData, key, submit]);
  return null;
}
