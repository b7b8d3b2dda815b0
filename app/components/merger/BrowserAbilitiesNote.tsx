import { Stack, Text } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { browserAbilitiesText } from "~/lib/merger/browserAbilities";
import { storageKeptForGood, whenStorageKeptForGoodKnown } from "~/lib/shell/browser/storagePersistence";

/**
 * Says once, under the screen's heading, what this browser can do with the card and how long it keeps the work.
 * Where it stores nothing (`storing` false), the storage notice below says what is kept instead. `cardFolder`: whether
 * the browser opens the card as a folder (the route's card status says).
 */
export function BrowserAbilitiesNote({ storing, cardFolder }: { storing: boolean; cardFolder: boolean }) {
  const [keptForGood, setKeptForGood] = useState(storageKeptForGood);
  useEffect(() => {
    if (keptForGood !== undefined) return;
    let current = true;
    void whenStorageKeptForGoodKnown().then((known) => current && setKeptForGood(known));
    return () => {
      current = false;
    };
  }, [keptForGood]);

  const text = browserAbilitiesText({ cardFolder, keptForGood: keptForGood ?? null });
  // Two paragraphs, not one: each stays smaller than the screen's intro, so the largest paint of /files
  // is the intro painted from index.html, not this note drawn a second later.
  return (
    <Stack gap={4} data-testid="browser-abilities">
      <Text size="sm" c="dimmed">
        <IconInfoCircle size={16} aria-hidden="true" style={{ verticalAlign: "text-bottom", marginRight: 4 }} />
        {text.card}
      </Text>
      {keptForGood === undefined || !storing ? null : (
        <Text size="sm" c="dimmed">
          {text.storage}
        </Text>
      )}
    </Stack>
  );
}
