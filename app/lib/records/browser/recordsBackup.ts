/** Back up records to a ZIP file and restore them from one: the browser's side of app/lib/records/recordsBackup.ts. */
import { logger } from "~/lib/shell/logger";
import { pauseEvery } from "~/lib/shell/browser/pauseEvery";
import { saveFile } from "~/lib/shell/browser/saveFile";
import { sha256Hex } from "~/lib/shell/browser/sha256";
import { jsonWithError, jsonWithSuccess, jsonWithWarning } from "~/lib/shell/browser/toastSession";
import { toastMessages } from "~/lib/shell/toastMessages";
import { markAfterBackup, markAfterRestore } from "~/lib/records/backupReminder";
import { backupFileName, buildBackup, readBackup, recordsToRestore } from "~/lib/records/recordsBackup";
import { unreadRowsText } from "~/lib/records/serviceRecord";
import { readBackupMark, writeBackupMark } from "./backupMark";
import { getServiceRecordStore } from "./serviceRecordStore";

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Saves every record and its kept files as technician-toolbox-records-YYYY-MM-DD.zip. */
export async function backUpRecords(now = new Date()) {
  const store = getServiceRecordStore();
  try {
    const { records, unreadRows } = await store.wholeRecords();
    const { bytes, manifest } = await buildBackup(records, now, { bytesOf: store.bytesOf, pause: pauseEvery() });
    saveFile(backupFileName(now), bytes, "application/zip");
    writeBackupMark(markAfterBackup(records, now));
    const saved = toastMessages.backupSaved(records.length, manifest.files.length);
    return unreadRows.length > 0
      ? jsonWithWarning(null, { message: saved, description: unreadRowsText(unreadRows) })
      : jsonWithSuccess(null, saved);
  } catch (error) {
    logger.error("The backup could not be made", error);
    return jsonWithError(null, toastMessages.backupNotMade(reasonOf(error)));
  }
}

/** Adds the backup's records this browser lacks; a file that is not a sound backup changes nothing. */
export async function restoreRecords(file: File) {
  const reading = await readBackup(new Uint8Array(await file.arrayBuffer()), sha256Hex, pauseEvery());
  if (!reading.ok) return jsonWithError(null, toastMessages.backupNotRestored(reading.problem));
  const store = getServiceRecordStore();
  const present = new Set((await store.list()).map((record) => record.id));
  const restoring = recordsToRestore(reading.backup, present);
  try {
    await store.addRestored(restoring.records, restoring.bytesBySha256);
  } catch (error) {
    logger.error("The restored records could not be stored", error);
    return jsonWithError(
      null,
      toastMessages.backupNotRestored(`the browser did not store the records (${reasonOf(error)}).`),
    );
  }
  writeBackupMark(
    markAfterRestore(
      readBackupMark(),
      reading.backup.manifest.records.map((record) => record.id),
    ),
  );
  return jsonWithSuccess(null, toastMessages.recordsRestored(restoring.records.length, restoring.alreadyHereCount));
}
