import { Button, CopyButton, Group, Paper, Stack, Table, Text } from "@mantine/core";
import { IconCheck, IconCopy, IconLink } from "@tabler/icons-react";
import { codePrefix, findAlarmAction, relayOutputs, type CodeSelection } from "~/lib/calculator/actionCode";
import type { ReactNode } from "react";
import classes from "./Calculator.module.css";

interface CodeDisplayProps {
  /** null while the typed code is unfinished or invalid. */
  code: string | null;
  selection: CodeSelection;
  /** Link that opens I HAVE the code with this code. */
  shareLink: string | null;
}

interface CopyValueButtonProps {
  /** null: nothing to copy, the button is disabled. */
  value: string | null;
  label: string;
  copiedLabel: string;
  icon: ReactNode;
}

function CopyValueButton({ value, label, copiedLabel, icon }: CopyValueButtonProps) {
  return (
    <CopyButton value={value ?? ""}>
      {({ copied, copy }) => (
        <Button
          onClick={copy}
          disabled={value === null}
          variant={copied ? "filled" : "default"}
          color={copied ? "teal" : undefined}
          leftSection={copied ? <IconCheck size={16} /> : icon}
        >
          {copied ? copiedLabel : label}
        </Button>
      )}
    </CopyButton>
  );
}

/** The code, large, with its three parts explained so a technician can check it by eye. */
export function CodeDisplay({ code, selection, shareLink }: CodeDisplayProps) {
  const action = findAlarmAction(selection.action);
  const closedOutputs = relayOutputs
    .filter((output) => selection.closedOutputs.includes(output.pcbName))
    .sort((a, b) => b.bit - a.bit);

  return (
    <Paper withBorder p="lg" className={classes.codePanel}>
      <Stack gap="md">
        <div>
          <Text size="sm" c="dimmed" id="code-label">
            Code for the unit
          </Text>
          <Text
            className={classes.code}
            aria-labelledby="code-label"
            aria-live="polite"
            data-testid="unit-code"
            role="status"
          >
            {code ?? "– – – – –"}
          </Text>
        </div>

        {code ? (
          <Table
            withRowBorders={false}
            verticalSpacing={4}
            className={classes.breakdown}
            aria-label="What the code means"
          >
            <Table.Tbody>
              <Table.Tr>
                <Table.Td className={classes.codePart}>{codePrefix}</Table.Td>
                <Table.Td>fixed start of every code</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td className={classes.codePart}>{code[2]}</Table.Td>
                <Table.Td>action: {action ? action.name : "none selected"}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td className={classes.codePart}>{code.slice(3)}</Table.Td>
                <Table.Td>
                  outputs:{" "}
                  {closedOutputs.length === 0
                    ? "all opened"
                    : closedOutputs.map((output) => `${output.name} ${1 << output.bit}`).join(" + ")}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        ) : null}

        <Group gap="sm">
          <CopyValueButton value={code} label="Copy code" copiedLabel="Code copied" icon={<IconCopy size={16} />} />
          <CopyValueButton
            value={shareLink}
            label="Copy link"
            copiedLabel="Link copied"
            icon={<IconLink size={16} />}
          />
        </Group>
      </Stack>
    </Paper>
  );
}
