/** Writing PAR.txt, the file the unit reads from its SD card (DECISIONS.md: order, separator, encoding). */

export type LineEnding = "crlf" | "lf";

/** The unit reads the card like a Windows text file. */
export const defaultLineEnding: LineEnding = "crlf";

export const lineEndingLabels: Record<LineEnding, string> = { crlf: "CRLF (Windows, default)", lf: "LF" };

export const lineSeparators: Record<LineEnding, string> = { crlf: "\r\n", lf: "\n" };

export const parFileName = "PAR.txt";

/** Code line, value line, for each parameter; every line ends with the separator. */
export function writeParFile(
  parameters: readonly { readonly code: string; readonly value: string }[],
  lineEnding: LineEnding,
): string {
  const separator = lineSeparators[lineEnding];
  const lines: string[] = [];
  for (const parameter of parameters) lines.push(parameter.code, parameter.value);
  return lines.length === 0 ? "" : lines.join(separator) + separator;
}

/** UTF-8 without BOM, as the unit expects. */
export function encodeParFile(text: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(text) as Uint8Array<ArrayBuffer>;
}
