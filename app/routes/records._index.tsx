import { Alert, Button, Group, Stack } from "@mantine/core";
import {
  Form,
  useLoaderData,
  type ClientActionFunctionArgs,
  type MetaFunction,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { IconDatabaseOff, IconTableExport } from "@tabler/icons-react";
import { z } from "zod";
import { ServiceRecordList } from "~/components/records/ServiceRecordList";
import { ScreenHeading } from "~/components/shell/ScreenHeading";
import { serviceRecordsCsv, serviceRecordsCsvFileName } from "~/lib/records/serviceRecord";
import { getServiceRecordStore } from "~/lib/records/browser/serviceRecordStore";
import { csvMimeType } from "~/lib/shell/csvFile";
import { pageTitle } from "~/lib/shell/product";
import { saveFile } from "~/lib/shell/browser/saveFile";
import { recordListIntents } from "~/lib/records/recordIntents";

export const meta: MetaFunction = () => [{ title: pageTitle("Records") }];

export async function clientLoader() {
  const store = getServiceRecordStore();
  return { records: await store.list(), persistent: store.persistent };
}

const recordsIntentSchema = z.object({ intent: z.literal(recordListIntents.exportCsv) });

/** An export changes no record. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get("intent") === recordListIntents.exportCsv ? false : defaultShouldRevalidate;

export async function clientAction({ request }: ClientActionFunctionArgs) {
  recordsIntentSchema.parse({ intent: (await request.formData()).get("intent") });
  const records = await getServiceRecordStore().list();
  saveFile(serviceRecordsCsvFileName(new Date()), serviceRecordsCsv(records), csvMimeType);
  return null;
}

export default function Records() {
  const { records, persistent } = useLoaderData<typeof clientLoader>();
  return (
    <>
      <ScreenHeading title="Records">
        Every PAR.txt the tool made: which files went in, what the customer set changed, which problems were confirmed,
        and the SHA-256 of what came out. Newest first; open one for the whole record.
      </ScreenHeading>
      <Stack gap="md">
        {persistent ? null : (
          <Alert
            color="yellow"
            icon={<IconDatabaseOff size={20} />}
            title="Records are kept only while this tab is open"
          >
            This browser offers no storage here, so the records are gone when you close or reload this tab.
          </Alert>
        )}
        <Group>
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
        <ServiceRecordList records={records} />
      </Stack>
    </>
  );
}
