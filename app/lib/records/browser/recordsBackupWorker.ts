/// <reference lib="webworker" />
/**
 * Back up records and Restore from backup off the main thread: a backup of a record of 100,000 codes is
 * tens of megabytes of JSON to write or read, check and zip, seconds of work that froze the page. The worker
 * opens the same IndexedDB store as the page; where it cannot, it says so and the page does the job itself.
 */
import { makeBackup, restoreBackup, type MadeBackup, type RestoredBackup } from "./recordsBackupJobs";
import { storageFailureReason } from "~/lib/shell/storageFailure";
import { getServiceRecordStore } from "./serviceRecordStore";

export type BackupWorkerRequest =
  { job: "backUp"; now: string } | { job: "restore"; file: File; mostUnpackedBytes: number };

export type BackupWorkerAnswer =
  | { job: "backUp"; made: MadeBackup }
  | { job: "restore"; outcome: RestoredBackup }
  | { job: "notStoredHere" }
  | { job: "failed"; reason: string };

const scope = self as unknown as DedicatedWorkerGlobalScope;

async function answer(request: BackupWorkerRequest): Promise<BackupWorkerAnswer> {
  const store = getServiceRecordStore();
  await store.list();
  if (!store.storage().stored) return { job: "notStoredHere" };
  if (request.job === "backUp") return { job: "backUp", made: await makeBackup(store, new Date(request.now)) };
  const archive = new Uint8Array(await request.file.arrayBuffer());
  return {
    job: "restore",
    outcome: await restoreBackup(store, archive, { mostUnpackedBytes: request.mostUnpackedBytes }),
  };
}

scope.onmessage = async (event: MessageEvent<BackupWorkerRequest>) => {
  let reply: BackupWorkerAnswer;
  try {
    reply = await answer(event.data);
  } catch (error) {
    reply = { job: "failed", reason: storageFailureReason(error) };
  }
  scope.postMessage(reply, reply.job === "backUp" ? [reply.made.bytes.buffer] : []);
};
