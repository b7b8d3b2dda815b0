import { Button, Group, Modal, ScrollArea, Text, UnstyledButton } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import type { ReactNode } from "react";
import { saveFile } from "~/lib/shell/browser/saveFile";
import classes from "./FullTextLink.module.css";

/** How much of a long text the full view lays out; all of it is copied or saved. */
export const fullViewLength = 20_000;

/** What the full view shows instead of the text's first characters, with a line that says what it shows. */
export interface FullView {
  note: string;
  content: ReactNode;
}

/**
 * A link that opens the whole text to read (at most fullViewLength characters of it), copy or save.
 * `view`: what to lay out of it (the first characters, or a changed value around its difference).
 */
export function FullTextLink({
  text,
  label,
  linkText,
  view,
}: {
  text: string;
  label: string;
  linkText: string;
  view: () => FullView;
}) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <UnstyledButton
        component="span"
        role="button"
        tabIndex={0}
        className={classes.more}
        onClick={open}
        onKeyDown={(event) => (event.key === "Enter" || event.key === " ") && open()}
      >
        {linkText}
      </UnstyledButton>
      {opened ? <FullTextModal text={text} label={label} view={view} onClose={close} /> : null}
    </>
  );
}

function FullTextModal({
  text,
  label,
  view,
  onClose,
}: {
  text: string;
  label: string;
  view: () => FullView;
  onClose: () => void;
}) {
  const { note, content } = view();
  return (
    <Modal opened onClose={onClose} title={label} size="xl">
      <Text size="sm" c="dimmed" mb="xs">
        {note}
      </Text>
      <ScrollArea.Autosize mah="60vh">
        <pre className={classes.full}>{content}</pre>
      </ScrollArea.Autosize>
      <Group mt="md">
        <Button variant="light" onClick={() => void navigator.clipboard?.writeText(text)}>
          Copy all
        </Button>
        <Button variant="light" onClick={() => saveFile("value.txt", text)}>
          Save as value.txt
        </Button>
      </Group>
    </Modal>
  );
}
