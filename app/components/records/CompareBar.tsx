import { Button, Group, Text } from "@mantine/core";
import { Link } from "@remix-run/react";
import { IconArrowsDiff } from "@tabler/icons-react";
import { compareParams, inTimeOrder } from "~/lib/records/recordCompare";
import { compareRecordsPath } from "~/lib/records/recordIntents";
import type { ServiceRecordSummary } from "~/lib/records/serviceRecord";
import classes from "./Records.module.css";

/** Compare: enabled once two records are picked; opens their comparison, the earlier one first. */
export function CompareBar({
  records,
  picked,
}: {
  records: readonly ServiceRecordSummary[];
  picked: readonly string[];
}) {
  const pair = picked.map((id) => records.find((record) => record.id === id)).filter((record) => record !== undefined);
  const ordered = pair.length === 2 ? inTimeOrder(pair[0]!, pair[1]!) : null;
  const target = ordered
    ? `${compareRecordsPath}?${new URLSearchParams({ [compareParams.earlier]: ordered[0].id, [compareParams.later]: ordered[1].id })}`
    : null;
  return (
    <Group gap="sm" className={classes.noPrint}>
      {target ? (
        <Button component={Link} to={target} variant="light" leftSection={<IconArrowsDiff size={16} />}>
          Compare
        </Button>
      ) : (
        <Button variant="light" leftSection={<IconArrowsDiff size={16} />} disabled>
          Compare
        </Button>
      )}
      <Text size="sm" c="dimmed">
        {pair.length === 2
          ? "Two records picked."
          : `Pick two records to compare their PAR.txt (${pair.length} of 2 picked).`}
      </Text>
    </Group>
  );
}
