import { Alert, Button, FileButton, Group, List, Paper, Stack, Text, Title } from "@mantine/core";
import { useFetcher } from "@remix-run/react";
import { IconBook2, IconListDetails, IconTrash } from "@tabler/icons-react";
import { useRef, type ComponentProps } from "react";
import { catalogueIntents } from "~/lib/catalogue/catalogueIntents";
import { catalogueTexts } from "~/lib/catalogue/catalogueTexts";
import type { StoredCatalogue } from "~/lib/catalogue/storedCatalogue";
import { holdFiles } from "~/lib/shell/browser/heldFiles";
import classes from "./Catalogue.module.css";

const catalogueAction = "/files/catalogue";

/** The rows the catalogue left out, each named by its line; they stay named until another catalogue is loaded. */
function BadRows({ catalogue }: { catalogue: StoredCatalogue }) {
  if (catalogue.badRowCount === 0) return null;
  const more = catalogue.badRowCount - catalogue.badRows.length;
  return (
    <Alert
      color="orange"
      icon={<IconListDetails size={20} />}
      title={catalogueTexts.badRowsTitle(catalogue.badRowCount)}
    >
      <Text size="sm" mb={6}>
        {catalogueTexts.badRowsWhy}
      </Text>
      <List size="sm" spacing={2} aria-label="Rows left out">
        {catalogue.badRows.map((row) => (
          <List.Item key={row.lineNumber}>{row.message}</List.Item>
        ))}
        {more > 0 ? <List.Item>{catalogueTexts.moreBadRows(more)}</List.Item> : null}
      </List>
    </Alert>
  );
}

/** The file name, row count and SHA-256 of the loaded catalogue. */
function CatalogueFacts({ catalogue }: { catalogue: StoredCatalogue }) {
  return (
    <dl className={classes.facts} aria-label="Loaded catalogue">
      <dt>File</dt>
      <dd data-testid="catalogue-file">{catalogue.fileName}</dd>
      <dt>Codes</dt>
      <dd data-testid="catalogue-rows">{catalogueTexts.rowCount(catalogue.rowCount)}</dd>
      <dt>{catalogueTexts.sha256Label}</dt>
      <dd data-testid="catalogue-sha256" className={classes.sha256}>
        {catalogue.sha256}
      </dd>
    </dl>
  );
}

/**
 * "Load parameter catalogue" and "Remove catalogue", and what is loaded. A fetcher posts to the catalogue's own
 * route; /files reads the merge again after it, checked against the new catalogue.
 */
export function CataloguePanel({ catalogue }: { catalogue: StoredCatalogue | null }) {
  const fetcher = useFetcher({ key: "catalogue" });
  const resetPicker = useRef<() => void>(null);
  const busy = fetcher.state !== "idle" ? fetcher.formData?.get("intent") : null;
  const load = (file: File | null) => {
    resetPicker.current?.();
    if (!file) return;
    // The file waits beside the form (heldFiles.ts): the form carries only its key.
    fetcher.submit(
      { intent: catalogueIntents.load, held: holdFiles([file]) },
      { method: "post", action: catalogueAction, preventScrollReset: true },
    );
  };
  const remove = () =>
    fetcher.submit(
      { intent: catalogueIntents.remove },
      { method: "post", action: catalogueAction, preventScrollReset: true },
    );
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="catalogue-title">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id="catalogue-title">
            {catalogueTexts.panelTitle}
          </Title>
          <Text size="sm" c="dimmed">
            {catalogueTexts.whatItDoes}
          </Text>
        </div>
        {catalogue ? <CatalogueFacts catalogue={catalogue} /> : <Text size="sm">{catalogueTexts.noneLoaded}</Text>}
        <Group gap="xs" className={classes.buttons}>
          <FileButton
            onChange={load}
            accept=".csv,.txt,text/csv,text/plain"
            resetRef={resetPicker}
            inputProps={{ "data-testid": "catalogue-picker" } as ComponentProps<"input">}
          >
            {(props) => (
              <Button
                {...props}
                variant="default"
                leftSection={<IconBook2 size={16} />}
                loading={busy === catalogueIntents.load}
                disabled={busy === catalogueIntents.remove}
              >
                {catalogueTexts.loadButton}
              </Button>
            )}
          </FileButton>
          {catalogue ? (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={remove}
              loading={busy === catalogueIntents.remove}
              disabled={busy === catalogueIntents.load}
            >
              {catalogueTexts.removeButton}
            </Button>
          ) : null}
        </Group>
        {catalogue ? <BadRows catalogue={catalogue} /> : null}
      </Stack>
    </Paper>
  );
}
