import { notifications } from "@mantine/notifications";
import { useEffect } from "react";
import type { ToastMessage } from "remix-toast";
import { withFormatCharactersShown } from "~/lib/shell/shownText";
import { forgetShownToast } from "~/lib/shell/browser/toastStorage";
import type { WaitingToast } from "~/lib/shell/browser/toastSession";

const colorOfToastType: Record<ToastMessage["type"], string> = {
  success: "green",
  error: "red",
  warning: "yellow",
  info: "blue",
};

export interface Notice {
  message: string;
  description?: string;
  type: ToastMessage["type"];
}

/**
 * Every notice looks the same, whether it came through the flash session or from an action's data: its verdict first
 * (the title, where a description follows), then the description.
 */
function notificationOf(notice: Notice) {
  const verdict = withFormatCharactersShown(notice.message);
  return notice.description === undefined
    ? { message: verdict, color: colorOfToastType[notice.type] }
    : { title: verdict, message: withFormatCharactersShown(notice.description), color: colorOfToastType[notice.type] };
}

export function showNotice(notice: Notice): void {
  notifications.show(notificationOf(notice));
}

/**
 * Shows the toast the root loader found waiting, then takes it from the tab's storage. Mantine shows one notification per
 * id, so a loader that read the same toast again before it was taken adds nothing.
 */
export function ToastNotifier({ toast }: { toast: WaitingToast | null }) {
  useEffect(() => {
    if (!toast) return;
    notifications.show({ ...notificationOf(toast), autoClose: toast.duration, id: toast.id });
    forgetShownToast(toast.id);
  }, [toast]);
  return null;
}
