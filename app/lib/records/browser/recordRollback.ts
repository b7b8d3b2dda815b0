/**
 * Roll back a card write: the card's PAR.txt from before it, written to the card again with the read-back
 * check of any write, and only onto the card that write left behind (its PAR.txt is, byte for byte, the one
 * the record wrote). So what the write back replaces is the record's own PAR.txt, kept with it: nothing is lost.
 */
import { CardWriteError, getCardFolder, type CardWriteGuard } from "~/lib/merger/browser/cardFolder";
import { writeBackFailureText, writeBackRefusal } from "~/lib/merger/cardWrite";
import { logger } from "~/lib/shell/logger";
import { sha256Hex } from "~/lib/shell/browser/sha256";
import { jsonWithError, jsonWithSuccess } from "~/lib/shell/browser/toastSession";
import { toastMessages } from "~/lib/shell/toastMessages";
import { newestFirst, recordTimeText, type RecordHead } from "~/lib/records/serviceRecord";
import { getServiceRecordStore } from "./serviceRecordStore";

/** What the record screen shows after looking at the card: the question, or why nothing will be written. */
export type WriteBackCheck = { kind: "ready" } | { kind: "refused"; message: string };

/** Refuses any card whose PAR.txt is not the one the record wrote, naming what the card holds instead. */
function onlyTheRecordsCard(record: RecordHead): CardWriteGuard {
  return async (current, onCard) => {
    const card = current
      ? { sha256: await sha256Hex(current), size: current.length }
      : onCard.folderName
        ? { folderNamedPar: onCard.folderName }
        : null;
    const recordParSha256 = record.parFile.sha256;
    if (card && "sha256" in card && card.sha256 === recordParSha256) return null;
    const sameAs =
      card && "sha256" in card
        ? newestFirst(await getServiceRecordStore().list()).find(
            (other) => other.id !== record.id && other.parFile.sha256 === card.sha256,
          )
        : undefined;
    return writeBackRefusal({
      card,
      recordParSha256,
      recordPreviousSha256: record.cardComparison?.previousParFile?.sha256 ?? null,
      recordDestination: record.destination,
      sameAsRecord: sameAs ? { time: recordTimeText(sameAs.createdAt), label: sameAs.label } : null,
    });
  };
}

/** Looks at the card (opened in the click) before the technician is asked: the same rule the write obeys. */
export async function checkWriteBack(record: RecordHead): Promise<{ writeBack: WriteBackCheck }> {
  try {
    const { read, onCard } = await getCardFolder().look();
    const refusal = await onlyTheRecordsCard(record)(read.bytes, onCard);
    return { writeBack: refusal ? { kind: "refused", message: refusal } : { kind: "ready" } };
  } catch (error) {
    logger.error("The card was not read before writing back", error);
    return {
      writeBack: {
        kind: "refused",
        message: toastMessages.cardNotReadForWriteBack(error instanceof Error ? error.message : String(error)),
      },
    };
  }
}

/** The card folder was opened in the click (the browser asks only then); this checks, writes and reads back. */
export async function writePreviousParFileToCard(record: RecordHead) {
  const previous = record.cardComparison?.previousParFile;
  const bytes = previous ? await getServiceRecordStore().bytesOf(previous.sha256) : null;
  if (!bytes) return jsonWithError(null, toastMessages.recordFileGone);
  try {
    const written = await getCardFolder().write(bytes, onlyTheRecordsCard(record), { shownOnFiles: false });
    return jsonWithSuccess(null, {
      message: toastMessages.previousParFileWritten(written.byteCount),
      description: toastMessages.previousParFileReplacedKept,
    });
  } catch (error) {
    logger.error("The card's previous PAR.txt was not written back", error);
    return jsonWithError(
      null,
      toastMessages.previousParFileNotWritten(
        error instanceof CardWriteError
          ? writeBackFailureText(error.report)
          : error instanceof Error
            ? error.message
            : String(error),
      ),
    );
  }
}
