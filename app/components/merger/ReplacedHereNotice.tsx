import { Alert, List } from "@mantine/core";
import { IconFileAlert } from "@tabler/icons-react";
import { useState } from "react";
import { useRouterActions } from "~/components/shell/RouterActions";
import { fileListIntents } from "~/lib/merger/fileListIntents";

/**
 * Files of this tab, held only in the merge after the browser's storage was cleared, that another tab's stored file
 * of their name took the place of, changing PAR.txt here (J6): which file PAR.txt uses now and how to go back. An
 * alert: it arrives from another tab, unasked. It stays until closed, the file is deleted, or its set chosen again.
 */
export function ReplacedHereNotice({
  replacedHere,
}: {
  replacedHere: { title: string; sentences: string[]; serial: number } | null;
}) {
  const { submit } = useRouterActions();
  // Hidden at once; the tab forgets it in the background (a fetcher, so nothing else on screen waits for it).
  const [closedSerial, setClosedSerial] = useState<number | null>(null);
  if (!replacedHere || replacedHere.serial === closedSerial) return null;
  return (
    <Alert
      color="orange"
      icon={<IconFileAlert size={20} />}
      title={replacedHere.title}
      withCloseButton
      closeButtonLabel="Close notice"
      onClose={() => {
        setClosedSerial(replacedHere.serial);
        void submit(
          { intent: fileListIntents.closeReplacedHere, serial: String(replacedHere.serial) },
          { method: "post", action: "/files", navigate: false, preventScrollReset: true },
        );
      }}
      role="alert"
      data-testid="replaced-here-notice"
    >
      <List size="sm" spacing={2}>
        {replacedHere.sentences.map((sentence) => (
          <List.Item key={sentence}>{sentence}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
