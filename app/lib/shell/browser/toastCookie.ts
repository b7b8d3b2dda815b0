/**
 * The flash session remix-toast uses, kept in document.cookie (see
 * toastSession.ts). Apart from remix-toast, so that the root loader can tell
 * whether a toast is waiting without loading remix-toast and the zod it brings:
 * the first screen never needs them.
 */
/** What remix-toast keeps in its session: plain JSON. */
export type ToastSessionData = Record<string, unknown>;

const toastCookieName = "toolbox-toast";
const toastCookiePrefix = `${toastCookieName}=`;

export function hasToastCookie(): boolean {
  return document.cookie.split("; ").some((entry) => entry.startsWith(toastCookiePrefix));
}

export function readToastCookie(): ToastSessionData {
  const cookie = document.cookie.split("; ").find((entry) => entry.startsWith(toastCookiePrefix));
  if (!cookie) return {};
  try {
    const parsed: unknown = JSON.parse(decodeURIComponent(cookie.slice(toastCookiePrefix.length)));
    return typeof parsed === "object" && parsed !== null ? (parsed as ToastSessionData) : {};
  } catch {
    return {};
  }
}

export function writeToastCookie(sessionData: ToastSessionData): void {
  if (Object.keys(sessionData).length === 0) {
    document.cookie = `${toastCookieName}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Strict`;
    return;
  }
  const value = encodeURIComponent(JSON.stringify(sessionData));
  document.cookie = `${toastCookieName}=${value}; path=/; SameSite=Strict`;
}
