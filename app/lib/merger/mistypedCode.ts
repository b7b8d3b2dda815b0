/**
 * "Looks like a mistyped code": an added customer code that the standard set lacks but most likely meant, as a
 * technician reads codes on a screen or a printout (docs/behaviour.md#checks-on-the-merge).
 */
import { latinReadingOf } from "./lookAlikeLetters";
import { codeAt, isAdded, type MergeResult } from "./mergeResult";
import { codePointOf } from "./lineCharacters";

/** Letters people type for digits in a code. */
const digitLookalikes: Record<string, string> = { O: "0", o: "0", I: "1", l: "1", i: "1" };

const isDigit = (character: string) => character >= "0" && character <= "9";

export interface LikelyIntendedCode {
  /** The standard code this one most likely meant. */
  code: string;
  /** The kind of slip, in plain words. */
  slip: string;
}

/** Whether the standard set has a code; the merge answers it from the index it already has. */
export interface StandardCodes {
  has(code: string): boolean;
  /** A standard code that reads as this skeleton (codeSkeleton) though it is spelled otherwise, if any. */
  spelledOtherwise(skeleton: string): string | undefined;
}

/** P, digits and capitals other than O and I: a code that reads as it is spelled, its own skeleton. */
const readsAsSpelled = (code: string) => /^P[0-9A-HJ-NP-Z]*$/.test(code);

/**
 * The standard codes that do not read as they are spelled (a look-alike letter, a lower-case letter),
 * by their skeleton: nearly every code is P and digits, and is passed over.
 */
export function codesByOtherSkeleton(codes: Iterable<string>): Map<string, string> {
  const bySkeleton = new Map<string, string>();
  for (const code of codes) {
    if (readsAsSpelled(code)) continue;
    const skeleton = codeSkeleton(code);
    if (skeleton !== code && !bySkeleton.has(skeleton)) bySkeleton.set(skeleton, code);
  }
  return bySkeleton;
}

/** The character as the eye reads it in a code: a Latin letter for a look-alike, a digit for O or I. */
function readAs(character: string): string {
  const latin = latinReadingOf(character);
  // One character for one, so two skeletons line up: ß would upper-case to SS.
  const upper = latin.toUpperCase();
  return digitLookalikes[latin] ?? ([...upper].length === 1 ? upper : latin);
}

/**
 * A code as a technician reads it on a screen or a printout: look-alike letters of other scripts and
 * fullwidth forms as Latin, upper case, O and I (and l) as 0 and 1. Two codes with one skeleton look
 * alike: one of them is most likely a slip.
 */
function codeSkeleton(code: string): string {
  const characters = [...code];
  return `P${characters.slice(1).map(readAs).join("")}`;
}

/** What differs between two codes of one skeleton, character by character, in plain words. */
function slipsBetween(typed: string, intended: string): string {
  const intendedCharacters = [...intended];
  const slips = [...typed].flatMap((character, position) => {
    const meant = intendedCharacters[position]!;
    if (character === meant) return [];
    if (digitLookalikes[character] === meant) return [`letter ${character} for the digit ${meant}`];
    if (digitLookalikes[meant] === character) return [`the digit ${character} for the letter ${meant}`];
    // The code points tell apart what the screen shows alike: "А" (U+0410) for "A" (U+0041).
    return [`"${character}" (${codePointOf(character)}) for "${meant}" (${codePointOf(meant)})`];
  });
  return [...new Set(slips)].join(", ");
}

/**
 * A standard code that reads as this one (codeSkeleton), whichever of the two holds the look-alike:
 * P0O20 in the standard set and P0020 in the customer's are one code to the eye.
 */
function lookAlikeOf(code: string, standard: StandardCodes): LikelyIntendedCode | null {
  if (!readsAsSpelled(code)) {
    const skeleton = codeSkeleton(code);
    if (skeleton !== code && standard.has(skeleton)) return { code: skeleton, slip: slipsBetween(code, skeleton) };
  }
  const twin = standard.spelledOtherwise(codeSkeleton(code));
  return twin && twin !== code ? { code: twin, slip: slipsBetween(code, twin) } : null;
}

/** Longest run of leading zeros tried: codes are short. */
const maxLeadingZeros = 6;

/** The same digits with another count of leading zeros (P120, P0120, P00120 …), nearest first. */
function leadingZeroVariants(code: string): string[] {
  const digits = code.slice(1);
  const significant = digits.replace(/^0+(?=.)/, "");
  const ownZeros = digits.length - significant.length;
  const variants: string[] = [];
  for (let distance = 1; distance <= maxLeadingZeros; distance++) {
    for (const zeros of [ownZeros - distance, ownZeros + distance]) {
      if (zeros >= 0 && zeros <= maxLeadingZeros) variants.push(`P${"0".repeat(zeros)}${significant}`);
    }
  }
  return variants;
}

const uppercaseLetters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/**
 * The standard code that a customer code the standard set lacks most likely
 * meant: letter O or I for a digit, an extra or missing leading zero, or one
 * character different where the customer code has a letter or sign. A digit
 * for another digit (P0121 next to P0120) is how new codes look, so it is not
 * taken as a slip; neither is a code of another length (P012 next to P0120).
 */
export function likelyIntendedCode(code: string, standard: StandardCodes): LikelyIntendedCode | null {
  if (standard.has(code) || code.length < 2) return null;
  const lookAlike = lookAlikeOf(code, standard);
  if (lookAlike) return lookAlike;
  const rest = code.slice(1);
  const lookalikesReplaced = `P${[...rest].map((character) => digitLookalikes[character] ?? character).join("")}`;
  if (lookalikesReplaced !== code) {
    const candidate = [lookalikesReplaced, ...leadingZeroVariants(lookalikesReplaced)].find((variant) =>
      standard.has(variant),
    );
    if (candidate) {
      const letters = [...new Set([...rest].filter((character) => character in digitLookalikes))];
      const slips = letters.map((letter) => `letter ${letter} for the digit ${digitLookalikes[letter]}`);
      return { code: candidate, slip: slips.join(", ") };
    }
  }
  if (/^[0-9]+$/.test(rest)) {
    const candidate = leadingZeroVariants(code).find((variant) => standard.has(variant));
    if (candidate) {
      return {
        code: candidate,
        slip: candidate.length < code.length ? "an extra leading zero" : "a missing leading zero",
      };
    }
  }
  for (let position = 1; position < code.length; position++) {
    const typed = code[position]!;
    if (isDigit(typed)) continue;
    for (const character of `0123456789${uppercaseLetters}`) {
      if (character === typed) continue;
      const candidate = code.slice(0, position) + character + code.slice(position + 1);
      if (standard.has(candidate)) {
        return { code: candidate, slip: `one character different (${typed} for ${character})` };
      }
    }
  }
  return null;
}

function* standardCodesIn(result: MergeResult): Generator<string> {
  for (let index = 0; index < result.parameterCount; index++) if (!isAdded(result, index)) yield codeAt(result, index);
}

/** The merge's standard codes: those it did not add from the customer set. */
export function standardCodesOfMerge(result: MergeResult): StandardCodes {
  let otherwise: Map<string, string> | undefined;
  return {
    has(code) {
      const index = result.codeIndex.find(code);
      return index !== -1 && !isAdded(result, index);
    },
    // Built at the first added code, once: one pass over the standard codes.
    spelledOtherwise(skeleton) {
      otherwise ??= codesByOtherSkeleton(standardCodesIn(result));
      return otherwise.get(skeleton);
    },
  };
}
