/** Sorting files the technician drops or picks into those to add and those to refuse. */
import { z } from "zod";

/** What the screen sends along with each file, as the browser reported it before the upload. */
export const addedFileInfoSchema = z.object({ path: z.string().min(1), type: z.string() });
export type AddedFileInfo = z.infer<typeof addedFileInfoSchema>;

/** DECISIONS.md: text/plain, or an empty type with a .txt name (browsers leave some types empty). */
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

/** Duplicate = same path as a listed file or as one earlier in the same drop, compared exactly. */
export function sortIncomingFiles<F>(
  incoming: readonly IncomingFile<F>[],
  listedPaths: readonly string[],
): SortedIncomingFiles<F> {
  const seenPaths = new Set(listedPaths);
  const sorted: SortedIncomingFiles<F> = { accepted: [], wrongFormat: [], alreadyImported: [] };
  for (const file of incoming) {
    if (!isAcceptedTextFile(file.name, file.type)) sorted.wrongFormat.push(file);
    else if (seenPaths.has(file.path)) sorted.alreadyImported.push(file);
    else {
      seenPaths.add(file.path);
      sorted.accepted.push(file);
    }
  }
  return sorted;
}
