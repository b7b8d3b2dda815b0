import { notifications } from "@mantine/notifications";
import { useEffect, useRef } from "react";
import type { ToastMessage } from "remix-toast";
import { withFormatCharactersShown } from "~/lib/shell/shownText";

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

/** Shows the toast the root loader took from the flash session, once. */
export function ToastNotifier({ toast }: { toast: ToastMessage | null }) {
  const shownToast = useRef<ToastMessage | null>(null);
  useEffect(() => {
    if (!toast || shownToast.current === toast) return;
    shownToast.current = toast;
    notifications.show({ ...notificationOf(toast), autoClose: toast.duration });
  }, [toast]);
  return null;
}
