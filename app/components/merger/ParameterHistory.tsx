import { Badge, Paper, Table, Text, Title } from "@mantine/core";
import { historyOf, type ParameterRow } from "~/lib/merger/parameterTable";
import { parameterSetLabels } from "~/lib/merger/parameterSet";
import classes from "./Merger.module.css";
import { ShownPath } from "./ShownPath";

/** Every line that set the selected code, which one is used and why, and what the checks found. */
export function ParameterHistory({ row }: { row: ParameterRow }) {
  const steps = historyOf(row);
  return (
    <Paper withBorder p="sm" mt="sm" component="section" aria-labelledby="history-title">
      <Title order={3} size="h5" id="history-title" mb="xs">
        History of <span className={classes.monospace}>{row.code}</span>
      </Title>
      <Table.ScrollContainer minWidth={480}>
        <Table verticalSpacing={4} aria-labelledby="history-title">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>File and line</Table.Th>
              <Table.Th>Set</Table.Th>
              <Table.Th>Value</Table.Th>
              <Table.Th>Result</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {steps.map((step) => (
              <Table.Tr key={`${step.path}:${step.lineNumber}`}>
                <Table.Td>
                  <ShownPath path={step.path} suffix={`, line ${step.lineNumber}`} />
                </Table.Td>
                <Table.Td>{parameterSetLabels[step.set]}</Table.Td>
                <Table.Td>
                  <span className={classes.monospace}>{step.value}</span>
                </Table.Td>
                <Table.Td>
                  {step.used ? (
                    <Badge color="green" variant="light" mr={6}>
                      used
                    </Badge>
                  ) : null}
                  <Text span size="sm">
                    {step.why}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {row.checks.length > 0 ? (
        <ul className={classes.checkList} aria-label={`Checks on ${row.code}`}>
          {row.checks.map((check) => (
            <li key={check.kind}>
              <Text size="sm">{check.message}</Text>
            </li>
          ))}
        </ul>
      ) : null}
    </Paper>
  );
}
