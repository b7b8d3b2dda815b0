/**
 * A file named as a merged PAR.txt or a copy of one (docs/behaviour.md#near-miss-inputs): `PAR`, then anything but
 * a letter. The card's own file, this tool's download (`PAR.txt`, `PAR (1).txt` as a browser names a second one;
 * Firefox writes `PAR(1).txt`), the card's previous PAR.txt a record gives (`PAR before 2025-03-12 10.00.txt`),
 * and the copies people and file managers make: `PAR - Kopie.txt`, `PAR - Copy (2).txt` (Windows), `PAR copy.txt`
 * (macOS), `PAR (copy).txt` (GNOME), `PAR_old.txt`, `PAR.txt.txt`, `Copy of PAR.txt` (older Windows).
 */

/**
 * Words that follow PAR in such a name, lower case without accents: the extension, how file managers name a copy
 * in the languages of Europe (Copy, Kopie, Copie, Copia, Cópia, Kopi, Kopia, Kopio, Kopya, Másolat, Копия …),
 * and what people add to an old one. Any other word makes a parameter file of the manufacturer's own naming
 * (`PAR_basis.txt`, `PAR_alarms.txt`).
 */
const copyWords = new Set([
  ...["txt", "bak", "old", "orig", "original", "tmp", "temp", "backup", "save", "saved", "before", "from"],
  ...["copy", "another", "st", "nd", "rd", "th", "v", "version", "final", "new"],
  ...["kopie", "von", "vor", "alt", "neu", "sicherung", "stand", "copie", "copia", "kopi", "kopia", "kopio"],
  ...["kopya", "masolat", "kopija", "kopiya", "копия", "копія", "копие", "αντιγραφο"],
]);

/** "Copy of PAR.txt", "Kopie von PAR.txt", "Copie de PAR.txt", "Copia de PAR.txt", "Copia di PAR.txt". */
const copyOfPrefix = /^(?:copy|kopie|copie|copia)(?: \(\d+\))? (?:of|von|de|di) /i;

export function isMergedParFileName(path: string): boolean {
  const name = path
    .slice(Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\")) + 1)
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(copyOfPrefix, "");
  const after = /^PAR(?!\p{L})(.*)$/iu.exec(name);
  if (!after) return false;
  const firstWord = /\p{L}+/u.exec(after[1]!)?.[0].toLowerCase();
  return firstWord === undefined || copyWords.has(firstWord);
}

/** PAR.txt itself, in any case: not a copy. */
export function isExactlyParFileName(path: string): boolean {
  return /(?:^|[/\\])PAR\.txt$/i.test(path);
}
