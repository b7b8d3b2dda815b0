/**
 * remix-toast carries a toast from a clientAction to the next root loader in a
 * flash session. Its default session lives in an HttpOnly cookie set through a
 * Set-Cookie header, which browsers drop from a Response built in JavaScript;
 * with no server, that toast would never arrive. This storage keeps the flash
 * session in the tab's sessionStorage instead (toastStorage.ts), so remix-toast works unchanged in SPA mode.
 */
import { createSession, type SessionStorage } from "@remix-run/server-runtime";
import { createToastUtilsWithCustomSession, getToast, type ToastMessage } from "remix-toast";
import {
  forgetShownToast,
  readToastSession,
  toastIdOf,
  writeToastSession,
  type ToastSessionData,
} from "~/lib/shell/browser/toastStorage";

const browserToastSessionStorage: SessionStorage = {
  async getSession() {
    return createSession(readToastSession());
  },
  async commitSession(session) {
    writeToastSession(session.data);
    return "";
  },
  async destroySession() {
    writeToastSession({});
    return "";
  },
};

export const { jsonWithError, jsonWithSuccess, jsonWithWarning, redirectWithSuccess } =
  createToastUtilsWithCustomSession(browserToastSessionStorage);

/** A toast an action left, with the id that takes it from the tab's storage once it is shown. */
export type WaitingToast = ToastMessage & { id: string };

/** The toast waiting in this tab, read as remix-toast reads it but left there (see toastStorage.ts). */
export async function waitingToast(request: Request): Promise<WaitingToast | null> {
  const sessionData = readToastSession();
  const readOnly: SessionStorage = {
    getSession: async () => createSession<ToastSessionData>(sessionData),
    commitSession: async () => "",
    destroySession: async () => "",
  };
  const { toast } = await getToast(request, readOnly);
  const id = toastIdOf(sessionData);
  // Damaged data, or data with no toast in it, would otherwise load remix-toast on every screen.
  if (!toast) forgetShownToast(id);
  return toast ? { ...toast, id } : null;
}
