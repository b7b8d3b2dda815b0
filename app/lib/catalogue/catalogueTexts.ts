/**
 * Every text of the parameter catalogue in one place: the screen, the checks' messages and the notices import
 * them, and so do the tests.
 */
import { countOf } from "~/lib/shell/plural";

/** How a catalogue's row or file names a column, as the manufacturer writes it in the header. */
export type CatalogueColumn = "code" | "name" | "unit" | "min" | "max" | "default" | "choices";

export const catalogueTexts = {
  loadButton: "Load parameter catalogue",
  removeButton: "Remove catalogue",
  panelTitle: "Parameter catalogue",
  noneLoaded: "No catalogue loaded: codes show without their names, units and limits.",
  /** What the catalogue gives, under its title. */
  whatItDoes: "Names, units and limits of each code, from the manufacturer. It never changes PAR.txt.",
  rowCount: (count: number) => countOf(count, "code"),
  sha256Label: "SHA-256",

  // Why a row cannot be used: the row is named by its line and left out.
  noCode: "it has no code",
  duplicateCode: (code: string, firstLine: number) => `${code} is already on line ${firstLine}`,
  notANumber: (column: CatalogueColumn, text: string) => `its ${column} "${text}" is not a number`,
  minAboveMax: (min: string, max: string) => `its min ${min} is above its max ${max}`,
  choiceWithoutValue: (choice: string) => `its choice "${choice}" has no value before "="`,
  badRow: (lineNumber: number, reason: string) => `Line ${lineNumber}: ${reason}; the row is left out.`,

  /** The verdict of a load, as a toast. */
  loaded: (rowCount: number) => `Catalogue loaded: ${countOf(rowCount, "code")}`,
  loadedWithBadRows: (rowCount: number, badCount: number) =>
    `Catalogue loaded: ${countOf(rowCount, "code")}, ${countOf(badCount, "row")} left out`,
  removed: "Catalogue removed",
  refused: (missing: readonly CatalogueColumn[]) =>
    `Catalogue not loaded: it has no ${missing.map((column) => `“${column}”`).join(" and no ")} column`,
  refusedWhy: "A catalogue needs a header line with the columns code and name. The catalogue you had stays.",
  notRead: "Catalogue not loaded: the file could not be read",
  notStored: (reason: string) => `Catalogue not loaded: this browser did not store it (${reason})`,
  notRemoved: (reason: string) => `Catalogue not removed: this browser did not store the change (${reason})`,

  /** The notice that names the rows left out. */
  badRowsTitle: (count: number) => `${countOf(count, "row")} of the catalogue left out`,
  badRowsWhy:
    "Each is named by its line in the catalogue file; the other rows apply. Correct the file and load it again.",
  moreBadRows: (count: number) => `and ${countOf(count, "more row")}.`,

  // The checks of PAR.txt's values (mergeChecks.ts runs them).
  aboveMax: (parameter: string, value: string, max: string) => `${parameter} = ${value} is above its maximum ${max}.`,
  belowMin: (parameter: string, value: string, min: string) => `${parameter} = ${value} is below its minimum ${min}.`,
  notANumberValue: (parameter: string, value: string, limits: string) =>
    `${parameter} = ${value} is not a number, and its ${limits}.`,
  notAmongChoices: (parameter: string, value: string, choices: string) =>
    `${parameter} = ${value} is not among its choices ${choices}.`,
  notInCatalogue: (code: string) => `${code} is not in the catalogue.`,
  moreNotInCatalogue: (count: number) =>
    `and ${countOf(count, "more code")} of PAR.txt are not in the catalogue (the first ones are named).`,

  /** The filter of the parameter table. */
  differsFromDefault: "Differs from default",
};
