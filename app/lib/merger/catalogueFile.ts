/**
 * A parameter catalogue file as the merge worker reads it: decoded as parameter files are (UTF-8 or
 * Windows-1252), then read by the catalogue's model. A file without a code or name column is refused.
 */
import type { CatalogueColumn } from "~/lib/catalogue/catalogueTexts";
import {
  readCatalogue,
  type BadCatalogueRow,
  type CatalogueFacts,
  type LoadedCatalogue,
} from "~/lib/catalogue/parameterCatalogue";
import { decodeParameterText } from "./fileEncoding";

/** A parameter catalogue file as it reaches the worker. */
export interface CatalogueFile extends Omit<CatalogueFacts, "rowCount"> {
  bytes: ArrayBuffer;
}

/** Rows left out that the answer names; the count says how many there are in all. */
const badCatalogueRowsNamed = 50;

/** What loading a catalogue did: it replaced the one before, or was refused and the one before stays. */
export type CatalogueLoadOutcome =
  | { kind: "loaded"; facts: CatalogueFacts; badRows: BadCatalogueRow[]; badRowCount: number }
  | { kind: "refused"; missing: CatalogueColumn[] };

/** The catalogue read from the file (null when refused), and what the page is told. */
export function readCatalogueFile(file: CatalogueFile): {
  catalogue: LoadedCatalogue | null;
  outcome: CatalogueLoadOutcome;
} {
  const reading = readCatalogue(decodeParameterText(new Uint8Array(file.bytes)).text);
  if (reading.kind === "refused") return { catalogue: null, outcome: reading };
  const facts = { fileName: file.fileName, sha256: file.sha256, rowCount: reading.catalogue.entries.length };
  return {
    catalogue: { ...facts, catalogue: reading.catalogue },
    outcome: {
      kind: "loaded",
      facts,
      badRows: reading.badRows.slice(0, badCatalogueRowsNamed),
      badRowCount: reading.badRows.length,
    },
  };
}
