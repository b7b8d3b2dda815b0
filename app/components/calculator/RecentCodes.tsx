import { Button, Group, Paper, Text, Title } from "@mantine/core";
import { Link } from "@remix-run/react";
import { linkToCode } from "~/lib/calculator/calculatorQuery";
import classes from "./Calculator.module.css";

interface RecentCodesProps {
  codes: readonly string[];
  /** The code on screen now, marked among the chips. */
  currentCode: string | null;
  onClear: () => void;
}

/** The last codes used on this device, each one click from being opened on I HAVE the code. */
export function RecentCodes({ codes, currentCode, onClear }: RecentCodesProps) {
  if (codes.length === 0) return null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="recent-codes-title">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h5" id="recent-codes-title">
          Recent codes
        </Title>
        <Button variant="subtle" size="compact-sm" onClick={onClear} aria-label="Clear recent codes">
          Clear
        </Button>
      </Group>
      <Group gap="xs" component="ul" className={classes.recentCodes}>
        {codes.map((code) => (
          <li key={code}>
            <Button
              component={Link}
              // Relative to the calculator, replacing the history entry like every other calculator change.
              to={linkToCode("", code)}
              replace
              preventScrollReset
              variant={code === currentCode ? "filled" : "light"}
              radius="xl"
              size="compact-md"
              className={classes.recentCode}
              aria-current={code === currentCode ? "true" : undefined}
              aria-label={`Open code ${code}`}
            >
              {code}
            </Button>
          </li>
        ))}
      </Group>
      <Text size="xs" c="dimmed" mt="xs">
        Kept on this device only.
      </Text>
    </Paper>
  );
}
