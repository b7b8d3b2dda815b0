import { Button, Stack, Text, Title } from "@mantine/core";
import { Link } from "@remix-run/react";

export function PageNotFound({ pathname }: { pathname: string }) {
  return (
    <Stack align="flex-start" gap="md" py="xl">
      <Text c="dimmed" fw={700} size="xl">
        404
      </Text>
      <Title order={1}>Page not found</Title>
      {/* An address of any length wraps anywhere: a long one must not widen the page on a phone. */}
      <Text maw="100%" style={{ overflowWrap: "anywhere" }}>
        There is no page at <code>{pathname}</code>. Check the address, or go back to the start.
      </Text>
      <Button component={Link} to="/">
        Go to the home page
      </Button>
    </Stack>
  );
}
