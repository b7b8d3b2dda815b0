/**
 * What a read or write at the SD card means for the technician: which file on the card is PAR.txt, what a
 * failure at each step of a write leaves on the card, whether a record's write may be rolled back, and every
 * text about it. Pure rules; the browser adapter (browser/cardFolder.ts) only reports which step failed and
 * the browser's error name. See docs/behaviour.md#the-sd-card.
 */
import type { NoticeText } from "~/lib/shell/noticeText";
import { cardTexts } from "./cardTexts";
import { sameBytes } from "~/lib/merger/fileBytes";
import { parFileName, type ParFileDestination } from "~/lib/merger/parFileFormat";

/** An entry in the card's top folder. */
export interface CardEntry {
  name: string;
  kind: "file" | "directory";
}

/** FAT cards ignore case: "PAR.TXT" is the unit's PAR.txt too. */
export function isParFileName(name: string): boolean {
  return name.toLowerCase() === parFileName.toLowerCase();
}

/** Which entry of the card's top folder is its PAR.txt, and what stands in its way. */
export interface ParFileOnCard {
  /** The file read and replaced (null: the card has none, a write creates PAR.txt). */
  fileName: string | null;
  /** Files whose names differ from it only in case (possible outside FAT): the unit may read any of them. */
  caseTwins: string[];
  /** A folder named PAR.txt (any case), where the file should be. */
  folderName: string | null;
}

/**
 * The file named exactly PAR.txt wins over other cases; otherwise the one PAR.TXT in any case keeps its name
 * (the card ignores case, and a write must not leave two).
 */
export function parFileOnCard(entries: readonly CardEntry[]): ParFileOnCard {
  const files = entries.filter((entry) => entry.kind === "file" && isParFileName(entry.name)).map(({ name }) => name);
  const fileName = files.includes(parFileName) ? parFileName : (files[0] ?? null);
  return {
    fileName,
    caseTwins: files.filter((name) => name !== fileName),
    folderName: entries.find((entry) => entry.kind === "directory" && isParFileName(entry.name))?.name ?? null,
  };
}

/** What the technician should know about the card's top folder besides PAR.txt itself. */
export function cardFolderWarnings(entries: readonly CardEntry[]): string[] {
  const names = entries.map(({ name }) => name);
  const { fileName, caseTwins, folderName } = parFileOnCard(entries);
  const warnings: string[] = [];
  if (folderName) warnings.push(cardTexts.folderNamedPar(folderName));
  else if (!fileName) warnings.push(cardTexts.noParFile);
  if (fileName && caseTwins.length > 0) warnings.push(cardTexts.caseTwins(fileName, caseTwins));
  const appleDouble = names.filter((name) => /^\._par.*\.txt$/i.test(name));
  if (appleDouble.length > 0) warnings.push(cardTexts.appleDouble(appleDouble));
  const otherParFiles = names.filter((name) => /^par.*\.txt$/i.test(name) && !isParFileName(name));
  if (otherParFiles.length > 0) warnings.push(cardTexts.otherParFiles(otherParFiles));
  const swapFiles = names.filter((name) => /^par\.txt\.crswap$/i.test(name));
  if (swapFiles.length > 0) warnings.push(cardTexts.swapFiles(swapFiles));
  return warnings;
}

/** Why a step at the card failed, in the technician's terms. */
export type CardFailureCause =
  | "permission"
  | "card-gone"
  | "card-unreadable"
  | "card-full"
  | "write-protected"
  | "folder-named-par"
  | "read-back-differs"
  | "not-the-records-card"
  | "other";

/** The causes a browser's error can name; the other two are the tool's own findings. */
type BrowserFailureCause = Exclude<CardFailureCause, "read-back-differs" | "not-the-records-card">;

/** The cause behind a DOMException's name (the browser's own text is not for the technician). */
export function cardFailureCause(errorName: string): BrowserFailureCause {
  switch (errorName) {
    case "NotAllowedError":
    case "SecurityError":
      return "permission";
    case "NotFoundError":
      return "card-gone";
    case "NotReadableError":
      return "card-unreadable";
    case "QuotaExceededError":
      return "card-full";
    case "NoModificationAllowedError":
    case "InvalidModificationError":
      return "write-protected";
    case "TypeMismatchError":
      // The only handle the tool asks for by name is PAR.txt: a folder stands there.
      return "folder-named-par";
    default:
      return "other";
  }
}

/** What went wrong, from the browser's error name, in the technician's words; `detail` only when nothing fits. */
export function cardFailureOf(errorName: string, detail: string): { cause: CardFailureCause; message: string } {
  const cause = cardFailureCause(errorName);
  return {
    cause,
    message:
      cause === "other" ? cardTexts.causes.other(detail || errorName || "unknown error") : cardTexts.causes[cause],
  };
}

/**
 * The steps of a write, in order. A write to the card goes to a temporary file until close() (the File System
 * Access standard: "changes are not reflected in the file until the stream is closed"), so PAR.txt itself can
 * change only from close() on.
 */
export type CardWriteStep = "before-write" | "writing" | "closing" | "reading-back";

/** What the card holds after a failed write: as before, the new PAR.txt unverified, or nobody knows. */
export type CardStateAfterFailure = "unchanged" | "written-unverified" | "may-be-incomplete";

export function cardStateAfterFailure({
  step,
  cause,
  emptyFileLeft = false,
}: {
  step: CardWriteStep;
  cause: CardFailureCause;
  /** A card without PAR.txt got an empty one (created to be written) that could not be taken away again. */
  emptyFileLeft?: boolean;
}): CardStateAfterFailure {
  if (emptyFileLeft) return "may-be-incomplete";
  switch (step) {
    case "before-write":
    case "writing":
      return "unchanged";
    case "closing":
      return "may-be-incomplete";
    case "reading-back":
      // close() succeeded: the new PAR.txt is in place, unless what was read back says otherwise.
      return cause === "read-back-differs" ? "may-be-incomplete" : "written-unverified";
  }
}

/**
 * Which card writes get a service record, and as what. Every write that may have changed the card gets one, so
 * the records hold every PAR.txt that may be on a unit's card (with the card's PAR.txt from before); each state
 * has its own destination, so a write nobody verified is never taken for a verified one. null: no record, the
 * card is as it was.
 */
const cardWriteRecordDestinations = {
  verified: "card",
  "written-unverified": "card-unverified",
  "may-be-incomplete": "card-incomplete",
  unchanged: null,
  "read-failed": null,
} as const satisfies Record<"verified" | CardFailureReport["cardState"], ParFileDestination | null>;

export function recordDestinationOfCardWrite<Outcome extends keyof typeof cardWriteRecordDestinations>(
  outcome: Outcome,
): (typeof cardWriteRecordDestinations)[Outcome] {
  return cardWriteRecordDestinations[outcome];
}

/** An entry of the card's top folder with its size (null: a folder, or a file that could not be looked at). */
export interface SizedCardEntry extends CardEntry {
  size: number | null;
}

/**
 * What may tell one card from another in the same reader, besides PAR.txt: the other entries of its top folder,
 * names and sizes. What a write itself may leave or change (PAR.txt in any case, its .crswap, a Mac's ._PAR.txt),
 * what the operating system makes or changes by itself when the card is inserted or browsed (madeByTheSystem) and
 * what a file-system repair adds after a card was pulled mid-write (madeByARepair) are left out, so a card keeps its
 * fingerprint across a cut write, a repair and a pull and push. The folder's name is kept to name the card, but
 * proves nothing: the same card is "NO NAME 1" or "F:" in another slot, on another computer, or while the old mount
 * lingers. Other entries prove another card; the same ones prove nothing (cards of one unit type are made from one
 * image).
 */
export interface CardFolderFingerprint {
  folderName: string;
  /** "name/kind/size", sorted. */
  others: string[];
}

const changedByAWrite = /^(\._)?par\.txt(\.crswap)?$/i;

/**
 * Made or changed on a mount, without the technician: Finder's .DS_Store and ._ files, Spotlight, FSEvents and the
 * Trash on a Mac; Windows' System Volume Information, recycle bin and Explorer's files; a Linux desktop's trash.
 */
const madeByTheSystem =
  /^(\.DS_Store|\._.*|\.Spotlight-V100|\.fseventsd|\.Trashes|\.TemporaryItems|\.DocumentRevisions-V100|\.apdisk|\.VolumeIcon\.icns|\.metadata_never_index.*|System Volume Information|\$RECYCLE\.BIN|RECYCLER|RECYCLED|desktop\.ini|Thumbs\.db|\.Trash-\d+)$/i;

/**
 * Made by a file-system repair of a card pulled mid-write: Windows' "Scan and fix" (FOUND.000 with FILE0000.CHK
 * inside, or CHK files at the top), Linux's fsck.fat (FSCK0000.REN) and lost+found, an Android device's LOST.DIR,
 * a desktop's .Trash.
 */
const madeByARepair = /^(FOUND\.\d{3}|FILE\d{4}\.CHK|FSCK\d{4}\.REN|LOST\.DIR|lost\+found|\.Trash)$/i;

/** Whether an entry of the card's top folder says nothing about which card it is. */
export function isLeftOutOfFingerprint(name: string): boolean {
  return changedByAWrite.test(name) || madeByTheSystem.test(name) || madeByARepair.test(name);
}

export function cardFolderFingerprint(folderName: string, entries: readonly SizedCardEntry[]): CardFolderFingerprint {
  return {
    folderName,
    others: entries
      .filter(({ name }) => !isLeftOutOfFingerprint(name))
      .map(({ name, kind, size }) => `${name}/${kind}/${size ?? ""}`)
      .sort(),
  };
}

/** A fingerprint stored before entries were left out gets the same rule: ".DS_Store/file/6148" says nothing. */
const telling = (fingerprint: CardFolderFingerprint) =>
  fingerprint.others.filter((other) => !isLeftOutOfFingerprint(other.split("/")[0] ?? ""));

/** Whether the fingerprints prove two cards: equal ones do not prove one, nor does the folder's name alone. */
export function provesAnotherCard(a: CardFolderFingerprint, b: CardFolderFingerprint): boolean {
  const [othersA, othersB] = [telling(a), telling(b)];
  return othersA.length !== othersB.length || othersA.some((other, index) => other !== othersB[index]);
}

/** What a card's unwritten space reads as: FAT gives zeros (NUL), flash erased and never written gives 0xFF. */
const isUnwrittenByte = (byte: number) => byte === 0x00 || byte === 0xff;

/**
 * Whether a card's PAR.txt may be what a write of `writing` left when it did not finish: its bytes whole, cut
 * short, none (the empty file a write into a new PAR.txt starts with), or at its length (or shorter) with runs of
 * NUL or 0xFF where clusters were not written (the file's size reached the card, some of its data did not).
 */
export function mayBeLeftOverOf(onCard: Uint8Array | null, writing: Uint8Array): boolean {
  return (
    onCard !== null &&
    onCard.length <= writing.length &&
    onCard.every((byte, index) => byte === writing[index] || isUnwrittenByte(byte))
  );
}

/**
 * Whether a PAR.txt holds NUL bytes: then it is not a whole parameter file (the unit would not read it either),
 * but what a cut write or a damaged card left, whatever the tool remembers of unfinished writes.
 */
export function holdsNulBytes(bytes: Uint8Array | null): boolean {
  return bytes !== null && bytes.includes(0x00);
}

/**
 * A write that ended without a verified PAR.txt on the card, which may have changed it: what it wrote, what it
 * replaced, and on which card (its folder's fingerprint, taken just before the write).
 */
export interface UnfinishedCardWrite<Bytes extends Uint8Array = Uint8Array> {
  id: string;
  at: Date;
  cardState: "written-unverified" | "may-be-incomplete";
  writing: Uint8Array;
  replaced: Bytes | null;
  card: CardFolderFingerprint;
  /** Its service record, once kept. */
  recordId: string | null;
}

/** The PAR.txt a write replaces, as its record keeps it, and why. */
export type ReplacedParFile<Bytes extends Uint8Array> =
  /** What the card holds: no unfinished write may have left it. */
  | { kind: "on-card"; bytes: Bytes | null }
  /** What the card holds, not a whole parameter file (NUL bytes), and no unfinished write the tool knows of. */
  | { kind: "not-whole"; bytes: Bytes }
  /** What the card holds, which an unfinished write may have left, on a card the tool cannot tell from that one. */
  | { kind: "cannot-tell"; bytes: Bytes | null; unfinished: UnfinishedCardWrite<Bytes> };

/**
 * The PAR.txt a write replaces, as its record keeps it (and a write back restores): always what the card holds.
 * Neither the card's bytes nor its folder prove that it is the card of an unfinished write: an empty PAR.txt, a
 * shorter one of the same codes or the new PAR.txt itself are ordinary files of another unit's card, and cards of
 * one unit type have one fingerprint. So when the card holds what an unfinished write may have left and its
 * fingerprint does not prove another card, the tool cannot tell: the record keeps what the card holds and says so
 * (cannotTellCard), its write back is refused (previousMayBeLeftOver), and the PAR.txt from before the unfinished
 * write stays with that write's own record. The newest such unfinished write is named.
 */
export function replacedParFile<Bytes extends Uint8Array>(
  onCard: Bytes | null,
  card: CardFolderFingerprint,
  unfinished: readonly UnfinishedCardWrite<Bytes>[],
): ReplacedParFile<Bytes> {
  const mayBeThatCard = [...unfinished]
    .sort((a, b) => b.at.getTime() - a.at.getTime())
    .find((write) => !provesAnotherCard(write.card, card) && mayBeLeftOverOf(onCard, write.writing));
  if (mayBeThatCard) return { kind: "cannot-tell", bytes: onCard, unfinished: mayBeThatCard };
  return onCard !== null && holdsNulBytes(onCard)
    ? { kind: "not-whole", bytes: onCard }
    : { kind: "on-card", bytes: onCard };
}

/** What the record must say of the card's PAR.txt it keeps as the previous one, or null. */
export function replacedParFileNote<Bytes extends Uint8Array>(replaced: ReplacedParFile<Bytes>): string | null {
  switch (replaced.kind) {
    case "on-card":
      return null;
    case "not-whole":
      return cardTexts.previousNotWhole;
    case "cannot-tell":
      return cardTexts.cannotTellCard(replaced.unfinished);
  }
}

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
 * The unfinished writes to remember after a write: the one whose card this write may have written again (cannot
 * tell) goes, once its record keeps the PAR.txt from before it; a new unfinished one comes first; the newest few
 * are kept.
 */
export function unfinishedWritesAfter<Bytes extends Uint8Array>(
  unfinished: readonly UnfinishedCardWrite<Bytes>[],
  replaced: ReplacedParFile<Bytes>,
  newUnfinished: UnfinishedCardWrite<Bytes> | null,
): UnfinishedCardWrite<Bytes>[] {
  // Without its record, the unfinished write holds the only copy of the PAR.txt from before it: it stays.
  const taken =
    replaced.kind !== "cannot-tell" || replaced.unfinished.recordId === null ? null : replaced.unfinished.id;
  const kept = unfinished.filter((write) => write.id !== taken);
  return (newUnfinished ? [newUnfinished, ...kept] : kept).slice(0, unfinishedWritesKept);
}

/**
 * Whether the technician may end an unfinished write's note by hand: a verified write of that card ends it only
 * where the tool can match the card (replacedParFile), and a card changed in a way the tool cannot see through (a
 * file the unit or another device added) would keep it forever. Only once its record keeps the card's PAR.txt
 * from before it: until then the note holds the only copy.
 */
export function mayEndUnfinishedWriteByHand(write: { recordId: string | null }): boolean {
  return write.recordId !== null;
}

/** Enough for a day's cards; older ones have their records. */
export const unfinishedWritesKept = 10;

/** A failure at the card, as the screen shows it: the title says what the card holds, the cause what happened. */
export interface CardFailureReport {
  cardState: CardStateAfterFailure | "read-failed";
  reason: CardFailureCause;
  title: string;
  cause: string;
  advice: string;
}

/**
 * `hadParFile`: whether the card held a PAR.txt when the tool looked, before the write (null: it failed before it
 * looked). An unchanged card still holds what it had, and the advice says which.
 */
export function cardWriteFailureReport(
  state: CardStateAfterFailure,
  failure: { cause: CardFailureCause; message: string },
  hadParFile: boolean | null = null,
): CardFailureReport {
  const { title, advice } = cardTexts.afterWrite[state];
  const held =
    state !== "unchanged" || hadParFile === null
      ? ""
      : `${hadParFile ? cardTexts.stillHoldsParFile : cardTexts.stillNoParFile} `;
  return { cardState: state, reason: failure.cause, cause: failure.message, title, advice: `${held}${advice}` };
}

export function cardReadFailureReport(failure: { cause: CardFailureCause; message: string }): CardFailureReport {
  return { cardState: "read-failed", reason: failure.cause, cause: failure.message, ...cardTexts.afterRead };
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

/** A record's comparison with the card, and what it must say of the card's previous PAR.txt (cannotTellCard). */
export function recordedCardComparison(summary: string, note: string | null): string {
  if (!note) return summary;
  return `${summary}${summary.endsWith(".") ? "" : "."} ${note}`;
}

/**
 * What a reload would lose of the card's memory that the browser's storage refused (heldOnlyInTab): the PAR.txt a
 * failed write replaced when its service record could not be saved, and the unfinished writes that could not be
 * stored, without which the next write of that card takes its cut PAR.txt for its previous one. Null: nothing.
 */
export function cardReloadLoss({
  previousOnlyHere,
  unfinishedOnlyHere,
}: {
  /** The size of the failed write's previous PAR.txt, kept only in this tab; null when it is kept or none. */
  previousOnlyHere: number | null;
  unfinishedOnlyHere: boolean;
}): string | null {
  const lost = [
    previousOnlyHere !== null ? cardTexts.previousLostOnReload(previousOnlyHere) : null,
    unfinishedOnlyHere ? cardTexts.unfinishedLostOnReload : null,
  ].filter((text) => text !== null);
  return lost.length > 0 ? lost.join("; ") : null;
}
