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

/** Every notice looks the same, whether it came through the flash session or from an action's data. */
export function showNotice(notice: Notice): void {
  notifications.show({
    message: withFormatCharactersShown(notice.message),
    title: notice.description === undefined ? undefined : withFormatCharactersShown(notice.description),
    color: colorOfToastType[notice.type],
  });
}

/** Shows the toast the root loader took from the flash session, once. */
export function ToastNotifier({ toast }: { toast: ToastMessage | null }) {
  const shownToast = useRef<ToastMessage | null>(null);
  useEffect(() => {
    if (!toast || shownToast.current === toast) return;
    shownToast.current = toast;
    notifications.show({
      message: withFormatCharactersShown(toast.message),
      title: toast.description === undefined ? undefined : withFormatCharactersShown(toast.description),
      color: colorOfToastType[toast.type],
      autoClose: toast.duration,
    });
  }, [toast]);
  return null;
}
