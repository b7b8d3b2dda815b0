/**
 * Codes and values kept as ranges [start, end) of a file's decoded text
 * instead of a string each: hashing, comparing and writing them as UTF-8
 * without making a string per line.
 */

/** FNV-1a over UTF-16 code units; the same for a range and for the equal string. */
export function hashOfRange(text: string, start: number, end: number): number {
  let hash = 0x811c9dc5;
  for (let index = start; index < end; index++) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  return hash >>> 0;
}

export function hashOfString(value: string): number {
  return hashOfRange(value, 0, value.length);
}

export function sameRanges(
  text: string,
  start: number,
  end: number,
  otherText: string,
  otherStart: number,
  otherEnd: number,
): boolean {
  const length = end - start;
  if (length !== otherEnd - otherStart) return false;
  for (let offset = 0; offset < length; offset++) {
    if (text.charCodeAt(start + offset) !== otherText.charCodeAt(otherStart + offset)) return false;
  }
  return true;
}

/** Key ranges of a few texts, and where each key sits in an open-addressing table of key numbers. */
export class RangeIndex {
  private readonly slots: Int32Array;
  private readonly mask: number;
  private readonly keyText: Uint16Array;
  private readonly keyStart: Int32Array;
  private readonly keyEnd: Int32Array;
  private keyCount = 0;

  /** `capacity`: the most keys it will hold (the table never grows). */
  constructor(
    private readonly texts: readonly string[],
    capacity: number,
  ) {
    if (texts.length > 0xffff) throw new RangeError("at most 65,535 texts");
    // Load factor at most 2/3: probes stay short.
    let size = 8;
    while (size < capacity * 1.5) size *= 2;
    this.slots = new Int32Array(size);
    this.mask = size - 1;
    this.keyText = new Uint16Array(capacity);
    this.keyStart = new Int32Array(capacity);
    this.keyEnd = new Int32Array(capacity);
  }

  get size(): number {
    return this.keyCount;
  }

  // The empty slot the last missed lookup stopped at, where addMissing puts that range.
  private missingSlot = -1;

  /** The slot that holds the key of this text, or the empty slot where it would go. */
  private slotOf(text: string, start: number, end: number): number {
    let slot = hashOfRange(text, start, end) & this.mask;
    for (;;) {
      const stored = this.slots[slot]!;
      if (stored === 0) return slot;
      const key = stored - 1;
      if (sameRanges(this.texts[this.keyText[key]!]!, this.keyStart[key]!, this.keyEnd[key]!, text, start, end)) {
        return slot;
      }
      slot = (slot + 1) & this.mask;
    }
  }

  /** The key number of the range's text, or -1; the text may be one of the index's texts or any other. */
  findIn(text: string, start: number, end: number): number {
    const slot = this.slotOf(text, start, end);
    const stored = this.slots[slot]!;
    if (stored === 0) this.missingSlot = slot;
    return stored - 1;
  }

  /** The key number of a range of one of the index's texts, or -1. */
  findRange(textIndex: number, start: number, end: number): number {
    return this.findIn(this.texts[textIndex]!, start, end);
  }

  /** The key number of a string, or -1; a lookup only (addMissing still adds what findIn last missed). */
  find(value: string): number {
    return this.slots[this.slotOf(value, 0, value.length)]! - 1;
  }

  /** Adds the range that the last findIn or findRange missed; returns its key number (keys count up from 0). */
  addMissing(textIndex: number, start: number, end: number): number {
    if (this.missingSlot < 0) throw new Error("addMissing needs a missed findIn just before");
    const key = this.keyCount++;
    this.keyText[key] = textIndex;
    this.keyStart[key] = start;
    this.keyEnd[key] = end;
    this.slots[this.missingSlot] = key + 1;
    this.missingSlot = -1;
    return key;
  }
}

/** Whether every code unit is below 0x80: such a text's UTF-8 bytes are its code units. */
const asciiLimit = 0x80;

/** UTF-8 bytes written piece by piece into one growing buffer, as TextEncoder would encode the joined text. */
export class Utf8Writer {
  private bytes: Uint8Array<ArrayBuffer>;
  private length = 0;
  private readonly encoder = new TextEncoder();

  constructor(expectedLength: number) {
    this.bytes = new Uint8Array(Math.max(16, expectedLength));
  }

  private reserve(extra: number): void {
    if (this.length + extra <= this.bytes.length) return;
    let size = this.bytes.length * 2;
    while (size < this.length + extra) size *= 2;
    const grown = new Uint8Array(size);
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }

  writeRange(text: string, start: number, end: number): void {
    this.reserve(end - start);
    const bytes = this.bytes;
    let length = this.length;
    for (let index = start; index < end; index++) {
      const unit = text.charCodeAt(index);
      if (unit >= asciiLimit) {
        // Rare: the rest of the range through TextEncoder (at most 3 bytes per code unit).
        this.length = length;
        this.reserve(3 * (end - index));
        const { written } = this.encoder.encodeInto(text.slice(index, end), this.bytes.subarray(this.length));
        this.length += written;
        return;
      }
      bytes[length++] = unit;
    }
    this.length = length;
  }

  writeString(value: string): void {
    this.writeRange(value, 0, value.length);
  }

  /** The bytes written, in a buffer of exactly their length. */
  finish(): Uint8Array<ArrayBuffer> {
    return this.bytes.slice(0, this.length);
  }
}

const upperA = 0x41;
const upperZ = 0x5a;

/**
 * Whether the range, lower-cased, contains `needle` (already lower case), as
 * `text.slice(start, end).toLowerCase().includes(needle)` answers, without
 * making the slice for the plain-ASCII ranges nearly every search meets.
 */
export function rangeIncludes(text: string, start: number, end: number, needle: string): boolean {
  const needleLength = needle.length;
  if (needleLength === 0) return true;
  let needleIsAscii = true;
  for (let offset = 0; offset < needleLength; offset++)
    if (needle.charCodeAt(offset) >= asciiLimit) needleIsAscii = false;
  const slowly = () => text.slice(start, end).toLowerCase().includes(needle);
  if (!needleIsAscii) return slowly();
  for (let at = start; at < end; at++) {
    const first = text.charCodeAt(at);
    // Lower-casing outside ASCII may change the length ("İ" → "i̇"): that range takes the slow way.
    if (first >= asciiLimit) return slowly();
    if (at + needleLength > end) continue;
    let offset = 0;
    for (; offset < needleLength; offset++) {
      let unit = text.charCodeAt(at + offset);
      if (unit >= asciiLimit) return slowly();
      if (unit >= upperA && unit <= upperZ) unit += 32;
      if (unit !== needle.charCodeAt(offset)) break;
    }
    if (offset === needleLength) return true;
  }
  return false;
}
