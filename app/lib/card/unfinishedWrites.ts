/**
 * Writes that may have changed a card without a verified PAR.txt: what the next write of a card that may be theirs
 * keeps as its previous PAR.txt (replacedParFile), which are remembered, and what a reload would lose of them.
 */
import { cardTexts } from "./cardTexts";
import { provesAnotherCard, type CardFolderFingerprint } from "./cardFingerprint";

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
