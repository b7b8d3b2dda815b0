import { Table, Text } from "@mantine/core";
import { useVirtualizer } from "@tanstack/react-virtual";
import { useEffect, useReducer, useRef, type KeyboardEvent, type ReactNode } from "react";
import classes from "./WindowedTable.module.css";
import { formatCount } from "~/lib/shell/plural";

export interface WindowedColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Phones leave this column out, so the ones that matter fit the screen. */
  hideOnPhone?: boolean;
  width?: number | string;
}

export interface WindowedTableProps<Row> {
  label: string;
  rowCount: number;
  /** Changes when the rows change (another merge, filter or search): the fetched rows are dropped. */
  windowKey: string;
  /** The first rows, already at hand (they came with the page's data). */
  firstRows: readonly Row[];
  /** Fetches rows from..from+count-1; null when the answer no longer fits (the rows changed meanwhile). */
  loadRows: (from: number, count: number) => Promise<readonly Row[] | null>;
  columns: readonly WindowedColumn<Row>[];
  rowKey: (row: Row) => string;
  onSelectRow?: (row: Row) => void;
  selectedKey?: string | null;
  /** A class for rows that stand out (for example removed codes). */
  rowClassName?: (row: Row) => string | undefined;
}

/** Rows are fetched in blocks of this many, so a fast scroll asks a few times, not once per row. */
const blockSize = 100;
const estimatedRowHeight = 38;
/** The scroller's height once filled (WindowedTable.module.css: min(60vh, 560px)). */
const filledScrollerHeight = () => Math.min(0.6 * (typeof window === "undefined" ? 0 : window.innerHeight), 560);

/**
 * A table of any number of rows: only the rows in view are in the page, and
 * they are fetched a block at a time as the technician scrolls. Padding rows
 * above and below keep the scroll bar true and the markup a real table.
 */
export function WindowedTable<Row>({
  label,
  rowCount,
  windowKey,
  firstRows,
  loadRows,
  columns,
  rowKey,
  onSelectRow,
  selectedKey,
  rowClassName,
}: WindowedTableProps<Row>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const fetched = useRef({ key: "", rows: new Map<number, Row>(), pendingBlocks: new Set<number>() });
  const [, rowsArrived] = useReducer((count: number) => count + 1, 0);
  if (fetched.current.key !== windowKey) {
    fetched.current = {
      key: windowKey,
      rows: new Map(firstRows.map((row, index) => [index, row])),
      pendingBlocks: new Set(),
    };
  }

  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimatedRowHeight,
    // The first render already holds the rows that fill the scroller: measuring it then finds the same
    // range, instead of growing the table in steps of sync re-renders while the page first shows it.
    initialRect: { width: 0, height: filledScrollerHeight() },
    // A few rows past the view keep a scroll smooth; every one more is work in the first render.
    overscan: 5,
  });
  const items = virtualizer.getVirtualItems();
  const firstIndex = items[0]?.index ?? 0;
  const lastIndex = items.at(-1)?.index ?? -1;

  useEffect(() => {
    const current = fetched.current;
    for (let block = Math.floor(firstIndex / blockSize); block <= Math.floor(lastIndex / blockSize); block++) {
      const from = block * blockSize;
      if (current.pendingBlocks.has(block) || current.rows.has(from) || from >= rowCount) continue;
      current.pendingBlocks.add(block);
      void loadRows(from, blockSize).then((rows) => {
        // A window that arrives for rows that are gone (another search) is dropped.
        if (fetched.current !== current) return;
        current.pendingBlocks.delete(block);
        if (!rows) return;
        rows.forEach((row, offset) => current.rows.set(from + offset, row));
        rowsArrived();
      });
    }
  }, [firstIndex, lastIndex, rowCount, loadRows, windowKey]);

  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0 });
  }, [windowKey]);

  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = items.length > 0 ? virtualizer.getTotalSize() - items.at(-1)!.end : 0;
  const visibleColumns = (column: WindowedColumn<Row>) => (column.hideOnPhone ? "sm" : undefined);
  // A cell across the columns a phone hides would give them width there (table-layout: fixed): span the others only.
  const spanEverywhere = columns.filter((column) => !column.hideOnPhone).length;

  function onRowKeyDown(event: KeyboardEvent<HTMLTableRowElement>, row: Row | undefined) {
    if ((event.key === "Enter" || event.key === " ") && row && onSelectRow) {
      event.preventDefault();
      onSelectRow(row);
    } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      const next =
        event.key === "ArrowDown" ? event.currentTarget.nextElementSibling : event.currentTarget.previousElementSibling;
      if (next instanceof HTMLTableRowElement && next.tabIndex === 0) {
        event.preventDefault();
        next.focus();
      }
    }
  }

  return (
    // The rows scroll in here (sideways too, on a phone): the keyboard reaches it, and a screen reader names it.
    <div ref={scrollRef} className={classes.scroller} tabIndex={0} role="region" aria-label={label}>
      <Table stickyHeader aria-label={label} aria-rowcount={rowCount + 1} verticalSpacing={6} className={classes.table}>
        <Table.Thead>
          <Table.Tr aria-rowindex={1}>
            {columns.map((column) => (
              <Table.Th key={column.header} visibleFrom={visibleColumns(column)} w={column.width}>
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {paddingTop > 0 ? (
            <tr aria-hidden="true">
              <td colSpan={spanEverywhere} style={{ height: paddingTop, padding: 0, border: 0 }} />
            </tr>
          ) : null}
          {items.map((item) => {
            const row = fetched.current.rows.get(item.index);
            const key = row ? rowKey(row) : null;
            return (
              <Table.Tr
                key={item.key}
                data-index={item.index}
                ref={virtualizer.measureElement}
                aria-rowindex={item.index + 2}
                tabIndex={onSelectRow && row ? 0 : -1}
                aria-current={key !== null && key === selectedKey ? "true" : undefined}
                className={`${onSelectRow ? classes.selectable : ""} ${row ? (rowClassName?.(row) ?? "") : ""}`}
                onClick={row && onSelectRow ? () => onSelectRow(row) : undefined}
                onKeyDown={(event) => onRowKeyDown(event, row)}
              >
                {row ? (
                  columns.map((column) => (
                    <Table.Td key={column.header} visibleFrom={visibleColumns(column)}>
                      {column.cell(row)}
                    </Table.Td>
                  ))
                ) : (
                  <Table.Td colSpan={spanEverywhere}>
                    <Text size="sm" c="dimmed">
                      Loading row {formatCount(item.index + 1)}…
                    </Text>
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
          {paddingBottom > 0 ? (
            <tr aria-hidden="true">
              <td colSpan={spanEverywhere} style={{ height: paddingBottom, padding: 0, border: 0 }} />
            </tr>
          ) : null}
        </Table.Tbody>
      </Table>
    </div>
  );
}
