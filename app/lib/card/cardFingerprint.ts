/**
 * Which card is in the reader, as far as its top folder can tell: the fingerprint an unfinished write keeps of its
 * card, and whether two fingerprints prove two cards.
 */
import type { CardEntry } from "./cardFolderContents";

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
