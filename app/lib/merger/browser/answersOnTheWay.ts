/** The files action's answers not yet shown (the rule: merger/answersOnTheWay.ts). */
import { answersOnArrival, type GivenAnswer } from "~/lib/merger/answersOnTheWay";

let given: GivenAnswer[] = [];

/** The files action gave `answer`: kept until the screen shows it or an answer given after it. */
export function noteAnswerGiven(answer: unknown): void {
  if (answer === null || answer === undefined || answer instanceof Response) return;
  given.push({ answer, at: performance.now() });
}

/** `arrived` reached the screen: it and the answers given before it that never did; none of them is kept. */
export function takeAnswersToShow(arrived: unknown, keptMs: number): unknown[] {
  const { shown, kept } = answersOnArrival(given, arrived, performance.now(), keptMs);
  given = kept;
  return shown;
}
