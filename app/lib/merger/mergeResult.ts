/**
 * The result of a merge and how to read it (docs/behaviour.md#merging-the-sets,
 * docs/performance.md). Columnar like the files: per parameter the
 * line ("setting") whose value PAR.txt gets, per setting the earlier one it
 * overwrote. Objects are made only for what is shown or checked:
 * `parameterAt` for a window of rows, strings for the few codes a check looks at.
 */
import type { CatalogueMatch } from "./catalogueMatch";
import type { CheckSeverity, MergeCheckName } from "./mergeChecks";
import {
  codeOf,
  valueOf,
  type FileNote,
  type FileProblem,
  type FileProblemKind,
  type ParsedParameterFile,
} from "./parameterFile";
import type { ParameterSet } from "./parameterSet";
import type { RangeIndex } from "./textRanges";

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
  /** The customer set overwrote the standard value. */
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

/** A problem of the set as a whole, shown with the file it is about. */
export type SetProblemKind =
  "no-standard-file" | "merged-par-file" | "look-alike-customer-path" | "near-miss-customer-path";

/** A standard file's problem whose way out is the switch to Customer: the problem list offers it (switchToCustomer). */
export const customerPathProblemKinds: ReadonlySet<MergeProblem["kind"]> = new Set<SetProblemKind>([
  "look-alike-customer-path",
  "near-miss-customer-path",
]);

export interface MergeProblem extends Omit<FileProblem, "kind"> {
  kind: FileProblemKind | MergeCheckName | SetProblemKind;
  fileId: string;
  path: string;
}

/** A file's note (how it was read), with the file. */
export interface MergeNote extends FileNote {
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
  /** Every file's notes (how it was read), in the order the files were added. */
  notes: MergeNote[];
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
  /** The parameter catalogue the merge was checked against, matched to its parameters; absent without one. */
  catalogue?: CatalogueMatch;
}

/** The customer set overwrote the standard value. */
export const rewrittenFlag = 1;
/** The customer set brought a code the standard set lacks. */
export const addedFlag = 2;

/** A setting's file (index into result.files); its entry in that file is setting − firstSettingOfFile[file]. */
export function fileOfSetting(result: Pick<MergeResult, "firstSettingOfFile">, setting: number): number {
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
export type SettingLookup = Pick<MergeResult, "files" | "firstSettingOfFile" | "overwrittenSetting">;

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

export function settingAt(result: SettingLookup, setting: number): ParameterSetting {
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

export function sourceOf({ path, lineNumber, set }: ParameterSetting): ParameterSource {
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

export function isAdded(result: MergeResult, index: number): boolean {
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

/** The first setting of a code, following overwritten settings back from one of its settings. */
export function firstSettingOf(overwrittenSetting: Int32Array, setting: number): number {
  let first = setting;
  while (overwrittenSetting[first]! !== -1) first = overwrittenSetting[first]!;
  return first;
}

/** The first setting of a code in one set, following overwritten settings back from a setting in that set. */
export function firstSettingInSet(result: SettingLookup, setting: number, set: ParameterSet): number {
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
export function lastStandardValueBefore(result: SettingLookup, setting: number): string | undefined {
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
