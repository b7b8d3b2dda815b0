/** Paths of added files: how they are named, shown and sorted into a set. */
import { z } from "zod";

const maxShownPathLength = 50;

/**
 * One spelling per name: macOS hands names over decomposed (u + ¨, NFD), Windows and Android composed (ü, NFC).
 * Two spellings would be two files of one name on screen, which no check of "the same file again" would catch.
 * Only what a decomposition took apart is put together again: a character that NFC turns into another on its own
 * (the Kelvin sign K into K, the Ohm sign Ω into Ω) stays as picked, so a folder spelled with it keeps showing
 * how it is spelled, and no other letter becomes one of the exact letters KUNDESPEC (docs/behaviour.md#standard-or-customer).
 */
export function oneSpellingOf(path: string): string {
  const composed = path.normalize("NFC");
  // A path in one spelling holds no such character: NFC never writes one.
  if (composed === path) return path;
  let spelled = "";
  let run = "";
  for (const character of path) {
    if (character.normalize("NFC") === character) run += character;
    else {
      spelled += run.normalize("NFC") + character;
      run = "";
    }
  }
  return spelled + run.normalize("NFC");
}

/**
 * A dropped folder gives "/KUNDESPEC/a.txt", the folder picker "KUNDESPEC/a.txt",
 * a file picked alone "./a.txt": the path is the part inside the folder, or the name.
 */
export function normalizeParameterFilePath(path: string | undefined, fileName: string): string {
  const trimmed = (path ?? "").replace(/^\.?\/+/, "");
  return oneSpellingOf(trimmed === "" ? fileName : trimmed);
}

/**
 * A file's path wherever it comes in other than a pick: the screen's form, the stored list (and another tab's), the
 * notes kept beside it, a service record's input files (Load these files again) and a restored backup. Versions
 * before the rule kept a Mac's names decomposed: read in one spelling, a name stored then and the same name picked
 * now are one file.
 */
export const parameterFilePathSchema = z.string().transform(oneSpellingOf);

/** docs/behaviour.md#the-file-list: the path cut to 50 characters followed by "..." when longer. */
export function shortenedPath(path: string): string {
  return path.length > maxShownPathLength ? `${path.slice(0, maxShownPathLength)}...` : path;
}

/**
 * A long path shortened in the middle, so that both its folder and its file
 * name stay readable in a narrow table column: "KUNDESPEC/site…/kunde_1042.txt".
 */
export function middleShortenedPath(path: string, maxLength = 40): string {
  if (path.length <= maxLength) return path;
  const tail = Math.ceil((maxLength - 1) / 2);
  return `${path.slice(0, maxLength - 1 - tail)}…${path.slice(path.length - tail)}`;
}
