/**
 * What leaves the tool: Download and Write to SD card (the same gate, then the file, then its service record), the
 * card comparison and the CSV export. Each acts on the list as it is after every change queued before it.
 */
import { cardComparisonSummary } from "~/lib/merger/cardCompare";
import { recordDestinationOfCardWrite, recordedCardComparison } from "~/lib/card/cardWriteRecord";
import { downloadBlocker } from "~/lib/merger/downloadGate";
import type { ListedFile } from "~/lib/merger/listedFile";
import { parFileName, type LineEnding, type ParFileDestination } from "~/lib/merger/parFileFormat";
import { parameterTableCsvName, type ParameterQuery } from "~/lib/merger/parameterTable";
import { csvMimeType } from "~/lib/shell/csvFile";
import { logger } from "~/lib/shell/logger";
import { saveFile } from "~/lib/shell/browser/saveFile";
import { toastMessages } from "~/lib/shell/toastMessages";
import { jsonWithError, jsonWithSuccess, jsonWithWarning } from "~/lib/shell/browser/toastSession";
import type { CardFolder } from "~/lib/card/browser/cardFolder";
import { CardFolderError, CardWriteError } from "~/lib/card/cardFolderErrors";
import type { CardRead } from "~/lib/card/cardFolderContents";
import type { CardWritten } from "~/lib/card/browser/writeAndReadBack";
import { getFileListStore, listedFiles } from "./fileListStore";
import { getMergeClient } from "./mergeClient";

/** A PAR.txt that left the tool, as the service records take it. */
export interface HandedOutParFile {
  /** The listed files PAR.txt was made from, in list order. */
  files: readonly ListedFile[];
  lineEnding: LineEnding;
  /** PAR.txt exactly as it left the tool. */
  parFile: Uint8Array<ArrayBuffer>;
  destination: ParFileDestination;
  label: string;
  /** For a card write: the comparison summary and the card's PAR.txt from before. */
  cardComparison?: { summary: string; previousParFile: Uint8Array<ArrayBuffer> | null };
}

/**
 * What the file list asks of the service records. The records feature builds on the merger, so the
 * route hands them in: the merger never imports the records.
 */
export interface FileListRecords {
  /** Never throws: a record that cannot be saved says why. */
  recordParFile(
    parFile: HandedOutParFile,
  ): Promise<
    | { saved: true; record: { id: string }; onlyThisTab: string | null; withoutInputFiles: string | null }
    | { saved: false; reason: string }
  >;
  loadRecordFiles(recordId: string): Promise<unknown>;
}

export interface ParFileChoices {
  lineEnding: LineEnding;
  confirmedProblemsKey: string | null;
  label: string;
}

/**
 * Download and Write to SD card: the same gate on the list as it is in this request's turn, then the file leaves
 * the tool, then its service record. What is returned is that second part, run after the turn: a card that does
 * not answer keeps its own button busy, never the list's later changes. For a download the record is stored
 * first, so no navigation can separate a PAR.txt from its record; a record that fails never blocks the file, it is
 * only said.
 */
export async function handOutParFile(
  records: FileListRecords,
  cardFolder: CardFolder,
  destination: ParFileDestination,
  choices: ParFileChoices,
) {
  const store = getFileListStore();
  const files = await listedFiles();
  const notDone = destination === "card" ? toastMessages.parFileNotWritten : toastMessages.parFileNotSaved;
  let parFile: Awaited<ReturnType<ReturnType<typeof getMergeClient>["parFile"]>>;
  try {
    // The worker answers from the merge it keeps; nothing is read or merged again.
    parFile = await getMergeClient().parFile(files, choices.lineEnding, store.bytesOf);
  } catch (error) {
    logger.error("PAR.txt could not be built", error);
    return jsonWithError(null, toastMessages.parFileFailed);
  }
  const blocker = downloadBlocker({ fileCount: files.length, ...parFile, ...choices });
  if (blocker) return jsonWithWarning(null, notDone(blocker));
  return () => leaveTheTool(records, cardFolder, destination, choices, files, parFile);
}

async function leaveTheTool(
  records: FileListRecords,
  cardFolder: CardFolder,
  destination: ParFileDestination,
  choices: ParFileChoices,
  files: ListedFile[],
  parFile: { bytes: Uint8Array<ArrayBuffer>; parameterCount: number; rewrittenCount: number; addedCount: number },
) {
  try {
    const recorded =
      destination === "card"
        ? await writeCardAndRecord(records, cardFolder, files, parFile.bytes, choices)
        : await recordThenDownload(records, files, parFile.bytes, choices);
    const message = destination === "card" ? toastMessages.parFileWritten : toastMessages.parFileSaved(parFile);
    // A record that went wrong is the news: the verdict gives it the room the counts would take.
    const shortMessage = destination === "card" ? toastMessages.parFileWritten : toastMessages.parFileSavedOnly;
    if (!recorded.saved)
      return jsonWithWarning(null, {
        message: shortMessage,
        description: toastMessages.serviceRecordNotSaved(recorded.reason),
      });
    if (recorded.onlyThisTab)
      return jsonWithWarning(null, {
        message: shortMessage,
        description: toastMessages.serviceRecordOnlyThisTab(recorded.onlyThisTab),
      });
    if (recorded.withoutInputFiles)
      return jsonWithWarning(null, {
        message: shortMessage,
        description: toastMessages.serviceRecordWithoutInputFiles(recorded.withoutInputFiles),
      });
    return jsonWithSuccess(null, { message, description: toastMessages.serviceRecordAdded });
  } catch (error) {
    logger.error("Something went wrong", error);
    // A failure at the card stays on screen as an alert (the card folder keeps it); anything else is said once.
    if (!(error instanceof CardWriteError)) return jsonWithError(null, toastMessages.parFileFailed);
  }
  return null;
}

async function recordThenDownload(
  records: FileListRecords,
  files: ListedFile[],
  parFile: Uint8Array<ArrayBuffer>,
  choices: ParFileChoices,
) {
  const recorded = await records.recordParFile({
    files,
    parFile,
    destination: "downloaded",
    lineEnding: choices.lineEnding,
    label: choices.label,
  });
  saveFile(parFileName, parFile);
  return recorded;
}

/** Writes PAR.txt to the card, reads it back, compares again, and records what the write changed. */
async function writeCardAndRecord(
  records: FileListRecords,
  cardFolder: CardFolder,
  files: ListedFile[],
  parFile: Uint8Array<ArrayBuffer>,
  choices: ParFileChoices,
) {
  const store = getFileListStore();
  const mergeClient = getMergeClient();
  let written: CardWritten;
  try {
    written = await cardFolder.write(parFile);
  } catch (error) {
    if (error instanceof CardWriteError)
      await recordFailedCardWrite(records, cardFolder, files, parFile, choices, error).catch(
        async (recordError: unknown) => {
          // The card's failure is what the technician must see; the record's own failure is said under it.
          logger.error("The service record of a failed card write could not be made", recordError);
          await cardFolder.recordedFailedWrite({
            kept: false,
            reason: toastMessages.serviceRecordNotSaved(
              recordError instanceof Error ? recordError.message : String(recordError),
            ),
          });
        },
      );
    throw error;
  }
  // Copies cross to the worker; the card folder keeps its own for the record.
  const previousRead = cardFolder.lastCardRead();
  const previous = previousRead?.bytes ?? null;
  const before = await mergeClient.compareWithCard(files, previous?.slice().buffer ?? null, store.bytesOf);
  // The card now holds these bytes: the comparison on screen says so.
  await mergeClient.compareWithCard(files, written.bytes.slice().buffer, store.bytesOf);
  return records.recordParFile({
    files,
    parFile: written.bytes,
    destination: recordDestinationOfCardWrite("verified"),
    lineEnding: choices.lineEnding,
    label: choices.label,
    cardComparison: {
      summary: withNote(cardComparisonSummary(before.counts, before.byteDifference[choices.lineEnding]), previousRead),
      previousParFile: previous,
    },
  });
}

const withNote = (summary: string, previous: CardRead | null) =>
  recordedCardComparison(summary, previous?.note ?? null);

/**
 * A write that failed after it may have changed the card is recorded as a verified one is (what went in, PAR.txt,
 * the card's PAR.txt from before), under its own destination: the unit's card may hold it now. The alert on
 * /files links to the record, or says why there is none.
 */
async function recordFailedCardWrite(
  records: FileListRecords,
  cardFolder: CardFolder,
  files: ListedFile[],
  parFile: Uint8Array<ArrayBuffer>,
  choices: ParFileChoices,
  failure: CardWriteError,
) {
  const destination = recordDestinationOfCardWrite(failure.report.cardState);
  if (!destination) return;
  const store = getFileListStore();
  const mergeClient = getMergeClient();
  const previous = failure.previous?.bytes ?? null;
  const before = await mergeClient.compareWithCard(files, previous?.slice().buffer ?? null, store.bytesOf);
  // Nobody knows what the card holds now: the screen goes on comparing with the card as it was last read.
  const lastRead = cardFolder.lastCardRead();
  if (lastRead) await mergeClient.compareWithCard(files, lastRead.bytes?.slice().buffer ?? null, store.bytesOf);
  else await mergeClient.forgetCard();
  const recorded = await records.recordParFile({
    files,
    parFile,
    destination,
    lineEnding: choices.lineEnding,
    label: choices.label,
    cardComparison: {
      summary: withNote(
        cardComparisonSummary(before.counts, before.byteDifference[choices.lineEnding]),
        failure.previous,
      ),
      previousParFile: previous,
    },
  });
  await cardFolder.recordedFailedWrite(
    recorded.saved
      ? {
          kept: true,
          id: recorded.record.id,
          note: recorded.onlyThisTab
            ? toastMessages.serviceRecordOnlyThisTab(recorded.onlyThisTab)
            : recorded.withoutInputFiles
              ? toastMessages.serviceRecordWithoutInputFiles(recorded.withoutInputFiles)
              : null,
        }
      : { kept: false, reason: toastMessages.serviceRecordNotSaved(recorded.reason) },
  );
}

/** Reads the card's PAR.txt (from the open folder, or the picked file) and compares the merge with it. */
export async function compareCard(cardFolder: CardFolder, cardFile: File | undefined) {
  const store = getFileListStore();
  try {
    const { read } = cardFile ? await cardFolder.readPickedFile(cardFile) : await cardFolder.read();
    // A copy crosses to the worker; the card folder keeps its own for the service record.
    await getMergeClient().compareWithCard(await listedFiles(), read.bytes?.slice().buffer ?? null, store.bytesOf);
  } catch (error) {
    logger.error("Something went wrong", error);
    // A failure at the card stays on screen (the card folder keeps it); anything else is said once.
    if (!(error instanceof CardFolderError)) return jsonWithError(null, toastMessages.cardCompareFailed);
  }
  return null;
}

export async function exportParameterTable(query: ParameterQuery) {
  const store = getFileListStore();
  try {
    const csv = await getMergeClient().parameterTableCsv(await listedFiles(), query, store.bytesOf);
    saveFile(parameterTableCsvName, csv.bytes, csvMimeType);
    return jsonWithSuccess(null, toastMessages.parameterTableSaved(csv.rowCount));
  } catch (error) {
    logger.error("Something went wrong", error);
    return jsonWithError(null, toastMessages.parameterTableFailed);
  }
}
