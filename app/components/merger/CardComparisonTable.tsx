import { Badge, Text } from "@mantine/core";
import { useCallback } from "react";
import { WindowedTable, type WindowedColumn } from "~/components/shell/WindowedTable";
import type { CardChange, CardComparisonRow } from "~/lib/merger/cardCompare";
import { getMergeClient } from "~/lib/merger/mergeClient";
import type { CardRowFilter } from "~/lib/merger/mergeSession";
import classes from "./Merger.module.css";

const changeColors: Record<CardChange, string> = { changed: "grape", added: "teal", removed: "red", unchanged: "gray" };

function Value({ value }: { value: string | null }) {
  if (value === null) {
    return (
      <Text span size="sm" c="dimmed">
        —
      </Text>
    );
  }
  return <span className={classes.monospace}>{value}</span>;
}

const columns: WindowedColumn<CardComparisonRow>[] = [
  { header: "Code", cell: (row) => <Value value={row.code} />, width: "18%" },
  { header: "On the card", cell: (row) => <Value value={row.cardValue} /> },
  { header: "New value", cell: (row) => <Value value={row.newValue} /> },
  {
    header: "Change",
    width: "16%",
    cell: (row) => (
      <Badge color={changeColors[row.change]} variant={row.change === "removed" ? "filled" : "light"}>
        {row.change}
      </Badge>
    ),
  },
  {
    header: "From",
    hideOnPhone: true,
    cell: (row) =>
      row.source ? (
        <Text span size="sm" className={classes.isolated}>
          {row.source.path}, line {row.source.lineNumber}
        </Text>
      ) : (
        <Text span size="sm" c="red">
          not in the new PAR.txt
        </Text>
      ),
  },
];

/** The codes of one comparison under a filter; the worker sends them a window at a time. */
export function CardComparisonTable({
  comparisonId,
  filter,
  rowCount,
}: {
  comparisonId: number;
  filter: CardRowFilter;
  rowCount: number;
}) {
  const loadRows = useCallback(
    async (from: number, count: number) =>
      (await getMergeClient().cardRows({ comparisonId, filter, from, count }))?.rows ?? null,
    [comparisonId, filter],
  );
  return (
    <WindowedTable
      label="New PAR.txt compared with the card"
      rowCount={rowCount}
      windowKey={`${comparisonId}:${filter}`}
      firstRows={[]}
      loadRows={loadRows}
      columns={columns}
      rowKey={(row) => `${row.change}:${row.code}`}
      rowClassName={(row) => (row.change === "removed" ? classes.removedRow : undefined)}
    />
  );
}
