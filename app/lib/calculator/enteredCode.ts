/**
 * A code as the technician gives it, typed, pasted or in a link, read the one
 * way before the code rules judge it: a phone or keyboard set to another
 * script types `١٧١٠١` or full-width `１７１０１`, and that is the code 17101.
 */

const decimalDigit = /^\p{Nd}$/u;
const anyDecimalDigit = /\p{Nd}/gu;
const onlyAscii = /^\p{ASCII}*$/u;

const asciiDigitOf = new Map<string, string>();

/**
 * Unicode gives each script's decimal digits as one run of ten, 0 to 9, and runs
 * that touch each other (the mathematical digits) each start on their 0: the
 * digits before a digit in its block, counted, give its value.
 */
function asciiDigit(digit: string): string {
  let ascii = asciiDigitOf.get(digit);
  if (ascii === undefined) {
    let codePoint = digit.codePointAt(0)!;
    let before = 0;
    while (decimalDigit.test(String.fromCodePoint(codePoint - 1))) {
      codePoint--;
      before++;
    }
    ascii = String(before % 10);
    asciiDigitOf.set(digit, ascii);
  }
  return ascii;
}

/** Every decimal digit, of any script, as its ASCII digit; everything else as it is. */
export function asciiDigits(text: string): string {
  return onlyAscii.test(text) ? text : text.replace(anyDecimalDigit, asciiDigit);
}

/**
 * What the code rules read: digits in ASCII, whitespace at either end (a copied
 * line break, a space typed first) gone. Whitespace inside stays, and the rules
 * name it.
 */
export function enteredCodeText(text: string): string {
  return asciiDigits(text).trim();
}
