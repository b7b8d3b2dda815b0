/**
 * Whether the browser keeps what the tool stores for good, in the technician's words: by default a
 * browser may clear a site's storage when space runs low, and Safari clears a site not used for 7 days.
 */
export type StorageKeeping = "for-good" | "may-clear";

/** One line for /files ("Files") and /records ("Records"). */
export function storageKeepingText(keeping: StorageKeeping, what: "Files" | "Records"): string {
  if (keeping === "for-good") return `${what} are kept in this browser for good, until you delete them.`;
  return `${what} are kept in this browser, which may clear them when the device runs low on space (Safari clears them after 7 days without a visit).`;
}
