import {
  Alert,
  Anchor,
  Button,
  Group,
  List,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
  FileButton,
  useMatches,
} from "@mantine/core";
import { IconAlertTriangle, IconDeviceSdCard, IconFolderOpen, IconInfoCircle } from "@tabler/icons-react";
import { useState } from "react";
import { byteDifferenceNote, cardChanges, cardComparisonSummary, type CardChange } from "~/lib/merger/cardCompare";
import { getCardFolder, type CardFolderStatus } from "~/lib/card/browser/cardFolder";
import { downloadBlocker } from "~/lib/merger/downloadGate";
import type { MergePreview } from "~/lib/merger/mergePreview";
import type { CardComparisonSummary, CardRowFilter } from "~/lib/merger/comparisonWithCard";
import type { LineEnding } from "~/lib/merger/parFileFormat";
import { countOf, formatCount } from "~/lib/shell/plural";
import { CardComparisonTable } from "~/components/merger/CardComparisonTable";
import type { ParFileChoices } from "~/components/merger/ParFilePanel";
import { useAddingFiles } from "~/components/merger/useAddingFiles";
import classes from "./Card.module.css";
import { fileListIntents } from "~/lib/merger/fileListIntents";
import { ShownMessage } from "~/components/merger/ShownValue";
import { holdFiles } from "~/lib/shell/browser/heldFiles";
import { OutcomeAlert, timeOf, UnfinishedWritesAlert, useCardAction } from "./CardAlerts";

export interface CardState extends CardFolderStatus {
  comparison: CardComparisonSummary | null;
}

/** Where the card stands, in one sentence under the title. */
function cardFolderLine(card: CardState): string {
  if (card.lastSeen) {
    const what = card.lastSeen.from === "file" ? "the picked file" : `the card folder ${card.lastSeen.name}`;
    return `Compared with ${what}, read at ${timeOf(card.lastSeen.at)}.`;
  }
  if (!card.supported) return "Pick the PAR.txt on the card to see what the new PAR.txt changes on the unit.";
  if (card.folderName && card.needsPermission)
    return `Card folder ${card.folderName} from your last visit: the browser asks once more before the tool may use it.`;
  if (card.folderName) return `Card folder: ${card.folderName}.`;
  return "Pick the card's top folder to see what the new PAR.txt changes, and to write it there.";
}

const filterLabels: Record<CardRowFilter, string> = {
  all: "All",
  changed: "Changed",
  added: "Added",
  removed: "Removed",
  unchanged: "Unchanged",
};

function Comparison({ comparison, lineEnding }: { comparison: CardComparisonSummary; lineEnding: LineEnding }) {
  const [filter, setFilter] = useState<CardRowFilter>("all");
  // Five filters with their counts do not fit side by side on a phone.
  const filterOrientation = useMatches<"vertical" | "horizontal">({ base: "vertical", sm: "horizontal" });
  const byteDifference = comparison.byteDifference[lineEnding];
  const note = byteDifferenceNote(byteDifference, comparison.counts, comparison.card, lineEnding);
  const countIn = (shown: CardRowFilter) =>
    shown === "all"
      ? cardChanges.reduce((sum, change) => sum + comparison.counts[change], 0)
      : comparison.counts[shown as CardChange];
  return (
    <Stack gap="sm">
      <div>
        <Text fw={700} data-testid="card-summary">
          {cardComparisonSummary(comparison.counts, byteDifference)}
        </Text>
        {note ? (
          <Text size="sm" c="dimmed" data-testid="card-byte-note">
            {note}
          </Text>
        ) : null}
        {comparison.counts.removed > 0 ? (
          <Text size="sm" c="red" fw={600}>
            The unit loses {countOf(comparison.counts.removed, "code")} that the card has and the new PAR.txt lacks.
          </Text>
        ) : null}
      </div>
      {comparison.card.problemCount > 0 ? (
        <Alert
          color="orange"
          role="status"
          title={`The card's PAR.txt has ${countOf(comparison.card.problemCount, "problem")}`}
        >
          <List size="sm" spacing={2}>
            {comparison.cardProblems.map((problem, index) => (
              <List.Item key={index}>
                <ShownMessage text={problem.message} />
              </List.Item>
            ))}
          </List>
          {comparison.card.problemCount > comparison.cardProblems.length ? (
            <Text size="sm" mt={4}>
              Showing the first {comparison.cardProblems.length}.
            </Text>
          ) : null}
        </Alert>
      ) : null}
      <SegmentedControl
        aria-label="Show codes"
        value={filter}
        onChange={(value) => setFilter(value as CardRowFilter)}
        data={(Object.keys(filterLabels) as CardRowFilter[]).map((value) => ({
          value,
          label: `${filterLabels[value]} (${formatCount(countIn(value))})`,
        }))}
        orientation={filterOrientation}
        fullWidth={filterOrientation === "vertical"}
      />
      <CardComparisonTable comparisonId={comparison.id} filter={filter} rowCount={countIn(filter)} />
    </Stack>
  );
}

/**
 * The card round trip: compare the new PAR.txt with the card's, write it
 * there and read it back. The browser asks for the folder only from a click,
 * so the click opens it and then hands the step to the route's action.
 */
export function CardPanel({
  card,
  preview,
  choices: { lineEnding, confirmedProblemsKey, serviceLabel },
}: {
  card: CardState;
  preview: MergePreview;
  choices: ParFileChoices;
}) {
  const compare = useCardAction();
  const write = useCardAction();
  const filesBeingRead = useAddingFiles();
  const blocker = downloadBlocker({
    fileCount: preview.files.length,
    ...preview,
    confirmedProblemsKey,
    filesBeingRead,
  });
  const compareWithFolder = (chooseAnother = false) =>
    compare.run(() => getCardFolder().open({ chooseAnother }), { intent: fileListIntents.compareCard });

  const writeToCard = () =>
    write.run(() => getCardFolder().open(), {
      intent: fileListIntents.writeCard,
      lineEnding,
      serviceLabel,
      ...(confirmedProblemsKey ? { confirmedProblemsKey } : {}),
    });

  function compareWithPickedFile(file: File | null) {
    if (!file) return;
    const formData = new FormData();
    formData.append("intent", fileListIntents.compareCard);
    // Beside the form, not in it: WebKit cannot parse a 0-byte file part (heldFiles.ts).
    formData.append("batch", holdFiles([file]));
    void compare.run(async () => true, formData);
  }

  const comparing = compare.busy;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="card-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div className={classes.cardHeading}>
            <Title order={2} size="h4" id="card-title">
              SD card
            </Title>
            <Text size="sm" c="dimmed">
              {cardFolderLine(card)}
            </Text>
            {card.supported && card.folderName ? (
              <Anchor component="button" type="button" size="sm" onClick={() => void compareWithFolder(true)}>
                Choose another card folder
              </Anchor>
            ) : null}
          </div>
          <Group gap="sm" className={classes.cardButtons}>
            {card.supported ? (
              <Button
                variant="default"
                leftSection={<IconFolderOpen size={18} />}
                onClick={() => void compareWithFolder()}
                loading={comparing}
              >
                Compare with card
              </Button>
            ) : (
              <FileButton
                onChange={compareWithPickedFile}
                accept=".txt,.TXT,text/plain"
                inputProps={{ "aria-label": "The card's PAR.txt" }}
              >
                {(props) => (
                  <Button {...props} variant="default" leftSection={<IconFolderOpen size={18} />} loading={comparing}>
                    Compare with card
                  </Button>
                )}
              </FileButton>
            )}
            {card.supported ? (
              <Button
                color="green"
                leftSection={<IconDeviceSdCard size={18} />}
                onClick={() => void writeToCard()}
                disabled={blocker !== null}
                loading={write.busy}
                aria-describedby={blocker ? "card-write-blocker" : undefined}
              >
                Write to SD card
              </Button>
            ) : null}
          </Group>
        </Group>

        {card.supported && blocker ? (
          <Text size="sm" id="card-write-blocker">
            Write to SD card: {blocker}
          </Text>
        ) : null}
        {!card.supported ? (
          <Alert color="blue" variant="light" role="note" icon={<IconInfoCircle size={20} />}>
            This browser cannot write to the card. Download PAR.txt, copy it into the card&apos;s top folder (not a
            subfolder), replace the PAR.txt there, and check that it is named exactly PAR.txt, not PAR (1).txt.
          </Alert>
        ) : null}

        {card.outcome ? <OutcomeAlert outcome={card.outcome} /> : null}
        {card.supported && card.unfinished.length > 0 ? <UnfinishedWritesAlert writes={card.unfinished} /> : null}
        {card.lastSeen && card.lastSeen.warnings.length > 0 ? (
          <Alert color="yellow" role="status" icon={<IconAlertTriangle size={20} />} title="Check the card">
            <List size="sm" spacing={2}>
              {card.lastSeen.warnings.map((warning) => (
                <List.Item key={warning}>{warning}</List.Item>
              ))}
            </List>
          </Alert>
        ) : null}
        {card.comparison ? <Comparison comparison={card.comparison} lineEnding={lineEnding} /> : null}
      </Stack>
    </Paper>
  );
}
