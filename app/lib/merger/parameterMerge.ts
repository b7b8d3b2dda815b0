/**
 * Merging the standard and the customer parameter sets into the entries of
 * PAR.txt (SPEC.md section 7, DECISIONS.md "SD card file merger"). Linear in
 * the input: one Map lookup per entry.
 */
import type { FileProblem, ParsedParameterFile } from "./parameterFile";
import type { ParameterSet } from "./parameterSet";

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

/** A code starts with P, so only its end can hold stray spaces or tabs; checked without trimming every code. */
function endsInWhitespace(code: string): boolean {
  const last = code.charCodeAt(code.length - 1);
  return last <= 32 || last === 0xa0 || (last > 0x1fff && /\s$/.test(code));
}

function whitespaceProblem(
  file: MergeInputFile,
  lineNumber: number,
  code: string,
  other: { code: string; source: ParameterSource },
): MergeProblem {
  return {
    kind: "code-whitespace",
    fileId: file.id,
    path: file.path,
    lineNumber,
    message: `Line ${lineNumber}: code ${JSON.stringify(code)} differs from ${JSON.stringify(other.code)} (${other.source.path} line ${other.source.lineNumber}) only by spaces or tabs around it, so PAR.txt holds both. Correct the file that is wrong.`,
  };
}

/** Files are merged in the order given, which is the order they were added. */
export function mergeParameterFiles(files: readonly MergeInputFile[]): MergeResult {
  const parameters: MergedParameter[] = [];
  const indexByCode = new Map<string, number>();
  // Where each code was first seen in each set (for duplicate messages), by parameter index.
  const firstInSet: Record<ParameterSet, (ParameterSource | undefined)[]> = { standard: [], customer: [] };
  const problems: MergeProblem[] = [];
  // Codes with spaces or tabs around them are rare: only they are kept by their trimmed form.
  const paddedCodes = new Map<string, { code: string; source: ParameterSource }>();
  let rewrittenCount = 0;
  let addedCount = 0;

  const firstSourceOf = (index: number) => (firstInSet.standard[index] ?? firstInSet.customer[index])!;

  const standardFiles = files.filter((file) => file.set === "standard");
  const customerFiles = files.filter((file) => file.set === "customer");
  for (const file of [...standardFiles, ...customerFiles]) {
    for (const problem of file.parsed.problems) problems.push({ ...problem, fileId: file.id, path: file.path });
    const isCustomer = file.set === "customer";
    const firstInThisSet = firstInSet[file.set];
    for (const entry of file.parsed.entries) {
      const source: ParameterSource = { path: file.path, lineNumber: entry.lineNumber };
      const index = indexByCode.get(entry.code);
      if (index === undefined) {
        // A new code: is it the same as a known one but for surrounding whitespace?
        if (endsInWhitespace(entry.code)) {
          const trimmed = entry.code.trim();
          const cleanIndex = indexByCode.get(trimmed);
          const twin =
            cleanIndex !== undefined ? { code: trimmed, source: firstSourceOf(cleanIndex) } : paddedCodes.get(trimmed);
          if (twin) problems.push(whitespaceProblem(file, entry.lineNumber, entry.code, twin));
          else paddedCodes.set(trimmed, { code: entry.code, source });
        } else if (paddedCodes.size > 0) {
          const twin = paddedCodes.get(entry.code);
          if (twin) problems.push(whitespaceProblem(file, entry.lineNumber, entry.code, twin));
        }
        indexByCode.set(entry.code, parameters.length);
        parameters.push({ code: entry.code, value: entry.value, rewritten: false, added: isCustomer, source });
        firstInSet.standard.push(isCustomer ? undefined : source);
        firstInSet.customer.push(isCustomer ? source : undefined);
        if (isCustomer) addedCount++;
        continue;
      }
      const parameter = parameters[index]!;
      const first = firstInThisSet[index];
      if (first) {
        // A later duplicate within the same set: the later value wins, in place.
        problems.push(duplicateProblem(file, entry.lineNumber, entry.code, first));
      } else {
        // The first customer value for a standard code.
        firstInThisSet[index] = source;
        parameter.standardValue = parameter.value;
        parameter.rewritten = true;
        rewrittenCount++;
      }
      parameter.value = entry.value;
      parameter.source = source;
    }
  }

  const fileOrder = new Map(files.map((file, index) => [file.id, index]));
  problems.sort(
    (a, b) => fileOrder.get(a.fileId)! - fileOrder.get(b.fileId)! || (a.lineNumber ?? 0) - (b.lineNumber ?? 0),
  );
  return { parameters, rewrittenCount, addedCount, problems };
}
