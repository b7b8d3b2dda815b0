/**
 * When PAR.txt may be downloaded, and why not. A wrong card misconfigures a
 * dosing unit, so the gate is one named rule that the button, its reason text
 * and the route action all ask.
 */
import { countOf } from "~/lib/shell/plural";
import type { MergeProblem } from "./parameterMerge";

export interface DownloadGateInput {
  fileCount: number;
  parameterCount: number;
  problemCount: number;
  /** Names exactly the problems of the current merge (see problemsKeyOf). */
  problemsKey: string;
  /** The problems key the technician confirmed, or null. */
  confirmedProblemsKey: string | null;
  /** Added files are still being read: the counts on screen are not yet those of the merge PAR.txt would hold. */
  filesBeingRead?: boolean;
}

/** null when Download is allowed; otherwise the reason, as the screen shows it. */
export function downloadBlocker(gate: DownloadGateInput): string | null {
  if (gate.filesBeingRead) return "Wait until the added files are read.";
  if (gate.fileCount === 0) return "Add parameter files first.";
  if (gate.parameterCount === 0) {
    return "There is nothing to write: the files hold no parameters (they are empty or only comments).";
  }
  if (gate.problemCount > 0 && gate.confirmedProblemsKey !== gate.problemsKey) {
    return `Check the ${countOf(gate.problemCount, "problem")} first, then tick the box.`;
  }
  return null;
}

export function problemConfirmationLabel(problemCount: number): string {
  return `I have checked the ${countOf(problemCount, "problem")}`;
}

/** Under the confirmation box: a problem line is not always left out (a value like a code goes in as read). */
export const problemConfirmationDescription =
  "Each message says what happens to its line: left out of PAR.txt, or in it as read.";

/**
 * A short key for exactly these problems (file, line, kind and message), so a
 * confirmation holds for the problems it was given for and no others, even
 * when another set of problems has the same count.
 */
export function problemsKeyOf(problems: readonly MergeProblem[]): string {
  // FNV-1a, 32 bits: small enough for a form field, and a confirmation only has to tell lists apart.
  let hash = 0x811c9dc5;
  const mix = (text: string) => {
    for (let index = 0; index < text.length; index++) {
      hash ^= text.charCodeAt(index);
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
  };
  for (const problem of problems)
    mix(`${problem.fileId}\u0000${problem.lineNumber ?? ""}\u0000${problem.kind}\u0000${problem.message}\u0001`);
  return `${problems.length}-${hash.toString(16).padStart(8, "0")}`;
}
