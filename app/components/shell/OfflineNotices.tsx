import { Button, Group, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useEffect } from "react";
import { useHeldOnlyInTab } from "~/components/shell/useHeldOnlyInTab";
import { registerServiceWorker } from "~/lib/shell/browser/serviceWorker";
import { newVersionText, newVersionTitle } from "~/lib/shell/reloadOffer";

const updateNotificationId = "app-update";

/** The offer of a new version: what a reload keeps, or what it would lose, as it stands now (the notice stays). */
function NewVersionOffer({ onReload }: { onReload: () => void }) {
  const heldOnlyInTab = useHeldOnlyInTab();
  return (
    <Group justify="space-between" gap="xs" mt={4}>
      {/* A long file name breaks rather than runs off a phone's edge. */}
      <Text size="sm" style={{ overflowWrap: "anywhere" }}>
        {newVersionText(heldOnlyInTab)}
      </Text>
      <Button size="xs" onClick={onReload}>
        Reload
      </Button>
    </Group>
  );
}

/**
 * Registers the service worker, says once when the app is ready to work
 * offline, and offers a reload when a new version is waiting: never a silent
 * swap under a technician's hands.
 */
export function OfflineNotices() {
  useEffect(() => {
    const told = new Set<string>();
    const connection = registerServiceWorker((news) => {
      if (!news || told.has(news)) return;
      told.add(news);
      if (news === "ready-offline") {
        notifications.show({
          color: "teal",
          title: "Ready to work offline",
          message: "Every screen now works without a network, also after a reload.",
        });
        return;
      }
      notifications.show({
        id: updateNotificationId,
        autoClose: false,
        withCloseButton: true,
        title: newVersionTitle,
        message: <NewVersionOffer onReload={() => connection.reloadToNewVersion()} />,
      });
    });
    return () => connection.stop();
  }, []);

  return null;
}
