/**
 * What the catalogue says of one value of PAR.txt: outside its limits, not among its choices, different from its
 * default. Pure and on strings: the merge asks it only for the codes the catalogue has.
 */
import { numberOf, sameValue } from "./catalogueNumbers";
import { catalogueTexts } from "./catalogueTexts";
import type { CatalogueEntry } from "./parameterCatalogue";

export type CatalogueFindingKind = "outside-limits" | "not-among-choices";

export interface CatalogueFinding {
  kind: CatalogueFindingKind;
  message: string;
}

/** `P0002 · Dosing rate · l/h`: how the screen names a code the catalogue has. */
export function namedCode(code: string, entry: Pick<CatalogueEntry, "name" | "unit"> | undefined): string {
  return entry ? [code, entry.name, entry.unit].filter((part) => part !== "").join(" · ") : code;
}

/** `P0002 Dosing rate`: the code and its name, as a message names it. */
const parameterOf = (code: string, entry: CatalogueEntry) => (entry.name ? `${code} ${entry.name}` : code);

/** `300 l/h`: a value with its unit. */
const withUnit = (value: string, entry: CatalogueEntry) => (entry.unit ? `${value} ${entry.unit}` : value);

function limitsText(entry: CatalogueEntry): string {
  if (entry.min && entry.max) return `limits are ${entry.min.text} to ${entry.max.text}`;
  return entry.min ? `minimum is ${entry.min.text}` : `maximum is ${entry.max!.text}`;
}

function choicesText(entry: CatalogueEntry): string {
  return entry.choices!.map((choice) => (choice.label ? `${choice.value} (${choice.label})` : choice.value)).join(", ");
}

/**
 * What is wrong with this value of the code, if anything: below its min or above its max (as numbers; a value
 * that is not a number where a limit exists counts as outside), or not among its choices.
 */
export function catalogueFindingsOf(code: string, value: string, entry: CatalogueEntry): CatalogueFinding[] {
  const findings: CatalogueFinding[] = [];
  const parameter = parameterOf(code, entry);
  const shown = value.trim();
  if (entry.min || entry.max) {
    const number = numberOf(value);
    const message =
      number === null
        ? catalogueTexts.notANumberValue(parameter, shown, limitsText(entry))
        : entry.min && number < entry.min.value
          ? catalogueTexts.belowMin(parameter, withUnit(shown, entry), entry.min.text)
          : entry.max && number > entry.max.value
            ? catalogueTexts.aboveMax(parameter, withUnit(shown, entry), entry.max.text)
            : null;
    if (message) findings.push({ kind: "outside-limits", message });
  }
  if (entry.choices && !entry.choices.some((choice) => sameValue(choice.value, value)))
    findings.push({
      kind: "not-among-choices",
      message: catalogueTexts.notAmongChoices(parameter, shown, choicesText(entry)),
    });
  return findings;
}

/** Whether the value differs from the catalogue's default; false where the catalogue gives none. */
export function differsFromDefault(value: string, entry: CatalogueEntry): boolean {
  return entry.default !== null && !sameValue(entry.default, value);
}
