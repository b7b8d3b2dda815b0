import { Badge, Button, Chip, Group, Text, TextInput } from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { Form, useNavigation, useSubmit } from "@remix-run/react";
import { IconFileSpreadsheet, IconSearch } from "@tabler/icons-react";
import { useCallback, useState } from "react";
import { CatalogueName } from "~/components/catalogue/CatalogueName";
import { WindowedTable, type WindowedColumn } from "~/components/shell/WindowedTable";
import type { ParameterTableView } from "~/lib/merger/mergePreview";
import type { ParameterRows, ParameterRowsRequest } from "~/lib/merger/mergeSession";
import {
  catalogueFilters,
  parameterFilterLabels,
  parameterFilters,
  type ParameterFilter,
  type ParameterRow,
} from "~/lib/merger/parameterTable";
import classes from "./Merger.module.css";
import { ParameterHistory } from "./ParameterHistory";
import { ShownPath } from "./ShownPath";
import { countOf, formatCount } from "~/lib/shell/plural";
import { fileListIntents } from "~/lib/merger/fileListIntents";
import { ShownValue } from "./ShownValue";

export type LoadParameterRows = (request: ParameterRowsRequest) => Promise<ParameterRows>;

function Value({ children }: { children: string }) {
  return <ShownValue value={children} label="Value" className={classes.monospace} />;
}

/** The value (old → new when rewritten), then what the merge and the checks say about it. */
function ValueCell({ row }: { row: ParameterRow }) {
  return (
    <Group gap={6} wrap="wrap" align="center">
      {row.rewritten ? (
        <span>
          <span className={classes.oldValue}>
            <Value>{row.standardValue ?? ""}</Value>
          </span>
          <span> → </span>
          <Value>{row.value}</Value>
        </span>
      ) : (
        <Value>{row.value}</Value>
      )}
      <StatusBadges row={row} />
    </Group>
  );
}

function StatusBadges({ row }: { row: ParameterRow }) {
  const problems = row.checks.filter((check) => check.severity === "problem").length;
  const notes = row.checks.length - problems;
  return (
    <>
      {row.rewritten ? (
        <Badge color="grape" variant="light">
          rewritten
        </Badge>
      ) : null}
      {row.added ? (
        <Badge color="teal" variant="light">
          added
        </Badge>
      ) : null}
      {problems > 0 ? (
        <Badge color="red" variant="light">
          {problems === 1 ? "problem" : `${problems} problems`}
        </Badge>
      ) : null}
      {notes > 0 ? (
        <Badge color="orange" variant="light">
          {notes === 1 ? "note" : `${notes} notes`}
        </Badge>
      ) : null}
    </>
  );
}

/** With a catalogue the code column holds names and units too: it takes more of the width. */
function columnsOf(named: boolean): WindowedColumn<ParameterRow>[] {
  return [
    {
      header: "Code",
      cell: (row) => (
        <>
          <Value>{row.code}</Value>
          <CatalogueName name={row.name} unit={row.unit} />
        </>
      ),
      width: named ? "32%" : "24%",
    },
    { header: "Value", cell: (row) => <ValueCell row={row} /> },
    {
      header: "From",
      cell: (row) => <ShownPath path={row.source.path} suffix={`, line ${row.source.lineNumber}`} />,
      hideOnPhone: true,
      width: named ? "30%" : "34%",
    },
  ];
}

const plainColumns = columnsOf(false);
const namedColumns = columnsOf(true);

/** On its own, so the router's states re-render this button and not the table. */
function ExportTableButton({ disabled }: { disabled: boolean }) {
  const navigation = useNavigation();
  return (
    <Button
      type="submit"
      form="export-table"
      name="intent"
      value={fileListIntents.exportTable}
      variant="default"
      className={classes.noPrint}
      leftSection={<IconFileSpreadsheet size={16} />}
      loading={navigation.formData?.get("intent") === fileListIntents.exportTable}
      disabled={disabled}
    >
      Export CSV
    </Button>
  );
}

/** Long enough that a word typed at normal speed asks the worker once. */
const searchDebounceMs = 200;

/** Every parameter of the new PAR.txt, filtered and searched by the worker, with each one's history. */
export function ParameterTablePanel({
  table,
  loadParameterRows,
}: {
  table: ParameterTableView;
  loadParameterRows: LoadParameterRows;
}) {
  const submit = useSubmit();
  const [selection, setSelection] = useState<{ mergeId: number; row: ParameterRow } | null>(null);
  // The worker searches the merge it keeps; the wait only saves the round trips.
  const submitSearch = useDebouncedCallback(
    (form: HTMLFormElement) => submit(form, { replace: true, preventScrollReset: true }),
    searchDebounceMs,
  );
  const { mergeId, filter, query } = table;
  const loadRows = useCallback(
    async (from: number, count: number) => {
      const window = await loadParameterRows({ mergeId, filter, query, from, count });
      return window.stale ? null : window.rows;
    },
    [loadParameterRows, mergeId, filter, query],
  );
  // A selection belongs to the merge it was made in.
  const selectedStillShown = selection?.mergeId === mergeId ? selection.row : null;

  return (
    <>
      <Form
        method="get"
        role="search"
        preventScrollReset
        replace
        onChange={(event) => {
          // Typing waits for a pause; a filter chip asks at once, with the search as typed so far.
          if (event.target instanceof HTMLInputElement && event.target.name === "q") submitSearch(event.currentTarget);
          else {
            submitSearch.cancel();
            submit(event.currentTarget, { replace: true, preventScrollReset: true });
          }
        }}
      >
        <Group justify="space-between" align="flex-end" gap="sm" mb="sm">
          <TextInput
            name="q"
            type="search"
            defaultValue={query}
            label={table.catalogueLoaded ? "Search code, value or name" : "Search code or value"}
            leftSection={<IconSearch size={16} />}
            w={280}
            maw="100%"
          />
          <ExportTableButton disabled={table.matchCount === 0} />
        </Group>
        <Chip.Group multiple={false} defaultValue={filter} key={filter}>
          <Group gap="xs" mb="sm" role="radiogroup" aria-label="Show parameters">
            {parameterFilters
              .filter((value) => table.catalogueLoaded || !catalogueFilters.includes(value))
              .map((value: ParameterFilter) => (
                <Chip key={value} value={value} name="show" size="sm" variant="outline">
                  {parameterFilterLabels[value]} ({formatCount(table.filterCounts[value])})
                </Chip>
              ))}
          </Group>
        </Chip.Group>
      </Form>
      <Form method="post" id="export-table" preventScrollReset hidden>
        <input type="hidden" name="show" value={filter} />
        <input type="hidden" name="q" value={query} />
      </Form>
      <Text size="sm" c="dimmed" mb="xs" aria-live="polite" data-testid="match-count">
        {table.matchCount === 0 && query
          ? `No parameter matches “${query}”.`
          : `${formatCount(table.matchCount)} of ${countOf(table.filterCounts.all, "parameter")} shown. Select a row for its history.`}
      </Text>
      <WindowedTable
        label="All parameters in PAR.txt order"
        rowCount={table.matchCount}
        windowKey={`${mergeId}\u0000${filter}\u0000${query}`}
        firstRows={table.rows}
        loadRows={loadRows}
        columns={table.catalogueLoaded ? namedColumns : plainColumns}
        rowKey={(row) => String(row.index)}
        onSelectRow={(row) => setSelection({ mergeId, row })}
        selectedKey={selectedStillShown ? String(selectedStillShown.index) : null}
      />
      {selectedStillShown ? <ParameterHistory row={selectedStillShown} /> : null}
    </>
  );
}
