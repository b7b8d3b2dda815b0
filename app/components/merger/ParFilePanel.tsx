import {
  Button,
  Checkbox,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from "@mantine/core";
import { Form, useNavigation } from "@remix-run/react";
import { IconDownload, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import type { MergePreview } from "~/lib/merger/mergePreview";
import type { LineEnding } from "~/lib/merger/parameterMerge";
import classes from "./Merger.module.css";

function Stat({ label, value, color }: { label: string; value: number; color?: string }) {
  return (
    <div>
      <Text className={classes.statValue} c={color} data-testid={`stat-${label}`}>
        {value.toLocaleString("en")}
      </Text>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
    </div>
  );
}

/** The result and its download: counts, line ending, the problem check, and the two side buttons. */
export function ParFilePanel({ preview, hasFiles }: { preview: MergePreview; hasFiles: boolean }) {
  const navigation = useNavigation();
  const submittingIntent = navigation.formData?.get("intent");
  const [lineEnding, setLineEnding] = useState<LineEnding>("crlf");
  // A confirmation is for the problems it was given for, not for new ones.
  const [checkedProblemCount, setCheckedProblemCount] = useState<number | null>(null);
  const problemsChecked = checkedProblemCount === preview.problemCount;
  const needsProblemCheck = preview.problemCount > 0;

  return (
    <Paper withBorder p="md" className={classes.sticky}>
      <Form method="post" preventScrollReset>
        <Stack gap="md">
          <Title order={2} size="h4">
            PAR.txt
          </Title>
          <SimpleGrid cols={2} spacing="sm">
            <Stat label="parameters" value={preview.parameterCount} />
            <Stat label="rewritten" value={preview.rewrittenCount} />
            <Stat label="added" value={preview.addedCount} />
            <Stat label="problems" value={preview.problemCount} color={needsProblemCheck ? "red" : undefined} />
          </SimpleGrid>

          <div>
            <Text size="sm" fw={500} id="line-ending-label" mb={4}>
              Line ending
            </Text>
            <SegmentedControl
              name="lineEnding"
              fullWidth
              aria-labelledby="line-ending-label"
              value={lineEnding}
              onChange={(value) => setLineEnding(value as LineEnding)}
              data={[
                { value: "crlf", label: "CRLF (Windows, default)" },
                { value: "lf", label: "LF" },
              ]}
            />
          </div>

          {needsProblemCheck ? (
            <Checkbox
              name="problemsChecked"
              checked={problemsChecked}
              onChange={(event) => setCheckedProblemCount(event.currentTarget.checked ? preview.problemCount : null)}
              color="orange"
              label={`I have checked the ${preview.problemCount} ${preview.problemCount === 1 ? "problem" : "problems"}`}
              description="Lines with problems are left out of PAR.txt, as each message says."
            />
          ) : null}

          <Tooltip label="Merge all files into PAR.txt for the unit's SD card" disabled={!hasFiles}>
            <Button
              type="submit"
              name="intent"
              value="download"
              color="green"
              size="md"
              leftSection={<IconDownload size={18} />}
              disabled={!hasFiles || (needsProblemCheck && !problemsChecked)}
              loading={submittingIntent === "download"}
            >
              Download SD card file
            </Button>
          </Tooltip>
          <Group grow>
            <Button
              type="submit"
              name="intent"
              value="delete-all"
              variant="light"
              color="red"
              leftSection={<IconTrash size={16} />}
              disabled={!hasFiles}
              loading={submittingIntent === "delete-all"}
            >
              Delete all
            </Button>
          </Group>
        </Stack>
      </Form>
    </Paper>
  );
}
