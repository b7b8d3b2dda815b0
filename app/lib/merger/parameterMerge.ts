/**
 * Merging the standard and the customer parameter sets into the entries of
 * PAR.txt (SPEC.md section 7, DECISIONS.md "SD card file merger"). Linear in
 * the input: one Map lookup per entry.
 */
import {
  isUnchangedOverride,
  likelyIntendedCode,
  mergeChecks,
  unusualCharactersIn,
  valueFormatChange,
  type CheckSeverity,
  type StandardCodes,
  type MergeCheckName,
} from "./mergeChecks";
import type { FileProblem, FileProblemKind, ParsedParameterFile } from "./parameterFile";
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
  set: ParameterSet;
}

/** One line that gave a code a value. */
export interface ParameterSetting extends ParameterSource {
  value: string;
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
  /** Earlier lines that set this code and were overwritten, in merge order (only when there were any). */
  overwritten?: ParameterSetting[];
}

export interface MergeProblem extends Omit<FileProblem, "kind"> {
  kind: FileProblemKind | MergeCheckName;
  fileId: string;
  path: string;
}

/** What a check found on one parameter, at the line that caused it. */
export interface MergeCheckFinding extends MergeProblem {
  kind: MergeCheckName;
  severity: CheckSeverity;
  code: string;
  /** Index of the parameter in PAR.txt order. */
  parameterIndex: number;
}

export interface MergeResult {
  /** In PAR.txt order: standard entries where they stand, then added customer codes. */
  parameters: MergedParameter[];
  rewrittenCount: number;
  addedCount: number;
  /** Every problem of every file and every check of severity problem, in the order the files were added. */
  problems: MergeProblem[];
  /** Every check finding (problems and notes), in PAR.txt order. */
  checks: MergeCheckFinding[];
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
  const conflicts: CustomerConflict[] = [];

  const firstSourceOf = (index: number) => (firstInSet.standard[index] ?? firstInSet.customer[index])!;

  const standardFiles = files.filter((file) => file.set === "standard");
  const customerFiles = files.filter((file) => file.set === "customer");
  for (const file of [...standardFiles, ...customerFiles]) {
    for (const problem of file.parsed.problems) problems.push({ ...problem, fileId: file.id, path: file.path });
    const isCustomer = file.set === "customer";
    const firstInThisSet = firstInSet[file.set];
    for (const entry of file.parsed.entries) {
      const source: ParameterSource = { path: file.path, lineNumber: entry.lineNumber, set: file.set };
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
      (parameter.overwritten ??= []).push({ ...parameter.source, value: parameter.value });
      if (first) {
        // A later duplicate within the same set: the later value wins, in place.
        const conflict = isCustomer && parameter.source.path !== file.path && parameter.value !== entry.value;
        if (conflict) {
          conflicts.push({
            file,
            index,
            lineNumber: entry.lineNumber,
            value: entry.value,
            earlier: parameter.source,
            earlierValue: parameter.value,
          });
        } else problems.push(duplicateProblem(file, entry.lineNumber, entry.code, first));
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

  const checks = checkMerge(parameters, files, conflicts, indexByCode);
  for (const finding of checks) if (finding.severity === "problem") problems.push(finding);
  const fileOrder = new Map(files.map((file, index) => [file.id, index]));
  problems.sort(
    (a, b) => fileOrder.get(a.fileId)! - fileOrder.get(b.fileId)! || (a.lineNumber ?? 0) - (b.lineNumber ?? 0),
  );
  return { parameters, rewrittenCount, addedCount, problems, checks };
}

/** A customer file that gives a code another value than an earlier customer file. */
export interface CustomerConflict {
  file: MergeInputFile;
  index: number;
  lineNumber: number;
  value: string;
  earlier: ParameterSource;
  earlierValue: string;
}

function standardCodesIn(
  parameters: readonly MergedParameter[],
  indexByCode: ReadonlyMap<string, number>,
): StandardCodes {
  return {
    has(code) {
      const index = indexByCode.get(code);
      return index !== undefined && !parameters[index]!.added;
    },
  };
}

/** Runs the checks of mergeChecks.ts on a finished merge; linear in the parameters. */
export function checkMerge(
  parameters: readonly MergedParameter[],
  files: readonly MergeInputFile[],
  conflicts: readonly CustomerConflict[],
  /** The merge's own index of every code (standard and added). */
  indexByCode: ReadonlyMap<string, number>,
): MergeCheckFinding[] {
  const fileIdByPath = new Map(files.map((file) => [file.path, file.id]));
  const checks: MergeCheckFinding[] = [];
  const find = (kind: MergeCheckName, index: number, at: ParameterSource, message: string) =>
    checks.push({
      kind,
      severity: mergeChecks[kind].severity,
      code: parameters[index]!.code,
      parameterIndex: index,
      fileId: fileIdByPath.get(at.path) ?? at.path,
      path: at.path,
      lineNumber: at.lineNumber,
      message: `Line ${at.lineNumber}: ${message}`,
    });
  const conflictsByIndex = new Map<number, CustomerConflict[]>();
  for (const conflict of conflicts)
    conflictsByIndex.set(conflict.index, [...(conflictsByIndex.get(conflict.index) ?? []), conflict]);

  // Codes that were in the standard set are exactly those not added by the customer set.
  let standardCodes: StandardCodes | undefined;
  for (let index = 0; index < parameters.length; index++) {
    const parameter = parameters[index]!;
    const { code, value, source } = parameter;
    if (parameter.added) {
      standardCodes ??= standardCodesIn(parameters, indexByCode);
      const intended = likelyIntendedCode(code, standardCodes);
      if (intended) {
        find(
          "mistyped-code",
          index,
          parameter.overwritten?.[0] ?? source,
          `${code} is not in the standard set but looks like ${intended.code} mistyped: ${intended.slip}. PAR.txt gets ${code} as a new code and keeps the standard value of ${intended.code}; check the customer file.`,
        );
      }
    }
    for (const conflict of conflictsByIndex.get(index) ?? []) {
      find(
        "customer-conflict",
        index,
        { path: conflict.file.path, lineNumber: conflict.lineNumber, set: "customer" },
        `${code} is ${JSON.stringify(conflict.value)} here but ${JSON.stringify(conflict.earlierValue)} in ${conflict.earlier.path} line ${conflict.earlier.lineNumber}; the later file wins. Make the customer files agree.`,
      );
    }
    if (parameter.rewritten && parameter.standardValue !== undefined) {
      if (isUnchangedOverride(parameter.standardValue, value)) {
        find(
          "override-unchanged",
          index,
          source,
          `${code}: the customer value ${JSON.stringify(value)} equals the standard value; this override changes nothing.`,
        );
      } else {
        const change = valueFormatChange(parameter.standardValue, value);
        if (change) {
          find(
            "value-format",
            index,
            source,
            `${code}: the customer value ${JSON.stringify(value)} ${change} (${JSON.stringify(parameter.standardValue)}).`,
          );
        }
      }
    }
    const unusual = unusualCharactersIn(value);
    if (unusual)
      find(
        "unusual-characters",
        index,
        source,
        `${code}: the value ${JSON.stringify(value)} that goes on the card has ${unusual}; the unit may not expect that.`,
      );
  }
  return checks;
}
