/**
 * Letters that look like Latin ones and are not: a code or a folder name typed with one looks right on screen.
 * The mistyped-code check and the look-alike customer marker read it as the eye does.
 */

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
export function latinReadingOf(character: string): string {
  const unit = character.charCodeAt(0);
  if (unit >= 0xff01 && unit <= 0xff5e) return String.fromCharCode(unit - 0xfee0);
  const lookalike = latinLookalikes[character];
  if (lookalike) return lookalike;
  // A parenthesized letter folds to "(k)": the letter inside is what the eye reads.
  const folded = character.normalize("NFKC").replace(/^\((.)\)$/, "$1");
  return /^[A-Za-z0-9]$/.test(folded) ? folded : character;
}
