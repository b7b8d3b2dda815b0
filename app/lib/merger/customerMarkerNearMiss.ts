/**
 * A folder or file name that reads like a customer marker but is not KUNDESPEC (docs/behaviour.md#near-miss-inputs):
 * KUNDENSPEC, KUNDSPEC, Kunden-Spec, Kundenspezifisch, Customer. Only the exact letters make a customer file
 * (parameterSet.ts), so such a file counts as standard; the merge names it and offers the switch to Customer.
 */
import { setOfPath } from "./parameterSet";

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

/** The problem list's way out of such a problem (and a look-alike's): its button, and how a screen reader names it. */
export const switchToCustomer = {
  text: "Switch to Customer",
  label: (path: string) => `Switch ${path} to Customer`,
};
