import { Button, Paper, ScrollArea, Table, Tabs, Text, Title } from "@mantine/core";
import { useSearchParams } from "@remix-run/react";
import { useRouterActions } from "~/components/shell/RouterActions";
import { fileListIntents } from "~/lib/merger/fileListIntents";
import { problemPageSize, type MergePreview } from "~/lib/merger/mergePreview";
import { switchToCustomer } from "~/lib/merger/customerMarkerNearMiss";
import { customerPathProblemKinds, type MergeProblem } from "~/lib/merger/mergeResult";
import classes from "./Merger.module.css";
import { ParameterTablePanel, type LoadParameterRows } from "./ParameterTablePanel";
import { ShownPath } from "./ShownPath";
import { useShownAfterFirstPaint } from "~/components/shell/useShownLater";
import { formatCount } from "~/lib/shell/plural";
import { PageNavigation } from "~/components/shell/PageNavigation";
import { ShownMessage } from "./ShownValue";

/** Every problem is reachable: the worker sends one page at a time, the page number is in the URL. */
function ProblemPages({ page, pageCount, total }: { page: number; pageCount: number; total: number }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const first = (page - 1) * problemPageSize + 1;
  return (
    <Paper mt="sm" className={classes.noPrint}>
      <Text size="sm" c="dimmed" mb="xs">
        Problems {formatCount(first)}–{formatCount(Math.min(page * problemPageSize, total))} of {formatCount(total)}
      </Text>
      <PageNavigation
        label="Pages of problems"
        total={pageCount}
        value={page}
        onChange={(next) => {
          const changed = new URLSearchParams(searchParams);
          changed.set("problems", String(next));
          setSearchParams(changed, { replace: true, preventScrollReset: true });
        }}
      />
    </Paper>
  );
}

/** The way out of a standard file whose path reads like a customer marker: the file list's own switch of its set. */
function SwitchToCustomerButton({ problem }: { problem: MergeProblem }) {
  const { submit } = useRouterActions();
  return (
    <Button
      size="compact-xs"
      variant="light"
      color="grape"
      mt={4}
      display="block"
      aria-label={switchToCustomer.label(problem.path)}
      onClick={() =>
        submit(
          { intent: fileListIntents.chooseSet, id: problem.fileId, set: "customer" },
          { method: "post", preventScrollReset: true },
        )
      }
    >
      {switchToCustomer.text}
    </Button>
  );
}

function ProblemTable({ preview }: { preview: MergePreview }) {
  return (
    <>
      <ScrollArea.Autosize
        mah={480}
        type="auto"
        className={classes.previewScroll}
        // A long page of problems scrolls: the keyboard reaches it, and a screen reader names it.
        viewportProps={{ tabIndex: 0, role: "region", "aria-label": "Problems" }}
      >
        <Table striped stickyHeader aria-label="Problems" verticalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>File</Table.Th>
              <Table.Th>Problem</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.problems.map((problem, index) => (
              <Table.Tr key={index}>
                <Table.Td className={classes.problemFile}>
                  <ShownPath path={problem.path} />
                </Table.Td>
                <Table.Td>
                  <ShownMessage text={problem.message} />
                  {customerPathProblemKinds.has(problem.kind) ? <SwitchToCustomerButton problem={problem} /> : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      {preview.problemPageCount > 1 ? (
        <ProblemPages page={preview.problemPage} pageCount={preview.problemPageCount} total={preview.problemCount} />
      ) : null}
    </>
  );
}

/** What the merge did, before the technician downloads it. */
export function MergePreviewPanel({
  preview,
  loadParameterRows,
}: {
  preview: MergePreview;
  loadParameterRows: LoadParameterRows;
}) {
  const tablesShown = useShownAfterFirstPaint();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="preview-title">
      <Title order={2} size="h4" id="preview-title" mb="sm">
        Preview of the merge
      </Title>
      <Tabs defaultValue={preview.problemCount > 0 ? "problems" : "parameters"} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="parameters">Parameters ({formatCount(preview.parameterCount)})</Tabs.Tab>
          <Tabs.Tab value="problems" color={preview.problemCount > 0 ? "red" : undefined}>
            Problems ({formatCount(preview.problemCount)})
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="parameters" pt="sm">
          {tablesShown ? <ParameterTablePanel table={preview.table} loadParameterRows={loadParameterRows} /> : null}
        </Tabs.Panel>
        <Tabs.Panel value="problems" pt="sm">
          {preview.problemCount === 0 ? (
            <Text c="dimmed">No problems found in any file.</Text>
          ) : tablesShown ? (
            <ProblemTable preview={preview} />
          ) : null}
        </Tabs.Panel>
      </Tabs>
    </Paper>
  );
}
