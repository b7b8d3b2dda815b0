/**
 * Every text about the SD card, in one place: its folder, a failed read or write, the writes that did not
 * finish, and a record's write back. An alert or a refusal says its verdict first, then why and what to do, and
 * keeps the long explanation behind "Details" (docs/behaviour.md#messages). The rules are in the other modules of app/lib/card.
 */
import type { NoticeText } from "~/lib/shell/noticeText";

/** "25 Nov 2026, 14:05", local time, as the records show dates. */
export function unfinishedWriteTime(at: Date): string {
  return at.toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" });
}

const shortSha = (sha256: string) => sha256.slice(0, 12);
const byteCount = (size: number) => `${size.toLocaleString("en")} byte${size === 1 ? "" : "s"}`;

/** A record as a refusal names it: "the record of 25 Nov 2026, 13:38:02 · Fjordview pool". */
const recordName = ({ time, label }: { time: string; label: string }) =>
  `the record of ${time}${label ? ` · ${label}` : ""}`;

/** What an unfinished write left, as its alert says it: the card's state, in the alert's title words. */
type UnfinishedState = "written-unverified" | "may-be-incomplete";

const afterWrite = {
  unchanged: {
    title: "PAR.txt was not written: the card is unchanged",
    advice: "Put it right and write again, or copy the downloaded PAR.txt by hand.",
  },
  "written-unverified": {
    title: "PAR.txt was written but could not be verified",
    advice: "The card could not be read back. Compare with card before the card goes into the unit.",
  },
  "may-be-incomplete": {
    title: "The card's PAR.txt may be incomplete",
    advice: "Do not put this card in the unit until Write to SD card succeeds, or copy the downloaded PAR.txt by hand.",
  },
} as const;

export const cardTexts = {
  noParFile: "The card has no PAR.txt yet.",
  folderNamedPar: (name: string) =>
    `The card has a folder named ${name} where the file PAR.txt should be: the unit cannot read it. Rename or delete that folder on a computer.`,
  caseTwins: (fileName: string, twins: readonly string[]) =>
    `${[fileName, ...twins].join(" and ")}: the card holds PAR files whose names differ only in case, and the unit may read any of them. The tool reads and writes ${fileName}; delete ${twins.join(", ")} from the card.`,
  appleDouble: (names: readonly string[]) =>
    `${names.join(", ")}: a hidden file a Mac wrote next to PAR.txt. Some units read it instead of PAR.txt; delete it from the card.`,
  otherParFiles: (names: readonly string[]) =>
    `${names.join(", ")}: other PAR files on the card (a browser names a second download "PAR (1).txt"). The unit reads only PAR.txt; delete the others so nobody takes them for it.`,
  swapFiles: (names: readonly string[]) =>
    `${names.join(", ")}: left over from a write that did not finish; delete it from the card.`,
  pickedFileNotPar: (name: string) => `The picked file is named ${name}, not PAR.txt: the unit reads only PAR.txt.`,

  causes: {
    permission: "The browser was not allowed to use the card folder (permission refused).",
    "card-gone": "The card is no longer there (was it removed?).",
    "card-unreadable": "The card stopped answering (was it removed, or is it damaged?).",
    "card-full": "The card is full.",
    "write-protected":
      "The card is write-protected: slide the lock switch on its side away from LOCK, or close PAR.txt in any other program.",
    "folder-named-par": `The card has a folder named PAR.txt where the file PAR.txt should be.`,
    other: (detail: string) => `The card could not be used: ${detail}.`,
  },
  noFolderOpen: "No card folder is open.",
  readBackDiffers: (readCount: number, writtenCount: number) =>
    `Reading PAR.txt back gave other bytes than were written (${byteCount(readCount)} read, ${byteCount(writtenCount)} written).`,

  cardUnchanged: "The card is unchanged.",
  afterRead: { title: "The card could not be read", advice: "Nothing was written to the card." },
  afterWrite,
  /** Before the advice of a write that left the card unchanged, when the tool had looked at the card. */
  stillHoldsParFile: "The card still holds its PAR.txt.",
  stillNoParFile: "The card still has no PAR.txt.",
  /** Under a failure that may have changed the card: its service record is kept (a link to it follows). */
  failedWriteRecordKept: "A service record of this write is kept:",
  failedWriteRecordLink: "see the record",
  /** Under a failure that may have changed the card, when the tool had read the card's PAR.txt before. */
  previousKept: (size: number) =>
    `The card's PAR.txt from before this write (${byteCount(size)}) is kept here: save it before you write again.`,
  previousKeptWhy: "The next write takes what the card holds now as its previous PAR.txt.",
  savePrevious: "Save the card's previous PAR.txt",
  /** In a reload offer (reloadOffer.ts): what the card's memory would lose. */
  previousLostOnReload: (size: number) =>
    `the card's PAR.txt from before the failed write (${byteCount(size)}: Save the card's previous PAR.txt first)`,
  unfinishedLostOnReload: "the note that a write to the card did not finish (the card's PAR.txt may be incomplete)",

  /** After a reload: the card writes that did not finish, until each card is written again. */
  unfinishedTitle: "A write to the card did not finish",
  /** One unfinished write: which card, when, and what it may hold. */
  unfinishedWrite: (write: { cardState: UnfinishedState; at: Date; card: { folderName: string } }) =>
    `Card folder ${write.card.folderName}, ${unfinishedWriteTime(write.at)}: ${write.cardState === "may-be-incomplete" ? "its PAR.txt may be incomplete" : "its PAR.txt was written but not verified"}.`,
  unfinishedWhatToDo: "Do not put that card in the unit until Write to SD card succeeds on it.",
  /** Behind Details: what the tool keeps of that card's PAR.txt from before the write (null: it had none). */
  unfinishedKept: (replacedSize: number | null) =>
    replacedSize === null
      ? "That card had no PAR.txt before this write."
      : `The tool keeps that card's PAR.txt from before this write (${byteCount(replacedSize)}).`,
  /** Behind Details of an unfinished write whose record is kept (mayEndUnfinishedWriteByHand): how to end its note. */
  unfinishedEndByHand:
    "If Write to SD card has succeeded on that card since and this note stays, the tool could not tell it was that card (something in its folder changed): end the note once that card holds a verified PAR.txt.",
  unfinishedEndButton: "That card is written now: end this note",

  /** In the record's comparison, when the card may be the one an unfinished write left (replacedParFile). */
  cannotTellCard: (write: { at: Date; card: { folderName: string } }) =>
    `The card's previous PAR.txt may be cut short: the unfinished write of ${unfinishedWriteTime(write.at)} to card folder ${write.card.folderName} may have left it, and cards of one unit type look alike. This record keeps it but never writes it back; if it is that card, that write's record keeps its PAR.txt from before.`,
  /** In the record's comparison, when the card's PAR.txt holds NUL bytes (replacedParFile "not-whole"). */
  previousNotWhole:
    "The card's previous PAR.txt is not a whole file (it holds NUL bytes, as a cut write or a damaged card leaves): this record keeps it but never writes it back.",

  writeBackQuestion: "Write the previous PAR.txt back to the card?",
  writeBackExplained: (previousSize: number, recordTime: string) =>
    `This puts back the card's PAR.txt from before the write of ${recordTime} (${byteCount(previousSize)}). This record keeps the PAR.txt it replaces: Download PAR.txt again brings it back.`,
  writeBackConfirm: "Write it back",
  writeBackRefusedTitle: "Nothing was written to the card",
  /** Under the refusal of a previous PAR.txt an unfinished write may have left: that write's record keeps the one from before. */
  writeBackOpenUnfinishedRecord: "Open the record of that write",
  /** The title of the alert on the record after a write back failed at the card. */
  writeBackFailedTitle: "The card's previous PAR.txt was not written back",
  writeBackMayHaveChanged:
    "This record keeps both PAR.txt files: write back again, or Download PAR.txt again and copy it by hand.",
  writeBackRefusals: {
    noParFile: {
      verdict: "The card has no PAR.txt: not the card this record wrote.",
      explanation: "Put in the card this record wrote to, then try again.",
      details:
        "A write back replaces only the PAR.txt this record wrote. This card holds none: it is another card, or its PAR.txt was deleted since.",
    },
    folderNamedPar: (name: string) => ({
      verdict: `A folder named ${name} stands where PAR.txt should be.`,
      explanation: "Rename or delete that folder on a computer, then try again.",
      details: "The unit cannot read a folder as its PAR.txt, and the tool writes no file in its place.",
    }),
    sameFile: (size: number) => ({
      verdict: "Writing it back would change nothing: the card held this PAR.txt before.",
      explanation: "To go back further, write back from an earlier record of this card.",
      details: `This record's previous PAR.txt is the PAR.txt it wrote (${byteCount(size)}, the same SHA-256): the card held this file already when this record wrote it.`,
    }),
    previousMayBeLeftOver: (unfinishedRecord: { time: string; label: string }) => ({
      verdict: "Its previous PAR.txt may be cut short by an unfinished write.",
      explanation:
        "If this is that write's card, write back from that write's record, or download its PAR.txt and copy it by hand.",
      details: `The previous PAR.txt this record keeps may be what the unfinished write of ${recordName(unfinishedRecord)} left on the card, not the PAR.txt the card held before it: writing it back could put an incomplete PAR.txt on the unit. That write's record keeps the card's PAR.txt from before it.`,
    }),
    previousNotWhole: {
      verdict: "Its previous PAR.txt is not a whole file: it holds NUL bytes.",
      explanation: "Write back from an earlier record of this card that keeps a whole PAR.txt, or copy one by hand.",
      details:
        "NUL bytes are what a write that did not finish, or a damaged card, leaves. The unit would not read such a file, so it is never written to the unit's card.",
    },
    alreadyOnCard: (size: number) => ({
      verdict: "The card already holds this record's previous PAR.txt.",
      explanation: null,
      details: `It has the same SHA-256 (${byteCount(size)}): it was written back already, or put back by hand.`,
    }),
    otherParFile: (
      card: { sha256: string; size: number },
      recordParSha256: string,
      sameAsRecord: { time: string; label: string } | null,
      recordMayBeIncomplete: boolean,
    ) => ({
      verdict: "The card's PAR.txt is not the one this record wrote.",
      explanation: sameAsRecord
        ? `It is the PAR.txt of ${recordName(sameAsRecord)}: another unit's card, or a later write.`
        : recordMayBeIncomplete
          ? "This record's write may have left it incomplete. If this is that unit's card, Download the card's previous PAR.txt and copy it onto the card by hand."
          : "It is another unit's card, or its PAR.txt was changed since.",
      details:
        `The card holds ${byteCount(card.size)} with SHA-256 ${shortSha(card.sha256)}…; this record wrote SHA-256 ${shortSha(recordParSha256)}…` +
        (recordMayBeIncomplete && !sameAsRecord
          ? " The tool cannot tell a card its write left incomplete from another unit's card."
          : ""),
    }),
    /** The card could not be read before the question: nothing was written (the reason follows). */
    cardNotRead: (reason: string) => ({
      verdict: "The card could not be read, so nothing was written back.",
      explanation: reason,
      details: null,
    }),
  } satisfies Record<string, NoticeText | ((...args: never[]) => NoticeText)>,
} as const;
