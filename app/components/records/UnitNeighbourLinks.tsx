import { Anchor, Group, Text } from "@mantine/core";
import { Link } from "@remix-run/react";
import { IconChevronLeft, IconChevronRight } from "@tabler/icons-react";
import { recordTimeText } from "~/lib/records/serviceRecord";
import type { UnitNeighbours } from "~/lib/records/unitHistory";
import classes from "./Records.module.css";
import { recordPath } from "~/lib/records/recordIntents";

/** The same unit's records just before and after this one. */
export function UnitNeighbourLinks({ neighbours }: { neighbours: UnitNeighbours }) {
  const { before, after } = neighbours;
  if (!before && !after) return null;
  return (
    <nav aria-label="This unit's other records" className={classes.noPrint}>
      <Group justify="space-between" gap="sm">
        {before ? (
          <Anchor component={Link} to={recordPath(before.id)} rel="prev">
            <Group gap={4} component="span">
              <IconChevronLeft size={16} aria-hidden />
              Earlier record of this unit: {recordTimeText(before.createdAt)}
            </Group>
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            The unit&apos;s first record
          </Text>
        )}
        {after ? (
          <Anchor component={Link} to={recordPath(after.id)} rel="next">
            <Group gap={4} component="span">
              Later record of this unit: {recordTimeText(after.createdAt)}
              <IconChevronRight size={16} aria-hidden />
            </Group>
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            The unit&apos;s latest record
          </Text>
        )}
      </Group>
    </nav>
  );
}
