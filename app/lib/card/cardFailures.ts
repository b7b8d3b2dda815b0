/**
 * A read or write at the card that failed: why (from the browser's error name, in the technician's words), what a
 * failure at each step of a write leaves on the card, and the report the screen shows. The browser adapter
 * (browser/writeAndReadBack.ts) only says which step failed and the browser's error name. See
 * docs/behaviour.md#the-sd-card.
 */
import { cardTexts } from "./cardTexts";

/** Why a step at the card failed, in the technician's terms. */
export type CardFailureCause =
  | "permission"
  | "card-gone"
  | "card-unreadable"
  | "card-full"
  | "write-protected"
  | "folder-named-par"
  | "read-back-differs"
  | "not-the-records-card"
  | "other";

/** The causes a browser's error can name; the other two are the tool's own findings. */
type BrowserFailureCause = Exclude<CardFailureCause, "read-back-differs" | "not-the-records-card">;

/** The cause behind a DOMException's name (the browser's own text is not for the technician). */
export function cardFailureCause(errorName: string): BrowserFailureCause {
  switch (errorName) {
    case "NotAllowedError":
    case "SecurityError":
      return "permission";
    case "NotFoundError":
      return "card-gone";
    case "NotReadableError":
      return "card-unreadable";
    case "QuotaExceededError":
      return "card-full";
    case "NoModificationAllowedError":
    case "InvalidModificationError":
      return "write-protected";
    case "TypeMismatchError":
      // The only handle the tool asks for by name is PAR.txt: a folder stands there.
      return "folder-named-par";
    default:
      return "other";
  }
}

/** What went wrong, from the browser's error name, in the technician's words; `detail` only when nothing fits. */
export function cardFailureOf(errorName: string, detail: string): { cause: CardFailureCause; message: string } {
  const cause = cardFailureCause(errorName);
  return {
    cause,
    message:
      cause === "other" ? cardTexts.causes.other(detail || errorName || "unknown error") : cardTexts.causes[cause],
  };
}

/**
 * The steps of a write, in order. A write to the card goes to a temporary file until close() (the File System
 * Access standard: "changes are not reflected in the file until the stream is closed"), so PAR.txt itself can
 * change only from close() on.
 */
export type CardWriteStep = "before-write" | "writing" | "closing" | "reading-back";

/** What the card holds after a failed write: as before, the new PAR.txt unverified, or nobody knows. */
export type CardStateAfterFailure = "unchanged" | "written-unverified" | "may-be-incomplete";

export function cardStateAfterFailure({
  step,
  cause,
  emptyFileLeft = false,
}: {
  step: CardWriteStep;
  cause: CardFailureCause;
  /** A card without PAR.txt got an empty one (created to be written) that could not be taken away again. */
  emptyFileLeft?: boolean;
}): CardStateAfterFailure {
  if (emptyFileLeft) return "may-be-incomplete";
  switch (step) {
    case "before-write":
    case "writing":
      return "unchanged";
    case "closing":
      return "may-be-incomplete";
    case "reading-back":
      // close() succeeded: the new PAR.txt is in place, unless what was read back says otherwise.
      return cause === "read-back-differs" ? "may-be-incomplete" : "written-unverified";
  }
}

/** A failure at the card, as the screen shows it: the title says what the card holds, the cause what happened. */
export interface CardFailureReport {
  cardState: CardStateAfterFailure | "read-failed";
  reason: CardFailureCause;
  title: string;
  cause: string;
  advice: string;
}

/**
 * `hadParFile`: whether the card held a PAR.txt when the tool looked, before the write (null: it failed before it
 * looked). An unchanged card still holds what it had, and the advice says which.
 */
export function cardWriteFailureReport(
  state: CardStateAfterFailure,
  failure: { cause: CardFailureCause; message: string },
  hadParFile: boolean | null = null,
): CardFailureReport {
  const { title, advice } = cardTexts.afterWrite[state];
  const held =
    state !== "unchanged" || hadParFile === null
      ? ""
      : `${hadParFile ? cardTexts.stillHoldsParFile : cardTexts.stillNoParFile} `;
  return { cardState: state, reason: failure.cause, cause: failure.message, title, advice: `${held}${advice}` };
}

export function cardReadFailureReport(failure: { cause: CardFailureCause; message: string }): CardFailureReport {
  return { cardState: "read-failed", reason: failure.cause, cause: failure.message, ...cardTexts.afterRead };
}
