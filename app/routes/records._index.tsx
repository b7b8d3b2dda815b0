import { Alert, Button, Group, Stack, Text, TextInput } from "@mantine/core";
import {
  Form,
  useLoaderData,
  useSearchParams,
  type ClientActionFunctionArgs,
  type MetaFunction,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { IconDatabaseOff, IconSearch, IconTableExport } from "@tabler/icons-react";
import { useState } from "react";
import { z } from "zod";
import {
  BackUpButton,
  BackupReminderNotice,
  RecordsNoteAlert,
  RestoreButton,
} from "~/components/records/RecordsBackup";
import { UnreadableRecordsNotice } from "~/components/records/UnreadableRecordsNotice";
import { CompareBar } from "~/components/records/CompareBar";
import { ServiceRecordList } from "~/components/records/ServiceRecordList";
import { ScreenHeading } from "~/components/shell/ScreenHeading";
import { leftOutText, serviceRecordsCsv, serviceRecordsCsvFileName } from "~/lib/records/serviceRecord";
import { jsonWithError, jsonWithSuccess, jsonWithWarning } from "~/lib/shell/browser/toastSession";
import { toastMessages } from "~/lib/shell/toastMessages";
import { getServiceRecordStore, type ServiceRecordStore } from "~/lib/records/browser/serviceRecordStore";
import { logger } from "~/lib/shell/logger";
import { storageFailureReason } from "~/lib/shell/storageFailure";
import { csvMimeType } from "~/lib/shell/csvFile";
import { pageTitle } from "~/lib/shell/product";
import { saveFile } from "~/lib/shell/browser/saveFile";
import { keptForGoodText } from "~/lib/merger/browserAbilities";
import { storageKeptForGoodNow } from "~/lib/shell/browser/storagePersistence";
import { recordListIntents, recordSearchParam, type RecordsNote } from "~/lib/records/recordIntents";
import { backupReminder } from "~/lib/records/backupReminder";
import { readBackupMark } from "~/lib/records/browser/backupMark";
import { backUpRecords, restoreRecords } from "~/lib/records/browser/recordsBackup";
import { takeHeldFiles } from "~/lib/shell/browser/heldFiles";

export const meta: MetaFunction = () => [{ title: pageTitle("Records") }];

export async function clientLoader() {
  const store = getServiceRecordStore();
  const [{ records, unreadableIds }, keptForGood] = await Promise.all([
    store.listWithUnreadable(),
    storageKeptForGoodNow(),
  ]);
  return {
    records,
    unreadableIds,
    storage: store.storage(),
    keptForGood,
    reminder: backupReminder(records, readBackupMark()),
  };
}

const recordsIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal(recordListIntents.exportCsv) }),
  z.object({ intent: z.literal(recordListIntents.backUp) }),
  z.object({ intent: z.literal(recordListIntents.restoreBackup), backup: z.instanceof(File) }),
  z.object({ intent: z.literal(recordListIntents.deleteUnreadable) }),
]);

/** An export changes no record, nor does typing a search (the list is filtered on screen). */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formData,
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) => {
  if (formData?.get("intent") === recordListIntents.exportCsv) return false;
  if (!formData && currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
};

async function deleteUnreadableRecords(store: ServiceRecordStore) {
  try {
    return jsonWithSuccess(null, toastMessages.unreadableRecordsDeleted(await store.removeUnreadable()));
  } catch (error) {
    logger.error("The records that cannot be read could not be deleted", error);
    return jsonWithError(null, toastMessages.unreadableRecordsNotDeleted(storageFailureReason(error)));
  }
}

export async function clientAction({ request }: ClientActionFunctionArgs) {
  const formData = await request.formData();
  const form = recordsIntentSchema.parse({
    intent: formData.get("intent"),
    // The screen holds the backup beside the form (heldFiles.ts); a route test may post it in the form.
    backup: formData.get("backup") ?? (await takeHeldFiles(formData.get("heldBackup")))[0],
  });
  {
    if (form.intent === recordListIntents.backUp) return backUpRecords();
    if (form.intent === recordListIntents.restoreBackup) return restoreRecords(form.backup);
    const store = getServiceRecordStore();
    if (form.intent === recordListIntents.deleteUnreadable) return deleteUnreadableRecords(store);
    const { records, unreadRows, unreadableCount } = await store.wholeRecords();
    saveFile(serviceRecordsCsvFileName(new Date()), serviceRecordsCsv(records), csvMimeType);
    const leftOut = leftOutText(unreadRows, unreadableCount);
    if (!leftOut) return null;
    const note: RecordsNote = { title: toastMessages.recordsExported, lines: [leftOut], failed: false };
    return jsonWithWarning({ recordsNote: note }, toastMessages.recordsExported);
  }
}

export default function Records() {
  const { records, unreadableIds, storage, keptForGood, reminder } = useLoaderData<typeof clientLoader>();
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.get(recordSearchParam) ?? "";
  const [picked, setPicked] = useState<string[]>([]);
  const toggle = (id: string) =>
    setPicked((now) => (now.includes(id) ? now.filter((other) => other !== id) : [...now, id].slice(-2)));
  return (
    <>
      <ScreenHeading title="Records">
        Every PAR.txt the tool made: which files went in, what the customer set changed, which problems were confirmed,
        and the SHA-256 of what came out. By site or unit, newest first; open one for the whole record.
      </ScreenHeading>
      <Stack gap="md">
        {storage.stored ? (
          <Text size="sm" c="dimmed" data-testid="storage-keeping">
            {keptForGoodText(keptForGood)}
          </Text>
        ) : (
          <Alert
            color="yellow"
            icon={<IconDatabaseOff size={20} />}
            title="Records are kept only while this tab is open"
          >
            This browser does not let the tool store records ({storage.reason}), so they are gone when you close or
            reload this tab.
          </Alert>
        )}
        {unreadableIds.length > 0 ? <UnreadableRecordsNotice recordCount={unreadableIds.length} /> : null}
        <BackupReminderNotice reminder={reminder} recordCount={records.length} keptOnlyInTab={!storage.stored} />
        <Group>
          <BackUpButton recordCount={records.length} />
          <RestoreButton />
          <Form method="post">
            <Button
              type="submit"
              name="intent"
              value={recordListIntents.exportCsv}
              variant="light"
              leftSection={<IconTableExport size={16} />}
              disabled={records.length === 0}
            >
              Export all as CSV
            </Button>
          </Form>
        </Group>
        <RecordsNoteAlert />
        {records.length > 0 ? (
          <TextInput
            label="Find a site or unit"
            placeholder="e.g. Fjordview pool 2"
            type="search"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(event) =>
              setSearchParams(event.currentTarget.value ? { [recordSearchParam]: event.currentTarget.value } : {}, {
                replace: true,
                preventScrollReset: true,
              })
            }
            maw={420}
          />
        ) : null}
        {records.length > 1 ? <CompareBar records={records} picked={picked} unpick={toggle} /> : null}
        <ServiceRecordList records={records} search={search} picks={{ picked, toggle }} />
      </Stack>
    </>
  );
}
