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

/**
 * Pasted texts under names nothing listed has: one whose name is taken (another tab pasted meanwhile, its screen
 * not yet shown here) gets the next free name rather than being refused, since a pasted text has no file behind it
 * to pick again. Other files keep their paths.
 */
export function withFreePastedNames<F extends { path: string }>(
  files: readonly F[],
  isPasted: (file: F) => boolean,
  listedPaths: Iterable<string>,
): F[] {
  const taken = new Set([...listedPaths].map((path) => path.toLowerCase()));
  let highest = highestPastedNumber(taken);
  return files.map((file) => {
    if (!isPasted(file) || !taken.has(file.path.toLowerCase())) {
      taken.add(file.path.toLowerCase());
      return file;
    }
    highest = highestPastedNumber(taken, highest);
    const path = nextPastedFileName(highest);
    taken.add(path);
    return { ...file, path };
  });
}

/** What a paste adds: the clipboard's files, its text (as pasted-N.txt), or nothing. */
export type PastedContent<F> = { files: F[] } | { text: string } | null;

/**
 * What a paste on /files adds (docs/behaviour.md#ways-in). Cells copied from Excel, or a table from Word or
 * OneNote, reach the page on Windows as their text and a picture of them: the technician pasted the text, so the
 * text is added, as text pasted alone is, and the picture is not refused as if they had chosen it. Files that are
 * not only pictures beside text (a text file, a picture pasted alone) are added as files, with the usual checks.
 */
export function pastedContent<F extends { type: string }>(files: readonly F[], text: string): PastedContent<F> {
  const hasText = text.trim() !== "";
  const picturesOfTheText = hasText && files.every((file) => file.type.startsWith("image/"));
  if (files.length > 0 && !picturesOfTheText) return { files: [...files] };
  return hasText ? { text } : null;
}
