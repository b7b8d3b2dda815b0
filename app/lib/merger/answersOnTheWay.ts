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

/** What the screen shows now that an answer arrived, and what the files action still keeps for a later arrival. */
export interface AnswersOnArrival {
  shown: unknown[];
  kept: GivenAnswer[];
}

/**
 * `arrived` reached the screen. Shown, in the order given: the answers given before it and never shown, unless older
 * than `keptMs` (an Undo that can no longer be used), then `arrived` itself, each once. Kept: the answers given after
 * it, but never `arrived` again: a double tap's second tap is given the first one's answer, and that answer, kept,
 * would show its Undo offer a second time at the next arrival, after it was used. When `arrived` was never given
 * (a loader's revalidation), nothing is kept.
 */
export function answersOnArrival(
  given: readonly GivenAnswer[],
  arrived: unknown,
  now: number,
  keptMs: number,
): AnswersOnArrival {
  let lastGivenAt = -1;
  given.forEach(({ answer }, index) => {
    if (answer === arrived) lastGivenAt = index;
  });
  const shown: unknown[] = [];
  for (const { answer, at } of lastGivenAt < 0 ? given : given.slice(0, lastGivenAt)) {
    if (answer !== arrived && now - at <= keptMs && !shown.includes(answer)) shown.push(answer);
  }
  shown.push(arrived);
  const kept = lastGivenAt < 0 ? [] : given.slice(lastGivenAt + 1).filter(({ answer }) => !shown.includes(answer));
  return { shown, kept };
}
