/**
 * remix-toast carries a toast from a clientAction to the next root loader in a
 * flash session. Its default session lives in an HttpOnly cookie set through a
 * Set-Cookie header, which browsers drop from a Response built in JavaScript;
 * with no server, that toast would never arrive. This storage keeps the flash
 * session in document.cookie instead, so remix-toast works unchanged in SPA mode.
 */
import { createSession, type SessionStorage } from "@remix-run/server-runtime";
import { createToastUtilsWithCustomSession } from "remix-toast";
import { readToastCookie, writeToastCookie } from "~/lib/shell/browser/toastCookie";

const browserToastSessionStorage: SessionStorage = {
  async getSession() {
    return createSession(readToastCookie());
  },
  async commitSession(session) {
    writeToastCookie(session.data);
    return "";
  },
  async destroySession() {
    writeToastCookie({});
    return "";
  },
};

export const { jsonWithError, jsonWithSuccess, jsonWithWarning, redirectWithSuccess, getToast } =
  createToastUtilsWithCustomSession(browserToastSessionStorage);
