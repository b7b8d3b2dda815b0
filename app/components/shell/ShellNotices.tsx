import "@mantine/notifications/styles.css";

import { Notifications } from "@mantine/notifications";
import { memo } from "react";
import { OfflineNotices } from "~/components/shell/OfflineNotices";
import { ToastNotifier } from "~/components/shell/ToastNotifier";
import type { WaitingToast } from "~/lib/shell/browser/toastSession";
import { toastAutoCloseMs } from "~/lib/shell/toastMessages";

/**
 * Toasts, the offline-ready note and the update offer. The root loads this
 * lazily, right after the first screen is painted: none of it is needed to show
 * that screen. Notices shown before it mounts wait in Mantine's store.
 * Memoized: the root renders again with every router state (each pick goes through three), and
 * Mantine's Notifications renders its portal and transitions again each time.
 */
export default memo(function ShellNotices({ toast }: { toast: WaitingToast | null }) {
  return (
    <>
      <Notifications position="top-center" autoClose={toastAutoCloseMs} />
      <ToastNotifier toast={toast} />
      <OfflineNotices />
    </>
  );
});
