import { Paper, Radio, Stack, Switch, Text, Title } from "@mantine/core";
import { alarmActions, relayOutputs, relayStateWord, type CodeSelection } from "~/lib/calculator/actionCode";
import classes from "./Calculator.module.css";

interface SelectionControlsProps {
  selection: CodeSelection;
  /** Shows the selection without letting it change (tab I HAVE the code). */
  readOnly?: boolean;
  /** Called after a switch or radio changed; the form reads the new state itself. */
  onSelectionChange?: () => void;
  /** Say so when no action is selected; off while there is no valid code to read. */
  explainNoAction?: boolean;
}

/**
 * The six relay output switches and the action radios. The inputs carry form
 * names (output, action) so a plain GET form submits the selection.
 */
export function SelectionControls({
  selection,
  readOnly = false,
  onSelectionChange,
  explainNoAction = true,
}: SelectionControlsProps) {
  return (
    <fieldset disabled={readOnly} className={readOnly ? classes.readOnlySelection : classes.selection}>
      <Stack gap="md">
        <Paper withBorder p="md" component="section" aria-labelledby="outputs-title">
          <Title order={2} size="h4" id="outputs-title" mb="sm">
            Potential Free Outputs
          </Title>
          <Stack gap="sm" role="group" aria-labelledby="outputs-title">
            {relayOutputs.map((output) => {
              const closed = selection.closedOutputs.includes(output.pcbName);
              return (
                <Switch
                  key={output.pcbName}
                  name="output"
                  value={output.pcbName}
                  checked={closed}
                  onChange={onSelectionChange ?? (() => undefined)}
                  readOnly={readOnly}
                  size="md"
                  label={output.name}
                  description={
                    <>
                      {output.pcbName} ·{" "}
                      <span className={closed ? classes.closedWord : undefined}>{relayStateWord(closed)}</span>
                    </>
                  }
                />
              );
            })}
          </Stack>
        </Paper>

        <Paper withBorder p="md" component="section">
          <Radio.Group
            name="action"
            value={selection.action ?? ""}
            onChange={onSelectionChange ?? (() => undefined)}
            label={
              <Title order={2} size="h4" component="span">
                Actions
              </Title>
            }
            readOnly={readOnly}
          >
            <Stack gap="sm" mt="sm">
              {alarmActions.map((action) => (
                <Radio key={action.id} value={action.id} label={action.name} description={action.hint} size="md" />
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
