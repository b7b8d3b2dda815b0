import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { Link } from "@remix-run/react";
import { compareParams } from "~/lib/records/recordCompare";
import { compareRecordsPath } from "~/lib/records/recordIntents";
import type { ReactNode } from "react";
import { lineEndingLabels } from "~/lib/merger/parFileFormat";
import { parameterSetLabels } from "~/lib/merger/parameterSet";
import { recordTimeText, type RecordRow, type ServiceRecordSummary } from "~/lib/records/serviceRecord";
import { countOf, formatCount } from "~/lib/shell/plural";
import type { RecordTable as RecordTableName } from "~/lib/records/recordPages";
import { DestinationBadge } from "./ServiceRecordList";
import classes from "./Records.module.css";
import { ShownMessage, ShownName, ShownValue } from "~/components/merger/ShownValue";
import { CatalogueName } from "~/components/catalogue/CatalogueName";
import { ChangedValue } from "~/components/merger/ChangedValue";
import { differenceToMark } from "~/lib/merger/valueDifference";
import { PageNavigation } from "~/components/shell/PageNavigation";
import { toastMessages } from "~/lib/shell/toastMessages";

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="div" fw={500}>
        {children}
      </Text>
    </div>
  );
}

/** The page of a table the screen shows: its rows [from, to) of rowCount. */
export interface RecordTablePage<Row> {
  rowCount: number;
  page: number;
  pageCount: number;
  from: number;
  to: number;
  rows: readonly Row[];
}

export interface RecordTablePages {
  inputs: RecordTablePage<ServiceRecordSummary["inputs"][number]>;
  rewritten: RecordTablePage<RecordRow<"rewritten">>;
  added: RecordTablePage<RecordRow<"added">>;
  confirmedProblems: RecordTablePage<RecordRow<"confirmedProblems">>;
}

/**
 * A table of the record, a page of rows at a time: a record of a big set holds 100,000 rewritten codes,
 * and laying them all out froze the screen for a minute. The route reads only the page shown. On a phone it
 * scrolls sideways, on paper it wraps to the page and prints the page on screen.
 */
function RecordTable<Row>({
  title,
  table,
  onPageChange,
  head,
  empty,
  minWidth,
  renderRow,
}: {
  title: string;
  table: RecordTablePage<Row>;
  onPageChange: (page: number) => void;
  head: string[];
  empty: string;
  minWidth: number;
  renderRow: (row: Row, index: number) => ReactNode;
}) {
  const id = `${title.toLowerCase().replace(/\W+/g, "-")}-title`;
  const { rowCount, page, pageCount, from, to, rows } = table;
  // The store skips a page it cannot read: the screen says so rather than showing fewer rows without a word.
  const unreadRowCount = to - from - rows.length;
  return (
    <section aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="xs">
        {title} ({formatCount(rowCount)})
      </Title>
      {rowCount === 0 ? (
        <Text c="dimmed">{empty}</Text>
      ) : (
        <>
          <Table.ScrollContainer
            minWidth={minWidth}
            type="native"
            classNames={{ scrollContainer: classes.tableScroll, scrollContainerInner: classes.tableInner }}
            // On a phone the table scrolls sideways: the keyboard reaches it, and a screen reader names it.
            tabIndex={0}
            role="region"
            aria-label={`${title} table`}
          >
            <Table striped withTableBorder aria-labelledby={id} verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  {head.map((heading) => (
                    <Table.Th key={heading}>{heading}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>{rows.map((row, offset) => renderRow(row, from + offset))}</Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {unreadRowCount > 0 ? (
            <Text c="orange.8" size="sm" mt="xs" role="status">
              {toastMessages.recordRowsUnread(unreadRowCount)}
            </Text>
          ) : null}
          {pageCount > 1 ? (
            <Group gap="sm" mt="xs">
              <Text size="sm" c="dimmed">
                Rows {formatCount(from + 1)}–{formatCount(to)} of {formatCount(rowCount)}
              </Text>
              <PageNavigation
                label={`Pages of ${title}`}
                className={classes.noPrint}
                total={pageCount}
                value={page}
                onChange={onPageChange}
              />
            </Group>
          ) : null}
        </>
      )}
    </section>
  );
}

/**
 * One side of a rewritten value: around its first difference from the other side, marked, as the card
 * comparison shows it, so values that differ after character 200 never look alike, on screen or on paper.
 */
function RewrittenValue({ value, other }: { value: string; other: string }) {
  const differsAt = differenceToMark(value, other);
  if (differsAt === null) return <Value>{value}</Value>;
  return <ChangedValue value={value} differsAt={differsAt} label="Value" className={classes.value} />;
}

const Value = ({ children }: { children: string }) => (
  <ShownValue value={children} label="Value" className={classes.value} />
);
const Path = ({ children }: { children: string }) => (
  <span className={classes.path}>
    <ShownName text={children} />
  </span>
);
const source = (entry: { source: { path: string; lineNumber: number } }) => (
  <>
    <Path>{entry.source.path}</Path>, line {entry.source.lineNumber}
  </>
);

/** The whole record, as on screen and on paper, each table at the page the route read. */
export function ServiceRecordReport({
  record,
  tables,
  onPageChange,
}: {
  record: ServiceRecordSummary;
  tables: RecordTablePages;
  onPageChange: (table: RecordTableName, page: number) => void;
}) {
  const pageChangeOf = (table: RecordTableName) => (page: number) => onPageChange(table, page);
  const { counts } = record;
  return (
    <Stack gap="lg">
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md" verticalSpacing="sm">
          <Fact label="Time">{recordTimeText(record.createdAt)}</Fact>
          <Fact label="Site / unit">{record.label || "—"}</Fact>
          <Fact label="Destination">
            <DestinationBadge record={record} />
          </Fact>
          <Fact label="Line ending">{lineEndingLabels[record.lineEnding]}</Fact>
          <Fact label="Parameters">{formatCount(counts.parameterCount)}</Fact>
          <Fact label="Rewritten">{formatCount(counts.rewrittenCount)}</Fact>
          <Fact label="Added">{formatCount(counts.addedCount)}</Fact>
          <Fact label="Confirmed problems">{formatCount(record.rowCounts.confirmedProblems)}</Fact>
        </SimpleGrid>
        <Stack gap={2} mt="md">
          <Text size="sm" c="dimmed">
            PAR.txt, {countOf(record.parFile.size, "byte")}, SHA-256
          </Text>
          <Text className={classes.sha256} data-testid="par-sha256">
            {record.parFile.sha256}
          </Text>
        </Stack>
        {record.catalogue ? (
          <Stack gap={2} mt="sm" data-testid="record-catalogue">
            <Text size="sm" c="dimmed">
              Checked against the parameter catalogue <ShownName text={record.catalogue.fileName} />, SHA-256
            </Text>
            <Text className={classes.sha256}>{record.catalogue.sha256}</Text>
          </Stack>
        ) : null}
      </Paper>

      {record.cardComparison ? (
        <section aria-labelledby="card-comparison-title">
          <Title order={2} size="h4" id="card-comparison-title" mb="xs">
            Compared with the card
          </Title>
          <Text className={classes.value}>{record.cardComparison.summary}</Text>
          {record.cardComparison.previousParFile ? (
            <>
              <Text size="sm" c="dimmed" mt={4}>
                The card&apos;s previous PAR.txt: {countOf(record.cardComparison.previousParFile.size, "byte")}, SHA-256{" "}
                <span className={classes.sha256}>{record.cardComparison.previousParFile.sha256}</span>
              </Text>
              <Anchor
                component={Link}
                to={`${compareRecordsPath}?${new URLSearchParams({ [compareParams.card]: record.id })}`}
                size="sm"
                className={classes.noPrint}
              >
                See code by code what the write changed
              </Anchor>
            </>
          ) : (
            <Text size="sm" c="dimmed" mt={4}>
              The card held no PAR.txt before.
            </Text>
          )}
        </section>
      ) : null}

      <RecordTable
        title="Input files"
        table={tables.inputs}
        onPageChange={pageChangeOf("inputs")}
        head={["#", "File", "Set", "Parameters", "Bytes", "SHA-256"]}
        empty="No input files."
        minWidth={720}
        renderRow={(input) => (
          <Table.Tr key={input.order}>
            <Table.Td>{input.order}</Table.Td>
            <Table.Td>
              <Path>{input.path}</Path>
              {input.bytesKept ? null : (
                <Badge color="gray" variant="light" ml={6} size="sm">
                  not kept
                </Badge>
              )}
            </Table.Td>
            <Table.Td>
              {parameterSetLabels[input.set]}
              {input.setOverride ? " (chosen)" : ""}
            </Table.Td>
            <Table.Td>{formatCount(input.parameterCount)}</Table.Td>
            <Table.Td>{input.fingerprint ? formatCount(input.fingerprint.size) : "—"}</Table.Td>
            <Table.Td className={classes.sha256}>{input.fingerprint?.sha256 ?? "contents were gone"}</Table.Td>
          </Table.Tr>
        )}
      />

      <RecordTable
        title="Rewritten"
        table={tables.rewritten}
        onPageChange={pageChangeOf("rewritten")}
        head={["Code", "Standard value", "Customer value", "From"]}
        empty="No standard value was overwritten by a customer file."
        minWidth={560}
        renderRow={(entry) => (
          <Table.Tr key={entry.code}>
            <Table.Td>
              <ShownValue value={entry.code} label="Code" className={classes.code} />
              <CatalogueName name={entry.name} />
            </Table.Td>
            <Table.Td>
              <RewrittenValue value={entry.standardValue} other={entry.customerValue} />
            </Table.Td>
            <Table.Td>
              <RewrittenValue value={entry.customerValue} other={entry.standardValue} />
            </Table.Td>
            <Table.Td>{source(entry)}</Table.Td>
          </Table.Tr>
        )}
      />

      <RecordTable
        title="Added"
        table={tables.added}
        onPageChange={pageChangeOf("added")}
        head={["Code", "Value", "From"]}
        empty="The customer files brought no codes that the standard files lack."
        minWidth={480}
        renderRow={(entry) => (
          <Table.Tr key={entry.code}>
            <Table.Td>
              <ShownValue value={entry.code} label="Code" className={classes.code} />
              <CatalogueName name={entry.name} />
            </Table.Td>
            <Table.Td>
              <Value>{entry.value}</Value>
            </Table.Td>
            <Table.Td>{source(entry)}</Table.Td>
          </Table.Tr>
        )}
      />

      <RecordTable
        title="Confirmed problems"
        table={tables.confirmedProblems}
        onPageChange={pageChangeOf("confirmedProblems")}
        head={["File", "Problem"]}
        empty="There were no problems to confirm."
        minWidth={480}
        renderRow={(problem, index) => (
          <Table.Tr key={index}>
            <Table.Td>
              <Path>{problem.path}</Path>
            </Table.Td>
            <Table.Td>
              <ShownMessage text={problem.message} />
            </Table.Td>
          </Table.Tr>
        )}
      />
    </Stack>
  );
}
