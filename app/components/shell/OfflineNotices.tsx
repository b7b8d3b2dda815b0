import { Button, Group, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useEffect } from "react";
import { registerServiceWorker } from "~/lib/shell/browser/serviceWorker";

const updateNotificationId = "app-update";

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
        title: "A new version is available",
        message: (
          <Group justify="space-between" gap="xs" mt={4}>
            <Text size="sm">Reload when you are ready; your files are kept.</Text>
            <Button size="xs" onClick={() => connection.reloadToNewVersion()}>
              Reload
            </Button>
          </Group>
        ),
      });
    });
    return () => connection.stop();
  }, []);

  return null;
}
