/**
 * Merging the standard and the customer parameter sets into the entries of
 * PAR.txt (SPEC.md section 7, DECISIONS.md "SD card file merger"). Linear in
 * the input: one hash lookup per entry, on ranges of the files' texts.
 *
 * The result is columnar like the files (issue 17): per parameter the line
 * ("setting") whose value PAR.txt gets, per setting the earlier one it
 * overwrote. Objects are made only for what is shown or checked:
 * `parameterAt` for a window of rows, strings for the few codes a check looks at.
 */
import {
  hasUnusualCharactersAt,
  isUnchangedOverride,
  likelyIntendedCode,
  mergeChecks,
  unusualCharactersIn,
  valueFormatChange,
  type CheckSeverity,
  type StandardCodes,
  type MergeCheckName,
} from "./mergeChecks";
import { codeOf, valueOf, type FileProblem, type FileProblemKind, type ParsedParameterFile } from "./parameterFile";
import { lineSeparators, type LineEnding } from "~/lib/merger/parFileFormat";
import type { ParameterSet } from "./parameterSet";
import { RangeIndex, sameRanges, Utf8Writer } from "./textRanges";

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

/** One parameter of the merge as an object: made for a row on screen, a record or a test, never for all at once. */
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
  /** The files as merged: the standard ones, then the customer ones, each in the order added. */
  files: readonly MergeInputFile[];
  parameterCount: number;
  rewrittenCount: number;
  addedCount: number;
  /** Every problem of every file and every check of severity problem, in the order the files were added. */
  problems: MergeProblem[];
  /** Every check finding (problems and notes), in PAR.txt order. */
  checks: MergeCheckFinding[];
  /**
   * Per parameter, in PAR.txt order (standard codes where they stand, then added
   * customer codes): the setting whose value is used. A setting is one entry of
   * one file, numbered across `files` (see firstSettingOfFile).
   */
  usedSetting: Int32Array;
  /** Per parameter: rewrittenFlag and addedFlag. */
  parameterFlags: Uint8Array;
  /** Per setting: the earlier setting of the same code that it overwrote, or -1. */
  overwrittenSetting: Int32Array;
  /** Per file of `files`: the number of its first setting; then the number of settings. */
  firstSettingOfFile: Int32Array;
  /** Finds a code's parameter index. */
  codeIndex: RangeIndex;
}

/** SPEC.md section 3: the customer set overwrote the standard value. */
export const rewrittenFlag = 1;
/** The customer set brought a code the standard set lacks. */
export const addedFlag = 2;

/** A setting's file (index into result.files); its entry in that file is setting − firstSettingOfFile[file]. */
function fileOfSetting(result: Pick<MergeResult, "firstSettingOfFile">, setting: number): number {
  const first = result.firstSettingOfFile;
  // Few files: a binary search over their first settings.
  let low = 0;
  let high = first.length - 2;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (first[middle]! <= setting) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** What finding a setting needs: the files and where their settings start. */
type SettingLookup = Pick<MergeResult, "files" | "firstSettingOfFile" | "overwrittenSetting">;

/** Calls `visit` for every parameter in PAR.txt order with the file and entry whose value it uses. */
export function forEachUsedEntry(
  result: MergeResult,
  visit: (index: number, parsed: ParsedParameterFile, entry: number) => void,
): void {
  const { files, firstSettingOfFile, usedSetting } = result;
  let fileIndex = 0;
  for (let index = 0; index < result.parameterCount; index++) {
    const setting = usedSetting[index]!;
    // Runs of parameters come from one file: look the file up only when the setting leaves it.
    if (setting < firstSettingOfFile[fileIndex]! || setting >= firstSettingOfFile[fileIndex + 1]!) {
      fileIndex = fileOfSetting(result, setting);
    }
    visit(index, files[fileIndex]!.parsed, setting - firstSettingOfFile[fileIndex]!);
  }
}

function settingAt(result: SettingLookup, setting: number): ParameterSetting {
  const fileIndex = fileOfSetting(result, setting);
  const file = result.files[fileIndex]!;
  const entry = setting - result.firstSettingOfFile[fileIndex]!;
  return {
    path: file.path,
    lineNumber: file.parsed.lineNumber[entry]!,
    set: file.set,
    value: valueOf(file.parsed, entry),
  };
}

function sourceOf({ path, lineNumber, set }: ParameterSetting): ParameterSource {
  return { path, lineNumber, set };
}

export function codeAt(result: MergeResult, index: number): string {
  const setting = result.usedSetting[index]!;
  const fileIndex = fileOfSetting(result, setting);
  return codeOf(result.files[fileIndex]!.parsed, setting - result.firstSettingOfFile[fileIndex]!);
}

function isRewritten(result: MergeResult, index: number): boolean {
  return (result.parameterFlags[index]! & rewrittenFlag) !== 0;
}

function isAdded(result: MergeResult, index: number): boolean {
  return (result.parameterFlags[index]! & addedFlag) !== 0;
}

/** The settings of a parameter's code before the used one, earliest first. */
function earlierSettingsOf(result: MergeResult, index: number): number[] {
  const earlier: number[] = [];
  for (let setting = result.overwrittenSetting[result.usedSetting[index]!]!; setting !== -1;) {
    earlier.push(setting);
    setting = result.overwrittenSetting[setting]!;
  }
  return earlier.reverse();
}

/** One parameter as an object, with its history. */
export function parameterAt(result: MergeResult, index: number): MergedParameter {
  const used = settingAt(result, result.usedSetting[index]!);
  const parameter: MergedParameter = {
    code: codeAt(result, index),
    value: used.value,
    rewritten: isRewritten(result, index),
    added: isAdded(result, index),
    source: sourceOf(used),
  };
  const earlier = earlierSettingsOf(result, index).map((setting) => settingAt(result, setting));
  if (earlier.length > 0) parameter.overwritten = earlier;
  if (parameter.rewritten) parameter.standardValue = lastStandardValueBefore(result, result.usedSetting[index]!);
  return parameter;
}

/**
 * PAR.txt's bytes: UTF-8 without BOM, as the unit expects; code line, value
 * line for each parameter, every line ending with the separator. Written
 * straight from the files' texts: no string per line and no joined text.
 */
export function parFileBytesOf(result: MergeResult, lineEnding: LineEnding): Uint8Array<ArrayBuffer> {
  const separator = lineSeparators[lineEnding];
  let expectedLength = 0;
  for (const file of result.files) expectedLength += file.parsed.text.length;
  const writer = new Utf8Writer(expectedLength);
  forEachUsedEntry(result, (_index, parsed, entry) => {
    writer.writeRange(parsed.text, parsed.codeStart[entry]!, parsed.codeEnd[entry]!);
    writer.writeString(separator);
    writer.writeRange(parsed.text, parsed.valueStart[entry]!, parsed.valueEnd[entry]!);
    writer.writeString(separator);
  });
  return writer.finish();
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
function endsInWhitespace(text: string, end: number): boolean {
  const last = text.charCodeAt(end - 1);
  return last <= 32 || last === 0xa0 || (last > 0x1fff && /\s/.test(text[end - 1]!));
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

/** Files are merged in the order given, which is the order they were added (standard files before customer files). */
export function mergeParameterFiles(inputFiles: readonly MergeInputFile[]): MergeResult {
  const files = [
    ...inputFiles.filter((file) => file.set === "standard"),
    ...inputFiles.filter((file) => file.set === "customer"),
  ];
  const firstSettingOfFile = new Int32Array(files.length + 1);
  for (let fileIndex = 0; fileIndex < files.length; fileIndex++) {
    firstSettingOfFile[fileIndex + 1] = firstSettingOfFile[fileIndex]! + files[fileIndex]!.parsed.entryCount;
  }
  const settingCount = firstSettingOfFile[files.length]!;
  const codeIndex = new RangeIndex(
    files.map((file) => file.parsed.text),
    settingCount,
  );
  // Sized for every setting being a new code; trimmed to the parameters at the end.
  const usedSetting = new Int32Array(settingCount);
  const parameterFlags = new Uint8Array(settingCount);
  const overwrittenSetting = new Int32Array(settingCount).fill(-1);
  const problems: MergeProblem[] = [];
  const conflicts: CustomerConflict[] = [];
  // Codes with spaces or tabs around them are rare: only they are kept by their trimmed form.
  const paddedCodes = new Map<string, { code: string; source: ParameterSource }>();
  let parameterCount = 0;
  let rewrittenCount = 0;
  let addedCount = 0;
  const settings: SettingLookup = { files, firstSettingOfFile, overwrittenSetting };
  const sourceOfSetting = (setting: number) => sourceOf(settingAt(settings, setting));

  for (let fileIndex = 0; fileIndex < files.length; fileIndex++) {
    const file = files[fileIndex]!;
    const { parsed } = file;
    const { text, codeStart, codeEnd, valueStart, valueEnd, lineNumber } = parsed;
    for (const problem of parsed.problems) problems.push({ ...problem, fileId: file.id, path: file.path });
    const isCustomer = file.set === "customer";
    const firstSetting = firstSettingOfFile[fileIndex]!;
    for (let entry = 0; entry < parsed.entryCount; entry++) {
      const setting = firstSetting + entry;
      const start = codeStart[entry]!;
      const end = codeEnd[entry]!;
      const index = codeIndex.findRange(fileIndex, start, end);
      if (index === -1) {
        // A new code: is it the same as a known one but for surrounding whitespace?
        if (endsInWhitespace(text, end) || paddedCodes.size > 0) {
          const code = text.slice(start, end);
          const source: ParameterSource = { path: file.path, lineNumber: lineNumber[entry]!, set: file.set };
          if (endsInWhitespace(text, end)) {
            const trimmed = code.trim();
            const cleanIndex = codeIndex.find(trimmed);
            const twin =
              cleanIndex !== -1
                ? {
                    code: trimmed,
                    source: sourceOfSetting(firstSettingOf(overwrittenSetting, usedSetting[cleanIndex]!)),
                  }
                : paddedCodes.get(trimmed);
            if (twin) problems.push(whitespaceProblem(file, lineNumber[entry]!, code, twin));
            else paddedCodes.set(trimmed, { code, source });
          } else {
            const twin = paddedCodes.get(code);
            if (twin) problems.push(whitespaceProblem(file, lineNumber[entry]!, code, twin));
          }
        }
        codeIndex.addMissing(fileIndex, start, end);
        usedSetting[parameterCount] = setting;
        if (isCustomer) {
          parameterFlags[parameterCount] = addedFlag;
          addedCount++;
        }
        parameterCount++;
        continue;
      }
      const used = usedSetting[index]!;
      overwrittenSetting[setting] = used;
      const usedFileIndex = fileOfSetting(settings, used);
      const usedFile = files[usedFileIndex]!;
      if (usedFile.set === file.set) {
        // A later duplicate within the same set: the later value wins, in place.
        const usedEntry = used - firstSettingOfFile[usedFileIndex]!;
        const conflict =
          isCustomer &&
          usedFile.path !== file.path &&
          !sameRanges(
            usedFile.parsed.text,
            usedFile.parsed.valueStart[usedEntry]!,
            usedFile.parsed.valueEnd[usedEntry]!,
            text,
            valueStart[entry]!,
            valueEnd[entry]!,
          );
        if (conflict) {
          conflicts.push({
            file,
            index,
            lineNumber: lineNumber[entry]!,
            value: valueOf(parsed, entry),
            earlier: sourceOfSetting(used),
            earlierValue: valueOf(usedFile.parsed, usedEntry),
          });
        } else {
          const first = firstSettingInSet(settings, used, file.set);
          problems.push(duplicateProblem(file, lineNumber[entry]!, codeOf(parsed, entry), sourceOfSetting(first)));
        }
      } else {
        // The first customer value for a standard code.
        parameterFlags[index] = rewrittenFlag;
        rewrittenCount++;
      }
      usedSetting[index] = setting;
    }
  }

  const result: MergeResult = {
    files,
    parameterCount,
    rewrittenCount,
    addedCount,
    problems,
    checks: [],
    usedSetting: usedSetting.slice(0, parameterCount),
    parameterFlags: parameterFlags.slice(0, parameterCount),
    overwrittenSetting,
    firstSettingOfFile,
    codeIndex,
  };
  result.checks = checkMerge(result, conflicts);
  for (const finding of result.checks) if (finding.severity === "problem") problems.push(finding);
  const fileOrder = new Map(inputFiles.map((file, index) => [file.id, index]));
  problems.sort(
    (a, b) => fileOrder.get(a.fileId)! - fileOrder.get(b.fileId)! || (a.lineNumber ?? 0) - (b.lineNumber ?? 0),
  );
  return result;
}

/** The first setting of a code, following overwritten settings back from one of its settings. */
function firstSettingOf(overwrittenSetting: Int32Array, setting: number): number {
  let first = setting;
  while (overwrittenSetting[first]! !== -1) first = overwrittenSetting[first]!;
  return first;
}

/** The first setting of a code in one set, following overwritten settings back from a setting in that set. */
function firstSettingInSet(result: SettingLookup, setting: number, set: ParameterSet): number {
  let first = setting;
  for (
    let earlier = result.overwrittenSetting[setting]!;
    earlier !== -1;
    earlier = result.overwrittenSetting[earlier]!
  ) {
    if (result.files[fileOfSetting(result, earlier)]!.set !== set) break;
    first = earlier;
  }
  return first;
}

/** The value a rewritten parameter had in the standard set: the last standard line before the customer ones. */
function lastStandardValueBefore(result: SettingLookup, setting: number): string | undefined {
  for (
    let earlier = result.overwrittenSetting[setting]!;
    earlier !== -1;
    earlier = result.overwrittenSetting[earlier]!
  ) {
    const fileIndex = fileOfSetting(result, earlier);
    const file = result.files[fileIndex]!;
    if (file.set === "standard") return valueOf(file.parsed, earlier - result.firstSettingOfFile[fileIndex]!);
  }
  return undefined;
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

/** Runs the checks of mergeChecks.ts on a finished merge; linear in the parameters. */
export function checkMerge(result: MergeResult, conflicts: readonly CustomerConflict[]): MergeCheckFinding[] {
  const fileIdByPath = new Map(result.files.map((file) => [file.path, file.id]));
  const checks: MergeCheckFinding[] = [];
  const find = (kind: MergeCheckName, index: number, at: ParameterSource, message: string) =>
    checks.push({
      kind,
      severity: mergeChecks[kind].severity,
      code: codeAt(result, index),
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
  const standardCodes: StandardCodes = {
    has(code) {
      const index = result.codeIndex.find(code);
      return index !== -1 && !isAdded(result, index);
    },
  };

  forEachUsedEntry(result, (index, parsed, entry) => {
    const flags = result.parameterFlags[index]!;
    const hasConflict = conflictsByIndex.has(index);
    const unusual = hasUnusualCharactersAt(parsed.text, parsed.valueStart[entry]!, parsed.valueEnd[entry]!);
    if (flags === 0 && !hasConflict && !unusual) return;
    // Only what a check looks at closer is made into strings and objects.
    const code = codeOf(parsed, entry);
    const value = valueOf(parsed, entry);
    const usedSetting = result.usedSetting[index]!;
    const source = sourceOf(settingAt(result, usedSetting));
    const firstSource = () => sourceOf(settingAt(result, firstSettingOf(result.overwrittenSetting, usedSetting)));
    const standardValue = flags & rewrittenFlag ? lastStandardValueBefore(result, usedSetting) : undefined;
    if (flags & addedFlag) {
      const intended = likelyIntendedCode(code, standardCodes);
      if (intended) {
        find(
          "mistyped-code",
          index,
          firstSource(),
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
    if (standardValue !== undefined) {
      if (isUnchangedOverride(standardValue, value)) {
        find(
          "override-unchanged",
          index,
          source,
          `${code}: the customer value ${JSON.stringify(value)} equals the standard value; this override changes nothing.`,
        );
      } else {
        const change = valueFormatChange(standardValue, value);
        if (change) {
          find(
            "value-format",
            index,
            source,
            `${code}: the customer value ${JSON.stringify(value)} ${change} (${JSON.stringify(standardValue)}).`,
          );
        }
      }
    }
    const unusualFound = unusual ? unusualCharactersIn(value) : null;
    if (unusualFound)
      find(
        "unusual-characters",
        index,
        source,
        `${code}: the value ${JSON.stringify(value)} that goes on the card has ${unusualFound}; the unit may not expect that.`,
      );
  });
  return checks;
}
