/**
 * A value line that is a code of the set (docs/behaviour.md#near-miss-inputs): a line in value position that
 * stands in code position in any file of the merge, standard or customer, is a code whatever its pattern
 * (`P0120`, `P012A`, `5`: P012A is the standard set's code, so P0120 has no value and P012A = 5). The reader
 * pairs each file alone and collects the lines it would have to ask about (ParsedParameterFile.codesToAsk);
 * the merge answers them here and pairs again the files that hold one. The check for a value that is a code of
 * the set, where pairing did not break, asks the merge's own index (codeOfTheMergeIn).
 */
import { codeReadFrom } from "./codeShapedValues";
import { isWhitespace } from "./lineCharacters";
import { firstSettingOf, settingAt, type MergeInputFile, type MergeResult } from "./mergeResult";
import { pairedAgainInSet } from "./parameterFile";

/** A code's end without the whitespace after it: a padded code is the code (parameterMerge.ts). */
function trimmedEnd(text: string, start: number, end: number): number {
  while (end > start && isWhitespace(text.charAt(end - 1))) end--;
  return end;
}

/**
 * Where these codes (all of them: null) first stand in code position ("standard/std.txt line 3"), standard
 * files first, as the merge takes them. Only codes of a wanted length are made into strings.
 */
function whereCodesStand(files: readonly MergeInputFile[], wanted: ReadonlySet<string> | null): Map<string, string> {
  const lengths = wanted && new Set([...wanted].map((code) => code.length));
  const found = new Map<string, string>();
  const inMergeOrder = [
    ...files.filter((file) => file.set === "standard"),
    ...files.filter((file) => file.set === "customer"),
  ];
  for (const { path, parsed } of inMergeOrder) {
    const { text, codeStart, codeEnd, lineNumber } = parsed;
    for (let entry = 0; entry < parsed.entryCount; entry++) {
      const start = codeStart[entry]!;
      const end = trimmedEnd(text, start, codeEnd[entry]!);
      if (lengths && !lengths.has(end - start)) continue;
      const code = text.slice(start, end);
      if ((wanted && !wanted.has(code)) || found.has(code)) continue;
      found.set(code, `${path} line ${lineNumber[entry]!}`);
    }
  }
  return found;
}

/**
 * The files, each paired again when a line it asked about is a code of the set; the same array when none is,
 * as for nearly every merge.
 */
export function pairedInSet(files: readonly MergeInputFile[]): readonly MergeInputFile[] {
  const asked = new Set(files.flatMap((file) => file.parsed.codesToAsk ?? []));
  if (asked.size === 0) return files;
  const found = whereCodesStand(files, asked);
  if (found.size === 0) return files;
  // Paired again, a run of codes before the break asks about codes no file asked about first.
  let everyCode: Map<string, string> | undefined;
  const codeOfTheSet = (code: string) =>
    found.get(code) ?? (everyCode ??= whereCodesStand(files, null)).get(code) ?? null;
  return files.map((file) =>
    file.parsed.codesToAsk?.some((code) => found.has(code))
      ? { ...file, parsed: pairedAgainInSet(file.parsed, codeOfTheSet) }
      : file,
  );
}

/** The code of the merge a value reads as, and where it first stands ("standard/std.txt line 3"); null when none. */
export function codeOfTheMergeIn(result: MergeResult, value: string): { code: string; where: string } | null {
  const read = codeReadFrom(value);
  if (read === null) return null;
  const code = read.trimEnd();
  let index = result.codeIndex.find(code);
  if (index === -1 && code !== read) index = result.codeIndex.find(read);
  if (index === -1) return null;
  const first = settingAt(result, firstSettingOf(result.overwrittenSetting, result.usedSetting[index]!));
  return { code, where: `${first.path} line ${first.lineNumber}` };
}
