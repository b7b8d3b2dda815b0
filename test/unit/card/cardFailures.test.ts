import { describe, expect, it } from "vitest";
import {
  type CardFailureCause,
  cardFailureOf,
  cardStateAfterFailure,
  cardWriteFailureReport,
  type CardWriteStep,
} from "~/lib/card/cardFailures";
import { recordDestinationOfCardWrite } from "~/lib/card/cardWriteRecord";
import { cardTexts } from "~/lib/card/cardTexts";

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
