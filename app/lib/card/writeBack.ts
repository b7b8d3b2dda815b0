/**
 * Writing a record's previous PAR.txt back to the card: only onto the card that record's write left behind, never
 * a PAR.txt an unfinished write may have cut short, and what the record's alert says when it fails.
 */
import type { NoticeText } from "~/lib/shell/noticeText";
import { sameBytes } from "~/lib/merger/fileBytes";
import type { ParFileDestination } from "~/lib/merger/parFileFormat";
import { cardTexts } from "./cardTexts";
import type { CardFailureReport } from "./cardFailures";
import { mayBeLeftOverOf } from "./unfinishedWrites";

/** The records of unfinished writes (written but not verified, or may be incomplete) made before `record`, newest first. */
export function mayHaveLeftThePrevious<Record extends { createdAt: string; destination: ParFileDestination }>(
  record: { createdAt: string },
  others: readonly Record[],
): Record[] {
  return others
    .filter(
      (other) =>
        (other.destination === "card-incomplete" || other.destination === "card-unverified") &&
        other.createdAt < record.createdAt,
    )
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/**
 * The newest record of an unfinished write made before a record whose previous PAR.txt may be that write's leftover
 * cut short (its PAR.txt begins with those bytes and is longer; an empty file included), or null. Such a previous
 * PAR.txt may be a cut file rather than the card's PAR.txt from before, so it is never written back as that: the
 * PAR.txt from before the unfinished write is with that write's record. A previous PAR.txt equal to the unfinished
 * write's whole PAR.txt is a complete file that was on the card, and may be written back. Derived from the records
 * alone, it holds for records made before the rule too.
 */
export function previousMayBeLeftOver<Record extends { createdAt: string; destination: ParFileDestination }>(
  record: { createdAt: string; previous: Uint8Array },
  others: readonly (Record & { parBytes: Uint8Array })[],
): Record | null {
  const cutFrom = (parBytes: Uint8Array) =>
    !sameBytes(record.previous, parBytes) && mayBeLeftOverOf(record.previous, parBytes);
  return mayHaveLeftThePrevious(record, others).find((other) => cutFrom(other.parBytes)) ?? null;
}

/**
 * Rolling back a record's card write is safe only on the card that write left behind: its PAR.txt must be,
 * byte for byte (SHA-256), the PAR.txt the record wrote. Anything else is another unit's card or a card changed
 * since, and writing back would replace a configuration nobody kept. null: the card may be written back.
 */
export function writeBackRefusal({
  card,
  recordParSha256,
  recordPreviousSha256 = null,
  recordDestination,
  sameAsRecord,
  previousMayBeLeftOverOf = null,
  recordPreviousHoldsNul = false,
}: {
  /** What the card's top folder holds as PAR.txt now. */
  card: { sha256: string; size: number } | { folderNamedPar: string } | null;
  recordParSha256: string;
  /** The card's PAR.txt from before the record's write, which a write back puts back. */
  recordPreviousSha256?: string | null;
  recordDestination: ParFileDestination;
  /** Another record whose PAR.txt is the card's (the newest), to name it. */
  sameAsRecord: { time: string; label: string } | null;
  /** The record of an unfinished write whose leftover the record's previous PAR.txt may be (previousMayBeLeftOver). */
  previousMayBeLeftOverOf?: { time: string; label: string } | null;
  /** The record's previous PAR.txt holds NUL bytes (holdsNulBytes): not a whole parameter file. */
  recordPreviousHoldsNul?: boolean;
}): NoticeText | null {
  const refusals = cardTexts.writeBackRefusals;
  if (card === null) return refusals.noParFile;
  if ("folderNamedPar" in card) return refusals.folderNamedPar(card.folderNamedPar);
  // The record's own card, but what it would put back may be a cut file: never "verified" in one click.
  if (card.sha256 === recordParSha256) {
    // A write to a card that held these bytes already (a second tap): putting them back "verified" changes nothing.
    if (recordPreviousSha256 === recordParSha256) return refusals.sameFile(card.size);
    if (previousMayBeLeftOverOf) return refusals.previousMayBeLeftOver(previousMayBeLeftOverOf);
    return recordPreviousHoldsNul ? refusals.previousNotWhole : null;
  }
  // Written back already (or put back by hand): "another unit's card" would send the technician looking for one.
  if (card.sha256 === recordPreviousSha256) return refusals.alreadyOnCard(card.size);
  // A write that may have left PAR.txt incomplete leaves other bytes on its own card: say so, not only "another unit".
  const mayBeIncomplete = recordDestination === "card-incomplete" && !sameAsRecord;
  return refusals.otherParFile(card, recordParSha256, sameAsRecord, mayBeIncomplete);
}

/**
 * Why a write back did not end as verified, as the record's alert says it: a refusal at the write itself (the card
 * was swapped after the question) is that refusal; otherwise what the card holds now, then what happened.
 */
export function writeBackFailure(report: CardFailureReport, refusal: NoticeText | null): NoticeText {
  if (report.reason === "not-the-records-card")
    return refusal ?? { verdict: report.cause, explanation: null, details: null };
  if (report.cardState === "unchanged" || report.cardState === "read-failed")
    return { verdict: cardTexts.cardUnchanged, explanation: report.cause, details: null };
  return {
    verdict: `${report.title}.`,
    explanation: `${report.cause} ${cardTexts.writeBackMayHaveChanged}`,
    details: null,
  };
}
