import { Badge, Button, Checkbox, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { Link } from "@remix-run/react";
import { useState } from "react";
import { IconFileText } from "@tabler/icons-react";
import { destinationLabels, recordTimeText, type ServiceRecordSummary } from "~/lib/records/serviceRecord";
import {
  firstRecordsOf,
  groupedByUnit,
  recordsMatching,
  recordsShownAtOnce,
  unitName,
} from "~/lib/records/unitHistory";
import { countOf, formatCount } from "~/lib/shell/plural";
import classes from "./Records.module.css";
import { recordPath } from "~/lib/records/recordIntents";

/** A write nobody verified stands out from a verified one at a glance. */
const destinationColors: Record<ServiceRecordSummary["destination"], string> = {
  downloaded: "blue",
  card: "teal",
  "card-unverified": "orange",
  "card-incomplete": "red",
};

export function DestinationBadge({ record }: { record: Pick<ServiceRecordSummary, "destination"> }) {
  return (
    <Badge
      color={destinationColors[record.destination]}
      variant="light"
      classNames={{ root: classes.wrappingBadge, label: classes.wrappingBadgeLabel }}
    >
      {destinationLabels[record.destination]}
    </Badge>
  );
}

/** "9 parameters · 2 rewritten · 1 added", plus the confirmed problems when there were any. */
export function recordCountsText(record: ServiceRecordSummary): string {
  const { parameterCount, rewrittenCount, addedCount } = record.counts;
  const parts = [countOf(parameterCount, "parameter"), `${rewrittenCount} rewritten`, `${addedCount} added`];
  const { confirmedProblems } = record.rowCounts;
  if (confirmedProblems > 0) parts.push(countOf(confirmedProblems, "confirmed problem"));
  return parts.join(" · ");
}

/** Marks each record's Compare checkbox with the record's id, so the keyboard can be sent back to it. */
export const pickCheckboxAttribute = "data-pick-record";

/** Which records are picked for Compare (two at most). */
export interface RecordPicks {
  picked: readonly string[];
  toggle: (id: string) => void;
}

function RecordEntry({ record, picks }: { record: ServiceRecordSummary; picks: RecordPicks }) {
  const time = recordTimeText(record.createdAt);
  const picked = picks.picked.includes(record.id);
  return (
    <Paper component="li" withBorder p="md" data-testid="service-record">
      <Group align="flex-start" wrap="nowrap" gap="sm">
        <Checkbox
          mt={4}
          aria-label={`Pick the record of ${time} to compare`}
          checked={picked}
          disabled={!picked && picks.picked.length >= 2}
          onChange={() => picks.toggle(record.id)}
          className={classes.noPrint}
          {...{ [pickCheckboxAttribute]: record.id }}
        />
        <Link to={recordPath(record.id)} className={classes.recordLink} style={{ flex: 1, minWidth: 0 }}>
          <Stack gap={6}>
            <Group justify="space-between" gap="xs" align="flex-start">
              <div>
                <Text fw={700} className={classes.recordTitle}>
                  {time}
                </Text>
                <Text size="sm" c={record.label ? undefined : "dimmed"} className={classes.path}>
                  {unitName(record.label)}
                </Text>
              </div>
              <DestinationBadge record={record} />
            </Group>
            <Text size="sm">{recordCountsText(record)}</Text>
            <Text size="sm" c="dimmed">
              PAR.txt SHA-256 <span className={classes.sha256}>{record.parFile.sha256}</span>
            </Text>
          </Stack>
        </Link>
      </Group>
    </Paper>
  );
}

/** The records by site/unit, newest first in each, found by `search`; each opens the whole record. */
export function ServiceRecordList({
  records,
  search,
  picks,
}: {
  records: ServiceRecordSummary[];
  search: string;
  picks: RecordPicks;
}) {
  // A new search starts again from the first records.
  const [shown, setShown] = useState({ search, count: recordsShownAtOnce });
  const shownCount = shown.search === search ? shown.count : recordsShownAtOnce;
  if (records.length === 0) {
    return (
      <Paper withBorder p="lg">
        <Stack gap="sm" align="flex-start">
          <Text>No records yet. Each PAR.txt you download from SD Card Files is recorded here.</Text>
          <Button component={Link} to="/files" variant="light" leftSection={<IconFileText size={16} />}>
            Go to SD Card Files
          </Button>
        </Stack>
      </Paper>
    );
  }
  const allGroups = groupedByUnit(recordsMatching(records, search));
  if (allGroups.length === 0) return <Text>No record has a site or unit label with “{search.trim()}”.</Text>;
  const { groups, hiddenCount } = firstRecordsOf(allGroups, shownCount);
  return (
    <Stack gap="lg">
      {groups.map((group) => (
        <section key={group.label} data-testid="unit-records">
          <Title order={2} size="h4" mb="xs">
            {unitName(group.label)} ({countOf(group.recordCount, "record")})
          </Title>
          <Stack
            component="ol"
            gap="sm"
            p={0}
            m={0}
            style={{ listStyle: "none" }}
            aria-label={`Records of ${unitName(group.label)}, newest first`}
          >
            {group.records.map((record) => (
              <RecordEntry key={record.id} record={record} picks={picks} />
            ))}
          </Stack>
        </section>
      ))}
      {hiddenCount > 0 ? (
        <Group gap="sm">
          <Button
            variant="light"
            onClick={() => setShown({ search, count: shownCount + recordsShownAtOnce })}
            className={classes.noPrint}
          >
            Show {formatCount(Math.min(recordsShownAtOnce, hiddenCount))} more
          </Button>
          <Text size="sm" c="dimmed">
            {countOf(hiddenCount, "record")} not shown yet; a search by site or unit finds any of them.
          </Text>
        </Group>
      ) : null}
    </Stack>
  );
}
