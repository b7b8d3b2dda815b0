import { Button, Group, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useEffect } from "react";
import { useRegisterSW } from "virtual:pwa-register/react";
import { logger } from "~/lib/shell/logger";

const updateNotificationId = "app-update";

/**
 * Registers the service worker, says once when the app is ready to work
 * offline, and offers a reload when a new version is waiting: never a silent
 * swap under a technician's hands.
 */
export function OfflineNotices() {
  const {
    offlineReady: [offlineReady, setOfflineReady],
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisterError: (error: unknown) => logger.error("Something went wrong", error),
  });

  useEffect(() => {
    if (!offlineReady) return;
    notifications.show({
      color: "teal",
      title: "Ready to work offline",
      message: "Every screen now works without a network, also after a reload.",
    });
    setOfflineReady(false);
  }, [offlineReady, setOfflineReady]);

  useEffect(() => {
    if (!needRefresh) return;
    notifications.show({
      id: updateNotificationId,
      autoClose: false,
      withCloseButton: true,
      title: "A new version is available",
      message: (
        <Group justify="space-between" gap="xs" mt={4}>
          <Text size="sm">Reload when you are ready; your files are kept.</Text>
          <Button size="xs" onClick={() => updateServiceWorker(true)}>
            Reload
          </Button>
        </Group>
      ),
    });
  }, [needRefresh, updateServiceWorker]);

  return null;
}
