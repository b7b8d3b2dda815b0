/**
 * Asks the browser to keep the app's storage for good (navigator.storage.persist()) once something is
 * stored, and tells whether it does. Without it a browser may clear the site's data when space runs low,
 * and Safari clears a site not used for 7 days.
 */
import { logger } from "~/lib/shell/logger";
import type { StorageKeeping } from "~/lib/shell/storageKeeping";

let asked: Promise<unknown> | undefined;

/** Once per tab, after the first file or record is stored. Firefox asks the technician; others decide alone. */
export function keepStorageForGood(): void {
  if (typeof navigator === "undefined" || !navigator.storage?.persist) return;
  asked ??= navigator.storage
    .persist()
    .catch((error: unknown) => logger.warn("The browser was not asked to keep storage", error));
}

export async function storageKeeping(): Promise<StorageKeeping> {
  try {
    const persisted = typeof navigator !== "undefined" && (await navigator.storage?.persisted?.());
    return persisted ? "for-good" : "may-clear";
  } catch {
    return "may-clear";
  }
}
