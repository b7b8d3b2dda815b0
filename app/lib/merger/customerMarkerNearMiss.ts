/**
 * A folder or file name that reads like a customer marker but is not KUNDESPEC: spelled with look-alike letters
 * or signs between them (KUNDЕSPEC with a Cyrillic Е, KUNDE SPEC; docs/behaviour.md#standard-or-customer), or a
 * near miss (KUNDENSPEC, KUNDSPEC, Kundenspezifisch, Customer; docs/behaviour.md#near-miss-inputs). Only the exact
 * letters make a customer file (parameterSet.ts), so such a file counts as standard; the merge names it and offers
 * the switch to Customer.
 */
import { characterName, codePointOf, isHiddenCharacter } from "./lineCharacters";
import { latinReadingOf } from "./lookAlikeLetters";
import { customerMarker, setOfPath } from "./parameterSet";

/**
 * "Customer" and "client", as a folder is named for one, in the languages of the EU and EEA, Switzerland, the
 * Balkans, Turkey and the Slavic neighbours: the common dictionary translations, singular and plural, lower
 * case and without accents (müşteri is musteri), as wordsOf reads a name. Left out: words that mean as much
 * else in a folder name (Slovenian stranka is also the Czech and Slovak for a page).
 */
const customerWords = new Set([
  // German, Danish, Norwegian, Swedish, Icelandic
  ...["kunde", "kunden", "kundin", "kunder", "kunderne", "kundene", "kund", "kunderna"],
  ...["viðskiptavinur", "viðskiptavinir"],
  // Dutch, English, French, Spanish, Portuguese, Italian, Romanian, Maltese, Irish
  ...["klant", "klanten", "customer", "customers", "client", "clients", "cliente", "clientes", "clienti"],
  ...["clientul", "klijent", "klijenti", "custaimeir"],
  // Polish, Czech, Slovak, Slovenian, Croatian, Serbian, Bosnian, Estonian, Latvian, Lithuanian
  ...["klient", "klienci", "klienta", "klientow", "klienti", "zakaznik", "zakaznici", "zakaznika"],
  ...["kupac", "kupci", "kupec", "kliendid", "klients", "klientas", "klientai"],
  // Finnish, Hungarian, Turkish, Greek, Bulgarian, Russian, Ukrainian
  ...["asiakas", "asiakkaat", "ugyfel", "ugyfelek", "vevo", "musteri", "musteriler", "πελατης", "πελατες"],
  ...["клиент", "клиенти", "клиенты", "клієнт", "клієнти", "заказчик", "замовник"],
]);

/**
 * What a word for customer is followed by in one word when it names customer files: customer-specific
 * (Kundenspezifisch, Kundspecifik, klantspecifiek, asiakaskohtainen), customer parameters or settings
 * (Kundenparameter, Kundeneinstellungen). Other compounds (Kundendienst, the service department) are not.
 */
const customerCompoundRests = ["spe", "param", "einstell", "setting", "kohtai"];

const marker = "kundespec";

/** The words of a name as shown and as compared (lower case, no accents): runs of letters, split at KundenSpec. */
function wordsOf(name: string): { shown: string; word: string }[] {
  const runs = name.normalize("NFD").match(/\p{L}[\p{L}\p{M}]*/gu) ?? [];
  return runs
    .flatMap((run) => run.split(/(?<=\p{Ll}\p{M}*)(?=\p{Lu})/u))
    .map((shown) => ({ shown: shown.normalize("NFC"), word: shown.replace(/\p{M}/gu, "").toLowerCase() }));
}

/**
 * Letters added, left out, changed or two swapped between two words (Damerau–Levenshtein: a swap and a letter
 * added between the two are two edits), up to `limit` (more: limit + 1).
 */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const far = a.length + b.length;
  // Rows and columns from -1: distance[i + 1][j + 1] is the distance of a's first i letters and b's first j.
  const distance = Array.from({ length: a.length + 2 }, () => new Array<number>(b.length + 2).fill(far));
  for (let i = 0; i <= a.length; i++) distance[i + 1]![1] = i;
  for (let j = 0; j <= b.length; j++) distance[1]![j + 1] = j;
  const lastRowOf = new Map<string, number>();
  for (let i = 1; i <= a.length; i++) {
    let lastMatchingColumn = 0;
    for (let j = 1; j <= b.length; j++) {
      const swappedRow = lastRowOf.get(b[j - 1]!) ?? 0;
      const swappedColumn = lastMatchingColumn;
      const same = a[i - 1] === b[j - 1];
      if (same) lastMatchingColumn = j;
      distance[i + 1]![j + 1] = Math.min(
        distance[i]![j]! + (same ? 0 : 1),
        distance[i + 1]![j]! + 1,
        distance[i]![j + 1]! + 1,
        distance[swappedRow]![swappedColumn]! + (i - swappedRow - 1) + 1 + (j - swappedColumn - 1),
      );
    }
    lastRowOf.set(a[i - 1]!, i);
  }
  return distance[a.length + 1]![b.length + 1]!;
}

export interface CustomerMarkerNearMiss {
  /** The folder or file name that holds it. */
  part: string;
  /** The word of it that reads so, as shown. */
  word: string;
  /** Why it reads like a customer marker, for the message. */
  reading: "KUNDESPEC misspelled" | "a word for customer" | "a word for customer in a compound";
}

/** Why one word of a name reads like a customer marker, or null. */
function readingOf(word: string): CustomerMarkerNearMiss["reading"] | null {
  if (customerWords.has(word)) return "a word for customer";
  // KUNDENSPEC, KUNDSPEC, KUNDESPCE: up to two letters added, left out, changed or swapped.
  if (word.length >= marker.length - 2 && editDistance(word, marker, 2) <= 2) return "KUNDESPEC misspelled";
  for (const customerWord of customerWords) {
    if (
      word.startsWith(customerWord) &&
      customerCompoundRests.some((rest) => word.startsWith(rest, customerWord.length))
    )
      return "a word for customer in a compound";
  }
  return null;
}

/**
 * The first folder or file name of a path that reads like a customer marker, and why; null for none. A folder
 * that also holds a customer file of the merge is where the sites are kept (`Kunden/Fjordview/KUNDESPEC/…` beside
 * `Kunden/Fjordview/Standard/…`), not a marker: `customerFolders` lists those folders ("Kunden/", "Kunden/Fjordview/").
 */
export function customerMarkerNearMiss(
  path: string,
  customerFolders: ReadonlySet<string> = new Set(),
): CustomerMarkerNearMiss | null {
  // A path with the exact letters is a customer file's, also when the technician chose Standard for it.
  if (setOfPath(path) === "customer") return null;
  const parts = path.split(/[/\\]/);
  let folder = "";
  for (const [index, part] of parts.entries()) {
    folder += `${part}/`;
    if (index < parts.length - 1 && customerFolders.has(folder)) continue;
    for (const { shown, word } of wordsOf(part)) {
      const reading = readingOf(word);
      if (reading) return { part, word: shown, reading };
    }
  }
  return null;
}

/** Every folder that holds a file of these paths, at any depth: "a/", "a/b/" for "a/b/c.txt". */
export function foldersOf(paths: Iterable<string>): Set<string> {
  const folders = new Set<string>();
  for (const path of paths) {
    const parts = path.split(/[/\\]/);
    let folder = "";
    for (const part of parts.slice(0, -1)) folders.add((folder += `${part}/`));
  }
  return folders;
}

/**
 * A letter of a name as the eye reads it against KUNDESPEC: as latinReadingOf, and a letter with an accent or other
 * diacritic as its plain letter (É, Ẹ, Ç, Ü: a Mac hands É over as E and a combining mark, which the pick's one
 * spelling puts together). Only for the marker: in a code, an accented letter is no slip of the plain one.
 */
function markerReadingOf(character: string): string {
  const latin = latinReadingOf(character);
  if (latin !== character) return latin;
  const plain = character.normalize("NFD").replace(/\p{M}/gu, "");
  return /^[A-Za-z]$/.test(plain) ? plain : character;
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

/** The problem list's way out of such a problem (and a look-alike's): its button, and how a screen reader names it. */
export const switchToCustomer = {
  text: "Switch to Customer",
  label: (path: string) => `Switch ${path} to Customer`,
};
