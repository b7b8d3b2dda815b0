/**
 * What /records says about backups: when the last one was made, and how many
 * records no backup holds (the browser may clear its storage, Safari after 7
 * days without a visit). The mark is kept in the browser's localStorage by
 * app/lib/records/browser/backupMark.ts.
 */
import { z } from "zod";
import { countOf } from "~/lib/shell/plural";
import { recordTimeText, type RecordHead } from "./serviceRecord";

export const backupMarkStorageKey = "technician-toolbox:records-backup";

export const backupMarkSchema = z.object({
  /** When the last backup was made in this browser (ISO 8601, UTC); null: never, only restored. */
  madeAt: z.string().datetime().nullable(),
  /** The records a backup file holds: those of the last backup and those restored from one. */
  recordIds: z.array(z.string()),
});
export type BackupMark = z.infer<typeof backupMarkSchema>;

export interface BackupReminder {
  lastBackupAt: string | null;
  /** Records kept here that no backup holds. */
  notBackedUpCount: number;
}

export function backupReminder(records: readonly Pick<RecordHead, "id">[], mark: BackupMark | null): BackupReminder {
  const held = new Set(mark?.recordIds ?? []);
  return {
    lastBackupAt: mark?.madeAt ?? null,
    notBackedUpCount: records.filter((record) => !held.has(record.id)).length,
  };
}

/** After a backup: it holds every record there is. */
export function markAfterBackup(records: readonly Pick<RecordHead, "id">[], madeAt: Date): BackupMark {
  return { madeAt: madeAt.toISOString(), recordIds: records.map((record) => record.id) };
}

/** After a restore: the restored records are held by the file they came from. */
export function markAfterRestore(mark: BackupMark | null, restoredIds: readonly string[]): BackupMark {
  return { madeAt: mark?.madeAt ?? null, recordIds: [...new Set([...(mark?.recordIds ?? []), ...restoredIds])] };
}

/** When this browser last made a backup. */
export function lastBackupText(reminder: BackupReminder): string {
  return reminder.lastBackupAt
    ? `Last backup: ${recordTimeText(reminder.lastBackupAt)}.`
    : "No backup made in this browser yet.";
}

/**
 * The quiet line when no record is missing from a backup. Records restored from a backup file are in that file,
 * though this browser made none: saying "no backup made" and "every record is in a backup" side by side read as
 * a contradiction.
 */
export function allBackedUpText(reminder: BackupReminder, recordCount: number): string {
  if (recordCount === 0) return lastBackupText(reminder);
  return reminder.lastBackupAt
    ? `${lastBackupText(reminder)} Every record is in a backup.`
    : "Every record is in the backup it was restored from; this browser has made no backup yet.";
}

/** What a reload the app offers would lose of the records kept only in this tab (no storage); null: none. */
export function recordsReloadLoss(recordCount: number): string | null {
  return recordCount === 0 ? null : `${countOf(recordCount, "service record")} (back them up on Records first)`;
}
