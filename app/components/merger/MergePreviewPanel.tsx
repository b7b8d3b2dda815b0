import { Badge, Pagination, Paper, ScrollArea, Table, Tabs, Text, TextInput, Title, Tooltip } from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { Form, useSearchParams, useSubmit } from "@remix-run/react";
import { IconSearch } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { previewListLimit, problemPageSize, type MergePreview } from "~/lib/merger/mergePreview";
import { middleShortenedPath } from "~/lib/merger/parameterFilePath";
import type { MergedParameter, ParameterSource } from "~/lib/merger/parameterMerge";
import classes from "./Merger.module.css";

/** A path shortened in the middle, whole on hover or keyboard focus; isolated so no bidi character can spoof it. */
function ShownPath({ path, suffix = "" }: { path: string; suffix?: string }) {
  const shown = middleShortenedPath(path);
  if (shown === path) {
    return (
      <span>
        <bdi>{path}</bdi>
        {suffix}
      </span>
    );
  }
  return (
    <Tooltip label={<bdi>{path}</bdi>} multiline maw={480} events={{ hover: true, focus: true, touch: true }}>
      <span tabIndex={0} aria-label={`${path}${suffix}`}>
        <bdi>{shown}</bdi>
        {suffix}
      </span>
    </Tooltip>
  );
}

function SourceText({ source }: { source: ParameterSource }) {
  return <ShownPath path={source.path} suffix={`, line ${source.lineNumber}`} />;
}

function CappedNote({ shown, total }: { shown: number; total: number }) {
  if (total <= shown) return null;
  return (
    <Text size="sm" c="dimmed" mt="xs">
      Showing the first {shown.toLocaleString("en")} of {total.toLocaleString("en")}.
    </Text>
  );
}

/** Columns that phones leave out, so the ones that matter fit the screen. */
const wideScreenOnly = new Set(["From", "Status"]);

function PreviewTable({ head, children, label }: { head: string[]; children: ReactNode; label: string }) {
  return (
    <ScrollArea.Autosize mah={480} type="auto" className={classes.previewScroll}>
      <Table striped highlightOnHover stickyHeader aria-label={label} verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            {head.map((heading) => (
              <Table.Th key={heading} visibleFrom={wideScreenOnly.has(heading) ? "sm" : undefined}>
                {heading}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}

function Value({ children }: { children: string }) {
  return <span className={classes.monospace}>{children}</span>;
}

interface ParameterColumn {
  heading: string;
  cell: (parameter: MergedParameter) => ReactNode;
}

const codeColumn: ParameterColumn = { heading: "Code", cell: (parameter) => <Value>{parameter.code}</Value> };
const valueColumn: ParameterColumn = { heading: "Value", cell: (parameter) => <Value>{parameter.value}</Value> };
const sourceColumn: ParameterColumn = {
  heading: "From",
  cell: (parameter) => <SourceText source={parameter.source} />,
};
const standardValueColumn: ParameterColumn = {
  heading: "Standard value",
  cell: (parameter) => <Value>{parameter.standardValue ?? ""}</Value>,
};
const customerValueColumn: ParameterColumn = {
  heading: "Customer value",
  cell: (parameter) => (
    <>
      <Value>{parameter.value}</Value>
      {parameter.value === parameter.standardValue ? (
        <Text span size="xs" c="dimmed">
          {" "}
          (same value)
        </Text>
      ) : null}
    </>
  ),
};
const statusColumn: ParameterColumn = { heading: "Status", cell: (parameter) => statusOf(parameter) };

function ParameterTable({
  parameters,
  columns,
  label,
}: {
  parameters: MergedParameter[];
  columns: ParameterColumn[];
  label: string;
}) {
  return (
    <PreviewTable head={columns.map((column) => column.heading)} label={label}>
      {parameters.map((parameter) => (
        <Table.Tr key={parameter.code}>
          {columns.map((column) => (
            <Table.Td key={column.heading} visibleFrom={wideScreenOnly.has(column.heading) ? "sm" : undefined}>
              {column.cell(parameter)}
            </Table.Td>
          ))}
        </Table.Tr>
      ))}
    </PreviewTable>
  );
}

function statusOf(parameter: MergedParameter) {
  if (parameter.rewritten) return <Badge color="grape">rewritten</Badge>;
  if (parameter.added) return <Badge color="teal">added</Badge>;
  return (
    <Badge color="gray" variant="light">
      standard
    </Badge>
  );
}

/** What the merge did, before the technician downloads it. */
/** Every problem is reachable: the worker sends one page at a time, the page number is in the URL. */
function ProblemPages({ page, pageCount, total }: { page: number; pageCount: number; total: number }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const first = (page - 1) * problemPageSize + 1;
  return (
    <Paper mt="sm" className={classes.noPrint}>
      <Text size="sm" c="dimmed" mb="xs">
        Problems {first.toLocaleString("en")}–{Math.min(page * problemPageSize, total).toLocaleString("en")} of{" "}
        {total.toLocaleString("en")}
      </Text>
      <Pagination
        total={pageCount}
        value={page}
        size="sm"
        aria-label="Pages of problems"
        onChange={(next) => {
          const changed = new URLSearchParams(searchParams);
          changed.set("problems", String(next));
          setSearchParams(changed, { replace: true, preventScrollReset: true });
        }}
      />
    </Paper>
  );
}

/** Long enough that a word typed at normal speed asks the worker once. */
const searchDebounceMs = 200;

export function MergePreviewPanel({ preview }: { preview: MergePreview }) {
  const submit = useSubmit();
  // The worker searches the merge it keeps; the wait only saves the round trips.
  const submitSearch = useDebouncedCallback(
    (form: HTMLFormElement) => submit(form, { replace: true, preventScrollReset: true }),
    searchDebounceMs,
  );
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="preview-title">
      <Title order={2} size="h4" id="preview-title" mb="sm">
        Preview of the merge
      </Title>
      <Tabs defaultValue={preview.problemCount > 0 ? "problems" : "rewritten"} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="rewritten">Rewritten ({preview.rewrittenCount})</Tabs.Tab>
          <Tabs.Tab value="added">Added ({preview.addedCount})</Tabs.Tab>
          <Tabs.Tab value="problems" color={preview.problemCount > 0 ? "red" : undefined}>
            Problems ({preview.problemCount})
          </Tabs.Tab>
          <Tabs.Tab value="all">All parameters ({preview.parameterCount})</Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="rewritten" pt="sm">
          {preview.rewrittenCount === 0 ? (
            <Text c="dimmed">No standard value is overwritten by a customer file.</Text>
          ) : (
            <>
              <ParameterTable
                parameters={preview.rewritten}
                columns={[codeColumn, standardValueColumn, customerValueColumn, sourceColumn]}
                label="Rewritten parameters"
              />
              <CappedNote shown={Math.min(previewListLimit, preview.rewrittenCount)} total={preview.rewrittenCount} />
            </>
          )}
        </Tabs.Panel>

        <Tabs.Panel value="added" pt="sm">
          {preview.addedCount === 0 ? (
            <Text c="dimmed">The customer files bring no codes that the standard files lack.</Text>
          ) : (
            <>
              <ParameterTable
                parameters={preview.added}
                columns={[codeColumn, valueColumn, sourceColumn]}
                label="Added parameters"
              />
              <CappedNote shown={Math.min(previewListLimit, preview.addedCount)} total={preview.addedCount} />
            </>
          )}
        </Tabs.Panel>

        <Tabs.Panel value="problems" pt="sm">
          {preview.problemCount === 0 ? (
            <Text c="dimmed">No problems found in any file.</Text>
          ) : (
            <>
              <PreviewTable head={["File", "Problem"]} label="Problems">
                {preview.problems.map((problem, index) => (
                  <Table.Tr key={index}>
                    <Table.Td>
                      <ShownPath path={problem.path} />
                    </Table.Td>
                    <Table.Td>{problem.message}</Table.Td>
                  </Table.Tr>
                ))}
              </PreviewTable>
              {preview.problemPageCount > 1 ? (
                <ProblemPages
                  page={preview.problemPage}
                  pageCount={preview.problemPageCount}
                  total={preview.problemCount}
                />
              ) : null}
            </>
          )}
        </Tabs.Panel>

        <Tabs.Panel value="all" pt="sm">
          <Form
            method="get"
            role="search"
            preventScrollReset
            replace
            onChange={(event) => submitSearch(event.currentTarget)}
          >
            <TextInput
              name="q"
              type="search"
              defaultValue={preview.table.query}
              label="Search code or value"
              leftSection={<IconSearch size={16} />}
              maw={360}
              mb="sm"
            />
          </Form>
          <ParameterTable
            parameters={preview.table.rows}
            columns={[codeColumn, valueColumn, statusColumn, sourceColumn]}
            label="All parameters in PAR.txt order"
          />
          {preview.table.matchCount === 0 ? (
            <Text c="dimmed">No parameter matches “{preview.table.query}”.</Text>
          ) : null}
          <CappedNote shown={preview.table.rows.length} total={preview.table.matchCount} />
        </Tabs.Panel>
      </Tabs>
    </Paper>
  );
}
