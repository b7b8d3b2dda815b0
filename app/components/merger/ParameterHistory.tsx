import { Badge, Group, Paper, Text, Title } from "@mantine/core";
import { mergeChecks } from "~/lib/merger/mergeChecks";
import { parameterSetLabels } from "~/lib/merger/parameterSet";
import { historyOf, type ParameterRow } from "~/lib/merger/parameterTable";
import classes from "./Merger.module.css";
import { ShownPath } from "./ShownPath";
import { ShownMessage, ShownValue } from "./ShownValue";

/** Every line that set the selected code, in merge order: which one is used and why, and what the checks found. */
export function ParameterHistory({ row }: { row: ParameterRow }) {
  const steps = historyOf(row);
  return (
    <Paper withBorder p="sm" mt="sm" component="section" aria-labelledby="history-title">
      <Title order={3} size="h5" id="history-title" mb="xs">
        History of <span className={classes.monospace}>{row.code}</span>
      </Title>
      <ol className={classes.historyList} aria-labelledby="history-title">
        {steps.map((step) => (
          <li key={`${step.path}:${step.lineNumber}`} data-used={step.used || undefined}>
            <Text size="sm" fw={500}>
              <ShownPath path={step.path} suffix={`, line ${step.lineNumber}`} /> · {parameterSetLabels[step.set]} set
            </Text>
            <Group gap={6} wrap="wrap">
              <Text size="sm">
                Value <ShownValue value={step.value} label={`Value of ${row.code}`} className={classes.monospace} />
              </Text>
              {step.used ? (
                <Badge color="green" variant="light">
                  used
                </Badge>
              ) : null}
              <Text size="sm" c={step.used ? undefined : "dimmed"}>
                {step.why}
              </Text>
            </Group>
          </li>
        ))}
      </ol>
      {row.checks.length > 0 ? (
        <ul className={classes.checkList} aria-label={`Checks on ${row.code}`}>
          {row.checks.map((check, index) => (
            <li key={`${check.kind}-${index}`}>
              <Text size="sm">
                <strong>{mergeChecks[check.kind].title}:</strong> <ShownMessage text={check.message} />
              </Text>
            </li>
          ))}
        </ul>
      ) : null}
    </Paper>
  );
}
