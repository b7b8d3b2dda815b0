import { Alert, List, Text } from "@mantine/core";
import { IconFileX } from "@tabler/icons-react";
import { useState } from "react";
import { useRouterActions } from "~/components/shell/RouterActions";
import { fileListIntents } from "~/lib/merger/fileListIntents";
import type { NotAddedLine, NotAddedShown } from "~/lib/merger/notAddedNotice";
import { notAddedTexts } from "~/lib/shell/toastMessages";
import classes from "./Merger.module.css";

/**
 * The files adds left out, and why, and the files they added beside listed files of their names (notAddedNow says
 * what is still true): their notices close after 5 seconds, this stays above the list until closed. A status, not an
 * alert: the notices have already been read out.
 */
export function NotAddedNotice({ notAdded }: { notAdded: NotAddedShown | null }) {
  const { submit } = useRouterActions();
  // Hidden at once; the tab forgets it in the background (a fetcher, so nothing else on screen waits for it).
  const [closedAdd, setClosedAdd] = useState<number | null>(null);
  if (!notAdded || notAdded.add === closedAdd) return null;
  const many = notAdded.besideNamesakes.length > notAddedTexts.namedInLine;
  const besideNamesakes = (
    <List size="sm" spacing={2} className={classes.notAddedFiles}>
      {notAdded.besideNamesakes.map((sentence) => (
        <List.Item key={sentence}>{sentence}</List.Item>
      ))}
    </List>
  );
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
            <NotAddedLineItem key={line.reason} line={line} />
          ))}
        </List>
      ) : null}
      {notAdded.lines.length > 0 && notAdded.besideNamesakes.length > 0 ? (
        <Text size="sm" fw={600} mt="xs">
          {notAddedTexts.besideNamesakesTitle}
        </Text>
      ) : null}
      {notAdded.besideNamesakes.length === 0 ? null : many ? (
        <details>
          <summary>{notAddedTexts.showAll(notAdded.besideNamesakes.length)}</summary>
          {besideNamesakes}
        </details>
      ) : (
        besideNamesakes
      )}
    </Alert>
  );
}

/** A few files by name; more by count, every name in a fold the technician opens: none is left out. */
function NotAddedLineItem({ line }: { line: NotAddedLine }) {
  const folded = line.paths.length > notAddedTexts.namedInLine;
  return (
    <List.Item>
      <Text span size="sm" fw={600}>
        {folded ? notAddedTexts.fileCount(line.paths.length) : line.paths.join(", ")}
      </Text>
      {` — ${line.reason}`}
      {folded ? (
        <details>
          <summary>{notAddedTexts.showAll(line.paths.length)}</summary>
          <Text size="sm">{line.paths.join(", ")}</Text>
        </details>
      ) : null}
    </List.Item>
  );
}
