/** Paths of added files: how they are named, shown and sorted into a set. */

export const maxShownPathLength = 50;

/**
 * A dropped folder gives "/KUNDESPEC/a.txt", the folder picker "KUNDESPEC/a.txt",
 * a file picked alone "./a.txt": the path is the part inside the folder, or the name.
 */
export function normalizeParameterFilePath(path: string | undefined, fileName: string): string {
  const trimmed = (path ?? "").replace(/^\.?\/+/, "");
  return trimmed === "" ? fileName : trimmed;
}

/** SPEC.md: the path cut to 50 characters followed by "..." when longer. */
export function shortenedPath(path: string): string {
  return path.length > maxShownPathLength ? `${path.slice(0, maxShownPathLength)}...` : path;
}

export type ParameterSet = "standard" | "customer";

/** DECISIONS.md: a path with KUNDESPEC in it, in any case, belongs to the customer set. */
export function setOfPath(path: string): ParameterSet {
  return path.toUpperCase().includes("KUNDESPEC") ? "customer" : "standard";
}

/** DECISIONS.md: text/plain, or an empty type with a .txt name (browsers leave some types empty). */
export function isAcceptedTextFile(fileName: string, mimeType: string): boolean {
  return mimeType === "text/plain" || (mimeType === "" && fileName.toLowerCase().endsWith(".txt"));
}
