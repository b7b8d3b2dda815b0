import { Badge, Group, Paper, Radio, Stack, Switch, Text, Title } from "@mantine/core";
import {
  alarmActions,
  relayOutputs,
  relayStateWord,
  type AlarmActionId,
  type CodeSelection,
  type PcbName,
} from "~/lib/calculator/actionCode";
import { outputWeight } from "~/lib/calculator/codeBreakdown";
import { ContactSymbol } from "./ContactSymbol";
import classes from "./Calculator.module.css";

interface SelectionControlsProps {
  selection: CodeSelection;
  /** Shows the selection without letting it change (tab I HAVE the code). */
  readOnly?: boolean;
  /** Called with the new selection after a switch or radio changed. */
  onSelectionChange?: (selection: CodeSelection) => void;
  /** Say so when no action is selected; off while there is no valid code to read. */
  explainNoAction?: boolean;
}

function toggled(selection: CodeSelection, pcbName: PcbName): CodeSelection {
  const closed = (name: PcbName) => (name === pcbName) !== selection.closedOutputs.includes(name);
  return { ...selection, closedOutputs: relayOutputs.map((output) => output.pcbName).filter(closed) };
}

const isActionId = (value: string): value is AlarmActionId => alarmActions.some((action) => action.id === value);

/**
 * The six relay outputs, each drawn as its contact next to its switch and the
 * weight it adds to the code, and the action radios.
 */
export function SelectionControls({
  selection,
  readOnly = false,
  onSelectionChange = () => undefined,
  explainNoAction = true,
}: SelectionControlsProps) {
  return (
    <fieldset disabled={readOnly} className={readOnly ? classes.readOnlySelection : classes.selection}>
      <Stack gap="md">
        <Paper withBorder p="md" component="section" aria-labelledby="outputs-title">
          <Group justify="space-between" align="baseline" mb="sm" wrap="nowrap">
            <Title order={2} size="h4" id="outputs-title">
              Potential Free Outputs
            </Title>
            <Text size="sm" c="dimmed" aria-hidden="true">
              adds
            </Text>
          </Group>
          <Stack gap="sm" role="group" aria-labelledby="outputs-title">
            {relayOutputs.map((output) => {
              const closed = selection.closedOutputs.includes(output.pcbName);
              return (
                <Group key={output.pcbName} wrap="nowrap" gap="xs" className={classes.outputRow}>
                  <ContactSymbol output={output} closed={closed} />
                  <Switch
                    name="output"
                    value={output.pcbName}
                    checked={closed}
                    onChange={() => onSelectionChange(toggled(selection, output.pcbName))}
                    readOnly={readOnly}
                    size="md"
                    label={output.name}
                    className={classes.outputSwitch}
                    description={
                      <>
                        {output.pcbName} ·{" "}
                        <span className={closed ? classes.closedWord : undefined}>{relayStateWord(closed)}</span>
                      </>
                    }
                  />
                  <Badge
                    variant={closed ? "filled" : "light"}
                    color={closed ? "blue" : "gray"}
                    size="lg"
                    radius="sm"
                    className={classes.weight}
                    title={`${output.name} adds ${outputWeight(output)} to the code when closed`}
                  >
                    +{outputWeight(output)}
                  </Badge>
                </Group>
              );
            })}
          </Stack>
        </Paper>

        <Paper withBorder p="md" component="section">
          <Radio.Group
            name="action"
            value={selection.action ?? ""}
            onChange={(value) => onSelectionChange({ ...selection, action: isActionId(value) ? value : null })}
            label={
              <Title order={2} size="h4" component="span">
                Actions
              </Title>
            }
            readOnly={readOnly}
          >
            <Stack gap="sm" mt="sm">
              {alarmActions.map((action) => (
                <Radio
                  key={action.id}
                  value={action.id}
                  label={action.name}
                  description={`${action.hint} · digit ${action.digit}`}
                  size="md"
                />
              ))}
            </Stack>
          </Radio.Group>
          {explainNoAction && selection.action === null ? (
            <Text size="sm" c="dimmed" mt="sm">
              No action selected (action digit 0).
            </Text>
          ) : null}
        </Paper>
      </Stack>
    </fieldset>
  );
}
