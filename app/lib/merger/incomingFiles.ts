/** Sorting files the technician drops or picks into those to add and those to refuse. */
import { z } from "zod";
import { sameBytes } from "./fileBytes";
import type { ParameterSet } from "./parameterSet";
import { parameterFilePathSchema } from "./parameterFilePath";

/**
 * What the screen sends along with each file, as the browser reported it before the upload, and the id
 * the list shows it under while it is read (a form without one, as route tests post, gets one there).
 */
export const addedFileInfoSchema = z.object({
  id: z.string().min(1).optional(),
  name: z.string().optional(),
  path: parameterFilePathSchema.pipe(z.string().min(1)),
  type: z.string(),
  /** Pasted text, not a file: its name is the app's, and another is found when that one is taken. */
  pasted: z.literal(true).optional(),
});
export type AddedFileInfo = z.infer<typeof addedFileInfoSchema>;

/** docs/behaviour.md#accepted-files: text/plain, or an empty type with a .txt name (browsers leave some types empty). */
export function isAcceptedTextFile(fileName: string, mimeType: string): boolean {
  return mimeType === "text/plain" || (mimeType === "" && fileName.toLowerCase().endsWith(".txt"));
}

export interface IncomingFile<F> {
  file: F;
  name: string;
  type: string;
  path: string;
}

export interface SortedIncomingFiles<F> {
  accepted: IncomingFile<F>[];
  wrongFormat: IncomingFile<F>[];
  alreadyImported: IncomingFile<F>[];
}

// Not made when /files loads: Intl's first use costs tens of milliseconds on a phone. The drop zone makes
// it when the pointer or keyboard comes near (preparePathOrder), so a pick does not wait for it either.
let pathCollator: Intl.Collator | undefined;

/** Makes the collator that orders paths, if it is not made yet. */
export function preparePathOrder(): Intl.Collator {
  pathCollator ??= new Intl.Collator("en", { numeric: true });
  return pathCollator;
}

/** Natural order of paths: "file2" before "file10", folders grouped; ties broken exactly so the order never depends on the OS. */
export function comparePaths(a: string, b: string): number {
  return preparePathOrder().compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}

/**
 * Files of one pick or drop, in natural path order (docs/behaviour.md#order-of-a-pick: never the
 * order the OS lists them, which would decide the PAR order and which
 * duplicate wins). Duplicate = same path as a listed file or as one earlier in
 * the same drop, compared exactly.
 */
export function sortIncomingFiles<F>(
  incoming: readonly IncomingFile<F>[],
  listedPaths: readonly string[],
): SortedIncomingFiles<F> {
  const seenPaths = new Set(listedPaths);
  const sorted: SortedIncomingFiles<F> = { accepted: [], wrongFormat: [], alreadyImported: [] };
  for (const file of [...incoming].sort((a, b) => comparePaths(a.path, b.path))) {
    if (!isAcceptedTextFile(file.name, file.type)) sorted.wrongFormat.push(file);
    else if (seenPaths.has(file.path)) sorted.alreadyImported.push(file);
    else {
      seenPaths.add(file.path);
      sorted.accepted.push(file);
    }
  }
  return sorted;
}

/** A refused part of a drop, as one notice: the text docs/behaviour.md#refused-files fixes, and which files. */
export interface RefusalNotice {
  message: string;
  description: string;
}

/** The most words a toast gives the files it names: the rest of its 20 are its verdict's. */
const pathWordsInToast = 8;
const wordsOf = (text: string) => text.split(/\s+/u).filter((word) => word !== "");
/** A name with many words (spaces in it) cut after its first words, marked so. */
const shortened = (path: string, words: number) =>
  wordsOf(path).length <= words ? path : `${wordsOf(path).slice(0, words).join(" ")}…`;

/**
 * "a.txt", "a.txt, b.txt", "150 files: a.txt, b.txt and 148 more": short whatever the count and however many
 * words the names have (a toast has room for about eight of them); the notice above the list names every file.
 */
export function summarizePaths(paths: readonly string[], named = 2): string {
  const fits = (text: string) => wordsOf(text).length <= pathWordsInToast;
  if (paths.length <= named + 1 && fits(paths.join(", "))) return paths.join(", ");
  if (paths.length === 1) return shortened(paths[0]!, pathWordsInToast);
  const summary = `${paths.length} files: ${paths.slice(0, named).join(", ")} and ${paths.length - named} more`;
  if (paths.length > named + 1 && fits(summary)) return summary;
  return `${paths.length} files: ${shortened(paths[0]!, pathWordsInToast - 5)} and ${paths.length - 1} more`;
}

/**
 * Files refused as already imported whose bytes differ from the listed file's of the same path: an edited
 * file picked again. "Already imported" alone would read as "your file is in" while PAR.txt keeps the old
 * values, so these are said apart. A listed file whose bytes are not at hand (null) is not counted.
 */
export function withOtherContent<F extends { path: string; bytes: Uint8Array | null }>(
  refused: readonly F[],
  listedBytesOf: (path: string) => Uint8Array | null,
): F[] {
  return refused.filter(({ path, bytes }) => {
    const listedBytes = listedBytesOf(path);
    if (bytes === null || listedBytes === null) return false;
    return !sameBytes(bytes, listedBytes);
  });
}

/** A file's name: the last part of its path, as a file picked on its own is listed. */
export function fileNameOfPath(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

/** An added file that has the name of a listed file at another path, with other content. */
export interface AddedBesideNamesake {
  path: string;
  set: ParameterSet;
  listedPath: string;
  listedSet: ParameterSet;
}

/**
 * Added files whose name (not path) is that of a file listed before the add, with other bytes: the same file
 * reached another way in (a folder pick lists `site/KUNDESPEC/kunde.txt`, the edited `kunde.txt` comes by mail,
 * a share or a paste). The paths differ, so it is no "already imported" and is added as a file of its own, in the
 * set its path gives: it does not replace the listed one, which the technician must be told. Names are compared
 * without case (Windows keeps one file of `KUNDE.TXT` and `kunde.txt`); a listed file whose bytes are not at hand
 * (null) is not compared. One listed namesake is named per file: the first in list order.
 */
export function addedBesideNamesakes(
  added: readonly { path: string; set: ParameterSet; bytes: Uint8Array }[],
  listed: readonly { path: string; set: ParameterSet; bytes: Uint8Array | null }[],
): AddedBesideNamesake[] {
  const key = (path: string) => fileNameOfPath(path).toLowerCase();
  return added.flatMap((file) => {
    const namesake = listed.find(
      (other) =>
        key(other.path) === key(file.path) &&
        other.path !== file.path &&
        other.bytes !== null &&
        !sameBytes(other.bytes, file.bytes),
    );
    return namesake ? [{ path: file.path, set: file.set, listedPath: namesake.path, listedSet: namesake.set }] : [];
  });
}

/**
 * Files refused from a pick because an earlier file of the same pick has their path: those that cannot be shown
 * to hold the same bytes as it. Two `KUNDESPEC.txt` from a picker's "Recent" view, two mail attachments of one
 * name: the device's order chose which one was taken, so none of them may be used. A file that could not be read
 * (null, on either side) cannot be shown to be the same, so it counts as other content; "already imported" would
 * say a file is in that may never have been read. `takenBytesOf` is undefined for a path no earlier file of the
 * pick has (the file is refused because a listed file has it: withOtherContent's case).
 */
export function namesakesWithOtherContent<F extends { path: string; bytes: Uint8Array | null }>(
  refused: readonly F[],
  takenBytesOf: (path: string) => Uint8Array | null | undefined,
): F[] {
  return refused.filter(({ path, bytes }) => {
    const takenBytes = takenBytesOf(path);
    if (takenBytes === undefined) return false;
    return bytes === null || takenBytes === null || !sameBytes(bytes, takenBytes);
  });
}

/**
 * One toast per reason: its verdict and the files, nothing more (the notice above the list keeps the why). Files
 * listed with other content, and files of one pick that share a path but not their content, count under their own
 * reason instead of "already imported".
 */
export function refusalNotices(
  sorted: Record<
    "wrongFormat" | "alreadyImported" | "alreadyImportedWithOtherContent" | "namesakesWithOtherContent",
    readonly { path: string }[]
  >,
  messages: Record<"wrongFormat" | "alreadyImported" | "namesakesWithOtherContent", string>,
): RefusalNotice[] {
  const notices: RefusalNotice[] = [];
  const otherContent = new Set(sorted.alreadyImportedWithOtherContent.map((file) => file.path));
  const namesakes = new Set(sorted.namesakesWithOtherContent.map((file) => file.path));
  const notice = (message: string, paths: readonly string[]) =>
    notices.push({ message, description: `Not added: ${summarizePaths(paths)}` });
  for (const reason of ["wrongFormat", "alreadyImported"] as const) {
    const paths = sorted[reason]
      .map((file) => file.path)
      .filter((path) => !otherContent.has(path) && !namesakes.has(path));
    if (paths.length > 0) notice(messages[reason], paths);
  }
  if (otherContent.size > 0) notice(messages.alreadyImported, [...otherContent]);
  if (namesakes.size > 0) notice(messages.namesakesWithOtherContent, [...namesakes]);
  return notices;
}
