import { describe, expect, it } from "vitest";
import type { ParFileDestination } from "~/lib/merger/parFileFormat";
import { cardFailureOf, cardWriteFailureReport } from "~/lib/card/cardFailures";
import { previousMayBeLeftOver, writeBackFailure, writeBackRefusal } from "~/lib/card/writeBack";
import { cardTexts } from "~/lib/card/cardTexts";
import { toastMostWords, wordCount } from "~/lib/shell/noticeText";
import { toastMessages } from "~/lib/shell/toastMessages";

const refusals = cardTexts.writeBackRefusals;

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
