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
  /** When it finished (null while it runs): a tap before its answer could be seen is still the same tap. */
  finishedAt: number | null;
  /** Another request came after it (an add, a move, the label stored as typing pauses). */
  otherRequestSince: boolean;
}

/**
 * Whether a request for the one-time action `key` is a second tap of the last one: the same action, asked while
 * that one still runs (whatever came between), or within a double-click's time after it finished with no other
 * request between. Timed from its end, not its start: a write that took 300 ms, tapped again 600 ms after the first
 * tap (the screen had not shown its answer yet), is the same tap; the same request with nothing between makes the
 * same PAR.txt for the same place, so the first one's answer is the true one ("written", with its record), and a
 * second write would make the new file its own "previous PAR.txt".
 */
export function isSecondTap(last: StartedAction | null, key: string, now: number): boolean {
  if (last === null || last.key !== key) return false;
  return last.running || (!last.otherRequestSince && now - (last.finishedAt ?? last.startedAt) < secondTapWithinMs);
}
