/**
 * Checks for the mistakes people make in parameter files. Each check is a pure
 * function; `mergeChecks` is the one list of them with their severity: a
 * problem needs the technician's confirmation before Download, a note only
 * informs. `checkMerge` runs them on a finished merge.
 */
import { countOf } from "~/lib/shell/plural";
import { findCatalogueChecks } from "./catalogueMatch";
import { mayReadAsCode, valueLooksLikeCode, valueLooksLikeComment } from "./codeShapedValues";
import { characterName, codePointOf, isHiddenCharacter, isWhitespace, quotedLine } from "./lineCharacters";
import { lineKinds } from "./lineClassifier";
import {
  addedFlag,
  codeAt,
  firstSettingOf,
  forEachUsedEntry,
  isAdded,
  lastStandardValueBefore,
  rewrittenFlag,
  settingAt,
  sourceOf,
  type CustomerConflict,
  type MergeCheckFinding,
  type MergeResult,
  type ParameterSource,
} from "./mergeResult";
import { codeOfTheMergeIn } from "./codesOfTheSet";
import { codeOf, valueLineNumberOf, valueOf } from "./parameterFile";
import { customerMarker, setOfPath } from "./parameterSet";

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

export function standardCodesOf(codes: Iterable<string>): StandardCodes {
  const known = new Set(codes);
  let otherwise: Map<string, string> | undefined;
  return {
    has: (code) => known.has(code),
    spelledOtherwise: (skeleton) => (otherwise ??= codesByOtherSkeleton(known)).get(skeleton),
  };
}

/** Letters of other scripts that look like Latin ones, and fullwidth forms: a code typed with one looks right. */
const latinLookalikes: Record<string, string> = {
  "\u0410": "A",
  "\u0412": "B",
  "\u0415": "E",
  "\u041a": "K",
  "\u041c": "M",
  "\u041d": "H",
  "\u041e": "O",
  "\u0420": "P",
  "\u0421": "C",
  "\u0422": "T",
  "\u0425": "X",
  "\u0423": "Y",
  "\u0406": "I",
  "\u0405": "S",
  "\u0430": "a",
  "\u0435": "e",
  "\u043e": "o",
  "\u0440": "p",
  "\u0441": "c",
  "\u0445": "x",
  "\u0443": "y",
  "\u0456": "i",
  "\u0391": "A",
  "\u0392": "B",
  "\u0395": "E",
  "\u0396": "Z",
  "\u0397": "H",
  "\u0399": "I",
  "\u039a": "K",
  "\u039c": "M",
  "\u039d": "N",
  "\u039f": "O",
  "\u03a1": "P",
  "\u03a4": "T",
  "\u03a5": "Y",
  "\u03a7": "X",
  "\u03bf": "o",
  // Lower case and other scripts, for the letters of codes and of KUNDESPEC: к, ѕ, ԁ, ρ, ϲ, ս, ո…
  "\u043a": "k",
  "\u0455": "s",
  "\u0501": "d",
  "\u04bb": "h",
  "\u0458": "j",
  "\u04bd": "e",
  "\u03ba": "k",
  "\u03c1": "p",
  "\u03f2": "c",
  "\u03f9": "C",
  "\u03c5": "u",
  "\u03b9": "i",
  "\u03bd": "v",
  "\u057d": "u",
  "\u0578": "n",
  "\u0585": "o",
  "\u0131": "i",
  "\u054d": "U",
  "\u13a0": "D",
  "\u13ac": "E",
  "\u13da": "S",
  "\u13df": "C",
  "\u13e2": "P",
  "\u13e6": "K",
  "\u0274": "n",
  "\u1d05": "d",
  "\u1d07": "e",
  "\u1d18": "p",
  "\u0500": "D",
  "\u2c94": "K",
  "\ua4d7": "K",
  "\ua4f4": "U",
  "\ua4e0": "N",
  "\ua4d3": "D",
  "\ua4f0": "E",
  "\ua4e2": "S",
  "\ua4d1": "P",
  "\ua4da": "C",
  "\u1d04": "c",
  "\u1d0b": "k",
  "\u1d1c": "u",
  "\ua731": "s",
};

/**
 * The character as the eye reads it: ASCII for a fullwidth form (U+FF01 to U+FF5E), Latin for a look-alike
 * letter, and the ASCII letter or digit a compatibility form stands for (the Kelvin sign K, the Roman numeral Ⅽ,
 * mathematical bold 𝐊: Unicode's NFKC folds them).
 */
function latinReadingOf(character: string): string {
  const unit = character.charCodeAt(0);
  if (unit >= 0xff01 && unit <= 0xff5e) return String.fromCharCode(unit - 0xfee0);
  const lookalike = latinLookalikes[character];
  if (lookalike) return lookalike;
  // A parenthesized letter folds to "(k)": the letter inside is what the eye reads.
  const folded = character.normalize("NFKC").replace(/^\((.)\)$/, "$1");
  return /^[A-Za-z0-9]$/.test(folded) ? folded : character;
}

/**
 * A letter of a name as the eye reads it against KUNDESPEC: as latinReadingOf, and a letter with an accent or other
 * diacritic as its plain letter (É, Ẹ, Ç, Ü: a Mac hands É over as E and a combining mark, which the pick's one
 * spelling puts together, K9). Only for the marker: in a code, an accented letter is no slip of the plain one.
 */
function markerReadingOf(character: string): string {
  const latin = latinReadingOf(character);
  if (latin !== character) return latin;
  const plain = character.normalize("NFD").replace(/\p{M}/gu, "");
  return /^[A-Za-z]$/.test(plain) ? plain : character;
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
export function codeSkeleton(code: string): string {
  const characters = [...code];
  return `P${characters.slice(1).map(readAs).join("")}`;
}

/**
 * The part of a path that reads as KUNDESPEC to the eye though the path does not hold those letters (a Cyrillic
 * Е, an accented É, fullwidth letters, KUNDE SPEC, an invisible character inside), and how it is spelled otherwise; null for
 * any other path. The set rule takes only the exact letters, so such a customer folder counts as standard.
 */
export function lookAlikeCustomerMarker(path: string): { part: string; spelling: string } | null {
  if (setOfPath(path) === "customer") return null;
  for (const part of path.split(/[/\\]/)) {
    const found = lookAlikeMarkerIn(part);
    if (found !== null) return { part, spelling: found };
  }
  return null;
}

/** One letter of a folder's name as the eye reads it, with how it is spelled otherwise, and what stood before it. */
interface ReadLetter {
  latin: string;
  slips: string[];
  /** Spaces, dashes or signs between it and the letter before: where a word begins. */
  separatorsBefore: string[];
}

/**
 * How a folder or file name that reads as KUNDESPEC is spelled otherwise, or null. Split by signs, KUNDESPEC must
 * read as a word of its own: `Kunde Specht`, `Fam. Kunde, Spechtweg` or `Stammkunde Spec` are other words that hold
 * those letters. Letters that touch are read as the set rule reads them, anywhere in the name.
 */
function lookAlikeMarkerIn(part: string): string | null {
  const letters: ReadLetter[] = [];
  let separators: string[] = [];
  for (const character of part) {
    const latin = markerReadingOf(character);
    // Any space, dash, dot, sign or combining mark between the letters: KUNDE SPEC, Kunde_Spec, KUNDE–SPEC, Kunde+Spec.
    const isSeparator =
      latin === character && (/^[\s\p{P}\p{S}\p{Z}\p{M}]$/u.test(character) || isHiddenCharacter(character));
    if (isSeparator) {
      separators.push(separatorName(character));
      continue;
    }
    const upper = latin.toUpperCase();
    letters.push({
      latin: [...upper].length === 1 ? upper : latin,
      slips: latin === character ? [] : [lookAlikeName(character, latin)],
      separatorsBefore: separators,
    });
    separators = [];
  }
  const read = letters.map((letter) => letter.latin);
  const isLetterAt = (index: number) => /^[A-Z]$/.test(read[index] ?? "");
  for (let start = 0; start + customerMarker.length <= read.length; start++) {
    if (read.slice(start, start + customerMarker.length).join("") !== customerMarker) continue;
    const end = start + customerMarker.length;
    const wordStarts = !isLetterAt(start - 1) || letters[start]!.separatorsBefore.length > 0;
    const wordEnds = !isLetterAt(end) || letters[end]!.separatorsBefore.length > 0;
    // Letters that touch, as in xKUNDЕSPEC or SiteKundеSpec: the exact letters glued the same way make a customer
    // file, so only a look-alike letter keeps it standard. Word ends matter only where signs split the letters.
    const touching = letters.slice(start + 1, end).every((letter) => letter.separatorsBefore.length === 0);
    if (!touching && (!wordStarts || !wordEnds)) continue;
    const slips = letters
      .slice(start, end)
      .flatMap((letter, index) => [...(index === 0 ? [] : letter.separatorsBefore), ...letter.slips]);
    return [...new Set(slips)].join(", ");
  }
  return null;
}

/** How a look-alike letter is named; a whole word in fullwidth or mathematical letters is named once. */
function lookAlikeName(character: string, latin: string): string {
  const codePoint = character.codePointAt(0)!;
  if (codePoint >= 0xff01 && codePoint <= 0xff5e) return "fullwidth letters";
  if (codePoint >= 0x1d400 && codePoint <= 0x1d7ff) return "mathematical letters";
  return `"${character}" (${codePointOf(character)}) for "${latin}"`;
}

/** `"_"` for a sign of the keyboard; the code point too for one that looks like it (an en dash for "-"). */
function separatorName(character: string): string {
  if (/^[!-~]$/.test(character)) return `"${character}"`;
  // A combining mark shows on the letter before it, never in quotes of its own.
  if (/^\p{M}$/u.test(character)) return `a combining mark (${codePointOf(character)})`;
  return /^[\s\p{Z}]$/u.test(character) || isHiddenCharacter(character)
    ? characterName(character)
    : `"${character}" (${codePointOf(character)})`;
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

type ValueFormat = { kind: "integer" } | { kind: "decimal"; separator: "." | ","; decimals: number } | { kind: "text" };

function valueFormatOf(value: string): ValueFormat {
  const trimmed = value.trim();
  if (/^[+-]?\d+$/.test(trimmed)) return { kind: "integer" };
  const decimal = /^[+-]?\d*([.,])(\d+)$/.exec(trimmed);
  if (decimal) return { kind: "decimal", separator: decimal[1] as "." | ",", decimals: decimal[2]!.length };
  return { kind: "text" };
}

const decimalsOf = (format: ValueFormat) => (format.kind === "decimal" ? format.decimals : 0);

/**
 * How a customer value's format differs from the standard value it replaces:
 * decimal comma for point (or back), text for a number, another count of
 * decimals. null when the formats agree (or the standard value is text).
 */
export function valueFormatChange(standardValue: string, customerValue: string): string | null {
  const standard = valueFormatOf(standardValue);
  if (standard.kind === "text") return null;
  const customer = valueFormatOf(customerValue);
  if (customer.kind === "text") return "is text where the standard value is a number";
  if (standard.kind === "decimal" && customer.kind === "decimal" && standard.separator !== customer.separator) {
    return `uses a decimal ${customer.separator === "," ? "comma" : "point"} where the standard value uses a ${standard.separator === "," ? "comma" : "point"}`;
  }
  const [standardDecimals, customerDecimals] = [decimalsOf(standard), decimalsOf(customer)];
  if (standardDecimals !== customerDecimals) {
    return `has ${countOf(customerDecimals, "decimal")} where the standard value has ${standardDecimals}`;
  }
  return null;
}

/** A customer value that equals the standard value: the override changes nothing. */
export function isUnchangedOverride(standardValue: string, customerValue: string): boolean {
  return standardValue === customerValue;
}

/**
 * Whether the value at [start, end) of a file's text has anything
 * unusualCharactersIn names, looked at in place: nearly every value is plain
 * ASCII, and the merge asks this of every one without making it a string.
 */
export function hasUnusualCharactersAt(text: string, start: number, end: number): boolean {
  if (end > start && text.charCodeAt(end - 1) === 0x20) return true;
  for (let index = start; index < end; index++) {
    const unit = text.charCodeAt(index);
    if (unit < 0x20 || unit > 0x7e) return true;
  }
  return false;
}

/**
 * What in a value the unit's parser may not expect: characters outside
 * printable ASCII (a tab, "ä", a non-breaking space) or spaces at its end.
 * null when the value is plain.
 */
export function unusualCharactersIn(value: string): string | null {
  // Nearly every value is plain ASCII: one regular expression test decides.
  if (!/[^\x20-\x7e]| $/.test(value)) return null;
  const found: string[] = [];
  const { tab, visible } = oddCharactersOf(value);
  if (tab) found.push("a tab");
  if (visible.length > 0) {
    found.push(
      `${visible.length === 1 ? "the character" : "the characters"} ${visible
        .slice(0, 3)
        .map((character) => `“${character}” (${codePointOf(character)})`)
        .join(", ")}`,
    );
  }
  if (/ $/.test(value)) found.push("spaces at its end");
  return found.length > 0 ? found.join(" and ") : null;
}

/**
 * The characters in a value that no screen shows (a right-to-left override, a zero width space, NUL), named:
 * such a character hides itself, or reorders the value on screen, and still goes on the card. null when there is none.
 */
export function hiddenCharactersIn(value: string): string | null {
  const { hidden } = oddCharactersOf(value);
  if (hidden.length === 0) return null;
  const named = hidden.slice(0, 3).map(characterName);
  const more = hidden.length > 3 ? ` and ${countOf(hidden.length - 3, "other")}` : "";
  return `${named.join(", ")}${more}`;
}

/**
 * The distinct characters of a value outside printable ASCII, sorted into a tab, hidden ones and visible ones.
 * One native pass finds them: a 5 MB value with one "ä" is not walked character by character in script.
 */
function oddCharactersOf(value: string): { tab: boolean; hidden: string[]; visible: string[] } {
  const odd = new Set(value.match(/[^\x20-\x7e]/gu) ?? []);
  const hidden: string[] = [];
  const visible: string[] = [];
  for (const character of odd) {
    if (character === "\t") continue;
    (isHiddenCharacter(character) ? hidden : visible).push(character);
  }
  return { tab: odd.has("\t"), hidden, visible };
}

function* standardCodesIn(result: MergeResult): Generator<string> {
  for (let index = 0; index < result.parameterCount; index++) if (!isAdded(result, index)) yield codeAt(result, index);
}

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
  // Codes that were in the standard set are exactly those not added by the customer set.
  let otherwise: Map<string, string> | undefined;
  const standardCodes: StandardCodes = {
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
      if (isUnchangedOverride(standardValue, value)) {
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
