/**
 * Back up records and Restore from backup, done on the record store: in the backup worker where the records
 * are in IndexedDB (recordsBackupWorker.ts), in the page where they last only as long as the tab.
 */
import {
  buildBackup,
  readBackup,
  recordsToRestore,
  recordsWithoutParFile,
  type BackupReadOptions,
} from "~/lib/records/recordsBackup";
import type { ServiceRecordSummary } from "~/lib/records/serviceRecord";
import { sha256Hex } from "~/lib/shell/browser/sha256";
import { logger } from "~/lib/shell/logger";
import { storageFailureReason } from "~/lib/shell/storageFailure";
import type { ServiceRecordStore } from "./serviceRecordStore";

export interface MadeBackup {
  bytes: Uint8Array<ArrayBuffer>;
  /** The records in it, for the backup mark. */
  recordIds: string[];
  fileCount: number;
  /** Rows left out as storage damaged them: how many, of which record. */
  unreadRows: { record: ServiceRecordSummary; rowCount: number }[];
  /** Records left out as this version cannot read them. */
  unreadableCount: number;
  /** What it unpacks to, which a restore checks against the device's limit. */
  unpackedBytes: number;
}

export async function makeBackup(
  store: ServiceRecordStore,
  now: Date,
  pause?: () => Promise<void>,
): Promise<MadeBackup> {
  const { records, unreadRows, unreadableCount } = await store.wholeRecords();
  const { bytes, manifest, unpackedBytes } = await buildBackup(records, now, { bytesOf: store.bytesOf, pause });
  const recordIds = records.map((record) => record.id);
  return { bytes, recordIds, fileCount: manifest.files.length, unreadRows, unreadableCount, unpackedBytes };
}

export type RestoredBackup =
  | {
      restored: true;
      addedCount: number;
      alreadyHereCount: number;
      repeatedCount: number;
      /** Added records whose PAR.txt the backup does not hold (it was gone when the backup was made). */
      withoutParFileCount: number;
      /** Every record of the backup: the backup file holds them all, those already here too. */
      backupRecordIds: string[];
    }
  | { restored: false; problem: string };

/** Adds the backup's records this browser lacks; a file that is not a sound backup changes nothing. */
export async function restoreBackup(
  store: ServiceRecordStore,
  archive: Uint8Array,
  options: BackupReadOptions,
): Promise<RestoredBackup> {
  const reading = await readBackup(archive, sha256Hex, options);
  if (!reading.ok) return { restored: false, problem: reading.problem };
  const present = new Set((await store.list()).map((record) => record.id));
  const restoring = recordsToRestore(reading.backup, present);
  try {
    await store.addRestored(restoring.records, restoring.bytesBySha256);
  } catch (error) {
    logger.error("The restored records could not be stored", error);
    return { restored: false, problem: `the browser did not store the records (${storageFailureReason(error)}).` };
  }
  return {
    restored: true,
    addedCount: restoring.records.length,
    alreadyHereCount: restoring.alreadyHereCount,
    repeatedCount: restoring.repeatedCount,
    withoutParFileCount: recordsWithoutParFile(restoring.records, restoring.bytesBySha256),
    backupRecordIds: reading.backup.manifest.records.map((record) => record.id),
  };
}
