/**
 * What the card's top folder holds: which file is its PAR.txt, and what else the technician should know of (a
 * folder named PAR.txt, names that differ only in case, a Mac's ._PAR.txt, other PAR files, a half-done write).
 */
import { parFileName } from "~/lib/merger/parFileFormat";
import { cardTexts } from "./cardTexts";

/** The card's PAR.txt as the app last saw it before changing it: what the service record keeps as "before". */
export interface CardRead {
  /** null: the card had no PAR.txt. */
  bytes: Uint8Array<ArrayBuffer> | null;
  /** The folder's name, or the picked file's name. */
  name: string;
  from: "folder" | "file";
  readAt: Date;
  /** What the service record must say of these bytes (replacedParFileNote), or null. */
  note?: string | null;
}

/** An entry in the card's top folder. */
export interface CardEntry {
  name: string;
  kind: "file" | "directory";
}

/** FAT cards ignore case: "PAR.TXT" is the unit's PAR.txt too. */
export function isParFileName(name: string): boolean {
  return name.toLowerCase() === parFileName.toLowerCase();
}

/** Which entry of the card's top folder is its PAR.txt, and what stands in its way. */
export interface ParFileOnCard {
  /** The file read and replaced (null: the card has none, a write creates PAR.txt). */
  fileName: string | null;
  /** Files whose names differ from it only in case (possible outside FAT): the unit may read any of them. */
  caseTwins: string[];
  /** A folder named PAR.txt (any case), where the file should be. */
  folderName: string | null;
}

/**
 * The file named exactly PAR.txt wins over other cases; otherwise the one PAR.TXT in any case keeps its name
 * (the card ignores case, and a write must not leave two).
 */
export function parFileOnCard(entries: readonly CardEntry[]): ParFileOnCard {
  const files = entries.filter((entry) => entry.kind === "file" && isParFileName(entry.name)).map(({ name }) => name);
  const fileName = files.includes(parFileName) ? parFileName : (files[0] ?? null);
  return {
    fileName,
    caseTwins: files.filter((name) => name !== fileName),
    folderName: entries.find((entry) => entry.kind === "directory" && isParFileName(entry.name))?.name ?? null,
  };
}

/** What the technician should know about the card's top folder besides PAR.txt itself. */
export function cardFolderWarnings(entries: readonly CardEntry[]): string[] {
  const names = entries.map(({ name }) => name);
  const { fileName, caseTwins, folderName } = parFileOnCard(entries);
  const warnings: string[] = [];
  if (folderName) warnings.push(cardTexts.folderNamedPar(folderName));
  else if (!fileName) warnings.push(cardTexts.noParFile);
  if (fileName && caseTwins.length > 0) warnings.push(cardTexts.caseTwins(fileName, caseTwins));
  const appleDouble = names.filter((name) => /^\._par.*\.txt$/i.test(name));
  if (appleDouble.length > 0) warnings.push(cardTexts.appleDouble(appleDouble));
  const otherParFiles = names.filter((name) => /^par.*\.txt$/i.test(name) && !isParFileName(name));
  if (otherParFiles.length > 0) warnings.push(cardTexts.otherParFiles(otherParFiles));
  const swapFiles = names.filter((name) => /^par\.txt\.crswap$/i.test(name));
  if (swapFiles.length > 0) warnings.push(cardTexts.swapFiles(swapFiles));
  return warnings;
}
