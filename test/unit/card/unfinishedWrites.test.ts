import { describe, expect, it } from "vitest";
import type { ParFileDestination } from "~/lib/merger/parFileFormat";
import {
  cardFolderFingerprint,
  isLeftOutOfFingerprint,
  holdsNulBytes,
  mayEndUnfinishedWriteByHand,
  mayBeLeftOverOf,
  previousMayBeLeftOver,
  provesAnotherCard,
  replacedParFileNote,
  recordedCardComparison,
  replacedParFile,
  unfinishedWritesAfter,
  type CardFolderFingerprint,
  type SizedCardEntry,
  cardFailureOf,
  cardFolderWarnings,
  cardStateAfterFailure,
  cardWriteFailureReport,
  parFileOnCard,
  recordDestinationOfCardWrite,
  writeBackFailure,
  writeBackRefusal,
  cardReloadLoss,
  type CardEntry,
  type CardFailureCause,
  type CardWriteStep,
} from "~/lib/card/unfinishedWrites";
import { cardTexts } from "~/lib/card/cardTexts";
import { toastMostWords, wordCount } from "~/lib/shell/noticeText";
import { toastMessages } from "~/lib/shell/toastMessages";

const refusals = cardTexts.writeBackRefusals;

const files = (...names: string[]): CardEntry[] => names.map((name) => ({ name, kind: "file" }));
const folder = (name: string): CardEntry => ({ name, kind: "directory" });

describe("which file on the card is PAR.txt", () => {
  it("keeps the name of a PAR.TXT in another case (FAT ignores case)", () => {
    expect(parFileOnCard(files("PAR.TXT", "LOG"))).toEqual({ fileName: "PAR.TXT", caseTwins: [], folderName: null });
    expect(parFileOnCard(files("LOG"))).toEqual({ fileName: null, caseTwins: [], folderName: null });
  });

  it("takes PAR.txt itself when another case stands beside it, and names the other", () => {
    expect(parFileOnCard(files("par.TXT", "PAR.txt"))).toEqual({
      fileName: "PAR.txt",
      caseTwins: ["par.TXT"],
      folderName: null,
    });
  });

  it("never takes a folder named PAR.txt for the file", () => {
    expect(parFileOnCard([folder("PAR.txt")])).toEqual({ fileName: null, caseTwins: [], folderName: "PAR.txt" });
  });
});

describe("what the card folder holds besides PAR.txt", () => {
  it("says nothing about a card with just PAR.txt, in any case", () => {
    expect(cardFolderWarnings(files("PAR.txt", "LOG"))).toEqual([]);
    expect(cardFolderWarnings(files("PAR.TXT"))).toEqual([]);
  });

  it("warns about a missing PAR.txt, a Mac's ._PAR.txt, other PAR files and a half-done write", () => {
    expect(cardFolderWarnings([])).toEqual(["The card has no PAR.txt yet."]);
    expect(cardFolderWarnings(files("PAR.txt", "._PAR.txt", "PAR (1).txt", "PAR_old.TXT", "PAR.txt.crswap"))).toEqual([
      "._PAR.txt: a hidden file a Mac wrote next to PAR.txt. Some units read it instead of PAR.txt; delete it from the card.",
      'PAR (1).txt, PAR_old.TXT: other PAR files on the card (a browser names a second download "PAR (1).txt"). The unit reads only PAR.txt; delete the others so nobody takes them for it.',
      "PAR.txt.crswap: left over from a write that did not finish; delete it from the card.",
    ]);
  });

  it("names a folder called PAR.txt in the technician's words", () => {
    expect(cardFolderWarnings([folder("PAR.txt")])).toEqual([
      "The card has a folder named PAR.txt where the file PAR.txt should be: the unit cannot read it. Rename or delete that folder on a computer.",
    ]);
  });

  it("names both files when PAR.txt and par.TXT stand side by side", () => {
    expect(cardFolderWarnings(files("par.TXT", "PAR.txt"))).toEqual([
      "PAR.txt and par.TXT: the card holds PAR files whose names differ only in case, and the unit may read any of them. The tool reads and writes PAR.txt; delete par.TXT from the card.",
    ]);
  });
});

describe("what a failed write leaves on the card", () => {
  const stateAt = (step: CardWriteStep, errorName: string) =>
    cardStateAfterFailure({ step, cause: cardFailureOf(errorName, "").cause });

  it("is unchanged when the write failed before close(): the bytes went to a temporary file", () => {
    expect(stateAt("before-write", "NoModificationAllowedError")).toBe("unchanged");
    expect(stateAt("before-write", "TypeMismatchError")).toBe("unchanged");
    expect(stateAt("writing", "QuotaExceededError")).toBe("unchanged");
    expect(stateAt("writing", "NotReadableError")).toBe("unchanged");
    expect(stateAt("writing", "NotFoundError")).toBe("unchanged");
  });

  it("may be incomplete when close() failed, or when an empty PAR.txt made for the write stayed", () => {
    expect(stateAt("closing", "NotFoundError")).toBe("may-be-incomplete");
    expect(cardStateAfterFailure({ step: "before-write", cause: "write-protected", emptyFileLeft: true })).toBe(
      "may-be-incomplete",
    );
  });

  it("is written but unverified when only the read-back failed, and may be incomplete when it differs", () => {
    expect(stateAt("reading-back", "NotFoundError")).toBe("written-unverified");
    expect(cardStateAfterFailure({ step: "reading-back", cause: "read-back-differs" })).toBe("may-be-incomplete");
  });

  it("names each cause: write-protected, full, removed, a folder named PAR.txt", () => {
    const causes: [string, CardFailureCause][] = [
      ["NoModificationAllowedError", "write-protected"],
      ["QuotaExceededError", "card-full"],
      ["NotFoundError", "card-gone"],
      ["NotReadableError", "card-unreadable"],
      ["TypeMismatchError", "folder-named-par"],
      ["NotAllowedError", "permission"],
    ];
    for (const [name, cause] of causes) expect(cardFailureOf(name, "browser text").cause).toBe(cause);
    expect(cardFailureOf("NoModificationAllowedError", "").message).toMatch(/^The card is write-protected/);
    expect(cardFailureOf("SomethingNew", "browser text").message).toBe("The card could not be used: browser text.");
  });

  it("titles the alert by what the card holds, never 'incomplete' for an unchanged card", () => {
    const report = (step: CardWriteStep, errorName: string) => {
      const failure = cardFailureOf(errorName, "");
      return cardWriteFailureReport(cardStateAfterFailure({ step, cause: failure.cause }), failure);
    };
    expect(report("writing", "QuotaExceededError")).toMatchObject({
      title: "PAR.txt was not written: the card is unchanged",
      cause: "The card is full.",
    });
    expect(report("writing", "QuotaExceededError").advice).not.toMatch(/incomplete/);
    expect(report("reading-back", "NotFoundError").title).toBe("PAR.txt was written but could not be verified");
    expect(report("closing", "NotFoundError").title).toBe("The card's PAR.txt may be incomplete");
  });

  it("says an unchanged card still holds its PAR.txt only when it had one", () => {
    const full = cardFailureOf("QuotaExceededError", "");
    expect(cardWriteFailureReport("unchanged", full, true).advice).toMatch(
      new RegExp(`^${cardTexts.stillHoldsParFile}`),
    );
    const withoutParFile = cardWriteFailureReport("unchanged", full, false).advice;
    expect(withoutParFile).toMatch(new RegExp(`^${cardTexts.stillNoParFile}`));
    expect(withoutParFile).not.toContain(cardTexts.stillHoldsParFile);
    // Failed before the tool looked at the card: it says neither.
    expect(cardWriteFailureReport("unchanged", full, null).advice).toBe(cardTexts.afterWrite.unchanged.advice);
  });
});

describe("which card writes get a service record", () => {
  it("records every write that may have changed the card, each under its own destination", () => {
    expect(recordDestinationOfCardWrite("verified")).toBe("card");
    expect(recordDestinationOfCardWrite("written-unverified")).toBe("card-unverified");
    expect(recordDestinationOfCardWrite("may-be-incomplete")).toBe("card-incomplete");
  });

  it("records no write that left the card as it was, nor a read that failed", () => {
    expect(recordDestinationOfCardWrite("unchanged")).toBe(null);
    expect(recordDestinationOfCardWrite("read-failed")).toBe(null);
  });

  it("follows the step that failed: from close() on there is a record", () => {
    const destinationAt = (step: CardWriteStep, cause: CardFailureCause) =>
      recordDestinationOfCardWrite(cardStateAfterFailure({ step, cause }));
    expect(destinationAt("writing", "card-full")).toBe(null);
    expect(destinationAt("closing", "card-gone")).toBe("card-incomplete");
    expect(destinationAt("reading-back", "card-gone")).toBe("card-unverified");
    expect(destinationAt("reading-back", "read-back-differs")).toBe("card-incomplete");
  });
});

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

describe("writing a record's previous PAR.txt back", () => {
  const recordParSha256 = "a".repeat(64);

  it("is allowed only on the card that still holds the PAR.txt the record wrote", () => {
    expect(
      writeBackRefusal({
        card: { sha256: recordParSha256, size: 18 },
        recordParSha256,
        recordDestination: "card",
        sameAsRecord: null,
      }),
    ).toBe(null);
  });

  it("is refused when the previous PAR.txt holds NUL bytes: not a whole parameter file", () => {
    expect(
      writeBackRefusal({
        card: { sha256: recordParSha256, size: 18 },
        recordParSha256,
        recordPreviousSha256: "d".repeat(64),
        recordDestination: "card",
        sameAsRecord: null,
        recordPreviousHoldsNul: true,
      }),
    ).toEqual(refusals.previousNotWhole);
  });

  it("is refused on a card that already holds the record's previous PAR.txt, saying so", () => {
    const previousSha256 = "c".repeat(64);
    expect(
      writeBackRefusal({
        card: { sha256: previousSha256, size: 12 },
        recordParSha256,
        recordPreviousSha256: previousSha256,
        recordDestination: "card",
        sameAsRecord: { time: "12 Mar 2025, 14:03:07", label: "Unit A" },
      }),
    ).toEqual(refusals.alreadyOnCard(12));
  });

  it("is refused on another unit's card, naming what it holds", () => {
    const refusal = writeBackRefusal({
      card: { sha256: "b".repeat(64), size: 40 },
      recordParSha256,
      recordDestination: "card",
      sameAsRecord: null,
    });
    expect(refusal).toEqual(refusals.otherParFile({ sha256: "b".repeat(64), size: 40 }, recordParSha256, null, false));
    // What it holds, by size and SHA-256, is behind Details.
    expect(refusal?.details).toContain("40 bytes");
    expect(refusal?.details).toContain("bbbbbbbbbbbb");
    expect(
      writeBackRefusal({
        card: { sha256: "b".repeat(64), size: 40 },
        recordParSha256,
        recordDestination: "card",
        sameAsRecord: { time: "12 Mar 2025, 14:03:07", label: "Unit B" },
      })?.explanation,
    ).toContain("12 Mar 2025, 14:03:07 · Unit B");
  });

  it("says that a write that may have left PAR.txt incomplete may have left this card: copy by hand", () => {
    const refusal = (recordDestination: "card-incomplete" | "card-unverified") =>
      writeBackRefusal({
        card: { sha256: "b".repeat(64), size: 9 },
        recordParSha256,
        recordDestination,
        sameAsRecord: null,
      });
    const card = { sha256: "b".repeat(64), size: 9 };
    expect(refusal("card-incomplete")).toEqual(refusals.otherParFile(card, recordParSha256, null, true));
    expect(refusal("card-incomplete")?.explanation).toMatch(/copy it onto the card by hand/);
    // Closed, only not read back: the card it wrote holds the record's PAR.txt, so other bytes are another card's.
    expect(refusal("card-unverified")).toEqual(refusals.otherParFile(card, recordParSha256, null, false));
    expect(
      writeBackRefusal({
        card: { sha256: recordParSha256, size: 9 },
        recordParSha256,
        recordDestination: "card-incomplete",
        sameAsRecord: null,
      }),
    ).toBe(null);
  });

  it("is refused where the record's previous PAR.txt is the PAR.txt it wrote: nothing would change", () => {
    expect(
      writeBackRefusal({
        card: { sha256: recordParSha256, size: 137 },
        recordParSha256,
        recordPreviousSha256: recordParSha256,
        recordDestination: "card",
        sameAsRecord: null,
      }),
    ).toEqual(refusals.sameFile(137));
  });

  it("is refused where the record's previous PAR.txt may be an unfinished write's leftover, naming that record", () => {
    const refusal = writeBackRefusal({
      card: { sha256: recordParSha256, size: 137 },
      recordParSha256,
      recordDestination: "card",
      sameAsRecord: null,
      previousMayBeLeftOverOf: { time: "25 Nov 2026, 13:38:02", label: "Fjordview pool" },
    });
    expect(refusal).toEqual(refusals.previousMayBeLeftOver({ time: "25 Nov 2026, 13:38:02", label: "Fjordview pool" }));
    expect(refusal?.details).toContain("the record of 25 Nov 2026, 13:38:02 · Fjordview pool");
    expect(refusals.previousMayBeLeftOver({ time: "25 Nov 2026, 13:38:02", label: "" }).details).toContain(
      "the record of 25 Nov 2026, 13:38:02 left",
    );
  });

  describe("which record's unfinished write may have left the previous PAR.txt", () => {
    const bytes = (text: string) => new TextEncoder().encode(text);
    const newPar = bytes("P0001\r\nNEW\r\nP0002\r\n2\r\n");
    const record = (createdAt: string, destination: ParFileDestination, parBytes = newPar) => ({
      id: createdAt,
      createdAt,
      destination,
      parBytes,
    });
    const retry = { createdAt: "2026-11-25T13:40:00.000Z", previous: bytes("P0001\r\n") };

    it.each([
      ["cut short", "P0001\r\n"],
      ["empty", ""],
    ])("is the newest earlier unfinished write whose PAR.txt begins with it, %s", (_, previous) => {
      const cut = record("2026-11-25T13:38:00.000Z", "card-incomplete");
      const olderUnverified = record("2026-11-25T09:00:00.000Z", "card-unverified");
      expect(
        previousMayBeLeftOver({ ...retry, previous: bytes(previous) }, [
          olderUnverified,
          cut,
          record("2026-11-25T13:39:00.000Z", "card"),
        ]),
      ).toBe(cut);
      expect(previousMayBeLeftOver({ ...retry, previous: bytes(previous) }, [olderUnverified])).toBe(olderUnverified);
    });

    it("is the unfinished write whose PAR.txt it is at full length with a zeroed tail", () => {
      const cut = record("2026-11-25T13:38:00.000Z", "card-incomplete");
      const zeroTail = Uint8Array.from(newPar, (byte, index) => (index >= 7 ? 0 : byte));
      expect(previousMayBeLeftOver({ ...retry, previous: zeroTail }, [cut])).toBe(cut);
    });

    it("is none for a complete file, a verified or later write, or other bytes", () => {
      // The whole PAR.txt of a write that was not verified is a complete file the card held: it may go back.
      expect(
        previousMayBeLeftOver({ ...retry, previous: newPar }, [record("2026-11-25T13:38:00.000Z", "card-unverified")]),
      ).toBe(null);
      expect(previousMayBeLeftOver(retry, [record("2026-11-25T13:38:00.000Z", "card")])).toBe(null);
      expect(previousMayBeLeftOver(retry, [record("2026-11-25T13:41:00.000Z", "card-incomplete")])).toBe(null);
      expect(previousMayBeLeftOver(retry, [record("2026-11-25T13:38:00.000Z", "downloaded")])).toBe(null);
      expect(
        previousMayBeLeftOver({ ...retry, previous: bytes("P0001\r\nOLD\r\n") }, [
          record("2026-11-25T13:38:00.000Z", "card-incomplete"),
        ]),
      ).toBe(null);
    });
  });

  it("is refused on a card without PAR.txt, or with a folder named PAR.txt", () => {
    expect(writeBackRefusal({ card: null, recordParSha256, recordDestination: "card", sameAsRecord: null })).toBe(
      refusals.noParFile,
    );
    expect(
      writeBackRefusal({
        card: { folderNamedPar: "PAR.txt" },
        recordParSha256,
        recordDestination: "card",
        sameAsRecord: null,
      }),
    ).toEqual(refusals.folderNamedPar("PAR.txt"));
  });

  it("says what the card holds after a failed write back, or the refusal the write itself heard", () => {
    const unchanged = cardWriteFailureReport("unchanged", cardFailureOf("QuotaExceededError", ""));
    expect(writeBackFailure(unchanged, null)).toMatchObject({
      verdict: cardTexts.cardUnchanged,
      explanation: cardTexts.causes["card-full"],
    });
    const refused = cardWriteFailureReport("unchanged", { cause: "not-the-records-card", message: "Refused." });
    expect(writeBackFailure(refused, refusals.noParFile)).toBe(refusals.noParFile);
    const closing = cardWriteFailureReport("may-be-incomplete", cardFailureOf("NotFoundError", ""));
    expect(writeBackFailure(closing, null).verdict).toBe(`${cardTexts.afterWrite["may-be-incomplete"].title}.`);
    expect(writeBackFailure(closing, null).explanation).toContain(cardTexts.causes["card-gone"]);
  });

  it("says every refusal's verdict first, short enough for the toast of a write that heard it", () => {
    const refusalsOfEveryKind = [
      refusals.noParFile,
      refusals.folderNamedPar("par.TXT"),
      refusals.sameFile(123_456),
      refusals.previousMayBeLeftOver({ time: "25 Nov 2026, 13:38:02", label: "Fjordview pool, dosing unit 2" }),
      refusals.previousNotWhole,
      refusals.alreadyOnCard(123_456),
      refusals.otherParFile({ sha256: "b".repeat(64), size: 9 }, recordParSha256, null, true),
      refusals.cardNotRead(cardTexts.causes["write-protected"]),
    ];
    for (const refusal of refusalsOfEveryKind) {
      expect(wordCount(refusal.verdict), refusal.verdict).toBeLessThanOrEqual(12);
      expect(wordCount(toastMessages.previousParFileNotWritten(refusal.verdict))).toBeLessThanOrEqual(toastMostWords);
    }
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
