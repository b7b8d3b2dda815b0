import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { Form } from "@remix-run/react";
import { SubmitOnceButton } from "~/components/shell/SubmitOnceButton";
import type { ReactNode } from "react";

/**
 * Asks before a delete that cannot be undone; its button posts `intent` to the screen's action. Focus starts
 * on Cancel: Enter, pressed again by habit, must not delete for good.
 */
export function DeleteConfirmation({
  opened,
  close,
  title,
  intent,
  deleteLabel,
  action,
  children,
}: {
  opened: boolean;
  close: () => void;
  title: string;
  intent: string;
  deleteLabel: string;
  /** Where the form posts; the screen's own address when left out. */
  action?: string;
  /** What is deleted, and what cannot be had back. */
  children: ReactNode;
}) {
  return (
    <Modal opened={opened} onClose={close} title={title} centered>
      <Form method="post" action={action}>
        <Stack gap="md">
          <Text size="sm">{children}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} data-autofocus>
              Cancel
            </Button>
            <SubmitOnceButton intent={intent} color="red">
              {deleteLabel}
            </SubmitOnceButton>
          </Group>
        </Stack>
      </Form>
    </Modal>
  );
}
