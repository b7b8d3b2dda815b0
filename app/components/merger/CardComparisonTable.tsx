import { Badge, Text } from "@mantine/core";
import { useCallback, useMemo } from "react";
import { WindowedTable, type WindowedColumn } from "~/components/shell/WindowedTable";
import type { CardChange, CardComparisonRow } from "~/lib/merger/cardCompare";
import { CatalogueName } from "~/components/catalogue/CatalogueName";
import { getMergeClient } from "~/lib/merger/browser/mergeClient";
import type { CardRowFilter } from "~/lib/merger/comparisonWithCard";
import classes from "./Merger.module.css";
import { ShownPath } from "./ShownPath";
import { ShownValue } from "./ShownValue";
import { ChangedValue } from "./ChangedValue";

const changeColors: Record<CardChange, string> = { changed: "grape", added: "teal", removed: "red", unchanged: "gray" };

/** A value; a changed code's value shows where it differs from the other one. */
function Value({
  value,
  differsAt = null,
  label = "Value",
}: {
  value: string | null;
  differsAt?: number | null;
  label?: string;
}) {
  if (value === null) {
    return (
      <Text span size="sm" c="dimmed">
        —
      </Text>
    );
  }
  // -1: the two values are equal after all (the comparison never says so today); shown plain, never marked.
  if (typeof differsAt === "number" && differsAt >= 0)
    return <ChangedValue value={value} differsAt={differsAt} label={label} className={classes.monospace} />;
  return <ShownValue value={value} label={label} className={classes.monospace} />;
}

function ChangeBadge({ change }: { change: CardChange }) {
  return (
    <Badge color={changeColors[change]} variant={change === "removed" ? "filled" : "light"}>
      {change}
    </Badge>
  );
}

/** What the two sides are called: the card and the new PAR.txt, or an earlier and a later record. */
export interface ComparisonSides {
  before: string;
  after: string;
  /** In the From column of a removed code. */
  notInAfter: string;
}

const cardSides: ComparisonSides = {
  before: "On the card",
  after: "New value",
  notInAfter: "not in the new PAR.txt",
};

/** A row with its code's name and unit, where a parameter catalogue has them. */
type NamedComparisonRow = CardComparisonRow & { name?: string; unit?: string };

function comparisonColumns(sides: ComparisonSides): WindowedColumn<NamedComparisonRow>[] {
  return [
    {
      header: "Code",
      width: "7rem",
      cell: (row) => (
        <>
          <Value value={row.code} />
          <CatalogueName name={row.name} unit={row.unit} below />
          {/* Phones leave the Change column out: the change goes under the code. */}
          <Text hiddenFrom="sm" size="xs" fw={700} c={row.change === "unchanged" ? "dimmed" : changeColors[row.change]}>
            {row.change}
          </Text>
        </>
      ),
    },
    {
      header: sides.before,
      cell: (row) => <Value value={row.cardValue} differsAt={row.differsAt} label={`${sides.before}: ${row.code}`} />,
    },
    {
      header: sides.after,
      cell: (row) => <Value value={row.newValue} differsAt={row.differsAt} label={`${sides.after}: ${row.code}`} />,
    },
    { header: "Change", width: "8rem", hideOnPhone: true, cell: (row) => <ChangeBadge change={row.change} /> },
    {
      header: "From",
      hideOnPhone: true,
      cell: (row) =>
        row.source ? (
          <ShownPath path={row.source.path} suffix={`, line ${row.source.lineNumber}`} />
        ) : (
          <Text span size="sm" className={classes.notInAfter}>
            {sides.notInAfter}
          </Text>
        ),
    },
  ];
}

const cardColumns = comparisonColumns(cardSides);

/** Any two PAR.txt compared, every row at hand (two service records' files): the card comparison's table. */
export function ComparisonTable({
  label,
  rows,
  sides,
}: {
  label: string;
  rows: readonly CardComparisonRow[];
  sides: ComparisonSides;
}) {
  const columns = useMemo(() => comparisonColumns(sides), [sides]);
  const loadRows = useCallback(async (from: number, count: number) => rows.slice(from, from + count), [rows]);
  return (
    <WindowedTable
      label={label}
      rowCount={rows.length}
      windowKey={label}
      firstRows={[]}
      loadRows={loadRows}
      columns={columns}
      rowKey={(row) => `${row.change}:${row.code}`}
      rowClassName={(row) => (row.change === "removed" ? classes.removedRow : undefined)}
    />
  );
}

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
      columns={cardColumns}
      rowKey={(row) => `${row.change}:${row.code}`}
      rowClassName={(row) => (row.change === "removed" ? classes.removedRow : undefined)}
    />
  );
}
