import { Anchor, Button, Group, Stack, Text, Title } from "@mantine/core";
import { Link, useLoaderData, type ClientLoaderFunctionArgs, type MetaFunction } from "@remix-run/react";
import { IconArrowLeft } from "@tabler/icons-react";
import { ComparisonTable, type ComparisonSides } from "~/components/merger/CardComparisonTable";
import classes from "~/components/records/Records.module.css";
import { ScreenHeading } from "~/components/shell/ScreenHeading";
import { compareParams, compareRecordFiles, inTimeOrder } from "~/lib/records/recordCompare";
import { recordTimeText, type RecordHead } from "~/lib/records/serviceRecord";
import { getServiceRecordStore } from "~/lib/records/browser/serviceRecordStore";
import { pageTitle } from "~/lib/shell/product";
import { recordNotFoundMessage, toastMessages } from "~/lib/shell/toastMessages";
import { recordPath } from "~/lib/records/recordIntents";

export const meta: MetaFunction = () => [{ title: pageTitle("Compare records") }];

/** One side of a comparison: a record's PAR.txt, or the card's PAR.txt from before that record's write. */
interface ComparedFile {
  record: RecordHead;
  cardBefore: boolean;
}

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  const url = new URL(request.url);
  const store = getServiceRecordStore();
  const cardWrite = url.searchParams.get(compareParams.card);
  if (cardWrite !== null) {
    const { record, ...found } = await store.get(cardWrite);
    if (!record) return { problem: recordNotFoundMessage(found) } as const;
    const previous = record.cardComparison?.previousParFile;
    if (!previous) return { problem: toastMessages.noCardBefore } as const;
    const [beforeBytes, writtenBytes] = await Promise.all([
      store.bytesOf(previous.sha256),
      store.bytesOf(record.parFile.sha256),
    ]);
    if (!beforeBytes || !writtenBytes) return { problem: toastMessages.recordFileGone } as const;
    return {
      earlier: { record, cardBefore: true } satisfies ComparedFile,
      later: { record, cardBefore: false } satisfies ComparedFile,
      comparison: compareRecordFiles(beforeBytes, writtenBytes),
    } as const;
  }
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
  return {
    earlier: { record: earlier, cardBefore: false } satisfies ComparedFile,
    later: { record: later, cardBefore: false } satisfies ComparedFile,
    comparison: compareRecordFiles(earlierBytes, laterBytes),
  } as const;
}

const recordSides: ComparisonSides = {
  before: "Earlier record",
  after: "Later record",
  notInAfter: "not in the later PAR.txt",
};

const cardSides: ComparisonSides = {
  before: "On the card before",
  after: "Written to the card",
  notInAfter: "not in the PAR.txt written",
};

const recordName = (record: RecordHead) =>
  `${recordTimeText(record.createdAt)}${record.label ? ` · ${record.label}` : ""}`;

export default function CompareRecords() {
  const data = useLoaderData<typeof clientLoader>();
  const back = (
    <Anchor component={Link} to="/records" className={classes.noPrint}>
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
        <Button component={Link} to="/records" variant="light" className={classes.noPrint}>
          All records
        </Button>
      </Stack>
    );
  }
  const { earlier, later, comparison } = data;
  const cardWrite = earlier.cardBefore;
  // On paper the record is named, not linked.
  const recordLink = (record: RecordHead) => (
    <>
      <Anchor component={Link} to={recordPath(record.id)} className={classes.noPrint}>
        {recordName(record)}
      </Anchor>
      <span className={classes.printOnly}>{recordName(record)}</span>
    </>
  );
  return (
    <Stack gap="md" className={classes.report}>
      {back}
      {cardWrite ? (
        <ScreenHeading title="What the write changed on the card">
          The PAR.txt written to the card against the one it held before, code by code, as the card comparison showed it
          before the write.
        </ScreenHeading>
      ) : (
        <ScreenHeading title="Compare records">
          The later record&apos;s PAR.txt against the earlier one&apos;s, code by code, as the card comparison shows it.
        </ScreenHeading>
      )}
      <Stack gap={4}>
        {cardWrite ? (
          <>
            <Text>Before: the card&apos;s PAR.txt, kept by the record of the write</Text>
            <Text>Written: {recordLink(later.record)}</Text>
          </>
        ) : (
          <>
            <Text>Earlier: {recordLink(earlier.record)}</Text>
            <Text>Later: {recordLink(later.record)}</Text>
          </>
        )}
      </Stack>
      <Title order={2} size="h4" data-testid="records-compare-summary">
        {comparison.summary}
      </Title>
      <ComparisonTable
        label={
          cardWrite
            ? "PAR.txt written to the card compared with the one it held before"
            : "Later record's PAR.txt compared with the earlier one"
        }
        rows={comparison.rows}
        sides={cardWrite ? cardSides : recordSides}
      />
    </Stack>
  );
}
