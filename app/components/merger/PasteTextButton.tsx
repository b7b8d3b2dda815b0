import { Button, Modal, Stack, Text, Textarea } from "@mantine/core";
import { IconClipboardText } from "@tabler/icons-react";
import { useState } from "react";
import { showNotice } from "~/components/shell/ToastNotifier";
import { toastMessages } from "~/lib/shell/toastMessages";

/**
 * For touch screens, where there is no Ctrl+V: reads the clipboard's text. When
 * the browser refuses (permission, or no Clipboard API), a text box takes the
 * paste instead, so the text still gets in.
 */
export function PasteTextButton({ onText, nextName }: { onText: (text: string) => void; nextName: string }) {
  const [typing, setTyping] = useState(false);
  const [text, setText] = useState("");
  // The name the typed text was added as. The text stays in the box until a file of that name is listed (the
  // next name moves on): an add that was refused (a set too big for this device) does not lose what was typed.
  const [addedAs, setAddedAs] = useState<string | null>(null);
  if (addedAs !== null && addedAs !== nextName) {
    // Adjusting state while rendering, as React recommends for state derived from a changed prop.
    setAddedAs(null);
    setText("");
  }

  async function pasteFromClipboard() {
    try {
      const clipboardText = await navigator.clipboard.readText();
      if (clipboardText.trim() === "") showNotice({ message: toastMessages.clipboardEmpty, type: "warning" });
      else onText(clipboardText);
    } catch {
      setTyping(true);
    }
  }

  function addTyped() {
    onText(text);
    setAddedAs(nextName);
    setTyping(false);
  }

  return (
    <>
      <Button variant="default" leftSection={<IconClipboardText size={18} />} onClick={() => void pasteFromClipboard()}>
        Paste text
      </Button>
      <Modal opened={typing} onClose={() => setTyping(false)} title="Paste text as a file" size="lg">
        <Stack gap="sm">
          <Text size="sm">
            The browser did not let the app read the clipboard. Paste the text here (long-press, then Paste); it is
            added as {nextName}.
          </Text>
          <Textarea
            label="Parameter text"
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            autosize
            minRows={6}
            maxRows={14}
            data-autofocus
            styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
          />
          <Button onClick={addTyped} disabled={text.trim() === ""} style={{ alignSelf: "flex-end" }}>
            Add {nextName}
          </Button>
        </Stack>
      </Modal>
    </>
  );
}
