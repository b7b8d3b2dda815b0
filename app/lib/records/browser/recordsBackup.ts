/** Back up records to a ZIP file and restore them from one: the browser's side of app/lib/records/recordsBackup.ts. */
import { deviceSetSizeLimit } from "~/lib/merger/deviceLimit";
import { deviceMemoryGb } from "~/lib/shell/browser/deviceMemory";
import { logger } from "~/lib/shell/logger";
import { pauseEvery } from "~/lib/shell/browser/pauseEvery";
import { saveFile } from "~/lib/shell/browser/saveFile";
import { jsonWithError, jsonWithSuccess, jsonWithWarning } from "~/lib/shell/browser/toastSession";
import { toastMessages } from "~/lib/shell/toastMessages";
import { markAfterBackup, markAfterRestore } from "~/lib/records/backupReminder";
import { backupFileName, backupProblems, backupTooBigHere } from "~/lib/records/recordsBackup";
import { storageFailureReason } from "~/lib/shell/storageFailure";
import { leftOutText } from "~/lib/records/serviceRecord";
import type { RecordsNote } from "~/lib/records/recordIntents";
import { readBackupMark, writeBackupMark } from "./backupMark";
import { makeBackup, restoreBackup, type MadeBackup, type RestoredBackup } from "./recordsBackupJobs";
import type { BackupWorkerAnswer, BackupWorkerRequest } from "./recordsBackupWorker";
import { getServiceRecordStore } from "./serviceRecordStore";

/**
 * The job's answer from the backup worker, or null where the page does the job itself: no workers (tests),
 * records kept only in this tab (the worker cannot see them), or a worker that would not start or answer.
 */
async function fromBackupWorker(request: BackupWorkerRequest): Promise<BackupWorkerAnswer | null> {
  if (typeof Worker === "undefined" || import.meta.env.MODE === "test") return null;
  const store = getServiceRecordStore();
  await store.list();
  if (!store.storage().stored) return null;
  let answer: BackupWorkerAnswer;
  try {
    answer = await new Promise<BackupWorkerAnswer>((resolve, reject) => {
      const worker = new Worker(new URL("./recordsBackupWorker.ts", import.meta.url), { type: "module" });
      const stop = (settle: () => void) => {
        worker.terminate();
        settle();
      };
      worker.onmessage = (event: MessageEvent<BackupWorkerAnswer>) => stop(() => resolve(event.data));
      worker.onmessageerror = () => stop(() => reject(new Error("its answer could not be read")));
      worker.onerror = (event) => stop(() => reject(new Error(event.message || "it stopped")));
      worker.postMessage(request);
    });
  } catch (error) {
    // Refused by the browser, its script not loaded, or an answer it could not read: nothing was done there.
    logger.warn("The backup worker did not do the job; the page does it itself", error);
    return null;
  }
  if (answer.job === "failed") throw new Error(answer.reason);
  return answer.job === "notStoredHere" ? null : answer;
}

/** The most a backup may unpack to here: a parameter set's limit, as unpacking and reading grow with it the same way. */
const restoreLimit = () => deviceSetSizeLimit(deviceMemoryGb());

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
    const mostUnpackedBytes = restoreLimit();
    const warnings = [
      leftOutText(made.unreadRows, made.unreadableCount),
      made.unpackedBytes > mostUnpackedBytes ? backupTooBigHere(made.unpackedBytes, mostUnpackedBytes) : null,
    ].filter((warning) => warning !== null);
    const note: RecordsNote = { title: saved, lines: warnings, failed: false };
    return warnings.length > 0 ? jsonWithWarning({ recordsNote: note }, saved) : jsonWithSuccess(null, saved);
  } catch (error) {
    logger.error("The backup could not be made", error);
    return jsonWithError(null, toastMessages.backupNotMade(storageFailureReason(error)));
  }
}

/** A restore refused: the toast says so, the note on Records why (`problem` is one of backupProblems). */
function notRestored(problem: string) {
  const note: RecordsNote = {
    title: toastMessages.backupNotRestored,
    lines: [`${problem.charAt(0).toUpperCase()}${problem.slice(1)}`],
    failed: true,
  };
  return jsonWithError({ recordsNote: note }, toastMessages.backupNotRestored);
}

/** Adds the backup's records this browser lacks; a file that is not a sound backup changes nothing. */
export async function restoreRecords(file: File) {
  const mostUnpackedBytes = restoreLimit();
  // A ZIP unpacks to at least about its own size: one bigger than the limit is refused before it is read.
  if (file.size > mostUnpackedBytes) return notRestored(backupProblems.tooBig(file.size, mostUnpackedBytes));
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
    outcome = { restored: false, problem: `it could not be read or stored (${storageFailureReason(error)}).` };
  }
  if (!outcome.restored) return notRestored(outcome.problem);
  writeBackupMark(markAfterRestore(readBackupMark(), outcome.backupRecordIds));
  return jsonWithSuccess(
    null,
    toastMessages.recordsRestored(
      outcome.addedCount,
      outcome.alreadyHereCount,
      outcome.repeatedCount,
      outcome.withoutParFileCount,
    ),
  );
}
