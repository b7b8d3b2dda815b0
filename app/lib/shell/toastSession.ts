/**
 * remix-toast carries a toast from a clientAction to the next root loader in a
 * flash session. Its default session lives in an HttpOnly cookie set through a
 * Set-Cookie header, which browsers drop from a Response built in JavaScript;
 * with no server, that toast would never arrive. This storage keeps the flash
 * session in document.cookie instead, so remix-toast works unchanged in SPA mode.
 */
import { createSession, type SessionData, type SessionStorage } from "@remix-run/server-runtime";
import { createToastUtilsWithCustomSession } from "remix-toast";

const toastCookieName = "toolbox-toast";

function readToastCookie(): SessionData {
  const prefix = `${toastCookieName}=`;
  const cookie = document.cookie.split("; ").find((entry) => entry.startsWith(prefix));
  if (!cookie) return {};
  try {
    const parsed: unknown = JSON.parse(decodeURIComponent(cookie.slice(prefix.length)));
    return typeof parsed === "object" && parsed !== null ? (parsed as SessionData) : {};
  } catch {
    return {};
  }
}

function writeToastCookie(sessionData: SessionData): void {
  if (Object.keys(sessionData).length === 0) {
    document.cookie = `${toastCookieName}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Strict`;
    return;
  }
  const value = encodeURIComponent(JSON.stringify(sessionData));
  document.cookie = `${toastCookieName}=${value}; path=/; SameSite=Strict`;
}

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
