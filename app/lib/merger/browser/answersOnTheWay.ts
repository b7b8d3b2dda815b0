/** The files action's answers not yet shown (the rule: merger/answersOnTheWay.ts). */
import { answersToShow, type GivenAnswer } from "~/lib/merger/answersOnTheWay";

let given: GivenAnswer[] = [];

/** The files action gave `answer`: kept until the screen shows it or an answer given after it. */
export function noteAnswerGiven(answer: unknown): void {
  if (answer === null || answer === undefined || answer instanceof Response) return;
  given.push({ answer, at: performance.now() });
}

/** `arrived` reached the screen: it and the answers given before it that never did; none of them is kept. */
export function takeAnswersToShow(arrived: unknown, keptMs: number): unknown[] {
  const shown = answersToShow(given, arrived, performance.now(), keptMs);
  const at = given.findIndex(({ answer }) => answer === arrived);
  given = at < 0 ? [] : given.slice(at + 1);
  return shown;
}
