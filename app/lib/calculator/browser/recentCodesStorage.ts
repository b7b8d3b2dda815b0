import type { RecentCodesStorage } from "~/lib/calculator/recentCodes";

/** The browser's localStorage, or null where it is blocked (some private modes throw on access). */
export function browserRecentCodesStorage(): RecentCodesStorage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}
