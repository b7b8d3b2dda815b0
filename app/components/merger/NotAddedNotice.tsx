import { Alert, List, Text } from "@mantine/core";
import { IconFileX } from "@tabler/icons-react";
import { useState } from "react";
import { useRouterActions } from "~/components/shell/RouterActions";
import { fileListIntents } from "~/lib/merger/fileListIntents";
import type { NotAddedByAdd } from "~/lib/merger/incomingFiles";
import { notAddedTexts } from "~/lib/shell/toastMessages";
import classes from "./Merger.module.css";

/**
 * The files the last add left out, and why, and the files it added beside listed files of their names: its notices
 * close after 5 seconds, this stays above the list until closed or replaced by the next add. A status, not an alert: the notices have already been read out.
 */
export function NotAddedNotice({ notAdded }: { notAdded: NotAddedByAdd | null }) {
  const { submit } = useRouterActions();
  // Hidden at once; the tab forgets it in the background (a fetcher, so nothing else on screen waits for it).
  const [closedAdd, setClosedAdd] = useState<number | null>(null);
  if (!notAdded || notAdded.add === closedAdd) return null;
  return (
    <Alert
      color="orange"
      icon={<IconFileX size={20} />}
      title={notAdded.lines.length > 0 ? notAddedTexts.title : notAddedTexts.besideNamesakesTitle}
      withCloseButton
      closeButtonLabel={notAddedTexts.closeLabel}
      onClose={() => {
        setClosedAdd(notAdded.add);
        void submit(
          { intent: fileListIntents.closeNotAdded, add: String(notAdded.add) },
          { method: "post", action: "/files", navigate: false, preventScrollReset: true },
        );
      }}
      role="status"
      data-testid="not-added-notice"
    >
      {notAdded.lines.length > 0 ? (
        <List size="sm" spacing={2} className={classes.notAddedFiles}>
          {notAdded.lines.map((line) => (
            <List.Item key={line.reason}>
              <Text span size="sm" fw={600}>
                {line.files}
              </Text>
              {` — ${line.reason}`}
            </List.Item>
          ))}
        </List>
      ) : null}
      {notAdded.lines.length > 0 && notAdded.besideNamesakes.length > 0 ? (
        <Text size="sm" fw={600} mt="xs">
          {notAddedTexts.besideNamesakesTitle}
        </Text>
      ) : null}
      {notAdded.besideNamesakes.length > 0 ? (
        <List size="sm" spacing={2} className={classes.notAddedFiles}>
          {notAdded.besideNamesakes.map((sentence) => (
            <List.Item key={sentence}>{sentence}</List.Item>
          ))}
        </List>
      ) : null}
    </Alert>
  );
}
