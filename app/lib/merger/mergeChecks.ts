/**
 * Checks for the mistakes people make in parameter files. `mergeChecks` is the one list of them with their
 * severity: a problem needs the technician's confirmation before Download, a note only informs. `checkMerge`
 * runs them on a finished merge; the rules are pure functions of their own (mistypedCode.ts, valueChecks.ts,
 * codeShapedValues.ts, catalogueMatch.ts).
 */
import { findCatalogueChecks } from "./catalogueMatch";
import { codeOfTheMergeIn } from "./codesOfTheSet";
import { mayReadAsCode, valueLooksLikeCode, valueLooksLikeComment } from "./codeShapedValues";
import { isWhitespace, quotedLine } from "./lineCharacters";
import { lineKinds } from "./lineClassifier";
import {
  addedFlag,
  codeAt,
  firstSettingOf,
  forEachUsedEntry,
  lastStandardValueBefore,
  rewrittenFlag,
  settingAt,
  sourceOf,
  type CustomerConflict,
  type MergeCheckFinding,
  type MergeResult,
  type ParameterSource,
} from "./mergeResult";
import { likelyIntendedCode, standardCodesOfMerge } from "./mistypedCode";
import { codeOf, valueLineNumberOf, valueOf } from "./parameterFile";
import {
  hasUnusualCharactersAt,
  hiddenCharactersIn,
  oddCharactersOf,
  unusualCharactersIn,
  valueFormatChange,
} from "./valueChecks";

export type CheckSeverity = "problem" | "note";

export const mergeChecks = {
  "mistyped-code": { severity: "problem", title: "Looks like a mistyped code" },
  "customer-conflict": { severity: "problem", title: "Customer files disagree" },
  "override-unchanged": { severity: "note", title: "Override changes nothing" },
  "value-format": { severity: "note", title: "Value in another format" },
  "hidden-characters": { severity: "problem", title: "Hidden characters in the value" },
  "unusual-characters": { severity: "note", title: "Unusual characters in the value" },
  "value-like-code": { severity: lineKinds["value-like-code"].severity, title: "Value looks like a code" },
  "value-like-comment": { severity: lineKinds["value-like-comment"].severity, title: "Value looks like a comment" },
  // With a parameter catalogue loaded (catalogueMatch.ts):
  "outside-limits": { severity: "problem", title: "Outside its limits" },
  "not-among-choices": { severity: "problem", title: "Not among its choices" },
  "not-in-catalogue": { severity: "note", title: "Not in the catalogue" },
} as const satisfies Record<string, { severity: CheckSeverity; title: string }>;

export type MergeCheckName = keyof typeof mergeChecks;

/** Runs the checks on a finished merge; linear in the parameters. */
export function checkMerge(result: MergeResult, conflicts: readonly CustomerConflict[]): MergeCheckFinding[] {
  const fileIdByPath = new Map(result.files.map((file) => [file.path, file.id]));
  const checks: MergeCheckFinding[] = [];
  const find = (kind: MergeCheckName, index: number, at: ParameterSource, message: string, pairedLineNumber?: number) =>
    checks.push({
      kind,
      severity: mergeChecks[kind].severity,
      code: codeAt(result, index),
      parameterIndex: index,
      fileId: fileIdByPath.get(at.path) ?? at.path,
      path: at.path,
      lineNumber: at.lineNumber,
      ...(pairedLineNumber === undefined ? {} : { pairedLineNumber }),
      message: `Line ${at.lineNumber}: ${message}`,
    });
  const conflictsByIndex = new Map<number, CustomerConflict[]>();
  for (const conflict of conflicts)
    conflictsByIndex.set(conflict.index, [...(conflictsByIndex.get(conflict.index) ?? []), conflict]);
  const standardCodes = standardCodesOfMerge(result);

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
        // Another customer line may set the intended code as well: then PAR.txt does not keep its standard value.
        const intendedIndex = result.codeIndex.find(intended.code);
        const intendedSource =
          intendedIndex === -1 ? null : sourceOf(settingAt(result, result.usedSetting[intendedIndex]!));
        const intendedValue =
          intendedSource?.set === "customer"
            ? `beside ${intended.code}, which has the customer value of ${intendedSource.path} line ${intendedSource.lineNumber}`
            : `and keeps the standard value of ${intended.code}`;
        find(
          "mistyped-code",
          index,
          firstSource(),
          `${code} is not in the standard set but looks like ${intended.code} mistyped: ${intended.slip}. PAR.txt gets ${code} as a new code ${intendedValue}; check the customer file.`,
        );
      }
    }
    for (const conflict of conflictsByIndex.get(index) ?? []) {
      // With three customer files the one after this may win: the text names the value PAR.txt uses.
      const thisOneWins = source.path === conflict.file.path && source.lineNumber === conflict.lineNumber;
      const whichWins = thisOneWins
        ? "the later file wins"
        : `a later file wins: PAR.txt uses ${quotedLine(value)} of ${source.path} line ${source.lineNumber}`;
      find(
        "customer-conflict",
        index,
        { path: conflict.file.path, lineNumber: conflict.lineNumber, set: "customer" },
        `${code} is ${quotedLine(conflict.value)} here but ${quotedLine(conflict.earlierValue)} in ${conflict.earlier.path} line ${conflict.earlier.lineNumber}; ${whichWins}. Make the customer files agree.`,
      );
    }
    if (standardValue !== undefined) {
      // Exactly the standard value: the override changes nothing.
      if (standardValue === value) {
        find(
          "override-unchanged",
          index,
          source,
          `${code}: the customer value ${quotedLine(value)} equals the standard value; this override changes nothing.`,
        );
      } else {
        const change = valueFormatChange(standardValue, value);
        if (change) {
          find(
            "value-format",
            index,
            source,
            `${code}: the customer value ${quotedLine(value)} ${change} (${quotedLine(standardValue)}).`,
          );
        }
      }
    }
    const hiddenFound = unusual ? hiddenCharactersIn(value) : null;
    const hiddenCount = hiddenFound ? oddCharactersOf(value).hidden.length : 0;
    if (hiddenFound)
      find(
        "hidden-characters",
        index,
        source,
        `${code}: the value ${quotedLine(value)} that goes on the card has ${hiddenFound}, ${hiddenCount === 1 ? "which no screen shows; it can hide itself or reorder the value on screen, and the unit gets it as it is. Remove it" : "which no screen shows; they can hide themselves or reorder the value on screen, and the unit gets them as they are. Remove them"} from the file, or confirm the value as it is.`,
      );
    const unusualFound = unusual ? unusualCharactersIn(value) : null;
    if (unusualFound)
      find(
        "unusual-characters",
        index,
        source,
        `${code}: the value ${quotedLine(value)} that goes on the card has ${unusualFound}; the unit may not expect that.`,
      );
  });
  findValuesLikeCodes(result, find);
  if (result.catalogue) findCatalogueChecks(result, result.catalogue, find);
  // Stable: the findings of each parameter stay in the order they were made.
  return checks.sort((a, b) => a.parameterIndex - b.parameterIndex);
}

/**
 * Every setting, used or overwritten, whose value has the shape of a code: a
 * value line is probably missing, and the code-shaped line was taken as the
 * value. Both lines are named. Values rarely start with anything but a digit,
 * so most are passed over by their first character.
 */
function findValuesLikeCodes(
  result: MergeResult,
  find: (kind: MergeCheckName, index: number, at: ParameterSource, message: string, pairedLineNumber?: number) => void,
): void {
  result.files.forEach((file, fileIndex) => {
    const { parsed } = file;
    for (let entry = 0; entry < parsed.entryCount; entry++) {
      const firstOfValue = parsed.text.charAt(parsed.valueStart[entry]!);
      const mayBeComment = isWhitespace(firstOfValue);
      if (!mayBeComment && !mayReadAsCode(firstOfValue.charCodeAt(0))) continue;
      const code = codeOf(parsed, entry);
      const value = valueOf(parsed, entry);
      const likeComment = mayBeComment && valueLooksLikeComment(value);
      const likeCode = !likeComment && valueLooksLikeCode(value, code);
      // A code of the set in value position, whatever its pattern (docs/behaviour.md#near-miss-inputs).
      const ofTheSet = likeComment || likeCode ? null : codeOfTheMergeIn(result, value);
      if (!likeComment && !likeCode && !ofTheSet) continue;
      const index = result.codeIndex.findRange(fileIndex, parsed.codeStart[entry]!, parsed.codeEnd[entry]!);
      const setting = result.firstSettingOfFile[fileIndex]! + entry;
      const codeLine = parsed.lineNumber[entry]!;
      const valueLine = valueLineNumberOf(parsed, entry);
      const outcome =
        result.usedSetting[index] === setting
          ? `${code} goes into PAR.txt with the value ${quotedLine(value)}, as read, once you confirm.`
          : `A later line overwrites this value of ${code}; it stays in the code's history.`;
      if (likeComment) {
        find(
          "value-like-comment",
          index,
          { path: file.path, lineNumber: codeLine, set: file.set },
          `the value of ${code} is ${quotedLine(value)} (line ${valueLine}), which looks like a comment moved in by whitespace: a comment counts only at the start of its line, so it is read as the value, and the value is probably on the line after it. ${outcome}`,
          valueLine,
        );
        continue;
      }
      find(
        "value-like-code",
        index,
        { path: file.path, lineNumber: codeLine, set: file.set },
        `the value of ${code} is ${quotedLine(value)} (line ${valueLine}), which ${ofTheSet ? `is the code ${ofTheSet.code} of ${ofTheSet.where}` : "looks like a code"}: a value line is probably missing (blank lines are dropped, so an empty value cannot be read). ${outcome}`,
        valueLine,
      );
      find(
        "value-like-code",
        index,
        { path: file.path, lineNumber: valueLine, set: file.set },
        `${value} is read as the value of ${code} (line ${codeLine}), not as a code: if it is a code, its value line is missing too, and PAR.txt has no ${value} from this line.`,
        codeLine,
      );
    }
  });
}
