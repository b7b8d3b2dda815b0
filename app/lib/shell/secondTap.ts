/**
 * A second tap on a button that starts a one-time action (write to the card, download, Delete all, restore) can
 * reach the route before the button shows that it is busy: a double-click the system delivers at once, a mouse
 * button that bounces, a touchpad's double tap. Run again, it would write the card twice (the second record's
 * "previous PAR.txt" is then the new file) or delete the empty list and leave Undo nothing to bring back. This
 * rule tells such a tap from a request of its own; the adapter (shell/browser/oneTimeActions.ts) answers it with
 * the first tap's answer instead of starting the action again.
 */

/** The longest a system waits for the second click of a double-click (Windows' default); no hand repeats faster. */
export const secondTapWithinMs = 500;

/** The last one-time action a route's action started. */
export interface StartedAction {
  key: string;
  startedAt: number;
  running: boolean;
  /** Another request came after it (an add, a move, the label stored as typing pauses). */
  otherRequestSince: boolean;
}

/**
 * Whether a request for the one-time action `key` is a second tap of the last one: the same action, asked while
 * that one still runs (whatever came between), or within a double-click's time after it started with no other
 * request between.
 */
export function isSecondTap(last: StartedAction | null, key: string, now: number): boolean {
  if (last === null || last.key !== key) return false;
  return last.running || (!last.otherRequestSince && now - last.startedAt < secondTapWithinMs);
}

/**
 * Whether a tap on an Undo is the second tap of a double tap whose first tap pressed another Undo (K4): that tap
 * closed its notice, and the next notice slid up under the finger or the pointer within a double-click's time. The
 * second Undo is not what the technician aimed at: Delete all would come undone unasked.
 */
export function isSecondTapAfterMove(lastTapAt: number | null, now: number): boolean {
  return lastTapAt !== null && now - lastTapAt < secondTapWithinMs;
}
