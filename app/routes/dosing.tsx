import { Paper, Text } from "@mantine/core";
import type { MetaFunction } from "@remix-run/react";
import { pageTitle } from "~/lib/shell/product";

export const meta: MetaFunction = () => [{ title: pageTitle("Dosing") }];

/** Placeholder until the dosing calculator is specified (docs/behaviour.md: shows only this text). */
export default function Dosing() {
  return (
    <Paper withBorder p="xl" maw={480}>
      <Text size="lg">to do dosing calc</Text>
    </Paper>
  );
}
