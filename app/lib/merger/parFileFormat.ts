/** Writing PAR.txt, the file the unit reads from its SD card (docs/behaviour.md#partxt-format: order, separator, encoding). */

export type LineEnding = "crlf" | "lf";

/** The unit reads the card like a Windows text file. */
export const defaultLineEnding: LineEnding = "crlf";

export const lineEndingLabels: Record<LineEnding, string> = { crlf: "CRLF (Windows, default)", lf: "LF" };

export const lineSeparators: Record<LineEnding, string> = { crlf: "\r\n", lf: "\n" };

export const parFileName = "PAR.txt";

/** PAR.txt itself is written from the merge's columns: parFileBytesOf in parameterMerge.ts. */

/**
 * Where a PAR.txt the tool made went: downloaded, written to the card and verified, or written to the card by a
 * write that failed after it may have changed the card (see recordDestinationOfCardWrite in
 * app/lib/card/cardWriteRecord.ts).
 */
export const parFileDestinations = ["downloaded", "card", "card-unverified", "card-incomplete"] as const;
export type ParFileDestination = (typeof parFileDestinations)[number];
