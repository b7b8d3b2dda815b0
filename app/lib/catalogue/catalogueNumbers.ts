/**
 * Numbers as a catalogue and a parameter file write them: `.` or `,` as the decimal mark, a sign, no thousands
 * separator. One rule for the catalogue's limits and for the values checked against them.
 */

const decimalNumber = /^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/;

/** The number a text stands for, or null when it is not one (`2,5` and `2.5` are both 2.5). */
export function numberOf(text: string): number | null {
  const trimmed = text.trim();
  if (!decimalNumber.test(trimmed)) return null;
  return Number(trimmed.replace(",", "."));
}

/** Two values the same to the unit: equal as numbers when both are numbers (`7,20` and `7.2`), else as written. */
export function sameValue(a: string, b: string): boolean {
  const [first, second] = [numberOf(a), numberOf(b)];
  if (first !== null && second !== null) return first === second;
  return a.trim() === b.trim();
}
