/**
 * A notice or alert that stays on screen, as docs/behaviour.md#messages has it: its verdict first (what happened,
 * or what to do, in about ten words, all a toast could carry), then why and what to do, and a long explanation
 * behind "Details", for whoever needs it.
 */
export interface NoticeText {
  verdict: string;
  /** Why, and what to do: shown under the verdict. */
  explanation: string | null;
  /** Shown behind "Details". */
  details: string | null;
}

export const detailsLabel = "Details";

/** How many words a text has, as a reader counts them: whatever stands between spaces. */
export function wordCount(text: string): number {
  return text.split(/\s+/u).filter((word) => word !== "").length;
}

/** The most words a toast has: it must be read in its 5 seconds. */
export const toastMostWords = 20;
