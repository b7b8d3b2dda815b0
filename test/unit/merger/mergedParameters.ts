// Tests look at whole (small) merges as objects; the app only makes objects of a window of rows.
import { parameterAt, type MergedParameter, type MergeResult } from "~/lib/merger/parameterMerge";

export function parametersOf(result: MergeResult): MergedParameter[] {
  return Array.from({ length: result.parameterCount }, (_, index) => parameterAt(result, index));
}
