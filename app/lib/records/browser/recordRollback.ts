/**
 * Roll back a card write: the card's PAR.txt from before it, written to the card again with the read-back
 * check of any write, and only onto the card that write left behind (its PAR.txt is, byte for byte, the one
 * the record wrote). So what the write back replaces is the record's own PAR.txt, kept with it: nothing is lost.
 * The card folder is the card feature's: the record's route hands it in.
 */
import type { CardFolder } from "~/lib/card/browser/cardFolder";
import { CardWriteError } from "~/lib/card/cardFolderErrors";
import type { CardWriteGuard } from "~/lib/card/browser/writeAndReadBack";
import { holdsNulBytes } from "~/lib/card/unfinishedWrites";
import {
  mayHaveLeftThePrevious,
  previousMayBeLeftOver,
  writeBackFailure,
  writeBackRefusal,
} from "~/lib/card/writeBack";
import { cardTexts } from "~/lib/card/cardTexts";
import type { NoticeText } from "~/lib/shell/noticeText";
import { logger } from "~/lib/shell/logger";
import { sha256Hex } from "~/lib/shell/browser/sha256";
import { jsonWithError, jsonWithSuccess } from "~/lib/shell/browser/toastSession";
import { toastMessages } from "~/lib/shell/toastMessages";
import { newestFirst, recordTimeText, type RecordHead, type ServiceRecordSummary } from "~/lib/records/serviceRecord";
import { getServiceRecordStore } from "./serviceRecordStore";

/** What the record screen shows after looking at the card: the question, or why nothing will be written. */
export type WriteBackCheck =
  | { kind: "ready" }
  /** previousKeptIn: the record that keeps the card's PAR.txt from before an unfinished write, to open. */
  | { kind: "refused"; refusal: NoticeText; previousKeptIn?: string };

/** The record of an unfinished write whose leftover this record's previous PAR.txt may be (previousMayBeLeftOver). */
async function unfinishedWriteThatMayHaveLeftThePrevious(
  record: RecordHead,
  records: readonly ServiceRecordSummary[],
): Promise<ServiceRecordSummary | null> {
  const previous = record.cardComparison?.previousParFile;
  const candidates = mayHaveLeftThePrevious(record, records);
  if (!previous || candidates.length === 0) return null;
  const store = getServiceRecordStore();
  const previousBytes = await store.bytesOf(previous.sha256);
  if (!previousBytes) return null;
  const withBytes = await Promise.all(
    candidates.map(async (other) => ({ ...other, parBytes: (await store.bytesOf(other.parFile.sha256)) ?? null })),
  );
  return previousMayBeLeftOver(
    { createdAt: record.createdAt, previous: previousBytes },
    withBytes.flatMap((other) => (other.parBytes ? [{ ...other, parBytes: other.parBytes }] : [])),
  );
}

/**
 * Refuses any card whose PAR.txt is not the one the record wrote, naming what the card holds instead, and a
 * previous PAR.txt that may be what an unfinished write left, naming that write's record (previousKeptIn).
 */
async function writeBackCheckOf(
  record: RecordHead,
  current: Uint8Array<ArrayBuffer> | null,
  onCard: { folderName: string | null },
): Promise<WriteBackCheck> {
  const card = current
    ? { sha256: await sha256Hex(current), size: current.length }
    : onCard.folderName
      ? { folderNamedPar: onCard.folderName }
      : null;
  const recordParSha256 = record.parFile.sha256;
  const records = newestFirst(await getServiceRecordStore().list());
  const named = (other: ServiceRecordSummary | null | undefined) =>
    other ? { time: recordTimeText(other.createdAt), label: other.label } : null;
  const refusedOr = (refusal: NoticeText | null, previousKeptIn?: string): WriteBackCheck =>
    refusal ? { kind: "refused", refusal, ...(previousKeptIn ? { previousKeptIn } : {}) } : { kind: "ready" };
  if (card && "sha256" in card && card.sha256 === recordParSha256) {
    const unfinished = await unfinishedWriteThatMayHaveLeftThePrevious(record, records);
    const previous = record.cardComparison?.previousParFile;
    const previousBytes = previous ? await getServiceRecordStore().bytesOf(previous.sha256) : null;
    const refusal = writeBackRefusal({
      card,
      recordParSha256,
      recordPreviousSha256: record.cardComparison?.previousParFile?.sha256 ?? null,
      recordDestination: record.destination,
      sameAsRecord: null,
      previousMayBeLeftOverOf: named(unfinished),
      recordPreviousHoldsNul: holdsNulBytes(previousBytes ?? null),
    });
    return refusedOr(refusal, unfinished?.id);
  }
  const sameAs =
    card && "sha256" in card
      ? records.find((other) => other.id !== record.id && other.parFile.sha256 === card.sha256)
      : undefined;
  return refusedOr(
    writeBackRefusal({
      card,
      recordParSha256,
      recordPreviousSha256: record.cardComparison?.previousParFile?.sha256 ?? null,
      recordDestination: record.destination,
      sameAsRecord: named(sameAs),
    }),
  );
}

/**
 * The write's own check, just before it writes: the same rule as the look before the question. `refused` hears
 * the whole refusal; the write says its verdict.
 */
function onlyTheRecordsCard(record: RecordHead, refused: (refusal: NoticeText) => void): CardWriteGuard {
  return async (current, onCard) => {
    const check = await writeBackCheckOf(record, current, onCard);
    if (check.kind !== "refused") return null;
    refused(check.refusal);
    return check.refusal.verdict;
  };
}

/** Looks at the card (opened in the click) before the technician is asked: the same rule the write obeys. */
export async function checkWriteBack(
  record: RecordHead,
  cardFolder: CardFolder,
): Promise<{ writeBack: WriteBackCheck }> {
  try {
    const { read, onCard } = await cardFolder.look();
    return { writeBack: await writeBackCheckOf(record, read.bytes, onCard) };
  } catch (error) {
    logger.error("The card was not read before writing back", error);
    return {
      writeBack: {
        kind: "refused",
        refusal: cardTexts.writeBackRefusals.cardNotRead(error instanceof Error ? error.message : String(error)),
      },
    };
  }
}

/**
 * The card folder was opened in the click (the browser asks only then); this checks, writes and reads back. A
 * failure is a short toast and an alert on the record (`writeBackFailure`) that says what the card holds now.
 */
export async function writePreviousParFileToCard(record: RecordHead, cardFolder: CardFolder) {
  const previous = record.cardComparison?.previousParFile;
  const bytes = previous ? await getServiceRecordStore().bytesOf(previous.sha256) : null;
  if (!bytes) return jsonWithError(null, toastMessages.recordFileGone);
  let refusal: NoticeText | null = null;
  const guard = onlyTheRecordsCard(record, (refused) => (refusal = refused));
  try {
    const written = await cardFolder.write(bytes, guard, { shownOnFiles: false });
    return jsonWithSuccess(null, {
      message: toastMessages.previousParFileWritten(written.byteCount),
      description: toastMessages.previousParFileReplacedKept,
    });
  } catch (error) {
    logger.error("The card's previous PAR.txt was not written back", error);
    const failure: NoticeText =
      error instanceof CardWriteError
        ? writeBackFailure(error.report, refusal)
        : {
            verdict: cardTexts.cardUnchanged,
            explanation: error instanceof Error ? error.message : String(error),
            details: null,
          };
    return jsonWithError({ writeBackFailure: failure }, toastMessages.previousParFileNotWritten(failure.verdict));
  }
}
