// Tests look at whole (small) merges as objects; the app only makes objects of a window of rows.
import { readParameterFile } from "~/lib/merger/parameterFile";
import {
  mergeParameterFiles,
  parameterAt,
  parFileBytesOf,
  type MergedParameter,
  type MergeInputFile,
  type MergeResult,
} from "~/lib/merger/parameterMerge";
import { setOfFile, type ParameterSet } from "~/lib/merger/parameterSet";

/** A file to merge, read from its text (UTF-8) or bytes; its set from its path, or the technician's choice. */
export function inputFileOf(
  path: string,
  content: string | Uint8Array,
  setOverride: ParameterSet | null = null,
): MergeInputFile {
  const bytes = typeof content === "string" ? new TextEncoder().encode(content) : content;
  return { id: path, path, set: setOfFile({ path, setOverride }), parsed: readParameterFile(bytes) };
}

/** A merge, with PAR.txt (CRLF) as text and its problems as plain objects. */
export function mergedOf(...files: MergeInputFile[]) {
  const result = mergeParameterFiles(files);
  return {
    result,
    par: new TextDecoder().decode(parFileBytesOf(result, "crlf")),
    problems: result.problems.map(({ kind, path, lineNumber, message }) => ({ kind, path, lineNumber, message })),
  };
}

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
