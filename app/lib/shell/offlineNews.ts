/**
 * What the service worker's state means for the technician: the app is ready to work offline, or a new
 * version waits for their Reload. Only a worker that waits while an older one is active is a new version:
 * on a first visit the first worker passes through "installed" too (for a moment, or for as long as the
 * pages that register it keep coming), and then becomes active by itself.
 */

/** Where the build puts the service worker (vite.config.ts names the file from this). */
export const serviceWorkerUrl = "/sw.js";

export interface WorkerSnapshot {
  /** Whether a worker controlled this page when it loaded (it was served by an earlier visit's worker). */
  controlledAtLoad: boolean;
  /** Whether the registration has a worker that has finished activating. */
  activated: boolean;
  /** Whether a newer worker is installed and waiting. */
  waiting: boolean;
}

export type OfflineNews = "ready-offline" | "new-version-waiting" | null;

export function offlineNews({ controlledAtLoad, activated, waiting }: WorkerSnapshot): OfflineNews {
  if (waiting && activated) return "new-version-waiting";
  // A page that loaded before any worker was active: this visit made the app work offline.
  if (activated && !controlledAtLoad) return "ready-offline";
  return null;
}
