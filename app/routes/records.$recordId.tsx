import { Anchor, Button, Group, Stack, Text } from "@mantine/core";
import {
  Link,
  useLoaderData,
  useSearchParams,
  type ClientActionFunctionArgs,
  type ClientLoaderFunctionArgs,
  type MetaFunction,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { IconArrowLeft } from "@tabler/icons-react";
import { z } from "zod";
import { ServiceRecordActions } from "~/components/records/ServiceRecordActions";
import { UnitNeighbourLinks } from "~/components/records/UnitNeighbourLinks";
import { ServiceRecordReport } from "~/components/records/ServiceRecordReport";
import classes from "~/components/records/Records.module.css";
import { ScreenHeading } from "~/components/shell/ScreenHeading";
import { getCardFolder } from "~/lib/card/browser/cardFolder";
import { cardFolderSupported } from "~/lib/card/browser/cardFolderFiles";
import { parFileName } from "~/lib/merger/parFileFormat";
import { previousParFileName, recordTimeText } from "~/lib/records/serviceRecord";
import { unitNeighbours } from "~/lib/records/unitHistory";
import { checkWriteBack, writePreviousParFileToCard } from "~/lib/records/browser/recordRollback";
import { getServiceRecordStore } from "~/lib/records/browser/serviceRecordStore";
import { pageTitle } from "~/lib/shell/product";
import { saveFile } from "~/lib/shell/browser/saveFile";
import { recordNotFoundMessage, toastMessages } from "~/lib/shell/toastMessages";
import { jsonWithError, redirectWithSuccess } from "~/lib/shell/browser/toastSession";
import { changesNothingOnScreen, recordIntents } from "~/lib/records/recordIntents";
import {
  pageOf,
  recordRowsPerPage,
  recordTablePageParams,
  recordTablePages,
  type RecordTable,
} from "~/lib/records/recordPages";
import type { RecordRowPart } from "~/lib/records/serviceRecord";

export const meta: MetaFunction = () => [{ title: pageTitle("Service record") }];

/** The record's summary and the page each table shows: a record of a big set is never read whole. */
export async function clientLoader({ params, request }: ClientLoaderFunctionArgs) {
  const store = getServiceRecordStore();
  const lookup = await store.get(params.recordId ?? "");
  const { record } = lookup;
  // A browser that keeps no records (private mode) has not failed to read one: the record is not kept here.
  if (!record) return { record: null, neighbours: null, tables: null, notFound: recordNotFoundMessage(lookup) };
  const pages = recordTablePages(new URL(request.url).searchParams);
  const shownRows = (rowCount: number, table: RecordTable) => pageOf(rowCount, pages[table], recordRowsPerPage);
  const rowsOf = async <Part extends RecordRowPart>(part: Part) => {
    const shown = shownRows(record.rowCounts[part], part);
    return { ...shown, rowCount: record.rowCounts[part], rows: await store.rowsOf(record, part, shown) };
  };
  const inputs = shownRows(record.inputs.length, "inputs");
  const [records, rewritten, added, confirmedProblems] = await Promise.all([
    store.list(),
    rowsOf("rewritten"),
    rowsOf("added"),
    rowsOf("confirmedProblems"),
  ]);
  return {
    record,
    neighbours: unitNeighbours(records, record),
    tables: {
      inputs: { ...inputs, rowCount: record.inputs.length, rows: record.inputs.slice(inputs.from, inputs.to) },
      rewritten,
      added,
      confirmedProblems,
    },
  };
}

const recordIntentSchema = z.object({
  intent: z.nativeEnum(recordIntents),
});
type RecordIntent = z.infer<typeof recordIntentSchema>["intent"];

/** A download changes nothing on screen. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  changesNothingOnScreen(formData?.get("intent")) ? false : defaultShouldRevalidate;

export async function clientAction({ request, params }: ClientActionFunctionArgs) {
  const { intent } = recordIntentSchema.parse({ intent: (await request.formData()).get("intent") });
  const recordId = params.recordId ?? "";
  return recordAction(recordId, intent);
}

async function recordAction(recordId: string, intent: RecordIntent) {
  const store = getServiceRecordStore();
  const lookup = await store.get(recordId);
  const { record } = lookup;
  if (!record) return jsonWithError(null, recordNotFoundMessage(lookup));
  if (intent === recordIntents.delete) {
    await store.remove(record.id);
    return redirectWithSuccess("/records", toastMessages.serviceRecordDeleted);
  }
  if (intent === recordIntents.checkWriteBack) return checkWriteBack(record, getCardFolder());
  if (intent === recordIntents.writePreviousParFile) return writePreviousParFileToCard(record, getCardFolder());
  const previous = record.cardComparison?.previousParFile;
  const wanted =
    intent === recordIntents.downloadParFile
      ? { name: parFileName, sha256: record.parFile.sha256 }
      : previous && { name: previousParFileName(record), sha256: previous.sha256 };
  const bytes = wanted ? await store.bytesOf(wanted.sha256) : null;
  if (!wanted || !bytes) return jsonWithError(null, toastMessages.recordFileGone);
  saveFile(wanted.name, bytes);
  return null;
}

/** In the click that asks for it: the browser asks for permission only during a user's gesture. */
const openCardFolder = () => getCardFolder().open();

export default function ServiceRecordScreen() {
  const { record, neighbours, tables, notFound } = useLoaderData<typeof clientLoader>();
  const [, setSearchParams] = useSearchParams();
  // Turning a page replaces the address: Back leaves the record rather than turning pages back.
  const showPage = (table: RecordTable, page: number) =>
    setSearchParams(
      (now) => {
        const next = new URLSearchParams(now);
        next.set(recordTablePageParams[table], String(page));
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  const back = (
    <Anchor component={Link} to="/records" className={classes.noPrint}>
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        All records
      </Group>
    </Anchor>
  );
  if (!record || !tables) {
    return (
      <Stack align="flex-start">
        <ScreenHeading title="Service record" />
        <Text>{notFound}</Text>
        <Button component={Link} to="/records" variant="light">
          All records
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="md" className={classes.report}>
      {back}
      {/* Keyed by the record: going to the unit's earlier or later record is arriving at another screen, whose
          heading takes the keyboard when the link it was on is gone (the unit's first or latest record). */}
      <ScreenHeading key={record.id} title="Service record">
        {recordTimeText(record.createdAt)}
        {record.label ? ` · ${record.label}` : ""}
      </ScreenHeading>
      {neighbours ? <UnitNeighbourLinks neighbours={neighbours} /> : null}
      <ServiceRecordActions record={record} openCardFolder={cardFolderSupported() ? openCardFolder : null} />
      <ServiceRecordReport record={record} tables={tables} onPageChange={showPage} />
    </Stack>
  );
}
