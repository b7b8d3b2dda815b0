/**
 * Merging the standard and the customer parameter sets into the entries of
 * PAR.txt (docs/behaviour.md#merging-the-sets). Linear in the input:
 * one hash lookup per entry, on ranges of the files' texts. The result and
 * how to read it: mergeResult.ts; the checks on it: mergeChecks.ts.
 */
import type { LoadedCatalogue } from "~/lib/catalogue/parameterCatalogue";
import { matchCatalogue } from "./catalogueMatch";
import { pairedInSet } from "./codesOfTheSet";
import { customerMarkerNearMiss, foldersOf, lookAlikeCustomerMarker } from "./customerMarkerNearMiss";
import { checkMerge } from "./mergeChecks";
import {
  addedFlag,
  fileOfSetting,
  firstSettingInSet,
  firstSettingOf,
  forEachUsedEntry,
  rewrittenFlag,
  settingAt,
  sourceOf,
  type CustomerConflict,
  type MergeInputFile,
  type MergeNote,
  type MergeProblem,
  type MergeResult,
  type ParameterSource,
  type SettingLookup,
} from "./mergeResult";
import { characterName, isWhitespace } from "./lineCharacters";
import { codeOf, valueOf } from "./parameterFile";
import { lineSeparators, type LineEnding } from "./parFileFormat";
import { isExactlyParFileName, isMergedParFileName } from "./parFileCopyName";
import { RangeIndex, sameRanges, Utf8Writer } from "./textRanges";

export { isMergedParFileName } from "./parFileCopyName";

export {
  addedFlag,
  codeAt,
  forEachUsedEntry,
  parameterAt,
  rewrittenFlag,
  type MergeCheckFinding,
  type MergedParameter,
  type MergeInputFile,
  type MergeNote,
  type MergeProblem,
  type MergeResult,
  type ParameterSetting,
  type ParameterSource,
} from "./mergeResult";

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

/**
 * A code set again in the same set. Said once the merge is done, as only then it is known which value PAR.txt
 * uses: this one, a later one of the same set, or the customer's (a standard duplicate a customer file overrides).
 */
function duplicateProblem(
  file: MergeInputFile,
  lineNumber: number,
  code: string,
  first: ParameterSource,
  /** Where the value PAR.txt uses comes from; null: this line. */
  used: ParameterSource | null,
): MergeProblem {
  const whichIsUsed = !used
    ? "this later value is used."
    : `PAR.txt uses the ${used.set === file.set ? "later" : `${used.set}'s`} value of ${used.path} line ${used.lineNumber}, not this one.`;
  return {
    kind: "duplicate-code",
    fileId: file.id,
    path: file.path,
    lineNumber,
    message: `Line ${lineNumber}: ${code} appears again in the ${file.set} set (first in ${first.path} line ${first.lineNumber}); ${whichIsUsed}`,
  };
}

/** Codes with whitespace at their end are codes (lineClassifier.ts); checked without trimming every code. */
function endsInWhitespace(text: string, end: number): boolean {
  const last = text.charCodeAt(end - 1);
  return last === 0x20 || last === 0x09 || ((last < 0x20 || last > 0x7e) && isWhitespace(text[end - 1]!));
}

function whitespaceProblem(
  file: MergeInputFile,
  lineNumber: number,
  code: string,
  other: { code: string; source: ParameterSource },
): MergeProblem {
  // Spaces and tabs are what people expect there; any other whitespace (a no-break space) is named.
  const otherWhitespace = [...new Set([...code, ...other.code])].filter(
    (character) => character !== " " && character !== "\t" && isWhitespace(character),
  );
  const around =
    otherWhitespace.length === 0 ? "spaces or tabs" : `whitespace (${otherWhitespace.map(characterName).join(", ")})`;
  return {
    kind: "code-whitespace",
    fileId: file.id,
    path: file.path,
    lineNumber,
    message: `Line ${lineNumber}: code ${JSON.stringify(code)} differs from ${JSON.stringify(other.code)} (${other.source.path} line ${other.source.lineNumber}) only by ${around} around it, so PAR.txt holds both. Correct the file that is wrong.`,
  };
}

/** Only customer files: PAR.txt would hold none of the standard parameters the unit needs. */
function noStandardFileProblem(inputFiles: readonly MergeInputFile[]): MergeProblem | null {
  const firstCustomerFile = inputFiles.find((file) => file.set === "customer");
  if (!firstCustomerFile || inputFiles.some((file) => file.set === "standard")) return null;
  return {
    kind: "no-standard-file",
    fileId: firstCustomerFile.id,
    path: firstCustomerFile.path,
    lineNumber: null,
    message:
      "No standard file is added, only customer files: PAR.txt holds only the customer's codes, and the unit would lose every standard parameter. Add the standard files, or set a file to standard if it is one. Once you confirm, PAR.txt is written as it is.",
  };
}

/**
 * A merged PAR.txt among the inputs: it holds every code of an earlier merge, so merged again its old values
 * take part, and in order may win over the standard files. One problem per such file, never one per code.
 */
function mergedParFileProblems(inputFiles: readonly MergeInputFile[]): MergeProblem[] {
  return inputFiles
    .filter((file) => isMergedParFileName(file.path))
    .map((file) => ({
      kind: "merged-par-file",
      fileId: file.id,
      path: file.path,
      lineNumber: null,
      message: `${file.path} is named ${isExactlyParFileName(file.path) ? "as a merged PAR.txt" : "like a copy of a merged PAR.txt"} (a card's file, or one this tool made), not a parameter file: merged again, its old values take part as ${file.set} values and may win over the files you meant. Remove it unless it is meant; once you confirm, it is merged as it is.`,
    }));
}

/**
 * A standard file whose path reads as KUNDESPEC but is spelled otherwise, or reads like a customer marker
 * (KUNDENSPEC, Kundenspezifisch, Customer): most likely a customer file that the exact rule left in the standard
 * set, where the standard values would win over the customer's. Said, never guessed: the technician switches it
 * to Customer, or confirms it as standard. One problem per file.
 */
function customerLikeFileProblems(inputFiles: readonly MergeInputFile[]): MergeProblem[] {
  const customerFolders = foldersOf(inputFiles.filter((file) => file.set === "customer").map((file) => file.path));
  return inputFiles.flatMap((file): MergeProblem[] => {
    if (file.set !== "standard") return [];
    const where = { fileId: file.id, path: file.path, lineNumber: null };
    const lookAlike = lookAlikeCustomerMarker(file.path);
    if (lookAlike) {
      return [
        {
          kind: "look-alike-customer-path",
          ...where,
          message: `${file.path} counts as a standard file, but "${lookAlike.part}" in its path reads as KUNDESPEC, spelled with ${lookAlike.spelling}: only the exact letters KUNDESPEC make a customer file. If it holds the customer's values, switch it to Customer; once you confirm, it is merged as a standard file.`,
        },
      ];
    }
    const nearMiss = customerMarkerNearMiss(file.path, customerFolders);
    if (!nearMiss) return [];
    const { part, word, reading } = nearMiss;
    return [
      {
        kind: "near-miss-customer-path",
        ...where,
        message: `${file.path} counts as a standard file, but "${part}" in its path reads like a customer marker (${word === part ? "" : `"${word}", `}${reading}): only the exact letters KUNDESPEC make a customer file. If it holds the customer's values, switch it to Customer; once you confirm, it is merged as a standard file.`,
      },
    ];
  });
}

/**
 * Files are merged in the order given, which is the order they were added (standard files before customer files).
 * With a parameter catalogue, its checks join the others; it never changes a value.
 */
export function mergeParameterFiles(givenFiles: readonly MergeInputFile[], catalogue?: LoadedCatalogue): MergeResult {
  // A value line that is a code of the set repairs pairing in its file (codesOfTheSet.ts).
  const inputFiles = pairedInSet(givenFiles);
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
  const notes: MergeNote[] = [];
  const conflicts: CustomerConflict[] = [];
  // Codes with spaces or tabs around them are rare: only they are kept by their trimmed form.
  // Codes with whitespace at their end, by the code without it; those never met without it are noted at the end.
  const paddedCodes = new Map<string, { code: string; source: ParameterSource; fileId: string }>();
  const twinnedPaddedCodes = new Set<string>();
  const duplicates: {
    file: MergeInputFile;
    lineNumber: number;
    code: string;
    first: number;
    setting: number;
    index: number;
  }[] = [];
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
    for (const note of parsed.notes ?? []) notes.push({ ...note, fileId: file.id, path: file.path });
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
            if (twin) {
              problems.push(whitespaceProblem(file, lineNumber[entry]!, code, twin));
              twinnedPaddedCodes.add(trimmed);
            } else paddedCodes.set(trimmed, { code, source, fileId: file.id });
          } else {
            const twin = paddedCodes.get(code);
            if (twin) {
              problems.push(whitespaceProblem(file, lineNumber[entry]!, code, twin));
              twinnedPaddedCodes.add(code);
            }
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
          duplicates.push({ file, lineNumber: lineNumber[entry]!, code: codeOf(parsed, entry), first, setting, index });
        }
      } else {
        // The first customer value for a standard code.
        parameterFlags[index] = rewrittenFlag;
        rewrittenCount++;
      }
      usedSetting[index] = setting;
    }
  }

  for (const { file, lineNumber, code, first, setting, index } of duplicates) {
    const used = usedSetting[index]!;
    problems.push(
      duplicateProblem(file, lineNumber, code, sourceOfSetting(first), used === setting ? null : sourceOfSetting(used)),
    );
  }

  const result: MergeResult = {
    files,
    parameterCount,
    rewrittenCount,
    addedCount,
    problems,
    checks: [],
    notes,
    usedSetting: usedSetting.slice(0, parameterCount),
    parameterFlags: parameterFlags.slice(0, parameterCount),
    overwrittenSetting,
    firstSettingOfFile,
    codeIndex,
  };
  for (const [trimmed, padded] of paddedCodes) {
    if (twinnedPaddedCodes.has(trimmed)) continue;
    const { lineNumber, path } = padded.source;
    notes.push({
      kind: "padded-code",
      fileId: padded.fileId,
      path,
      lineNumber,
      message: `Line ${lineNumber}: code ${JSON.stringify(padded.code)} ends in ${[...new Set(padded.code.slice(trimmed.length))].map(characterName).join(", ")}; no file has ${trimmed} without it, so PAR.txt holds the code as read, with the whitespace.`,
    });
  }
  if (catalogue) result.catalogue = matchCatalogue(result, catalogue);
  result.checks = checkMerge(result, conflicts);
  for (const finding of result.checks) if (finding.severity === "problem") problems.push(finding);
  const noStandardFile = noStandardFileProblem(inputFiles);
  if (noStandardFile) problems.push(noStandardFile);
  problems.push(...mergedParFileProblems(inputFiles), ...customerLikeFileProblems(inputFiles));
  const fileOrder = new Map(inputFiles.map((file, index) => [file.id, index]));
  const inFileOrder = (a: MergeProblem | MergeNote, b: MergeProblem | MergeNote) =>
    fileOrder.get(a.fileId)! - fileOrder.get(b.fileId)! || (a.lineNumber ?? 0) - (b.lineNumber ?? 0);
  problems.sort(inFileOrder);
  notes.sort(inFileOrder);
  return result;
}
