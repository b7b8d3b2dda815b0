import { Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** The heading every screen opens with: one h1 and a line on what the screen is for. */
export function ScreenHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack gap={4} mb="lg">
      <Title order={1}>{title}</Title>
      {children ? <Text c="dimmed">{children}</Text> : null}
    </Stack>
  );
}
