import { Button, CopyButton, Group, Paper, Stack, Table, Text } from "@mantine/core";
import { IconCheck, IconCopy, IconLink, IconPrinter, IconQrcode } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { codePrefix, type CodeSelection } from "~/lib/calculator/actionCode";
import { codeBreakdown } from "~/lib/calculator/codeBreakdown";
import classes from "./Calculator.module.css";

interface CodeDisplayProps {
  /** null while the typed code is unfinished or invalid. */
  code: string | null;
  selection: CodeSelection;
  /** Link that opens I HAVE the code with this code. */
  shareLink: string | null;
  /** The technician copied, showed or printed the code: it goes to the recent codes. */
  onCodeUsed: (code: string) => void;
  onShowQrCode: () => void;
  onPrint: () => void;
}

interface CopyValueButtonProps {
  /** null: nothing to copy, the button is disabled. */
  value: string | null;
  label: string;
  copiedLabel: string;
  icon: ReactNode;
  onCopied: () => void;
}

function CopyValueButton({ value, label, copiedLabel, icon, onCopied }: CopyValueButtonProps) {
  return (
    <CopyButton value={value ?? ""}>
      {({ copied, copy }) => (
        <Button
          onClick={() => {
            copy();
            onCopied();
          }}
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

/**
 * The code, large, with how it is built (prefix, action digit, outputs as a sum
 * of weights and in binary) so a technician can check it by eye, and the ways
 * to take it along: copy, link, QR code, printed sheet.
 */
export function CodeDisplay({ code, selection, shareLink, onCodeUsed, onShowQrCode, onPrint }: CodeDisplayProps) {
  const breakdown = codeBreakdown(selection);
  const closedOutputs = breakdown.outputs.filter((entry) => entry.closed).sort((a, b) => b.weight - a.weight);
  const used = () => {
    if (code) onCodeUsed(code);
  };

  return (
    <Paper withBorder p="lg">
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
                <Table.Td>action: {breakdown.actionName}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td className={classes.codePart}>{code.slice(3)}</Table.Td>
                <Table.Td>
                  outputs:{" "}
                  {closedOutputs.length === 0
                    ? "all opened"
                    : closedOutputs.map((entry) => `${entry.output.name} ${entry.weight}`).join(" + ")}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td />
                <Table.Td className={classes.sum} data-testid="outputs-sum">
                  {breakdown.sumText}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td />
                <Table.Td>
                  <span className={classes.binary} data-testid="outputs-binary">
                    {breakdown.binary}
                  </span>{" "}
                  <Text component="span" size="xs" c="dimmed">
                    in binary, bit 5 … bit 0
                  </Text>
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        ) : null}

        <Group gap="sm">
          <CopyValueButton
            value={code}
            label="Copy code"
            copiedLabel="Code copied"
            icon={<IconCopy size={16} />}
            onCopied={used}
          />
          <CopyValueButton
            value={shareLink}
            label="Copy link"
            copiedLabel="Link copied"
            icon={<IconLink size={16} />}
            onCopied={used}
          />
          <Button
            variant="default"
            leftSection={<IconQrcode size={16} />}
            disabled={code === null}
            onClick={() => {
              used();
              onShowQrCode();
            }}
          >
            Show QR code
          </Button>
          <Button
            variant="default"
            leftSection={<IconPrinter size={16} />}
            disabled={code === null}
            onClick={() => {
              used();
              onPrint();
            }}
          >
            Print code sheet
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
