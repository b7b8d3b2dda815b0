import { Button, Group, Text } from "@mantine/core";
import { Link } from "@remix-run/react";
import { IconArrowsDiff, IconX } from "@tabler/icons-react";
import { compareParams, inTimeOrder } from "~/lib/records/recordCompare";
import { compareRecordsPath } from "~/lib/records/recordIntents";
import { recordTimeText, type ServiceRecordSummary } from "~/lib/records/serviceRecord";
import classes from "./Records.module.css";

/**
 * Compare: enabled once two records are picked; opens their comparison, the earlier one first. The picked
 * records are named here with a way to unpick each, since a search or the list's paging may hide their rows.
 */
export function CompareBar({
  records,
  picked,
  unpick,
}: {
  records: readonly ServiceRecordSummary[];
  picked: readonly string[];
  unpick: (id: string) => void;
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
      {pair.map((record) => {
        const time = recordTimeText(record.createdAt);
        return (
          <Button
            key={record.id}
            variant="default"
            size="compact-sm"
            rightSection={<IconX size={14} aria-hidden />}
            aria-label={`Unpick the record of ${time}${record.label ? ` · ${record.label}` : ""}`}
            onClick={() => unpick(record.id)}
            className={classes.pickedRecord}
          >
            {/* One span: the button's label is a flex box, which would drop the spaces around "·". */}
            <span className={classes.pickedRecordText}>
              {time}
              {record.label ? (
                <>
                  {" · "}
                  <span className={classes.path}>{record.label}</span>
                </>
              ) : null}
            </span>
          </Button>
        );
      })}
    </Group>
  );
}
