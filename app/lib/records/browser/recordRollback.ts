/** Roll back a card write: the card's PAR.txt from before it, written to the card again with the read-back check of any write. */
import { getCardFolder } from "~/lib/merger/browser/cardFolder";
import { logger } from "~/lib/shell/logger";
import { jsonWithError, jsonWithSuccess } from "~/lib/shell/browser/toastSession";
import { toastMessages } from "~/lib/shell/toastMessages";
import type { RecordHead } from "~/lib/records/serviceRecord";
import { getServiceRecordStore } from "./serviceRecordStore";

/** The card folder was opened in the click (the browser asks only then); this writes and reads back. */
export async function writePreviousParFileToCard(record: RecordHead) {
  const previous = record.cardComparison?.previousParFile;
  const bytes = previous ? await getServiceRecordStore().bytesOf(previous.sha256) : null;
  if (!bytes) return jsonWithError(null, toastMessages.recordFileGone);
  try {
    const written = await getCardFolder().write(bytes);
    return jsonWithSuccess(null, toastMessages.previousParFileWritten(written.byteCount));
  } catch (error) {
    logger.error("The card's previous PAR.txt was not written back", error);
    return jsonWithError(
      null,
      toastMessages.previousParFileNotWritten(error instanceof Error ? error.message : String(error)),
    );
  }
}
