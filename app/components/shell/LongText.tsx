import { Button, Group, Modal, ScrollArea, Text, UnstyledButton } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { formatCount } from "~/lib/shell/plural";
import { saveFile } from "~/lib/shell/browser/saveFile";
import { shownText } from "~/lib/shell/shownText";
import classes from "./LongText.module.css";

/** How much of a long text the full view lays out; all of it is copied or saved. */
const fullViewLength = 20_000;

/**
 * A value as text, shortened when it is long: the start, then "… N more characters", which opens the
 * whole value to read (its first 20,000 characters), copy or save. Nothing lays out megabytes at once.
 */
export function LongText({ text, label, className }: { text: string; label: string; className?: string }) {
  const { shown, hiddenLength } = shownText(text);
  const [opened, { open, close }] = useDisclosure(false);
  if (hiddenLength === 0) return <span className={className}>{text}</span>;
  const inView = shownText(text, fullViewLength);
  return (
    <>
      <span className={className}>{shown}</span>
      <UnstyledButton
        component="span"
        role="button"
        tabIndex={0}
        className={classes.more}
        onClick={open}
        onKeyDown={(event) => (event.key === "Enter" || event.key === " ") && open()}
      >
        … {formatCount(hiddenLength)} more characters
      </UnstyledButton>
      {opened ? (
        <Modal opened onClose={close} title={label} size="xl">
          <Text size="sm" c="dimmed" mb="xs">
            {formatCount(text.length)} characters
            {inView.hiddenLength > 0 ? `; the first ${formatCount(fullViewLength)} are shown here` : ""}.
          </Text>
          <ScrollArea.Autosize mah="60vh">
            <pre className={classes.full}>{inView.shown}</pre>
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
      ) : null}
    </>
  );
}
