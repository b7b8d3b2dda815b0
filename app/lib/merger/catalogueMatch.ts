/**
 * The parameter catalogue as one merge sees it (docs/catalogue.md): each parameter's catalogue entry, found once
 * per merge by looking the catalogue's codes up in the merge's index (the catalogue is small beside a big set,
 * so no code of the set is made into a string for it), the values that differ from their default, and the
 * checks the catalogue adds (run by checkMerge with the others).
 */
import { catalogueFindingsOf, differsFromDefault } from "~/lib/catalogue/catalogueValues";
import { catalogueTexts } from "~/lib/catalogue/catalogueTexts";
import type { CatalogueEntry, LoadedCatalogue } from "~/lib/catalogue/parameterCatalogue";
import type { MergeCheckName } from "./mergeChecks";
import { codeAt, settingAt, sourceOf, type MergeResult, type ParameterSource } from "./mergeResult";

export interface CatalogueMatch {
  loaded: LoadedCatalogue;
  /** Per parameter (PAR.txt order): its entry in the catalogue, or -1 where the catalogue lacks the code. */
  entryOfParameter: Int32Array;
  /** Per parameter: 1 where its value differs from the catalogue's default. */
  differsFromDefault: Uint8Array;
  differsFromDefaultCount: number;
}

/** Codes the catalogue lacks are named one by one up to this many; the rest in one note (a wrong catalogue). */
export const notInCatalogueNamed = 1_000;

export function matchCatalogue(result: MergeResult, loaded: LoadedCatalogue): CatalogueMatch {
  const entryOfParameter = new Int32Array(result.parameterCount).fill(-1);
  const differs = new Uint8Array(result.parameterCount);
  let differsFromDefaultCount = 0;
  loaded.catalogue.entries.forEach((entry, entryIndex) => {
    const index = result.codeIndex.find(entry.code);
    if (index === -1) return;
    entryOfParameter[index] = entryIndex;
    if (entry.default !== null && differsFromDefault(settingAt(result, result.usedSetting[index]!).value, entry)) {
      differs[index] = 1;
      differsFromDefaultCount++;
    }
  });
  return { loaded, entryOfParameter, differsFromDefault: differs, differsFromDefaultCount };
}

/** The catalogue's entry of a parameter, if it has one. */
export function catalogueEntryOf(match: CatalogueMatch | undefined, index: number): CatalogueEntry | undefined {
  if (!match) return undefined;
  const entry = match.entryOfParameter[index]!;
  return entry === -1 ? undefined : match.loaded.catalogue.entries[entry];
}

type FindCheck = (kind: MergeCheckName, index: number, at: ParameterSource, message: string) => void;

/** The catalogue's checks of a merge: each value against its entry, and a note for each code it lacks. */
export function findCatalogueChecks(result: MergeResult, match: CatalogueMatch, find: FindCheck): void {
  let notInCatalogue = 0;
  for (let index = 0; index < result.parameterCount; index++) {
    const entry = catalogueEntryOf(match, index);
    if (!entry) {
      notInCatalogue++;
      if (notInCatalogue > notInCatalogueNamed + 1) continue;
      const code = codeAt(result, index);
      // Past the named ones, one note counts the rest: a wrong catalogue would make one per code of the set.
      const rest = notInCatalogue === notInCatalogueNamed + 1 ? countNotInCatalogue(match, index + 1) : 0;
      const message =
        rest === 0
          ? catalogueTexts.notInCatalogue(code)
          : `${catalogueTexts.notInCatalogue(code)} ${catalogueTexts.moreNotInCatalogue(rest)}`;
      find("not-in-catalogue", index, sourceOf(settingAt(result, result.usedSetting[index]!)), message);
      continue;
    }
    const used = settingAt(result, result.usedSetting[index]!);
    for (const finding of catalogueFindingsOf(entry.code, used.value, entry))
      find(finding.kind, index, sourceOf(used), finding.message);
  }
}

/** Parameters from this one on that the catalogue lacks. */
function countNotInCatalogue(match: CatalogueMatch, from: number): number {
  let count = 0;
  const { entryOfParameter } = match;
  for (let index = from; index < entryOfParameter.length; index++) if (entryOfParameter[index] === -1) count++;
  return count;
}
