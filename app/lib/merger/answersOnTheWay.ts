/**
 * A tap on another button of /files while the last action still runs (Delete all, then Download) starts a new
 * submission, and the router drops the first one's answer: its Undo offer, its refusals. Both actions run, one
 * after the other; so that every answer reaches the screen, the files action keeps the answers it gave, and the
 * screen shows, with the answer it got, the ones given before it that it never got.
 */

/** An answer the files action gave, and when. */
export interface GivenAnswer {
  answer: unknown;
  at: number;
}

/**
 * The answers to show now that `arrived` reached the screen, in the order they were given: those given before it
 * and not shown, unless older than `keptMs` (an Undo that can no longer be used), then `arrived` itself, once.
 */
export function answersToShow(given: readonly GivenAnswer[], arrived: unknown, now: number, keptMs: number): unknown[] {
  const shown: unknown[] = [];
  for (const { answer, at } of given) {
    if (answer === arrived) break;
    if (now - at <= keptMs && !shown.includes(answer)) shown.push(answer);
  }
  shown.push(arrived);
  return shown;
}
