/** Back up records to a ZIP file and restore them from one: the browser's side of app/lib/records/recordsBackup.ts. */
import { deviceSetSizeLimit } from "~/lib/merger/deviceLimit";
import { deviceMemoryGb } from "~/lib/shell/browser/deviceMemory";
import { logger } from "~/lib/shell/logger";
import { pauseEvery } from "~/lib/shell/browser/pauseEvery";
import { saveFile } from "~/lib/shell/browser/saveFile";
import { jsonWithError, jsonWithSuccess, jsonWithWarning } from "~/lib/shell/browser/toastSession";
import { toastMessages } from "~/lib/shell/toastMessages";
import { markAfterBackup, markAfterRestore } from "~/lib/records/backupReminder";
import { backupFileName } from "~/lib/records/recordsBackup";
import { leftOutText } from "~/lib/records/serviceRecord";
import { readBackupMark, writeBackupMark } from "./backupMark";
import { makeBackup, restoreBackup, type MadeBackup, type RestoredBackup } from "./recordsBackupJobs";
import type { BackupWorkerAnswer, BackupWorkerRequest } from "./recordsBackupWorker";
import { getServiceRecordStore } from "./serviceRecordStore";

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The job's answer from the backup worker, or null where the page does the job itself: no workers (tests),
 * records kept only in this tab (the worker cannot see them), or a worker that would not start.
 */
async function fromBackupWorker(request: BackupWorkerRequest): Promise<BackupWorkerAnswer | null> {
  if (typeof Worker === "undefined" || import.meta.env.MODE === "test") return null;
  const store = getServiceRecordStore();
  await store.list();
  if (!store.storage().stored) return null;
  try {
    const answer = await new Promise<BackupWorkerAnswer>((resolve, reject) => {
      const worker = new Worker(new URL("./recordsBackupWorker.ts", import.meta.url), { type: "module" });
      worker.onmessage = (event: MessageEvent<BackupWorkerAnswer>) => {
        worker.terminate();
        resolve(event.data);
      };
      worker.onerror = (event) => {
        worker.terminate();
        reject(new Error(event.message || "the backup worker stopped"));
      };
      worker.postMessage(request);
    });
    if (answer.job === "failed") throw new Error(answer.reason);
    return answer.job === "notStoredHere" ? null : answer;
  } catch (error) {
    if (error instanceof Error && error.message !== "the backup worker stopped") throw error;
    logger.warn("The backup worker stopped; the page does the job itself", error);
    return null;
  }
}

/** Saves every record and its kept files as technician-toolbox-records-YYYY-MM-DD.zip. */
export async function backUpRecords(now = new Date()) {
  try {
    const answer = await fromBackupWorker({ job: "backUp", now: now.toISOString() });
    const made: MadeBackup =
      answer?.job === "backUp" ? answer.made : await makeBackup(getServiceRecordStore(), now, pauseEvery());
    saveFile(backupFileName(now), made.bytes, "application/zip");
    writeBackupMark(
      markAfterBackup(
        made.recordIds.map((id) => ({ id })),
        now,
      ),
    );
    const saved = toastMessages.backupSaved(made.recordIds.length, made.fileCount);
    const leftOut = leftOutText(made.unreadRows, made.unreadableCount);
    return leftOut ? jsonWithWarning(null, { message: saved, description: leftOut }) : jsonWithSuccess(null, saved);
  } catch (error) {
    logger.error("The backup could not be made", error);
    return jsonWithError(null, toastMessages.backupNotMade(reasonOf(error)));
  }
}

/** Adds the backup's records this browser lacks; a file that is not a sound backup changes nothing. */
export async function restoreRecords(file: File) {
  // The same limit as a parameter set's: what unpacking and reading take grows with it in the same way.
  const mostUnpackedBytes = deviceSetSizeLimit(deviceMemoryGb());
  let outcome: RestoredBackup;
  try {
    const answer = await fromBackupWorker({ job: "restore", file, mostUnpackedBytes });
    outcome =
      answer?.job === "restore"
        ? answer.outcome
        : await restoreBackup(getServiceRecordStore(), new Uint8Array(await file.arrayBuffer()), {
            pause: pauseEvery(),
            mostUnpackedBytes,
          });
  } catch (error) {
    logger.error("The backup could not be restored", error);
    outcome = { restored: false, problem: `the file could not be read (${reasonOf(error)}).` };
  }
  if (!outcome.restored) return jsonWithError(null, toastMessages.backupNotRestored(outcome.problem));
  writeBackupMark(markAfterRestore(readBackupMark(), outcome.backupRecordIds));
  return jsonWithSuccess(
    null,
    toastMessages.recordsRestored(outcome.addedCount, outcome.alreadyHereCount, outcome.repeatedCount),
  );
}
