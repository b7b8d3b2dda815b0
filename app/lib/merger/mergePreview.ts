/**
 * What the screen shows of a merge before download: counts, what was
 * rewritten and added, every problem, and a searchable table. Lists are capped
 * so a million-parameter set never reaches the screen whole.
 */
import { readParameterFile, type ParsedParameterFile, type TextEncodingName } from "./parameterFile";
import { setOfPath, type ParameterSet } from "./parameterFilePath";
import {
  mergeParameterFiles,
  writeParFile,
  type LineEnding,
  type MergedParameter,
  type MergeProblem,
  type MergeResult,
} from "./parameterMerge";

/** A file as the technician added it. */
export interface ParameterFileRecord {
  id: string;
  path: string;
  /** null: the set follows the KUNDESPEC rule; otherwise the technician chose it. */
  setOverride: ParameterSet | null;
}

export interface ParameterFileWithBytes extends ParameterFileRecord {
  bytes: ArrayBuffer;
}

export interface FileSummary extends ParameterFileRecord {
  set: ParameterSet;
  parameterCount: number;
  encoding: TextEncodingName;
  problemCount: number;
}

export const previewListLimit = 200;
export const previewTableLimit = 100;

export interface MergePreview {
  files: FileSummary[];
  parameterCount: number;
  rewrittenCount: number;
  addedCount: number;
  problemCount: number;
  /** The first previewListLimit of each. */
  rewritten: MergedParameter[];
  added: MergedParameter[];
  problems: MergeProblem[];
  table: { query: string; rows: MergedParameter[]; matchCount: number };
}

export interface ParFile {
  text: string;
  parameterCount: number;
  rewrittenCount: number;
  addedCount: number;
  problemCount: number;
}

export function setOfFile(file: ParameterFileRecord): ParameterSet {
  return file.setOverride ?? setOfPath(file.path);
}

function firstMatches<T>(items: readonly T[], matches: (item: T) => boolean, limit: number) {
  const found: T[] = [];
  let matchCount = 0;
  for (const item of items) {
    if (!matches(item)) continue;
    matchCount++;
    if (found.length < limit) found.push(item);
  }
  return { found, matchCount };
}

/**
 * Keeps each file's parsed form while the file is in the list, so a change of
 * one file or of a set does not read every file again.
 */
export function createMergeSession() {
  const parsedById = new Map<string, ParsedParameterFile>();

  function parsedFile(file: ParameterFileWithBytes): ParsedParameterFile {
    const cached = parsedById.get(file.id);
    if (cached) return cached;
    let parsed: ParsedParameterFile;
    try {
      parsed = readParameterFile(new Uint8Array(file.bytes));
    } catch (error) {
      parsed = {
        encoding: "utf-8",
        entries: [],
        problems: [
          {
            kind: "unreadable",
            lineNumber: null,
            message: `Something went wrong reading this file (${error instanceof Error ? error.message : String(error)}). It is left out of PAR.txt.`,
          },
        ],
      };
    }
    parsedById.set(file.id, parsed);
    return parsed;
  }

  function merge(files: readonly ParameterFileWithBytes[]): { result: MergeResult; parsed: ParsedParameterFile[] } {
    const listed = new Set(files.map((file) => file.id));
    for (const id of parsedById.keys()) if (!listed.has(id)) parsedById.delete(id);
    const parsed = files.map(parsedFile);
    const result = mergeParameterFiles(
      files.map((file, index) => ({ id: file.id, path: file.path, set: setOfFile(file), parsed: parsed[index]! })),
    );
    return { result, parsed };
  }

  return {
    preview(files: readonly ParameterFileWithBytes[], tableQuery: string): MergePreview {
      const { result, parsed } = merge(files);
      const problemCountById = new Map<string, number>();
      for (const problem of result.problems) {
        problemCountById.set(problem.fileId, (problemCountById.get(problem.fileId) ?? 0) + 1);
      }
      const query = tableQuery.trim().toLowerCase();
      const table = firstMatches(
        result.parameters,
        (parameter) =>
          query === "" || parameter.code.toLowerCase().includes(query) || parameter.value.toLowerCase().includes(query),
        previewTableLimit,
      );
      return {
        files: files.map(({ id, path, setOverride }, index) => ({
          id,
          path,
          setOverride,
          set: setOfFile({ id, path, setOverride }),
          parameterCount: parsed[index]!.entries.length,
          encoding: parsed[index]!.encoding,
          problemCount: problemCountById.get(id) ?? 0,
        })),
        parameterCount: result.parameters.length,
        rewrittenCount: result.rewrittenCount,
        addedCount: result.addedCount,
        problemCount: result.problems.length,
        rewritten: firstMatches(result.parameters, (parameter) => parameter.rewritten, previewListLimit).found,
        added: firstMatches(result.parameters, (parameter) => parameter.added, previewListLimit).found,
        problems: result.problems.slice(0, previewListLimit),
        table: { query: tableQuery, rows: table.found, matchCount: table.matchCount },
      };
    },

    parFile(files: readonly ParameterFileWithBytes[], lineEnding: LineEnding): ParFile {
      const { result } = merge(files);
      return {
        text: writeParFile(result.parameters, lineEnding),
        parameterCount: result.parameters.length,
        rewrittenCount: result.rewrittenCount,
        addedCount: result.addedCount,
        problemCount: result.problems.length,
      };
    },
  };
}

export type MergeSession = ReturnType<typeof createMergeSession>;
