/**
 * Which set a parameter file is in. docs/behaviour.md#standard-or-customer: the path decides (KUNDESPEC,
 * any case, means customer), and the technician can choose otherwise per file.
 */
export type ParameterSet = "standard" | "customer";

export const parameterSets: readonly ParameterSet[] = ["standard", "customer"];

/** How the screen names each set. */
export const parameterSetLabels: Record<ParameterSet, string> = { standard: "Standard", customer: "Customer" };

/** What a customer file's path holds, in any case. */
export const customerMarker = "KUNDESPEC";

/**
 * The exact letters, in any case: ASCII letters are compared without case, and no other letter counts as one of
 * them (toUpperCase would read the long s "ſ" as S). A look-alike spelling is a problem (lookAlikeCustomerMarker).
 */
export function setOfPath(path: string): ParameterSet {
  return asciiUpperCase(path).includes(customerMarker) ? "customer" : "standard";
}

function asciiUpperCase(text: string): string {
  return text.replace(/[a-z]+/g, (letters) => letters.toUpperCase());
}

/** A file's set: the technician's choice if any, otherwise what its path says. */
export function setOfFile(file: { path: string; setOverride: ParameterSet | null }): ParameterSet {
  return file.setOverride ?? setOfPath(file.path);
}

/** The override to store when the technician chooses `chosen`: choosing what the path says is no override. */
export function setOverrideFor(path: string, chosen: ParameterSet): ParameterSet | null {
  return chosen === setOfPath(path) ? null : chosen;
}
