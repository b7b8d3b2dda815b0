import { Anchor, Button, Group, Stack, Text, Title } from "@mantine/core";
import { Link, useLoaderData, type ClientLoaderFunctionArgs, type MetaFunction } from "@remix-run/react";
import { IconArrowLeft } from "@tabler/icons-react";
import { ComparisonTable, type ComparisonSides } from "~/components/merger/CardComparisonTable";
import { ScreenHeading } from "~/components/shell/ScreenHeading";
import { compareParams, compareRecordFiles, inTimeOrder } from "~/lib/records/recordCompare";
import { recordTimeText, type RecordHead } from "~/lib/records/serviceRecord";
import { getServiceRecordStore } from "~/lib/records/browser/serviceRecordStore";
import { pageTitle } from "~/lib/shell/product";
import { recordNotFoundMessage, toastMessages } from "~/lib/shell/toastMessages";
import { recordPath } from "~/lib/records/recordIntents";

export const meta: MetaFunction = () => [{ title: pageTitle("Compare records") }];

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  const url = new URL(request.url);
  const store = getServiceRecordStore();
  const recordNamed = (name: string) => store.get(url.searchParams.get(name) ?? "");
  const [a, b] = await Promise.all([recordNamed(compareParams.earlier), recordNamed(compareParams.later)]);
  if (!a.record) return { problem: recordNotFoundMessage(a) } as const;
  if (!b.record) return { problem: recordNotFoundMessage(b) } as const;
  const [earlier, later] = inTimeOrder(a.record, b.record);
  const [earlierBytes, laterBytes] = await Promise.all([
    store.bytesOf(earlier.parFile.sha256),
    store.bytesOf(later.parFile.sha256),
  ]);
  if (!earlierBytes || !laterBytes) return { problem: toastMessages.recordFileGone } as const;
  return { earlier, later, comparison: compareRecordFiles(earlierBytes, laterBytes) } as const;
}

const sides: ComparisonSides = {
  before: "Earlier record",
  after: "Later record",
  notInAfter: "not in the later PAR.txt",
};

const recordName = (record: RecordHead) =>
  `${recordTimeText(record.createdAt)}${record.label ? ` · ${record.label}` : ""}`;

export default function CompareRecords() {
  const data = useLoaderData<typeof clientLoader>();
  const back = (
    <Anchor component={Link} to="/records">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        All records
      </Group>
    </Anchor>
  );
  if ("problem" in data) {
    return (
      <Stack align="flex-start">
        <ScreenHeading title="Compare records" />
        <Text>{data.problem}</Text>
        <Button component={Link} to="/records" variant="light">
          All records
        </Button>
      </Stack>
    );
  }
  const { earlier, later, comparison } = data;
  return (
    <Stack gap="md">
      {back}
      <ScreenHeading title="Compare records">
        The later record&apos;s PAR.txt against the earlier one&apos;s, code by code, as the card comparison shows it.
      </ScreenHeading>
      <Stack gap={4}>
        <Text>
          Earlier:{" "}
          <Anchor component={Link} to={recordPath(earlier.id)}>
            {recordName(earlier)}
          </Anchor>
        </Text>
        <Text>
          Later:{" "}
          <Anchor component={Link} to={recordPath(later.id)}>
            {recordName(later)}
          </Anchor>
        </Text>
      </Stack>
      <Title order={2} size="h4" data-testid="records-compare-summary">
        {comparison.summary}
      </Title>
      <ComparisonTable
        label="Later record's PAR.txt compared with the earlier one"
        rows={comparison.rows}
        sides={sides}
      />
    </Stack>
  );
}
