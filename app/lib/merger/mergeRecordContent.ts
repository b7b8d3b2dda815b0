/** What a service record keeps of a merge, taken from the merge the worker already has. */
import type { ListedFile } from "./listedFile";
import type { MergeCounts, MergeSummary } from "./mergePreview";
import type { ParsedParameterFile } from "./parameterFile";
import { catalogueEntryOf } from "./catalogueMatch";
import { addedFlag, parameterAt, rewrittenFlag, type MergeResult, type ParameterSource } from "./parameterMerge";
import { setOfFile, type ParameterSet } from "./parameterSet";

/** Where a value came from, as a record keeps it. */
type RecordSource = Pick<ParameterSource, "path" | "lineNumber">;

const recordSourceOf = ({ path, lineNumber }: ParameterSource): RecordSource => ({ path, lineNumber });

/**
 * What a service record keeps of the kept merge: every input, every rewritten
 * and added code and every problem, in full (the preview caps its lists).
 */
export interface MergeRecordContent {
  inputs: (ListedFile & { set: ParameterSet; parameterCount: number })[];
  /** Notes are not kept: they needed no confirmation and changed nothing in PAR.txt. */
  counts: Omit<MergeCounts, "noteCount">;
  rewritten: { code: string; name?: string; standardValue: string; customerValue: string; source: RecordSource }[];
  added: { code: string; name?: string; value: string; source: RecordSource }[];
  problems: { path: string; lineNumber: number | null; message: string }[];
  /** The parameter catalogue the merge was checked against (docs/catalogue.md); null without one. */
  catalogue?: { fileName: string; sha256: string } | null;
}

/** From a kept merge: every input, every rewritten and added code and every problem, as a record keeps them. */
export function recordContentOf(
  files: readonly ListedFile[],
  result: MergeResult,
  summary: MergeSummary,
  parsed: readonly ParsedParameterFile[],
): MergeRecordContent {
  const { parameterCount, rewrittenCount, addedCount, problemCount } = summary;
  const content: MergeRecordContent = {
    inputs: files.map(({ id, path, setOverride }, index) => ({
      id,
      path,
      setOverride,
      set: setOfFile({ path, setOverride }),
      parameterCount: parsed[index]!.entryCount,
    })),
    counts: { parameterCount, rewrittenCount, addedCount, problemCount },
    rewritten: [],
    added: [],
    problems: result.problems.map(({ path, lineNumber, message }) => ({ path, lineNumber, message })),
    catalogue: result.catalogue
      ? { fileName: result.catalogue.loaded.fileName, sha256: result.catalogue.loaded.sha256 }
      : null,
  };
  for (let index = 0; index < result.parameterCount; index++) {
    // Only rewritten and added parameters go in the record: the others are not made into objects.
    if ((result.parameterFlags[index]! & (rewrittenFlag | addedFlag)) === 0) continue;
    const parameter = parameterAt(result, index);
    // The name as the catalogue gave it then: the record keeps it, whatever catalogue is loaded later.
    const name = catalogueEntryOf(result.catalogue, index)?.name;
    const named = name ? { name } : {};
    if (parameter.rewritten) {
      content.rewritten.push({
        code: parameter.code,
        ...named,
        standardValue: parameter.standardValue ?? "",
        customerValue: parameter.value,
        source: recordSourceOf(parameter.source),
      });
    } else if (parameter.added) {
      content.added.push({
        code: parameter.code,
        ...named,
        value: parameter.value,
        source: recordSourceOf(parameter.source),
      });
    }
  }
  return content;
}
