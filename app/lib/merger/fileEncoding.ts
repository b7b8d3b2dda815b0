/**
 * A parameter file's bytes as text (docs/behaviour.md#encoding):
 * UTF-8 (its byte order mark dropped); bytes that are not UTF-8 are read as
 * Windows-1252, unless the weight of the evidence says the file is UTF-8 with
 * stray bytes (utf8Wins: then their lines are problems); UTF-16 with a byte
 * order mark, or without one when a NUL byte stands at every other position.
 */

export type TextEncodingName = "utf-8" | "utf-16" | "windows-1252";

export type Utf16ByteOrder = "little-endian" | "big-endian";

export interface DecodedParameterText {
  text: string;
  encoding: TextEncodingName;
  /** Read as UTF-16 although the file has no byte order mark: in which byte order. */
  utf16WithoutByteOrderMark?: Utf16ByteOrder;
  /**
   * A UTF-8 file with bytes that are not UTF-8 (mixed encodings): per line
   * (from 1) the first such byte. The text holds U+FFFD there; those lines are problems.
   */
  invalidByteOfLine?: Map<number, number>;
  /** Read as Windows-1252 although two of its bytes are valid UTF-8 too (`ß“` is DF 93): the first such pair. */
  utf8LookAlike?: { lineNumber: number; bytes: [number, number] };
}

const utf8ByteOrderMark = [0xef, 0xbb, 0xbf];

/** The length of the UTF-8 character that starts at `index`, or 0 when the bytes there are not UTF-8. */
function utf8CharacterLength(bytes: Uint8Array, index: number): number {
  const lead = bytes[index]!;
  const length =
    lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
  if (length === 0 || index + length > bytes.length) return 0;
  for (let offset = 1; offset < length; offset++) if ((bytes[index + offset]! & 0xc0) !== 0x80) return 0;
  // Overlong forms, surrogates and code points past U+10FFFF are not UTF-8 either.
  const second = bytes[index + 1]!;
  if (lead === 0xe0 && second < 0xa0) return 0;
  if (lead === 0xed && second > 0x9f) return 0;
  if (lead === 0xf0 && second < 0x90) return 0;
  if (lead === 0xf4 && second > 0x8f) return 0;
  return length;
}

/** What the bytes of a file that is not all UTF-8 say for and against UTF-8. */
export interface Utf8Evidence {
  firstInvalidByte: number | null;
  /** Bytes that start no UTF-8 character. */
  invalidByteCount: number;
  /** UTF-8 characters Windows-1252 text hardly ever makes by accident (ä as C3 A4, ł, Ω, Р, every three-byte one). */
  textCount: number;
  /** Two bytes that UTF-8 reads as a letter of Armenian, Hebrew, Arabic, Syriac, Thaana or NKo (accidental). */
  accidentalCount: number;
  /** The first of those, where a note names it. */
  firstAccidental: number | null;
}

/**
 * Two bytes that UTF-8 reads as U+0530 to U+07FF: Windows-1252 reads them as Ö, Ü, Ø, ß (or another capital
 * from Õ to Þ) followed by a quotation mark, dash or other sign, which plain text holds by accident (`ß“` is
 * DF 93, `Ö»` is D6 BB). The scripts they stand for are not those of the units' parameter files.
 */
function isAccidentalPair(lead: number, second: number): boolean {
  return lead >= 0xd5 || (lead === 0xd4 && second >= 0xb0);
}

/** The bytes for and against UTF-8, in one pass. */
export function inspectUtf8(bytes: Uint8Array): Utf8Evidence {
  const evidence: Utf8Evidence = {
    firstInvalidByte: null,
    invalidByteCount: 0,
    textCount: 0,
    accidentalCount: 0,
    firstAccidental: null,
  };
  for (let index = 0; index < bytes.length;) {
    const lead = bytes[index]!;
    if (lead < 0x80) {
      index++;
      continue;
    }
    const length = utf8CharacterLength(bytes, index);
    if (length === 0) {
      evidence.firstInvalidByte ??= index;
      evidence.invalidByteCount++;
      index++;
      continue;
    }
    if (length === 2 && isAccidentalPair(lead, bytes[index + 1]!)) {
      evidence.accidentalCount++;
      evidence.firstAccidental ??= index;
    } else evidence.textCount++;
    index += length;
  }
  return evidence;
}

/**
 * Whether a file that is not all UTF-8 is UTF-8 with stray bytes ("mixed") rather than Windows-1252, by the weight
 * of the evidence: any UTF-8 text makes it mixed, as reading it as Windows-1252 would quietly turn every "ä" into
 * "Ã¤"; pairs that Windows-1252 text makes by accident make it mixed only when they outnumber the bytes that
 * are not UTF-8 (a Hebrew file with one stray byte).
 */
export function utf8Wins(evidence: Utf8Evidence): boolean {
  return evidence.textCount > 0 || evidence.accidentalCount > evidence.invalidByteCount;
}

/** Per line (from 1; CRLF, LF and CR each end a line) the first byte that is not UTF-8. */
function invalidBytesByLine(bytes: Uint8Array, from: number): Map<number, number> {
  const found = new Map<number, number>();
  let line = 1;
  for (let index = 0; index < bytes.length;) {
    const byte = bytes[index]!;
    if (byte === 0x0a || (byte === 0x0d && bytes[index + 1] !== 0x0a)) line++;
    if (byte < 0x80) {
      index++;
      continue;
    }
    const length = index >= from ? utf8CharacterLength(bytes, index) : 1;
    if (length === 0 && !found.has(line)) found.set(line, byte);
    index += Math.max(1, length);
  }
  return found;
}

/**
 * UTF-16 without a byte order mark: text in UTF-16 has a NUL in nearly every
 * other byte (the high byte of every Latin letter, digit and line break; at
 * least three in four here) and almost none in the bytes between, and an even
 * length. Anything else with NUL bytes is not text, and its lines say so.
 */
function utf16ByteOrderWithoutMark(bytes: Uint8Array): Utf16ByteOrder | null {
  if (bytes.length < 2 || bytes.length % 2 !== 0 || bytes.indexOf(0) === -1) return null;
  const pairs = bytes.length >> 1;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let index = 0; index < bytes.length; index += 2) {
    if (bytes[index] === 0) evenZeros++;
    if (bytes[index + 1] === 0) oddZeros++;
  }
  if (oddZeros * 4 >= pairs * 3 && evenZeros * 8 <= oddZeros) return "little-endian";
  if (evenZeros * 4 >= pairs * 3 && oddZeros * 8 <= evenZeros) return "big-endian";
  return null;
}

const utf16Labels = { "little-endian": "utf-16le", "big-endian": "utf-16be" } as const;

export function decodeParameterText(bytes: Uint8Array): DecodedParameterText {
  const withMark: Utf16ByteOrder | null =
    bytes[0] === 0xff && bytes[1] === 0xfe
      ? "little-endian"
      : bytes[0] === 0xfe && bytes[1] === 0xff
        ? "big-endian"
        : null;
  if (withMark) return { text: new TextDecoder(utf16Labels[withMark]).decode(bytes), encoding: "utf-16" };
  const withoutMark = utf16ByteOrderWithoutMark(bytes);
  if (withoutMark) {
    return {
      text: new TextDecoder(utf16Labels[withoutMark]).decode(bytes),
      encoding: "utf-16",
      utf16WithoutByteOrderMark: withoutMark,
    };
  }
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), encoding: "utf-8" };
  } catch {
    const hasByteOrderMark = utf8ByteOrderMark.every((byte, index) => bytes[index] === byte);
    const body = hasByteOrderMark ? bytes.subarray(utf8ByteOrderMark.length) : bytes;
    const evidence = inspectUtf8(body);
    if (evidence.firstInvalidByte !== null && utf8Wins(evidence)) {
      return {
        // The file's own mark is off already: a second one stays, as in a file that is all UTF-8.
        text: new TextDecoder("utf-8", { ignoreBOM: true }).decode(body),
        encoding: "utf-8",
        invalidByteOfLine: invalidBytesByLine(body, evidence.firstInvalidByte),
      };
    }
    const text = new TextDecoder("windows-1252").decode(body);
    if (evidence.firstAccidental === null) return { text, encoding: "windows-1252" };
    const at = evidence.firstAccidental;
    return {
      text,
      encoding: "windows-1252",
      utf8LookAlike: { lineNumber: lineNumberAt(body, at), bytes: [body[at]!, body[at + 1]!] },
    };
  }
}

/** The line (from 1; CRLF, LF and CR each end a line) that the byte at `index` is on. */
function lineNumberAt(bytes: Uint8Array, index: number): number {
  let line = 1;
  for (let at = 0; at < index; at++) {
    const byte = bytes[at]!;
    if (byte === 0x0a || (byte === 0x0d && bytes[at + 1] !== 0x0a)) line++;
  }
  return line;
}
