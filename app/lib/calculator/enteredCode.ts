/**
 * A code as the technician gives it, typed, pasted or in a link, read the one
 * way before the code rules judge it: a phone or keyboard set to another
 * script types `١٧١٠١` or full-width `１７１０１`, and that is the code 17101.
 */

import { codePointOf } from "~/lib/merger/lineCharacters";

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

/**
 * Characters a text input cannot hold: the browser drops line breaks from its value, so `?code=17%0A101`
 * would show as `17101` while the rules name the line break. The field shows each by its Unicode picture
 * instead, and the message names the picture too.
 */
const inputPictures = new Map([
  ["\n", { picture: "\u240a", name: "line break" }],
  ["\r", { picture: "\u240d", name: "carriage return" }],
]);
const characterOfPicture = new Map([...inputPictures].map(([character, { picture }]) => [picture, character]));

/** What the code input shows for an entered code: each character the input cannot hold as its picture. */
export function codeInputValue(enteredCode: string): string {
  return enteredCode.replace(/[\n\r]/gu, (character) => inputPictures.get(character)?.picture ?? character);
}

/** The text the code input holds, with the pictures codeInputValue drew read as the characters they stand for. */
export function codeInputText(value: string): string {
  return value.replace(/[\u240a\u240d]/gu, (picture) => characterOfPicture.get(picture) ?? picture);
}

/** "a line break (U+000A, shown as ␊)" for a character the code input shows by its picture; null for others. */
export function picturedCharacterName(character: string): string | null {
  const pictured = inputPictures.get(character);
  return pictured ? `a ${pictured.name} (${codePointOf(character)}, shown as ${pictured.picture})` : null;
}
