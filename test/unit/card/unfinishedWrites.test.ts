import { describe, expect, it } from "vitest";
import {
  cardFolderFingerprint,
  type CardFolderFingerprint,
  isLeftOutOfFingerprint,
  provesAnotherCard,
  type SizedCardEntry,
} from "~/lib/card/cardFingerprint";
import { recordedCardComparison } from "~/lib/card/cardWriteRecord";
import {
  cardReloadLoss,
  holdsNulBytes,
  mayBeLeftOverOf,
  mayEndUnfinishedWriteByHand,
  replacedParFile,
  replacedParFileNote,
  unfinishedWritesAfter,
} from "~/lib/card/unfinishedWrites";
import { cardTexts } from "~/lib/card/cardTexts";

describe("the PAR.txt a write replaces, as its record keeps it", () => {
  const bytes = (text: string) => new TextEncoder().encode(text);
  const old = bytes("P0001\r\nOLD\r\n");
  const unitCard = (folderName = "NO NAME", logSize = 120) =>
    cardFolderFingerprint(folderName, [
      { name: "PAR.txt", kind: "file", size: 12 },
      { name: "log.txt", kind: "file", size: logSize },
      { name: "FIRMWARE", kind: "directory", size: null },
    ]);
  const unfinishedOn = (card: CardFolderFingerprint, at = new Date(2026, 10, 25, 10, 58)) => ({
    id: `write at ${at.getTime()}`,
    at,
    cardState: "may-be-incomplete" as const,
    writing: bytes("P0001\r\nNEW\r\nP0002\r\n2\r\n"),
    replaced: old,
    card,
    recordId: "record of the cut write",
  });
  const unfinished = unfinishedOn(unitCard());

  it("is what the card holds, after no unfinished write", () => {
    expect(replacedParFile(old, unitCard(), [])).toEqual({ kind: "on-card", bytes: old });
    expect(replacedParFile(null, unitCard(), [])).toEqual({ kind: "on-card", bytes: null });
  });

  it.each([
    ["cut short", "P0001\r\n"],
    ["empty", ""],
    ["whole (written, not verified)", "P0001\r\nNEW\r\nP0002\r\n2\r\n"],
  ])(
    "keeps what the card holds and cannot tell, when a card of the same fingerprint holds the leftover, %s",
    (_, leftover) => {
      // The same card after a cut write, or card 2 of the unit type made from the same image: the tool cannot tell.
      expect(replacedParFile(bytes(leftover), unitCard(), [unfinished])).toEqual({
        kind: "cannot-tell",
        bytes: bytes(leftover),
        unfinished,
      });
    },
  );

  it("is what the card holds when that is not what the unfinished write left: another card", () => {
    const otherCard = bytes("P0001\r\nOTHER\r\n");
    expect(replacedParFile(otherCard, unitCard(), [unfinished])).toEqual({ kind: "on-card", bytes: otherCard });
    const longer = bytes("P0001\r\nNEW\r\nP0002\r\n2\r\nP0003\r\n3\r\n");
    expect(replacedParFile(longer, unitCard(), [unfinished]).kind).toBe("on-card");
    expect(replacedParFile(null, unitCard(), [unfinished])).toEqual({ kind: "on-card", bytes: null });
  });

  it.each([
    ["an empty PAR.txt", ""],
    ["a shorter PAR.txt the new one begins with", "P0001\r\nNEW\r\n"],
    ["the new PAR.txt already", "P0001\r\nNEW\r\nP0002\r\n2\r\n"],
  ])("is what another card holds, %s, in a folder of other entries", (_, held) => {
    const card2 = bytes(held);
    expect(replacedParFile(card2, unitCard("NO NAME", 4096), [unfinished])).toEqual({
      kind: "on-card",
      bytes: card2,
    });
  });

  it("cannot tell under another mount name alone: the same card in another slot, or with the old mount lingering", () => {
    for (const mountName of ["NO NAME 1", "F:", "card2"]) {
      expect(provesAnotherCard(unitCard(), unitCard(mountName))).toBe(false);
      expect(replacedParFile(bytes("P0001\r\n"), unitCard(mountName), [unfinished]).kind).toBe("cannot-tell");
    }
  });

  it.each([
    ["NUL", 0x00],
    ["0xFF", 0xff],
  ])(
    "cannot tell when the card holds the new PAR.txt's length with a %s tail (the size reached the card, data did not)",
    (_, fill) => {
      const zeroTail = Uint8Array.from(unfinished.writing, (byte, index) => (index >= 7 ? fill : byte));
      expect(mayBeLeftOverOf(zeroTail, unfinished.writing)).toBe(true);
      expect(replacedParFile(zeroTail, unitCard(), [unfinished])).toEqual({
        kind: "cannot-tell",
        bytes: zeroTail,
        unfinished,
      });
      // A run not written in the middle (a cluster lost), or a zeroed tail of a shorter size, too.
      const hole = Uint8Array.from(unfinished.writing, (byte, index) => (index >= 7 && index < 12 ? fill : byte));
      expect(mayBeLeftOverOf(hole, unfinished.writing)).toBe(true);
      expect(mayBeLeftOverOf(zeroTail.slice(0, 15), unfinished.writing)).toBe(true);
      // Other bytes than NUL/0xFF where it differs: the card's own file, not a leftover.
      const otherText = Uint8Array.from(unfinished.writing, (byte, index) => (index === 9 ? 0x41 : byte));
      expect(mayBeLeftOverOf(otherText, unfinished.writing)).toBe(false);
    },
  );

  it("is not a whole parameter file when it holds NUL bytes, even with no unfinished write known", () => {
    const withNul = Uint8Array.from([...bytes("P0001\r\n1\r\nP0002\r\n"), 0, 0, 0, 0]);
    expect(holdsNulBytes(withNul)).toBe(true);
    expect(holdsNulBytes(old)).toBe(false);
    expect(holdsNulBytes(null)).toBe(false);
    const replaced = replacedParFile(withNul, unitCard(), []);
    expect(replaced).toEqual({ kind: "not-whole", bytes: withNul });
    expect(replacedParFileNote(replaced)).toBe(cardTexts.previousNotWhole);
    expect(replacedParFileNote(replacedParFile(old, unitCard(), []))).toBe(null);
    expect(replacedParFileNote(replacedParFile(bytes("P0001\r\n"), unitCard(), [unfinished]))).toBe(
      cardTexts.cannotTellCard(unfinished),
    );
    // It ends no unfinished write: nothing ties it to one.
    expect(unfinishedWritesAfter([unfinished], replaced, null)).toEqual([unfinished]);
  });

  it("never takes another card's PAR.txt from before: cards of one unit type have one fingerprint", () => {
    // Card 1 (LOG folder, FIRMWARE.BIN) cut; card 2 of the same image, with its own empty PAR.txt.
    const factoryCard = (parSize: number) =>
      cardFolderFingerprint("NO NAME", [
        { name: "PAR.txt", kind: "file", size: parSize },
        { name: "LOG", kind: "directory", size: null },
        { name: "FIRMWARE.BIN", kind: "file", size: 1000 },
      ]);
    const onCard1 = unfinishedOn(factoryCard(19));
    const replaced = replacedParFile(bytes(""), factoryCard(0), [onCard1]);
    expect(replaced.kind).toBe("cannot-tell");
    expect(replaced.bytes).toEqual(bytes(""));
    expect(replaced.bytes).not.toEqual(old);
  });

  it("keeps what the card holds and says it cannot tell, where the folder holds nothing but PAR.txt", () => {
    const bare = cardFolderFingerprint("card", [
      { name: "PAR.txt", kind: "file", size: 7 },
      { name: "PAR.txt.crswap", kind: "file", size: 0 },
    ]);
    const onBare = unfinishedOn(bare);
    const leftover = bytes("P0001\r\n");
    expect(replacedParFile(leftover, bare, [onBare])).toEqual({
      kind: "cannot-tell",
      bytes: leftover,
      unfinished: onBare,
    });
    expect(replacedParFileNote(replacedParFile(leftover, bare, [onBare]))).toBe(cardTexts.cannotTellCard(onBare));
    expect(recordedCardComparison("0 changed, 9 added", cardTexts.cannotTellCard(onBare))).toBe(
      `0 changed, 9 added. ${cardTexts.cannotTellCard(onBare)}`,
    );
    expect(recordedCardComparison("Summary.", "Note.")).toBe("Summary. Note.");
  });

  it("ignores what a write itself leaves in the folder, and names the newest unfinished write of the card", () => {
    const afterCut = cardFolderFingerprint("NO NAME", [
      { name: "par.TXT", kind: "file", size: 7 },
      { name: "PAR.txt.crswap", kind: "file", size: 3 },
      { name: "._PAR.txt", kind: "file", size: 4096 },
      { name: "FIRMWARE", kind: "directory", size: null },
      { name: "log.txt", kind: "file", size: 120 },
    ]);
    expect(afterCut).toEqual(unitCard());
    const newer = { ...unfinishedOn(unitCard(), new Date(2026, 10, 25, 11, 30)), replaced: bytes("P0001\r\n") };
    expect(replacedParFile(bytes("P0001\r\n"), afterCut, [unfinished, newer])).toEqual({
      kind: "cannot-tell",
      bytes: bytes("P0001\r\n"),
      unfinished: newer,
    });
  });

  it("leaves out what the operating system makes or changes on a mount: the same card after a pull and push", () => {
    const mounted = (system: SizedCardEntry[]) =>
      cardFolderFingerprint("NO NAME", [
        { name: "PAR.txt", kind: "file", size: 7 },
        { name: "FIRMWARE", kind: "directory", size: null },
        { name: "log.txt", kind: "file", size: 120 },
        ...system,
      ]);
    const systemEntries: SizedCardEntry[] = [
      { name: ".DS_Store", kind: "file", size: 8196 },
      { name: "._log.txt", kind: "file", size: 4096 },
      { name: ".Spotlight-V100", kind: "directory", size: null },
      { name: ".fseventsd", kind: "directory", size: null },
      { name: ".Trashes", kind: "directory", size: null },
      { name: ".TemporaryItems", kind: "directory", size: null },
      { name: "System Volume Information", kind: "directory", size: null },
      { name: "$RECYCLE.BIN", kind: "directory", size: null },
      { name: "desktop.ini", kind: "file", size: 80 },
      { name: "Thumbs.db", kind: "file", size: 9000 },
      { name: ".Trash-1000", kind: "directory", size: null },
      // A file-system repair after the card was pulled mid-write: Windows, fsck.fat, Android, a desktop.
      { name: "FOUND.000", kind: "directory", size: null },
      { name: "FOUND.001", kind: "directory", size: null },
      { name: "FILE0000.CHK", kind: "file", size: 32768 },
      { name: "FSCK0000.REN", kind: "file", size: 0 },
      { name: "LOST.DIR", kind: "directory", size: null },
      { name: "lost+found", kind: "directory", size: null },
      { name: ".Trash", kind: "directory", size: null },
    ];
    expect(mounted(systemEntries)).toEqual(unitCard());
    for (const entry of systemEntries) expect(isLeftOutOfFingerprint(entry.name)).toBe(true);
    for (const name of ["LOG", "FIRMWARE.BIN", "DS_Store", "config.ini", "System", "FOUND", "FOUND.TXT", "LOST"])
      expect(isLeftOutOfFingerprint(name)).toBe(false);
    // Finder changed .DS_Store (6148 -> 8196 bytes) after the cut write: still cannot tell, not "another card".
    expect(replacedParFile(bytes("P0001\r\n"), mounted(systemEntries), [unfinished]).kind).toBe("cannot-tell");
    // A fingerprint stored before the rule, with .DS_Store in it, gets the same rule.
    const storedBefore = {
      ...unfinished,
      card: { ...unitCard(), others: [".DS_Store/file/6148", ...unitCard().others] },
    };
    expect(provesAnotherCard(storedBefore.card, unitCard())).toBe(false);
    expect(replacedParFile(bytes("P0001\r\n"), unitCard(), [storedBefore]).kind).toBe("cannot-tell");
    // What the technician's files tell apart still proves another card.
    expect(provesAnotherCard(unitCard(), unitCard("NO NAME", 4096))).toBe(true);
    expect(provesAnotherCard(unitCard(), unitCard("card2", 4096))).toBe(true);
  });

  it("is remembered per card: a good write of another card keeps it, one of a card that may be its card ends it", () => {
    const card2 = unitCard("NO NAME", 4096);
    const onCard2 = replacedParFile(bytes("P0001\r\nUNIT-2\r\n"), card2, [unfinished]);
    expect(unfinishedWritesAfter([unfinished], onCard2, null)).toEqual([unfinished]);
    const again = replacedParFile(bytes("P0001\r\n"), unitCard(), [unfinished]);
    expect(unfinishedWritesAfter([unfinished], again, null)).toEqual([]);
    const retryCut = { ...unfinishedOn(unitCard(), new Date(2026, 10, 25, 11, 0)), id: "retry" };
    expect(unfinishedWritesAfter([unfinished], again, retryCut)).toEqual([retryCut]);
    // Its record could not be kept: it holds the only copy of the PAR.txt from before, and stays.
    const withoutRecord = { ...unfinished, recordId: null };
    const againWithoutRecord = replacedParFile(bytes("P0001\r\n"), unitCard(), [withoutRecord]);
    expect(unfinishedWritesAfter([withoutRecord], againWithoutRecord, null)).toEqual([withoutRecord]);
    const many = Array.from({ length: 12 }, (_, index) => ({ ...unfinished, id: String(index) }));
    expect(unfinishedWritesAfter(many, onCard2, retryCut)).toHaveLength(10);
  });

  it("may be ended by hand only once its record keeps the card's PAR.txt from before it", () => {
    expect(mayEndUnfinishedWriteByHand(unfinished)).toBe(true);
    expect(mayEndUnfinishedWriteByHand({ ...unfinished, recordId: null })).toBe(false);
  });

  it("is said after a reload by its card folder and time, and what the card may hold", () => {
    expect(cardTexts.unfinishedWrite(unfinished)).toContain("NO NAME");
    expect(cardTexts.unfinishedWrite(unfinished)).toContain("may be incomplete");
    expect(cardTexts.unfinishedWrite({ ...unfinished, cardState: "written-unverified" })).toContain("not verified");
  });

  it("says the card had no PAR.txt before, rather than that the tool keeps one", () => {
    expect(cardTexts.unfinishedKept(null)).not.toMatch(/keeps/);
    expect(cardTexts.unfinishedKept(19)).toMatch(/keeps .*19 bytes/);
  });
});

describe("what a reload would lose of the card's memory (a reload offer names it)", () => {
  it("names the failed write's previous PAR.txt kept only here, and the unfinished write not stored", () => {
    expect(cardReloadLoss({ previousOnlyHere: null, unfinishedOnlyHere: false })).toBe(null);
    expect(cardReloadLoss({ previousOnlyHere: 19, unfinishedOnlyHere: false })).toBe(
      "the card's PAR.txt from before the failed write (19 bytes: Save the card's previous PAR.txt first)",
    );
    expect(cardReloadLoss({ previousOnlyHere: 1, unfinishedOnlyHere: true })).toBe(
      "the card's PAR.txt from before the failed write (1 byte: Save the card's previous PAR.txt first); the note that a write to the card did not finish (the card's PAR.txt may be incomplete)",
    );
  });
});
