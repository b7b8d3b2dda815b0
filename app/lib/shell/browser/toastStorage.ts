/**
 * The flash session remix-toast uses, kept in this tab's sessionStorage (see toastSession.ts). Apart from
 * remix-toast, so that the root loader can tell whether a toast is waiting without loading remix-toast and the zod
 * it brings: the first screen never needs them.
 *
 * sessionStorage belongs to one tab of one origin: another tab, another app on the same host, or a visit after the
 * tab is closed never sees this tab's toast, as they would a cookie.
 * A toast stays until the screen has shown it (forgetShownToast), not until a loader has read it: the router drops
 * the result of a loader run that a newer revalidation overtook, and a toast taken by that run would be lost. Each
 * toast an action leaves gets its own id, so one read twice is still shown once.
 */
/** What remix-toast keeps in its session: plain JSON. */
export type ToastSessionData = Record<string, unknown>;

const toastKey = "technician-toolbox:waiting-toast";
const toastIdKey = "toastId";

/** sessionStorage, or null where the browser refuses it (storage turned off): then no toast is carried. */
function tabStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function hasWaitingToast(): boolean {
  return tabStorage()?.getItem(toastKey) != null;
}

export function readToastSession(): ToastSessionData {
  try {
    const parsed: unknown = JSON.parse(tabStorage()?.getItem(toastKey) ?? "{}");
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) ? (parsed as ToastSessionData) : {};
  } catch {
    return {};
  }
}

/** The id of the toast in this session data. */
export function toastIdOf(sessionData: ToastSessionData): string {
  const id = sessionData[toastIdKey];
  return typeof id === "string" ? id : "toast";
}

/** Keeps what remix-toast flashed, under a new id; empty data removes it. */
export function writeToastSession(sessionData: ToastSessionData): void {
  try {
    if (Object.keys(sessionData).length === 0) tabStorage()?.removeItem(toastKey);
    else tabStorage()?.setItem(toastKey, JSON.stringify({ ...sessionData, [toastIdKey]: crypto.randomUUID() }));
  } catch {
    // Storage full or refused: the action's result stands, only its toast is not carried.
  }
}

/** Once the toast of this id is on screen. A toast an action left since then stays for the next loader. */
export function forgetShownToast(id: string): void {
  if (hasWaitingToast() && toastIdOf(readToastSession()) === id) writeToastSession({});
}
