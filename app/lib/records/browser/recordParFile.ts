/**
 * Adds the service record of a PAR.txt that just left the tool (downloaded or
 * written to the card). Called after the file is out: it never throws, so a
 * record that cannot be saved never blocks or undoes the download; the caller
 * gets the reason to show.
 *
 * The input files are hashed here, on the main thread, from the file store's
 * bytes: the record keeps those bytes anyway, so they come here regardless,
 * and crypto.subtle hashes without blocking the page. The worker gives only
 * what it alone has: the kept merge.
 */
import type { HandedOutParFile } from "~/lib/merger/browser/parFileActions";
import { logger } from "~/lib/shell/logger";
import { storageFailureReason } from "~/lib/shell/storageFailure";
import { askBeforeLeavingWhile } from "~/lib/shell/browser/pageGuard";
import { buildServiceRecord, inputIdsToKeep, type FileFingerprint } from "~/lib/records/serviceRecord";
import type { RecordsFileList } from "./recordFileActions";
import { getServiceRecordStore, type RecordSaveOutcome } from "./serviceRecordStore";
import { sha256Hex } from "~/lib/shell/browser/sha256";

type ParFileRecordRequest = HandedOutParFile & { now?: Date };

function newRecordId(now: Date): string {
  const random = globalThis.crypto.getRandomValues(new Uint32Array(1))[0]!.toString(36);
  return `${now.getTime().toString(36)}-${random}`;
}

async function fingerprintOf(bytes: Uint8Array<ArrayBuffer>): Promise<FileFingerprint> {
  return { sha256: await sha256Hex(bytes), size: bytes.byteLength };
}

/** Leaving the page while the record is made asks first: a record is written after its PAR.txt left the tool. */
export function recordParFile(request: ParFileRecordRequest, fileList: RecordsFileList): Promise<RecordSaveOutcome> {
  return askBeforeLeavingWhile(() => makeAndSaveRecord(request, fileList));
}

async function makeAndSaveRecord(
  request: ParFileRecordRequest,
  { store: fileStore, mergeClient }: RecordsFileList,
): Promise<RecordSaveOutcome> {
  try {
    const now = request.now ?? new Date();
    const content = await mergeClient.recordContent(request.files, fileStore.bytesOf);
    const inputBytes = await fileStore.bytesOf(request.files.map((file) => file.id));

    const bytesBySha256 = new Map<string, Uint8Array<ArrayBuffer>>();
    const remember = async (bytes: Uint8Array<ArrayBuffer>) => {
      const fingerprint = await fingerprintOf(bytes);
      bytesBySha256.set(fingerprint.sha256, bytes);
      return fingerprint;
    };
    const inputFingerprints = new Map<string, FileFingerprint>();
    for (const [id, bytes] of inputBytes) inputFingerprints.set(id, await remember(new Uint8Array(bytes)));
    const previous = request.cardComparison?.previousParFile ?? null;

    const record = buildServiceRecord({
      id: newRecordId(now),
      createdAt: now,
      label: request.label,
      destination: request.destination,
      lineEnding: request.lineEnding,
      content,
      inputFingerprints,
      keptInputIds: inputIdsToKeep(
        request.files.flatMap((file) => {
          const fingerprint = inputFingerprints.get(file.id);
          return fingerprint ? [{ id: file.id, size: fingerprint.size }] : [];
        }),
      ),
      parFile: await remember(request.parFile),
      cardComparison: request.cardComparison
        ? { summary: request.cardComparison.summary, previousParFile: previous ? await remember(previous) : null }
        : null,
    });
    return await getServiceRecordStore().add(record, bytesBySha256);
  } catch (error) {
    logger.error("The service record could not be made", error);
    return { saved: false, reason: storageFailureReason(error) };
  }
}
