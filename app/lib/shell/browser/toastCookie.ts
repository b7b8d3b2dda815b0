/**
 * The flash session remix-toast uses, kept in document.cookie (see
 * toastSession.ts). Apart from remix-toast, so that the root loader can tell
 * whether a toast is waiting without loading remix-toast and the zod it brings:
 * the first screen never needs them.
 *
 * A toast stays in the cookie until the screen has shown it (forgetShownToast), not until a loader has read it:
 * the router drops the result of a loader run that a newer revalidation overtook, and a toast taken by that run
 * would be lost. Each toast an action leaves gets its own id, so one read twice is still shown once.
 */
/** What remix-toast keeps in its session: plain JSON. */
export type ToastSessionData = Record<string, unknown>;

const toastCookieName = "toolbox-toast";
const toastCookiePrefix = `${toastCookieName}=`;
const toastIdKey = "toastId";

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

/** The id of the toast in this session data; a cookie written before toasts had ids counts as one toast. */
export function toastIdOf(sessionData: ToastSessionData): string {
  const id = sessionData[toastIdKey];
  return typeof id === "string" ? id : "toast";
}

/** Keeps what remix-toast flashed, under a new id; empty data removes the cookie. */
export function writeToastCookie(sessionData: ToastSessionData): void {
  if (Object.keys(sessionData).length === 0) {
    document.cookie = `${toastCookieName}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Strict`;
    return;
  }
  const value = encodeURIComponent(JSON.stringify({ ...sessionData, [toastIdKey]: crypto.randomUUID() }));
  document.cookie = `${toastCookieName}=${value}; path=/; SameSite=Strict`;
}

/** Once the toast of this id is on screen. A toast an action left since then stays for the next loader. */
export function forgetShownToast(id: string): void {
  if (hasToastCookie() && toastIdOf(readToastCookie()) === id) writeToastCookie({});
}
