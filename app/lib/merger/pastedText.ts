/** The names pasted text is added under (docs/behaviour.md#ways-in): pasted-1.txt, pasted-2.txt, … */
import { fileNameOfPath } from "./incomingFiles";

const pastedFileNamePattern = /^pasted-(\d+)\.txt$/i;

/**
 * The highest number of a pasted text's name among these paths' names (in any folder, any case), or `since` when
 * that is higher. A visit keeps the highest it has seen listed: a name once listed is never given again in the
 * visit, also after its file was deleted, so a second paste is never taken for the first one picked again
 * ("already imported", "its content differs", a file not kept named by a name another file has now).
 */
export function highestPastedNumber(paths: Iterable<string>, since = 0): number {
  let highest = since;
  for (const path of paths) {
    const number = pastedFileNamePattern.exec(fileNameOfPath(path))?.[1];
    if (number !== undefined) highest = Math.max(highest, Number(number));
  }
  return highest;
}

/** The next pasted text's name: one past the highest number seen, so a later paste also sorts after an earlier one. */
export function nextPastedFileName(highestSeen: number): string {
  return `pasted-${highestSeen + 1}.txt`;
}
