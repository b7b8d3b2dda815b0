import { Alert, Button, Group, Text } from "@mantine/core";
import { IconArrowBackUp, IconLock } from "@tabler/icons-react";
import { changeMadeText, fileListTexts } from "~/lib/merger/fileListTexts";
import type { ChangeMade } from "~/lib/merger/fileListVersions";
import { fileListIntents } from "~/lib/merger/fileListIntents";
import wrapping from "~/components/shell/WrappingButton.module.css";
import { useFileListAction, useFocusBackAfter } from "./useFileListAction";

/**
 * The latest change of the list and its Undo, as in an editor: Undo goes back one change at a time, last first. It
 * names the version it was shown from, so a tap after another change undoes nothing; it is disabled while it works,
 * so a double tap undoes once, and gives the keyboard its place back afterwards for the next Undo.
 */
export function LastChangeNotice({ change, version }: { change: ChangeMade; version: number }) {
  const { run, busy } = useFileListAction();
  const undoButton = useFocusBackAfter(busy);
  return (
    <Group gap="sm" wrap="nowrap" data-testid="last-change" aria-live="polite">
      <Text size="sm" style={{ minWidth: 0, overflowWrap: "anywhere" }}>
        {changeMadeText(change)}
      </Text>
      <Button
        size="compact-sm"
        variant="light"
        leftSection={<IconArrowBackUp size={16} />}
        style={{ flexShrink: 0 }}
        ref={undoButton}
        disabled={busy}
        onClick={() => run({ intent: fileListIntents.undo, version: String(version) })}
      >
        {fileListTexts.undo}
      </Button>
    </Group>
  );
}

/**
 * Another tab edits the list: this one shows it read-only, and "Edit here" moves editing to it. When that tab holds
 * changes the browser would not store, the notice and the button say that editing here loses them.
 */
export function EditingElsewhereNotice({ editorNotSaved }: { editorNotSaved: boolean }) {
  const { run, busy } = useFileListAction();
  const { title, ...texts } = fileListTexts.editingElsewhere;
  const { body, button } = editorNotSaved ? texts.editorNotSaved : texts;
  return (
    <Alert color="blue" icon={<IconLock size={18} />} title={title} data-testid="editing-elsewhere">
      <Text size="sm" mb="xs">
        {body}
      </Text>
      <Button
        size="compact-md"
        classNames={{ root: wrapping.wrappingButton, label: wrapping.wrappingLabel }}
        disabled={busy}
        onClick={() => run({ intent: fileListIntents.takeOver })}
      >
        {button}
      </Button>
    </Alert>
  );
}
