// Tests look at whole (small) merges as objects; the app only makes objects of a window of rows.
import { parameterAt, type MergedParameter, type MergeResult } from "~/lib/merger/parameterMerge";

export function parametersOf(result: MergeResult): MergedParameter[] {
  return Array.from({ length: result.parameterCount }, (_, index) => parameterAt(result, index));
}

/** PAR.txt as docs/behaviour.md states it, written the plain way: what parFileBytesOf must equal byte for byte. */
export function referenceParFile(
  parameters: readonly { code: string; value: string }[],
  lineEnding: "crlf" | "lf",
): Uint8Array {
  const separator = lineEnding === "crlf" ? "\r\n" : "\n";
  return new TextEncoder().encode(
    parameters.map(({ code, value }) => `${code}${separator}${value}${separator}`).join(""),
  );
}
