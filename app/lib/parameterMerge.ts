/**
 * Merging the standard and the customer parameter sets into the entries of
 * PAR.txt (SPEC.md section 7, DECISIONS.md "SD card file merger"). Linear in
 * the input: one Map lookup per entry.
 */
import type { FileProblem, ParsedParameterFile } from "./parameterFile";
import type { ParameterSet } from "./parameterFilePath";

export interface MergeInputFile {
  id: string;
  path: string;
  set: ParameterSet;
  parsed: ParsedParameterFile;
}

export interface ParameterSource {
  path: string;
  lineNumber: number;
}

export interface MergedParameter {
  code: string;
  value: string;
  /** SPEC.md section 3: the customer set overwrote the standard value. */
  rewritten: boolean;
  /** The customer set brought a code the standard set lacks. */
  added: boolean;
  /** Where the value that is used comes from. */
  source: ParameterSource;
  /** The standard value the customer value replaced (rewritten entries only). */
  standardValue?: string;
}

export interface MergeProblem extends FileProblem {
  fileId: string;
  path: string;
}

export interface MergeResult {
  /** In PAR.txt order: standard entries where they stand, then added customer codes. */
  parameters: MergedParameter[];
  rewrittenCount: number;
  addedCount: number;
  /** Every problem of every file, in the order the files were added. */
  problems: MergeProblem[];
}

function duplicateProblem(
  file: MergeInputFile,
  lineNumber: number,
  code: string,
  first: ParameterSource,
): MergeProblem {
  return {
    kind: "duplicate-code",
    fileId: file.id,
    path: file.path,
    lineNumber,
    message: `Line ${lineNumber}: ${code} appears again in the ${file.set} set (first in ${first.path} line ${first.lineNumber}); this later value is used.`,
  };
}

/** Files are merged in the order given, which is the order they were added. */
export function mergeParameterFiles(files: readonly MergeInputFile[]): MergeResult {
  const parameters: MergedParameter[] = [];
  const byCode = new Map<string, MergedParameter>();
  const problems: MergeProblem[] = [];
  // Where each code was first seen within each set, for duplicate messages.
  const firstSeen: Record<ParameterSet, Map<string, ParameterSource>> = { standard: new Map(), customer: new Map() };

  const standardFiles = files.filter((file) => file.set === "standard");
  const customerFiles = files.filter((file) => file.set === "customer");
  for (const file of [...standardFiles, ...customerFiles]) {
    problems.push(...file.parsed.problems.map((problem) => ({ ...problem, fileId: file.id, path: file.path })));
    for (const entry of file.parsed.entries) {
      const source = { path: file.path, lineNumber: entry.lineNumber };
      const firstInSet = firstSeen[file.set].get(entry.code);
      if (firstInSet) problems.push(duplicateProblem(file, entry.lineNumber, entry.code, firstInSet));
      else firstSeen[file.set].set(entry.code, source);

      const existing = byCode.get(entry.code);
      if (!existing) {
        const parameter: MergedParameter = {
          code: entry.code,
          value: entry.value,
          rewritten: false,
          added: file.set === "customer",
          source,
        };
        byCode.set(entry.code, parameter);
        parameters.push(parameter);
      } else if (file.set === "customer" && !existing.added && !existing.rewritten) {
        existing.standardValue = existing.value;
        existing.value = entry.value;
        existing.rewritten = true;
        existing.source = source;
      } else {
        // A later duplicate within the same set: the later value wins, in place.
        existing.value = entry.value;
        existing.source = source;
      }
    }
  }

  const fileOrder = new Map(files.map((file, index) => [file.id, index]));
  problems.sort(
    (a, b) => fileOrder.get(a.fileId)! - fileOrder.get(b.fileId)! || (a.lineNumber ?? 0) - (b.lineNumber ?? 0),
  );

  let rewrittenCount = 0;
  let addedCount = 0;
  for (const parameter of parameters) {
    if (parameter.rewritten) rewrittenCount++;
    if (parameter.added) addedCount++;
  }
  return { parameters, rewrittenCount, addedCount, problems };
}

export type LineEnding = "crlf" | "lf";

export const lineSeparators: Record<LineEnding, string> = { crlf: "\r\n", lf: "\n" };

export const parFileName = "PAR.txt";

/** PAR.txt: code line, value line, for each parameter; every line ends with the separator. */
export function writeParFile(
  parameters: readonly Pick<MergedParameter, "code" | "value">[],
  lineEnding: LineEnding,
): string {
  const separator = lineSeparators[lineEnding];
  const lines: string[] = [];
  for (const parameter of parameters) lines.push(parameter.code, parameter.value);
  return lines.length === 0 ? "" : lines.join(separator) + separator;
}
