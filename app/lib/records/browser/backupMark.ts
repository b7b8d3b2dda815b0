/** The last backup's mark in localStorage (where it is blocked, every record counts as not backed up). */
import { logger } from "~/lib/shell/logger";
import { backupMarkSchema, backupMarkStorageKey, type BackupMark } from "~/lib/records/backupReminder";

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readBackupMark(): BackupMark | null {
  const stored = storage()?.getItem(backupMarkStorageKey);
  if (!stored) return null;
  try {
    const parsed = backupMarkSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeBackupMark(mark: BackupMark): void {
  try {
    storage()?.setItem(backupMarkStorageKey, JSON.stringify(mark));
  } catch (error) {
    logger.warn("The backup's mark could not be kept", error);
  }
}
