import { ActionIcon, Badge, Flex, Group, List, Paper, SegmentedControl, Stack, Text, Tooltip } from "@mantine/core";
import { Form, useSubmit } from "@remix-run/react";
import { IconAlertTriangle, IconTrash } from "@tabler/icons-react";
import type { FileSummary } from "~/lib/merger/mergePreview";
import { shortenedPath } from "~/lib/merger/parameterFilePath";
import type { MergeProblem } from "~/lib/merger/parameterMerge";
import { parameterSetLabels, parameterSets } from "~/lib/merger/parameterSet";
import { countOf } from "~/lib/shell/plural";
import classes from "./Merger.module.css";

function FileEntry({ file, problems }: { file: FileSummary; problems: MergeProblem[] }) {
  const submit = useSubmit();
  return (
    <Paper component="li" withBorder p="sm" className={classes.fileEntry} data-set={file.set}>
      <Flex
        direction={{ base: "column", sm: "row" }}
        justify="space-between"
        align={{ base: "stretch", sm: "flex-start" }}
        gap="xs"
      >
        <Stack gap={2} className={classes.fileText}>
          <Tooltip label={file.path} openDelay={200} multiline maw={480}>
            <Text fw={600} className={classes.filePath} data-testid="file-path">
              {shortenedPath(file.path)}
            </Text>
          </Tooltip>
          <Text size="sm" c="dimmed">
            {countOf(file.parameterCount, "parameter")}
            {file.encoding === "windows-1252" ? " · read as Windows-1252 (not UTF-8)" : ""}
            {file.encoding === "utf-16" ? " · read as UTF-16" : ""}
            {file.setOverride ? " · set chosen by you" : " · set from path"}
          </Text>
        </Stack>
        <Group gap="xs" wrap="nowrap" justify="space-between">
          <SegmentedControl
            size="xs"
            aria-label={`Set of ${file.path}`}
            value={file.set}
            data={parameterSets.map((set) => ({ value: set, label: parameterSetLabels[set] }))}
            color={file.set === "customer" ? "grape" : "blue"}
            onChange={(set) =>
              submit({ intent: "set-kind", id: file.id, set }, { method: "post", preventScrollReset: true })
            }
          />
          <Form method="post" preventScrollReset>
            <input type="hidden" name="id" value={file.id} />
            <Tooltip label={`delete ${file.path}`}>
              <ActionIcon
                type="submit"
                name="intent"
                value="delete"
                variant="subtle"
                color="red"
                size="lg"
                aria-label={`delete ${file.path}`}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          </Form>
        </Group>
      </Flex>
      {problems.length > 0 ? (
        <List
          size="sm"
          mt="xs"
          spacing={2}
          className={classes.problemList}
          icon={<IconAlertTriangle size={16} color="var(--mantine-color-orange-filled)" aria-hidden="true" />}
          aria-label={`Problems in ${file.path}`}
        >
          {problems.map((problem, index) => (
            <List.Item key={index}>{problem.message}</List.Item>
          ))}
        </List>
      ) : null}
    </Paper>
  );
}

export function ParameterFileList({ files, problems }: { files: FileSummary[]; problems: MergeProblem[] }) {
  if (files.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="md">
        No files added yet.
      </Text>
    );
  }
  const customerCount = files.filter((file) => file.set === "customer").length;
  return (
    <section aria-labelledby="file-list-title">
      <Group justify="space-between" mb="xs">
        <Text fw={700} id="file-list-title">
          Added files ({files.length})
        </Text>
        <Group gap="xs">
          <Badge variant="light" color="blue">
            {files.length - customerCount} standard
          </Badge>
          <Badge variant="light" color="grape">
            {customerCount} customer
          </Badge>
        </Group>
      </Group>
      <Stack component="ul" gap="xs" className={classes.fileList} aria-labelledby="file-list-title">
        {files.map((file) => (
          <FileEntry key={file.id} file={file} problems={problems.filter((problem) => problem.fileId === file.id)} />
        ))}
      </Stack>
    </section>
  );
}
