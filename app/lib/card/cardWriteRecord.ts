/** What the service record of a card write says: under which destination it is kept, and its comparison's note. */
import type { ParFileDestination } from "~/lib/merger/parFileFormat";
import type { CardFailureReport } from "./cardFailures";

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

/** A record's comparison with the card, and what it must say of the card's previous PAR.txt (cannotTellCard). */
export function recordedCardComparison(summary: string, note: string | null): string {
  if (!note) return summary;
  return `${summary}${summary.endsWith(".") ? "" : "."} ${note}`;
}
