/**
 * Writing PAR.txt into the card's root: written, closed, read back and compared byte for byte, or a CardWriteError
 * that says, by the step that failed, what the card holds now, and keeps the card's PAR.txt read before the write.
 * Nothing but PAR.txt is ever written to the card. A write that may have changed the card without a verified
 * PAR.txt is kept as an unfinished write (replacedParFile); a verified one ends the unfinished write its card may be.
 */
import { cardStateAfterFailure, cardWriteFailureReport, type CardWriteStep } from "~/lib/card/cardFailures";
import { cardFolderFingerprint, type CardFolderFingerprint } from "~/lib/card/cardFingerprint";
import { parFileOnCard, type CardEntry, type CardRead, type ParFileOnCard } from "~/lib/card/cardFolderContents";
import { CardFolderError, cardFolderErrorOf, CardWriteError } from "~/lib/card/cardFolderErrors";
import { cardTexts } from "~/lib/card/cardTexts";
import {
  replacedParFile,
  replacedParFileNote,
  unfinishedWritesAfter,
  type ReplacedParFile,
} from "~/lib/card/unfinishedWrites";
import { sameBytes } from "~/lib/merger/fileBytes";
import { parFileName } from "~/lib/merger/parFileFormat";
import { logger } from "~/lib/shell/logger";
import { sha256Hex } from "~/lib/shell/browser/sha256";
import { bytesOfFile, sizedEntriesIn } from "./cardFolderFiles";
import type { UnfinishedWrite, UnfinishedWriteStore } from "./unfinishedWriteStore";

export interface CardWritten {
  folderName: string;
  fileName: string;
  byteCount: number;
  sha256: string;
  /** The bytes read back, equal to the ones written. */
  bytes: Uint8Array<ArrayBuffer>;
}

/**
 * Asked with the card's PAR.txt just before a write: a reason not to write (nothing is changed then), or null.
 * Rolling back a record's write passes one, so only the card that write left behind is written back.
 */
export type CardWriteGuard = (current: Uint8Array<ArrayBuffer> | null, onCard: ParFileOnCard) => Promise<string | null>;

/** A verified write: what the card holds now, the PAR.txt it replaced, and the folder's entries now. */
interface VerifiedWrite {
  written: CardWritten;
  previous: CardRead;
  /** PAR.txt included. */
  entries: CardEntry[];
}

async function removed({ card, fileName }: { card: FileSystemDirectoryHandle; fileName: string }) {
  try {
    await card.removeEntry(fileName);
    return true;
  } catch (error) {
    logger.warn("The empty PAR.txt made for a write could not be taken off the card", error);
    return false;
  }
}

export async function writeAndReadBack(
  usableFolder: () => Promise<FileSystemDirectoryHandle>,
  bytes: Uint8Array<ArrayBuffer>,
  unfinished: UnfinishedWriteStore,
  guard?: CardWriteGuard,
): Promise<VerifiedWrite> {
  let step: CardWriteStep = "before-write";
  let previous: CardRead | null = null;
  let createdIn: { card: FileSystemDirectoryHandle; fileName: string } | null = null;
  let before: {
    card: CardFolderFingerprint;
    replaced: ReplacedParFile<Uint8Array<ArrayBuffer>>;
  } | null = null;
  try {
    const card = await usableFolder();
    const entries = await sizedEntriesIn(card);
    const onCard = parFileOnCard(entries);
    if (!onCard.fileName && onCard.folderName)
      throw new CardFolderError("folder-named-par", cardTexts.folderNamedPar(onCard.folderName));
    // The PAR.txt being replaced, for the service record; never copied onto the card.
    const current = onCard.fileName ? await bytesOfFile(card, onCard.fileName) : null;
    // What the card holds, and whether an unfinished write may have left it (the record then says so).
    const fingerprint = cardFolderFingerprint(card.name, entries);
    const replaced = replacedParFile(current, fingerprint, await unfinished.list());
    before = { card: fingerprint, replaced };
    previous = {
      bytes: replaced.bytes,
      name: card.name,
      from: "folder",
      readAt: new Date(),
      note: replacedParFileNote(replaced),
    };
    const refusal = guard ? await guard(current, onCard) : null;
    if (refusal) throw new CardFolderError("not-the-records-card", refusal);
    const fileName = onCard.fileName ?? parFileName;
    const handle = await card.getFileHandle(fileName, { create: true });
    if (!onCard.fileName) createdIn = { card, fileName };
    const writable = await handle.createWritable();
    step = "writing";
    try {
      await writable.write(bytes);
    } catch (error) {
      await writable.abort().catch(() => undefined);
      throw error;
    }
    step = "closing";
    await writable.close();
    step = "reading-back";
    const readBack = new Uint8Array(await (await handle.getFile()).arrayBuffer());
    if (!sameBytes(readBack, bytes))
      throw new CardFolderError("read-back-differs", cardTexts.readBackDiffers(readBack.length, bytes.length));
    // This card is written: the unfinished write it may be the card of is done with (cannot-tell included, or
    // a good retry would leave the alert forever); other cards' stay.
    if (replaced.kind === "cannot-tell")
      await unfinished.change((writes) => unfinishedWritesAfter(writes, replaced, null));
    const written = {
      folderName: card.name,
      fileName,
      byteCount: readBack.length,
      sha256: await sha256Hex(readBack),
      bytes: readBack,
    };
    // The folder as it is now, PAR.txt included.
    const entriesNow: CardEntry[] = createdIn ? [...entries, { name: fileName, kind: "file" }] : entries;
    return { written, previous, entries: entriesNow };
  } catch (error) {
    const failure = cardFolderErrorOf(error);
    // A card that had no PAR.txt got an empty one to write into: take it away again, or say it is there.
    const emptyFileLeft =
      createdIn !== null && (step === "before-write" || step === "writing") && !(await removed(createdIn));
    const report = cardWriteFailureReport(
      cardStateAfterFailure({ step, cause: failure.cause, emptyFileLeft }),
      failure,
      // Whether the card held a PAR.txt is known once the tool has looked at its folder.
      before ? before.replaced.bytes !== null : null,
    );
    let unfinishedId: string | null = null;
    if ((report.cardState === "written-unverified" || report.cardState === "may-be-incomplete") && before) {
      const write: UnfinishedWrite = {
        id: crypto.randomUUID(),
        at: new Date(),
        cardState: report.cardState,
        writing: bytes,
        replaced: previous?.bytes ?? null,
        card: before.card,
        recordId: null,
      };
      const { replaced } = before;
      await unfinished.change((writes) => unfinishedWritesAfter(writes, replaced, write));
      unfinishedId = write.id;
    }
    throw new CardWriteError(report, previous, unfinishedId);
  }
}
