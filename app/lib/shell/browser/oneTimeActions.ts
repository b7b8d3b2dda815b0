/**
 * The one guard against a one-time action started twice by one double tap (the rule: secondTap.ts). Every
 * route action that can start one runs through here; a second tap gets the first tap's answer.
 */
import { isSecondTap, type StartedAction } from "~/lib/shell/secondTap";

let last: (StartedAction & { answer: Promise<unknown> }) | null = null;

/**
 * A Response's body can be read once, and each tap's navigation reads the answer it gets: each gets a copy and
 * the first answer stays unread.
 */
function copyOf<Answer>(answer: Answer): Answer {
  return answer instanceof Response ? (answer.clone() as Answer) : answer;
}

/**
 * Runs a route's action, unless it is a second tap of the one-time action `key` (null: an action that may be
 * repeated at once, like moving a file up): then answers what that one answers, without running it again.
 */
export async function runOneTimeAction<Answer>(key: string | null, action: () => Promise<Answer>): Promise<Answer> {
  if (key === null) {
    if (last) last.otherRequestSince = true;
    return action();
  }
  const now = performance.now();
  let running = last;
  if (running === null || !isSecondTap(running, key, now)) {
    const started = { key, startedAt: now, running: true, otherRequestSince: false, answer: action() };
    const finished = () => {
      started.running = false;
    };
    started.answer.then(finished, finished);
    last = running = started;
  }
  // Only a request with the same key gets another's answer: the same route's action, the same kind of answer.
  return copyOf((await running.answer) as Answer);
}
