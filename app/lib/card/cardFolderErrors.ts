/** What the card folder throws: a step at the card that failed, and a write that failed with what it left. */
import { cardFailureOf, type CardFailureCause, type CardFailureReport } from "./cardFailures";
import type { CardRead } from "./cardFolderContents";

/** A card step that failed: why, in the technician's words. */
export class CardFolderError extends Error {
  constructor(
    readonly cause: CardFailureCause,
    message: string,
  ) {
    super(message);
    this.name = "CardFolderError";
  }
}

/** Names what went wrong, from the DOMException the browser threw. */
export function cardFolderErrorOf(error: unknown): CardFolderError {
  if (error instanceof CardFolderError) return error;
  const name = error instanceof Error ? error.name : "";
  const detail = error instanceof Error ? error.message : String(error);
  const { cause, message } = cardFailureOf(name, detail);
  return new CardFolderError(cause, message);
}

/** A write that failed: what the card holds now, and the card's PAR.txt the tool had read before, never lost. */
export class CardWriteError extends Error {
  constructor(
    readonly report: CardFailureReport,
    readonly previous: CardRead | null,
    /** The unfinished write this failure left (null: the card is as it was, or the tool had not looked at it). */
    readonly unfinishedId: string | null = null,
  ) {
    super(`${report.title}. ${report.cause}`);
    this.name = "CardWriteError";
  }
}
