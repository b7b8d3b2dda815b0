/**
 * Letters that look like Latin ones and are not: a code or a folder name typed with one looks right on screen.
 * The mistyped-code check and the look-alike customer marker read it as the eye does.
 */

/**
 * Letters of other scripts that look like Latin ones, each followed by the Latin letter it passes for: a code typed
 * with one looks right. Lower case too, for the letters of codes and of KUNDESPEC: к, ѕ, ԁ, ρ, ϲ, ս, ո…
 */
const latinLookalikes = new Map(
  [
    // Cyrillic
    "\u0410A\u0412B\u0415E\u041aK\u041cM\u041dH\u041eO\u0420P\u0421C\u0422T\u0425X\u0423Y\u0406I\u0405S\u0430a",
    "\u0435e\u043eo\u0440p\u0441c\u0445x\u0443y\u0456i\u043ak\u0455s\u0501d\u04bbh\u0458j\u04bde\u0500D",
    // Greek
    "\u0391A\u0392B\u0395E\u0396Z\u0397H\u0399I\u039aK\u039cM\u039dN\u039fO\u03a1P\u03a4T\u03a5Y\u03a7X\u03bfo",
    "\u03bak\u03c1p\u03f2c\u03f9C\u03c5u\u03b9i\u03bdv",
    // Armenian, the dotless i, Cherokee, Coptic
    "\u057du\u0578n\u0585o\u054dU\u0131i\u13a0D\u13acE\u13daS\u13dfC\u13e2P\u13e6K\u2c94K",
    // small capitals, Lisu
    "\u0274n\u1d05d\u1d07e\u1d18p\u1d04c\u1d0bk\u1d1cu\ua731s\ua4d7K\ua4f4U\ua4e0N\ua4d3D\ua4f0E\ua4e2S\ua4d1P\ua4daC",
  ]
    .join("")
    .match(/../g)!
    .map((pair): [string, string] => [pair[0]!, pair[1]!]),
);

/**
 * The character as the eye reads it: ASCII for a fullwidth form (U+FF01 to U+FF5E), Latin for a look-alike
 * letter, and the ASCII letter or digit a compatibility form stands for (the Kelvin sign K, the Roman numeral Ⅽ,
 * mathematical bold 𝐊: Unicode's NFKC folds them).
 */
export function latinReadingOf(character: string): string {
  const unit = character.charCodeAt(0);
  if (unit >= 0xff01 && unit <= 0xff5e) return String.fromCharCode(unit - 0xfee0);
  const lookalike = latinLookalikes.get(character);
  if (lookalike) return lookalike;
  // A parenthesized letter folds to "(k)": the letter inside is what the eye reads.
  const folded = character.normalize("NFKC").replace(/^\((.)\)$/, "$1");
  return /^[A-Za-z0-9]$/.test(folded) ? folded : character;
}
